import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';

/**
 * Fixed-window counters kept in the database, so limits hold across processes and restarts and
 * a refusal can travel as an envelope code (HTTP 200) rather than a 429 that the client would
 * treat as a dead host.
 */
export class RateLimitService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private windowStart(windowMs: number): number {
    const now = this.clock.now();
    return now - (now % windowMs);
  }

  async count(key: string, windowMs: number): Promise<number> {
    const row = await this.db
      .selectFrom('rate_counters')
      .select('count')
      .where('key', '=', key)
      .where('window_start', '=', this.windowStart(windowMs))
      .executeTakeFirst();
    return row?.count ?? 0;
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const row = await this.db
      .insertInto('rate_counters')
      .values({ key, window_start: this.windowStart(windowMs), count: 1 })
      .onConflict((conflict) =>
        conflict.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_counters.count + 1` }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /**
   * Counts one more use and says whether it is within `max` for the window. The increment and the
   * count are one statement, so concurrent requests cannot all slip under the limit.
   */
  async allow(key: string, windowMs: number, max: number): Promise<boolean> {
    return (await this.hit(key, windowMs)) <= max;
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_counters').where('key', '=', key).execute();
  }

  /** Whole minutes until the current window of this length ends, at least 1. */
  minutesLeft(windowMs: number): number {
    const end = this.windowStart(windowMs) + windowMs;
    return Math.max(1, Math.ceil((end - this.clock.now()) / 60_000));
  }

  /** Drops counters of windows that started more than `olderThanMs` ago. */
  async prune(olderThanMs: number): Promise<number> {
    const result = await this.db
      .deleteFrom('rate_counters')
      .where('window_start', '<', this.clock.now() - olderThanMs)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
