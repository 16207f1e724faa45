import type { Executor } from '../../db/executor.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import type { CapCounter, EconomyRepository } from './economy.repository.js';

/**
 * A daily cap across all users, taken from in the caller's transaction with one conditional update on the day's row,
 * which holds the row until the transaction ends: concurrent takers wait for each other there, and never take more
 * than the cap between them. With the cap off (0) nothing is read or written, and takers do not wait for each other.
 */
class DailyCap {
  constructor(
    protected readonly repository: EconomyRepository,
    protected readonly calendar: BusinessCalendar,
    private readonly counter: CapCounter,
    /** The most a service day may take (0: no cap). */
    readonly limit: number,
  ) {}

  get enabled(): boolean {
    return this.limit > 0;
  }

  /**
   * Takes up to `wanted` from `day`'s cap in the caller's transaction: what is left of it when `partial`, else all of
   * it or nothing. Answers what it took (all of it while the cap is off).
   */
  async take(trx: Executor, day: string, wanted: number, partial = true): Promise<number> {
    if (!this.enabled || wanted <= 0) return Math.max(0, wanted);
    await this.repository.openDay(
      trx,
      this.counter,
      day,
      this.calendar.startOf(day),
      this.calendar.startOf(this.calendar.addDays(day, 1)),
    );
    return this.repository.take(trx, this.counter, day, wanted, this.limit, partial);
  }

  /** What `day` has taken of the cap (0 while it is off). */
  async taken(db: Executor, day: string): Promise<number> {
    return this.enabled ? this.repository.taken(db, this.counter, day) : 0;
  }

  /** Whether `day` has taken all of the cap (never while it is off). */
  async full(db: Executor, day: string): Promise<boolean> {
    return this.enabled && (await this.taken(db, day)) >= this.limit;
  }
}

/**
 * The daily cap on points credited for steps (ECONOMY_POINTS_DAILY_CAP; decision 100 "The economy page"), taken by
 * walking's collection. The points it could not take stay uncollected on their day, which is marked held, and a
 * collection on a later day credits them within that day's cap.
 */
export class PointsCap extends DailyCap {
  constructor(repository: EconomyRepository, calendar: BusinessCalendar, pointsDaily: number) {
    super(repository, calendar, 'points', pointsDaily);
  }

  /** Marks the user's `day` as holding points the cap held back (once). */
  hold(trx: Executor, userId: string, day: string, now: number): Promise<void> {
    return this.repository.hold(trx, userId, day, now);
  }

  /**
   * The user's days before `today` that hold points the cap held back, oldest first (read even with the cap off now:
   * what it held is still owed).
   */
  heldDays(trx: Executor, userId: string, today: string): Promise<string[]> {
    return this.repository.holds(trx, userId, today);
  }

  /** The day holds nothing more. */
  release(trx: Executor, userId: string, day: string): Promise<void> {
    return this.repository.release(trx, userId, day);
  }
}

/**
 * The daily cap on cash back paid (ECONOMY_CASH_DAILY_CAP; decision 103 "A daily cap on cash back paid"), taken by
 * cards' cash back on the day it is paid, whole per card and day. A card day it cannot take is marked held, and the
 * settlement of a later day pays it, oldest first, within that day's cap; the card's terms are kept, a day later.
 */
export class CashCap extends DailyCap {
  constructor(repository: EconomyRepository, calendar: BusinessCalendar, cashDaily: number) {
    super(repository, calendar, 'cash', cashDaily);
  }

  /** Marks the card's `day` as holding cash back the cap held back (once). */
  hold(trx: Executor, hold: { cardId: string; userId: string; day: string }, now: number): Promise<void> {
    return this.repository.holdCashBack(trx, hold, now);
  }

  /** Users' days holding cash back, oldest first, a page at a time (read even with the cap off now). */
  heldDays(db: Executor, after: { day: string; userId: string }, limit: number) {
    return this.repository.cashBackHolds(db, after, limit);
  }

  /** The user's cards whose `day` holds cash back. */
  heldCards(db: Executor, userId: string, day: string): Promise<string[]> {
    return this.repository.cashBackHeldCards(db, userId, day);
  }

  /** The card's day holds nothing more (paid, or nothing left to pay). */
  release(trx: Executor, cardId: string, day: string): Promise<void> {
    return this.repository.releaseCashBack(trx, cardId, day);
  }

  /** What the held card days can still pay, for what the service owes. */
  owed(db: Executor): Promise<number> {
    return this.repository.cashBackHeldOwed(db);
  }
}
