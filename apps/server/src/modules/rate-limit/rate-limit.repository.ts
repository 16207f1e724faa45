import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

export class RateLimitRepository {
  async count(db: Executor, key: string, windowStart: number): Promise<number> {
    const row = await db
      .selectFrom('rate_counters')
      .select('count')
      .where('key', '=', key)
      .where('window_start', '=', windowStart)
      .executeTakeFirst();
    return row?.count ?? 0;
  }

  /** Adds one and answers the new count, in one statement. */
  async hit(db: Executor, key: string, windowStart: number): Promise<number> {
    const row = await db
      .insertInto('rate_counters')
      .values({ key, window_start: windowStart, count: 1 })
      .onConflict((conflict) =>
        conflict.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_counters.count + 1` }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return row.count;
  }

  async deleteKey(db: Executor, key: string): Promise<void> {
    await db.deleteFrom('rate_counters').where('key', '=', key).execute();
  }

  async deleteOlderThan(db: Executor, windowStart: number): Promise<number> {
    const result = await db.deleteFrom('rate_counters').where('window_start', '<', windowStart).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
