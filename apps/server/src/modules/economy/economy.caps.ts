import type { Executor } from '../../db/executor.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import type { EconomyRepository } from './economy.repository.js';

/**
 * The daily cap on points credited for steps across all users (ECONOMY_POINTS_DAILY_CAP; decision 100 "The economy
 * page"). Walking's collection takes what it credits from the day's row in its own transaction, with one conditional
 * update that holds the row until the transaction ends: concurrent collections wait for each other there, and never
 * take more than the cap between them. The points it could not take stay uncollected on their day, which is marked
 * held, and a collection on a later day credits them within that day's cap. With the cap off (0) nothing is read or
 * written, and collections do not wait for each other.
 */
export class PointsCap {
  constructor(
    private readonly repository: EconomyRepository,
    private readonly calendar: BusinessCalendar,
    readonly pointsDaily: number,
  ) {}

  get enabled(): boolean {
    return this.pointsDaily > 0;
  }

  /**
   * Takes up to `wanted` points from `day`'s cap in the caller's transaction: what is left of it when `partial`, else
   * all of them or none. Answers what it took (all of them while the cap is off).
   */
  async take(trx: Executor, day: string, wanted: number, partial = true): Promise<number> {
    if (!this.enabled || wanted <= 0) return Math.max(0, wanted);
    await this.repository.openDay(
      trx,
      day,
      this.calendar.startOf(day),
      this.calendar.startOf(this.calendar.addDays(day, 1)),
    );
    return this.repository.take(trx, day, wanted, this.pointsDaily, partial);
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
