import type {
  BodyOf,
  EarningRules,
  EconomyCost,
  EconomyOverview,
  QueryOf,
  ResponseOf,
  consoleEconomyDeposit,
  consoleEconomySimulate,
} from '@stride/contract';
import { isUniqueViolation } from '../../db/constraints.js';
import type { Db } from '../../db/database.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import type { AuditService } from '../audit/audit.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { RuleBook } from '../rules/rules.book.js';
import type { CashCap, PointsCap } from './economy.caps.js';
import type { EconomyRepository } from './economy.repository.js';
import {
  BASIS_DAYS,
  COST_DAYS,
  DEPOSITS,
  FORECAST_WEEKS,
  RESERVE,
  RESERVE_CODE,
  emptyCost,
  priced,
  summed,
  type EconomyService,
  type Rate,
} from './economy.service.js';

/** The ended days a simulation recomputes. */
export const SIMULATED_DAYS = 30;

type Simulated = ResponseOf<typeof consoleEconomySimulate>;
type Deposit = ResponseOf<typeof consoleEconomyDeposit>;

/**
 * Finance's economy page (docs/console/economy.md, decision 100 "The economy page"): the overview, the simulator, and
 * topping up the reserve, the only one of the three that writes.
 */
export class EconomyAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: EconomyRepository,
    private readonly economy: EconomyService,
    private readonly ledger: LedgerService,
    private readonly ruleBook: RuleBook,
    private readonly cap: PointsCap,
    private readonly cashCap: CashCap,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
  ) {}

  async overview(): Promise<EconomyOverview> {
    const now = this.clock.now();
    const today = this.calendar.dayOf(now);
    const rules = await this.ruleBook.today(this.db);
    const rate = { pointsPerUnit: rules.exchangePointsPerUnit, cashPerUnit: rules.exchangeCashPerUnit };
    const first = this.calendar.addDays(today, 1 - COST_DAYS);
    const [reserve, { groups, ...owed }, days, pointsToday, cashToday] = await Promise.all([
      this.economy.reserve(),
      this.economy.owed(today, rate),
      this.economy.costs(first, today, rate),
      this.cap.taken(this.db, today),
      this.cashCap.taken(this.db, today),
    ]);
    // The basis: the ended days before today, which the cost table holds (COST_DAYS > BASIS_DAYS).
    const basis = days.slice(-1 - BASIS_DAYS, -1);
    const pace = this.economy.pace(basis);
    const weeks = Array.from({ length: FORECAST_WEEKS }, (_, index) => {
      const from = this.calendar.addDays(today, 7 * index);
      const to = this.calendar.addDays(from, 6);
      const cashBack = this.economy.cardsDueBetween(groups, today, from, to);
      return { from, to, activity: pace.weeklyActivity, cashBack, total: pace.weeklyActivity + cashBack };
    });
    const headroom = reserve.available - owed.total;
    const cover = this.economy.coverOf(headroom, pace.weeklyCost);
    this.economy.keep({ ...cover, available: reserve.available, owed: owed.total, weeklyCost: pace.weeklyCost });
    return {
      generatedAt: isoTime(now),
      today,
      rate,
      rules: { stepsPerPoint: rules.stepsPerPoint, pointsDailyMax: rules.pointsDailyMax },
      reserve,
      owed,
      headroom,
      days,
      forecast: { basisDays: BASIS_DAYS, dailyCost: pace.dailyCost, weeklyCost: pace.weeklyCost, weeks },
      cover,
      caps: { pointsDaily: this.cap.limit, pointsToday, cashDaily: this.cashCap.limit, cashToday },
    };
  }

  /**
   * The last SIMULATED_DAYS ended days earned again from their step days with the proposed rules, beside the same
   * days at the rules in force then; the other costs from the ledger, their points at each side's exchange. Reads only.
   */
  async simulate(query: QueryOf<typeof consoleEconomySimulate>): Promise<Simulated> {
    const today = this.calendar.dayOf(this.clock.now());
    const from = this.calendar.addDays(today, -SIMULATED_DAYS);
    const to = this.calendar.addDays(today, -1);
    const current = await this.ruleBook.today(this.db);
    const proposed = {
      stepsPerPoint: Number(query.stepsPerPoint ?? current.stepsPerPoint),
      pointsDailyMax: Number(query.pointsDailyMax ?? current.pointsDailyMax),
      exchangePointsPerUnit: Number(query.exchangePointsPerUnit ?? current.exchangePointsPerUnit),
      exchangeCashPerUnit: Number(query.exchangeCashPerUnit ?? current.exchangeCashPerUnit),
    };
    const todayRate: Rate = { pointsPerUnit: current.exchangePointsPerUnit, cashPerUnit: current.exchangeCashPerUnit };
    const proposedRate: Rate = {
      pointsPerUnit: proposed.exchangePointsPerUnit,
      cashPerUnit: proposed.exchangeCashPerUnit,
    };
    const [ledgerDays, actualPoints, proposedPoints] = await Promise.all([
      this.economy.costs(from, to, todayRate),
      this.earnedAtTheirRules(from, to),
      this.repository.earnedByDay(this.db, { from, to }, proposed),
    ]);
    const proposedByDay = new Map(proposedPoints.map((row) => [row.day, row.points]));
    const days = ledgerDays.map(({ day, ...ledger }) => {
      const others = { ...emptyCost(), invitePoints: ledger.invitePoints, prizePoints: ledger.prizePoints };
      const cashBack = ledger.cashBack;
      return {
        day,
        actual: priced({ ...others, cashBack, stepPoints: actualPoints.get(day) ?? 0 }, todayRate),
        proposed: priced({ ...others, cashBack, stepPoints: proposedByDay.get(day) ?? 0 }, proposedRate),
      };
    });
    const total = (side: 'actual' | 'proposed'): EconomyCost => summed(days.map((day) => day[side]));
    return { from, to, proposed, days, actual: total('actual'), proposedTotal: total('proposed') };
  }

  /** Points each day from `from` to `to` earned at the rules in force on it: one read per version the days span. */
  private async earnedAtTheirRules(from: string, to: string): Promise<Map<string, number>> {
    const spans: { from: string; to: string; rules: EarningRules }[] = [];
    for (let day = from; day <= to; day = this.calendar.addDays(day, 1)) {
      const rules = await this.ruleBook.on(this.db, day);
      const last = spans.at(-1);
      const same =
        last && last.rules.stepsPerPoint === rules.stepsPerPoint && last.rules.pointsDailyMax === rules.pointsDailyMax;
      if (same) last.to = day;
      else spans.push({ from: day, to: day, rules });
    }
    const earned = await Promise.all(
      spans.map((span) => this.repository.earnedByDay(this.db, { from: span.from, to: span.to }, span.rules)),
    );
    return new Map(earned.flat().map((row) => [row.day, row.points]));
  }

  /**
   * Tops up the reserve through the ledger, from `system:deposits`, with its audit record in the same transaction. The
   * ledger's key makes it once: the same key and request answer the first top-up (and record nothing more), the same
   * key with another amount or reference 1005.
   */
  async deposit(operator: string, body: BodyOf<typeof consoleEconomyDeposit>): Promise<Deposit> {
    const reference = body.reference.trim();
    const request = {
      kind: 'funding.deposit' as const,
      legs: [
        { account: DEPOSITS, amount: -body.amount },
        { account: RESERVE, amount: body.amount },
      ],
      idempotencyKey: `funding.deposit:${body.idempotencyKey}`,
      fingerprint: { amount: body.amount, reference },
      memo: reference,
    };
    const post = () =>
      this.db.transaction().execute(async (trx) => {
        const posted = await this.ledger.post(trx, request);
        if (!posted.replayed) {
          await this.audit.record(trx, {
            operator,
            action: 'economy.deposit',
            subjectType: 'reserve',
            subjectId: posted.transferId,
            detail: { amount: body.amount, reference },
            after: { deposited: await this.ledger.balance(RESERVE, trx) },
            now: this.clock.now(),
          });
        }
        return posted;
      });
    let posted;
    try {
      posted = await post();
    } catch (error) {
      // Two first uses of one key at once: the unique index let one through; this one answers as its replay.
      if (!isUniqueViolation(error)) throw error;
      posted = await post();
    }
    this.economy.forget();
    const [row] = await this.repository.credits(this.db, RESERVE_CODE, 'funding.deposit', {
      limit: 1,
      transferId: posted.transferId,
    });
    if (!row) throw new Error(`The top-up ${posted.transferId} is not in the ledger once posted`);
    return { deposit: { ...row, at: isoTime(row.at) }, replayed: posted.replayed };
  }
}
