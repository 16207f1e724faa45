import type { DashboardEconomy, EconomyCost, EconomyOverview } from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { DAY_MS, MINUTE_MS, type Clock } from '../../lib/clock.js';
import type { LedgerAccountRef, LedgerService } from '../ledger/ledger.service.js';
import type { RuleBook } from '../rules/rules.book.js';
import type { CardsDueRow, CostRow, EconomyRepository } from './economy.repository.js';

/** Where finance's top-ups go (decision 100 "The economy page"): only `funding.deposit` credits it. */
export const RESERVE: LedgerAccountRef = { kind: 'system', name: 'reserve', asset: 'CNY' };
/** Where top-ups come from: the money the operator brought in from outside, below zero by all of it. */
export const DEPOSITS: LedgerAccountRef = { kind: 'system', name: 'deposits', asset: 'CNY' };
export const RESERVE_CODE = 'system:reserve:CNY';
/** What was paid to users' banks: `withdraw.paid` credits the amounts received (payouts.admin.ts). */
const PAYOUTS_CODE = 'system:payouts:CNY';
const PENDING: LedgerAccountRef = { kind: 'system', name: 'withdrawals-pending', asset: 'CNY' };

/** The days of the cost table, today included. */
export const COST_DAYS = 28;
/** The ended days the forecast's pace is read from. */
export const BASIS_DAYS = 14;
export const FORECAST_WEEKS = 4;
/** How long the cover is kept for the dashboard and the scrapes: it reads the basis days and every active card. */
const COVER_CACHE_MS = MINUTE_MS;

/** The weeks of cover, with the reserve available and everything owed they are reckoned from (the metrics'). */
export type EconomyCover = DashboardEconomy & { available: number; owed: number };

/** A rate of exchange: this many points buy `cashPerUnit` minor units. */
export interface Rate {
  pointsPerUnit: number;
  cashPerUnit: number;
}

/** Points at a rate, in minor units, rounded down (a whole exchange never pays more). */
export const valueOf = (points: number, rate: Rate) => Math.floor((points * rate.cashPerUnit) / rate.pointsPerUnit);

export function emptyCost(): EconomyCost {
  return { stepPoints: 0, invitePoints: 0, prizePoints: 0, steps: 0, invites: 0, prizes: 0, cashBack: 0, total: 0 };
}

/** A cost's money figures from its points at `rate`, with its total. */
export function priced(cost: EconomyCost, rate: Rate): EconomyCost {
  const steps = valueOf(cost.stepPoints, rate);
  const invites = valueOf(cost.invitePoints, rate);
  const prizes = valueOf(cost.prizePoints, rate);
  return { ...cost, steps, invites, prizes, total: steps + invites + prizes + cost.cashBack };
}

/** The sum of costs. */
export function summed(costs: readonly EconomyCost[]): EconomyCost {
  const total = emptyCost();
  for (const cost of costs) for (const key of Object.keys(total) as (keyof EconomyCost)[]) total[key] += cost[key];
  return total;
}

/**
 * What a group of cards can pay from its first day on, a day's cash back each day until its price is reached: `upTo`
 * gives what its first `days` days pay, all the group's cards together.
 */
function cardSchedule(group: CardsDueRow, today: string, calendar: BusinessCalendar) {
  const earliest = group.paidToday ? calendar.addDays(today, 1) : today;
  const first = group.startsOn > earliest ? group.startsOn : earliest;
  const days = Math.max(0, calendar.daysBetween(first, group.endsOn) + 1);
  const upTo = (count: number) =>
    Math.min(Math.max(0, Math.min(count, days)) * group.dailyCashBack, group.rest) * group.cards;
  return { first, days, upTo };
}

/**
 * The economy's figures (docs/console/economy.md, decision 100 "The economy page"): the cost of days from the ledger's
 * kinds, what the service owes, the reserve, and the weeks of cover. Nothing here writes.
 */
export class EconomyService {
  private cachedCover: { at: number; cover: EconomyCover } | null = null;

  constructor(
    private readonly db: Db,
    private readonly repository: EconomyRepository,
    private readonly ledger: LedgerService,
    private readonly ruleBook: RuleBook,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly config: { utcOffsetMinutes: number; alertWeeks: number },
  ) {}

  today(): string {
    return this.calendar.dayOf(this.clock.now());
  }

  /** Today's exchange. */
  async rate(): Promise<Rate> {
    const rules = await this.ruleBook.today(this.db);
    return { pointsPerUnit: rules.exchangePointsPerUnit, cashPerUnit: rules.exchangeCashPerUnit };
  }

  /** Each day's cost from `first` to `last` (business days), oldest first, points valued at `rate`. */
  async costs(first: string, last: string, rate: Rate): Promise<(EconomyCost & { day: string })[]> {
    const rows = await this.repository.costByDay(
      this.db,
      this.calendar.startOf(first),
      this.calendar.startOf(this.calendar.addDays(last, 1)),
      this.config.utcOffsetMinutes * MINUTE_MS,
    );
    const days = new Map<string, EconomyCost & { day: string }>();
    for (let day = first; day <= last; day = this.calendar.addDays(day, 1)) days.set(day, { day, ...emptyCost() });
    for (const row of rows) {
      const day = days.get(new Date(row.bucket * DAY_MS).toISOString().slice(0, 10));
      if (day) addCost(day, row);
    }
    return [...days.values()].map((day) => ({ ...priced(day, rate), day: day.day }));
  }

  /** What active cards can still pay, and how many there are. */
  async cardsDue(today: string) {
    const groups = await this.repository.cardsDue(this.db, today);
    return {
      groups,
      total: groups.reduce((sum, group) => sum + cardSchedule(group, today, this.calendar).upTo(Infinity), 0),
      cards: groups.reduce((sum, group) => sum + group.cards, 0),
    };
  }

  /** What active cards can pay from `from` to `to` at most. */
  cardsDueBetween(groups: readonly CardsDueRow[], today: string, from: string, to: string): number {
    let total = 0;
    for (const group of groups) {
      const schedule = cardSchedule(group, today, this.calendar);
      const before = this.calendar.daysBetween(schedule.first, from);
      const through = this.calendar.daysBetween(schedule.first, to) + 1;
      total += schedule.upTo(through) - schedule.upTo(before);
    }
    return total;
  }

  /**
   * What the service owes now, points at `rate`. Cash back due counts what active cards can still pay and what the
   * daily cash cap held on earlier days (decision 103 "A daily cap on cash back paid").
   */
  async owed(today: string, rate: Rate): Promise<EconomyOverview['owed'] & { groups: CardsDueRow[] }> {
    const [totals, pendingWithdrawals, due, capHeld] = await Promise.all([
      this.ledger.systemTotals(),
      this.ledger.balance(PENDING),
      this.cardsDue(today),
      this.repository.cashBackHeldOwed(this.db),
    ]);
    const cash = totals.liabilities.CNY;
    const points = totals.liabilities.POINTS;
    const pointsValue = valueOf(points, rate);
    return {
      cash,
      pendingWithdrawals,
      points,
      pointsValue,
      cashBackDue: due.total + capHeld,
      activeCards: due.cards,
      total: cash + pendingWithdrawals + pointsValue + due.total + capHeld,
      groups: due.groups,
    };
  }

  /**
   * The reserve: what top-ups credited, less what withdrawals paid to users' banks since the first one (the payouts
   * account's balance now, less its balance then), and the latest top-ups.
   */
  async reserve(deposits = 10): Promise<EconomyOverview['reserve']> {
    const [deposited, first, recent] = await Promise.all([
      this.ledger.balance(RESERVE),
      this.repository.firstEntry(this.db, RESERVE_CODE),
      deposits > 0 ? this.repository.credits(this.db, RESERVE_CODE, 'funding.deposit', { limit: deposits }) : [],
    ]);
    let paidOut = 0;
    if (first) {
      const [now, then] = await Promise.all([
        this.ledger.balance({ kind: 'system', name: 'payouts', asset: 'CNY' }),
        this.repository.balanceBefore(this.db, PAYOUTS_CODE, first.id),
      ]);
      paidOut = now - then;
    }
    return {
      account: RESERVE_CODE,
      deposited,
      paidOut,
      available: deposited - paidOut,
      firstDepositAt: first ? new Date(first.created_at).toISOString() : null,
      deposits: recent.map((row) => ({ ...row, at: new Date(row.at).toISOString() })),
    };
  }

  /** The pace: the basis days' average daily cost, and its week. */
  pace(basis: readonly EconomyCost[]) {
    const total = basis.reduce((sum, day) => sum + day.total, 0);
    const activity = basis.reduce((sum, day) => sum + day.total - day.cashBack, 0);
    return {
      dailyCost: Math.round(total / BASIS_DAYS),
      weeklyCost: Math.round((total * 7) / BASIS_DAYS),
      weeklyActivity: Math.round((activity * 7) / BASIS_DAYS),
    };
  }

  /** Weeks of cover from the headroom and the weekly cost (docs/console/economy.md). */
  coverOf(headroom: number, weeklyCost: number): { weeks: number | null; alertWeeks: number; alert: boolean } {
    const weeks = headroom <= 0 ? 0 : weeklyCost <= 0 ? null : Math.floor((headroom / weeklyCost) * 10) / 10;
    const { alertWeeks } = this.config;
    return { weeks, alertWeeks, alert: alertWeeks > 0 && weeks !== null && weeks < alertWeeks };
  }

  /** The weeks of cover now, read afresh. */
  async cover(): Promise<EconomyCover> {
    const today = this.today();
    const rate = await this.rate();
    const [reserve, owed, basis] = await Promise.all([
      this.reserve(0),
      this.owed(today, rate),
      this.costs(this.calendar.addDays(today, -BASIS_DAYS), this.calendar.addDays(today, -1), rate),
    ]);
    const { weeklyCost } = this.pace(basis);
    return this.keep({
      ...this.coverOf(reserve.available - owed.total, weeklyCost),
      available: reserve.available,
      owed: owed.total,
      weeklyCost,
    });
  }

  /** Keeps the weeks of cover just read (by `cover`, or the overview, which reads the same figures). */
  keep(cover: EconomyCover): EconomyCover {
    this.cachedCover = { at: performance.now(), cover };
    return cover;
  }

  /** The weeks of cover as read within the last minute (the dashboard, each metrics scrape). */
  async keptCover(): Promise<EconomyCover> {
    if (this.cachedCover && performance.now() - this.cachedCover.at < COVER_CACHE_MS) return this.cachedCover.cover;
    return this.cover();
  }

  /** Forgets the weeks of cover kept: a top-up on this instance shows at once. */
  forget(): void {
    this.cachedCover = null;
  }
}

function addCost(cost: EconomyCost, row: CostRow): void {
  if (row.kind === 'points.collect') cost.stepPoints += row.amount;
  else if (row.kind === 'invite.reward') cost.invitePoints += row.amount;
  else if (row.kind === 'challenge.prize') cost.prizePoints += row.amount;
  else cost.cashBack += row.amount;
}
