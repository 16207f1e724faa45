import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { PaymentPasswordsTable } from '../../db/schema.js';

export type PaymentPasswordRow = Omit<PaymentPasswordsTable, 'tries'> & { tries: number };

const int = (value: number) => sql<number>`cast(${value} as bigint)`;

/** The payment passwords' rows (decision 104 "A payment password"). */
export class PaymentPasswordsRepository {
  async find(db: Executor, userId: string): Promise<PaymentPasswordRow | undefined> {
    const row = await db.selectFrom('payment_passwords').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return row && { ...row, tries: Number(row.tries), set_at: Number(row.set_at), locked_until: lockOf(row) };
  }

  /** Sets (or replaces) the hash; the tries and the lock start again. */
  async save(db: Executor, userId: string, passwordHash: string, now: number): Promise<void> {
    await db
      .insertInto('payment_passwords')
      .values({ user_id: userId, password_hash: passwordHash, set_at: now, tries: 0, locked_until: null })
      .onConflict((conflict) =>
        conflict
          .column('user_id')
          .doUpdateSet({ password_hash: passwordHash, set_at: now, tries: 0, locked_until: null }),
      )
      .execute();
  }

  /**
   * Counts a wrong try in one statement: the count starts again when a lock has ended, and the try that reaches
   * `maxTries` locks until `lockUntil`. A row locked meanwhile (by a concurrent wrong try) does not move. Answers the
   * tries counted, or nothing when it was locked.
   */
  async countWrongTry(
    db: Executor,
    userId: string,
    limits: { maxTries: number; now: number; lockUntil: number },
  ): Promise<number | undefined> {
    const [max, now, until] = [int(limits.maxTries), int(limits.now), int(limits.lockUntil)];
    const next = sql<number>`case when locked_until is not null then 1 else tries + 1 end`;
    const result = await sql<{ tries: unknown }>`
      update payment_passwords set
        tries = ${next},
        locked_until = case when ${next} >= ${max} then ${until} else null end
      where user_id = ${userId} and (locked_until is null or locked_until <= ${now})
      returning tries`.execute(db);
    const row = result.rows[0];
    return row ? Number(row.tries) : undefined;
  }

  /** A right password: the count starts again. */
  async clearTries(db: Executor, userId: string): Promise<void> {
    await db
      .updateTable('payment_passwords')
      .set({ tries: 0, locked_until: null })
      .where('user_id', '=', userId)
      .execute();
  }

  async remove(db: Executor, userId: string): Promise<void> {
    await db.deleteFrom('payment_passwords').where('user_id', '=', userId).execute();
  }
}

function lockOf(row: { locked_until: unknown }): number | null {
  return row.locked_until === null || row.locked_until === undefined ? null : Number(row.locked_until);
}
