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

  /** The keys starting with `prefix` that have a counter in this window, and their counts' sum. */
  async tally(db: Executor, prefix: string, windowStart: number): Promise<{ keys: number; hits: number }> {
    const pattern = `${prefix.replace(/[\\%_]/g, '\\$&')}%`;
    const row = await db
      .selectFrom('rate_counters')
      .select((eb) => [eb.fn.countAll().as('keys'), eb.fn.sum('count').as('hits')])
      .where(sql<boolean>`${sql.ref('key')} like ${pattern} escape '\\'`)
      .where('window_start', '=', windowStart)
      .executeTakeFirstOrThrow();
    return { keys: Number(row.keys), hits: Number(row.hits ?? 0) };
  }

  async deleteKey(db: Executor, key: string): Promise<void> {
    await db.deleteFrom('rate_counters').where('key', '=', key).execute();
  }

  /** Deletes the counters of these keys and of keys matching these LIKE patterns; answers how many. */
  async deleteMatching(db: Executor, keys: string[], patterns: string[]): Promise<number> {
    if (keys.length === 0 && patterns.length === 0) return 0;
    const result = await db
      .deleteFrom('rate_counters')
      .where((eb) =>
        eb.or([
          ...(keys.length > 0 ? [eb('key', 'in', keys)] : []),
          ...patterns.map((pattern) => eb('key', 'like', pattern)),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async deleteOlderThan(db: Executor, windowStart: number): Promise<number> {
    const result = await db.deleteFrom('rate_counters').where('window_start', '<', windowStart).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
