import type { DashboardDay, DashboardSummary } from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { DAY_MS, isoTime, MINUTE_MS, type Clock } from '../../lib/clock.js';
import { mondayOf } from '../friends/friends.service.js';
import type { EconomyService } from '../economy/economy.service.js';
import type { ReportsRepository } from './reports.repository.js';

/** How many business days the dashboard's series covers, today included. */
export const DASHBOARD_DAYS = 30;

/** Points credited by these kinds go back to users who spent them: not issued, but less redeemed. */
const POINTS_RETURNED = new Set(['shop.refund']);

function emptyDay(day: string): DashboardDay {
  return {
    day,
    activeWalkers: 0,
    steps: 0,
    pointsIssued: 0,
    pointsRedeemed: 0,
    cashBackPaid: 0,
    cardSales: 0,
    cardSalesAmount: 0,
    withdrawalsPaid: 0,
    withdrawalsPaidAmount: 0,
  };
}

/** Operators' read-only figures: the dashboard (decision 027 "The console's dashboard"). Nothing here writes. */
export class ReportsAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: ReportsRepository,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly utcOffsetMinutes: number,
    private readonly economy: Pick<EconomyService, 'keptCover'>,
  ) {}

  async dashboard(): Promise<DashboardSummary> {
    const now = this.clock.now();
    const today = this.calendar.dayOf(now);
    const first = this.calendar.addDays(today, 1 - DASHBOARD_DAYS);
    const from = this.calendar.startOf(first);
    const offsetMs = this.utcOffsetMinutes * MINUTE_MS;
    const [ledger, steps, sales, withdrawals, holdings, queues, social, economy] = await Promise.all([
      this.repository.ledgerByDay(this.db, from, offsetMs),
      this.repository.stepsByDay(this.db, first),
      this.repository.cardSalesByDay(this.db, from, offsetMs),
      this.repository.withdrawalsPaidByDay(this.db, from, offsetMs),
      this.repository.userHoldings(this.db),
      this.repository.queueCounts(this.db, now),
      this.repository.social(this.db, mondayOf(today), today),
      // The weeks of cover, read within the last minute: the alert of docs/console/economy.md.
      this.economy
        .keptCover()
        .then(({ weeks, alertWeeks, alert, weeklyCost }) => ({ weeks, alertWeeks, alert, weeklyCost })),
    ]);

    const days = new Map<string, DashboardDay>();
    for (let index = 0; index < DASHBOARD_DAYS; index += 1) {
      const day = this.calendar.addDays(first, index);
      days.set(day, emptyDay(day));
    }
    // A bucket counts whole business days since the epoch: its date is the business day's.
    const dayOfBucket = (bucket: number) => days.get(new Date(bucket * DAY_MS).toISOString().slice(0, 10));

    for (const row of ledger) {
      const day = dayOfBucket(row.bucket);
      if (!day) continue;
      if (row.asset === 'POINTS') {
        if (POINTS_RETURNED.has(row.kind)) day.pointsRedeemed -= row.credits;
        else day.pointsIssued += row.credits;
        day.pointsRedeemed += row.debits;
      } else if (row.asset === 'CNY' && row.kind === 'card.cashback') {
        day.cashBackPaid += row.credits;
      }
    }
    for (const row of steps) {
      const day = days.get(row.day);
      if (!day) continue;
      day.activeWalkers = row.walkers;
      day.steps = row.steps;
    }
    for (const row of sales) {
      const day = dayOfBucket(row.bucket);
      if (!day) continue;
      day.cardSales = row.count;
      day.cardSalesAmount = row.amount;
    }
    for (const row of withdrawals) {
      const day = dayOfBucket(row.bucket);
      if (!day) continue;
      day.withdrawalsPaid = row.count;
      day.withdrawalsPaidAmount = row.amount;
    }

    const held = (asset: string) => holdings.find((row) => row.asset === asset)?.total ?? 0;
    return {
      generatedAt: isoTime(now),
      today,
      utcOffsetMinutes: this.utcOffsetMinutes,
      days: [...days.values()],
      liabilities: { cash: held('CNY'), points: held('POINTS') },
      queues,
      social,
      economy,
    };
  }
}
