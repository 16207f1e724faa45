import type { Db } from '../../db/database.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { MINUTE_MS, type Clock } from '../../lib/clock.js';
import type { ChallengesRepository } from './challenges.repository.js';

/** The watermark's name: how far the refresh has read walking's change marks. */
export const REFRESH_WATERMARK = 'challenges.refresh';
/**
 * How far back each pass reads before its watermark: a day's change is marked with the time it was made, which its
 * transaction may commit a little later (decision 095 "Challenge summaries and prize pools").
 */
export const REFRESH_OVERLAP_MS = 5 * MINUTE_MS;

/**
 * The refresh of the boards' summaries (decision 095 "Challenge summaries and prize pools"): the participants of every
 * started challenge not yet settled whose days (or their reviews) changed since the last pass, summed again in the
 * database, and the clubs' totals of `team-total` ones; then the watermark moves on. A pass run twice, or on two
 * servers at once, writes the same sums.
 */
export class ChallengeRefresh {
  constructor(
    private readonly db: Db,
    private readonly repository: ChallengesRepository,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
  ) {}

  async refresh(): Promise<{ participants: number }> {
    const now = this.clock.now();
    const today = this.calendar.dayOf(now);
    const mark = await this.repository.watermark(this.db, REFRESH_WATERMARK);
    // No pass yet, or a clock that went back: read every mark.
    const since = mark === null || mark > now ? 0 : mark - REFRESH_OVERLAP_MS;
    return this.db.transaction().execute(async (trx) => {
      const participants = await this.repository.refreshChanged(trx, since, today, now);
      await this.repository.refreshTeams(trx, today);
      await this.repository.setWatermark(trx, REFRESH_WATERMARK, now);
      return { participants };
    });
  }
}
