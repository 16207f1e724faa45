import type { Executor } from '../../db/executor.js';
import type { SmsCodesTable } from '../../db/schema.js';

export type SmsCodeRow = SmsCodesTable;

export class SmsCodesRepository {
  async insert(db: Executor, row: SmsCodeRow): Promise<void> {
    await db.insertInto('sms_codes').values(row).execute();
  }

  /** When the newest code of any purpose went to this number, if one did. */
  async lastIssuedAt(db: Executor, recipient: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.max('created_at').as('last'))
      .where('recipient', '=', recipient)
      .executeTakeFirst();
    return row?.last == null ? undefined : Number(row.last);
  }

  /** The newest code of this purpose to this number: the only one that can be used. */
  newest(db: Executor, purpose: string, recipient: string): Promise<SmsCodeRow | undefined> {
    return db
      .selectFrom('sms_codes')
      .selectAll()
      .where('purpose', '=', purpose)
      .where('recipient', '=', recipient)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Counts a wrong try, unless the code is spent or out of tries; answers the tries now counted. */
  async countWrongTry(db: Executor, id: string, maxAttempts: number): Promise<number | undefined> {
    const result = await db
      .updateTable('sms_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return undefined;
    const row = await db.selectFrom('sms_codes').select('attempts').where('id', '=', id).executeTakeFirst();
    return row?.attempts;
  }

  /** Spends the code once (compare-and-set); false when it was spent or ran out of tries meanwhile. */
  async spend(db: Executor, id: string, now: number, maxAttempts: number): Promise<boolean> {
    const result = await db
      .updateTable('sms_codes')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Removes codes that ended before `before` (cleanup). */
  async deleteEndedBefore(db: Executor, before: number): Promise<number> {
    const result = await db.deleteFrom('sms_codes').where('expires_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async deleteTo(db: Executor, recipient: string): Promise<void> {
    await db.deleteFrom('sms_codes').where('recipient', '=', recipient).execute();
  }
}
