import type { Executor } from '../../db/executor.js';
import { deletedCount, newestFirst, updatedOne } from '../../db/queries.js';
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
    const codes = db
      .selectFrom('sms_codes')
      .selectAll()
      .where('purpose', '=', purpose)
      .where('recipient', '=', recipient);
    return newestFirst(codes, 'created_at', 'id').limit(1).executeTakeFirst();
  }

  /** Counts a wrong try, unless the code is spent or out of tries; answers the tries now counted. */
  async countWrongTry(db: Executor, id: string, maxAttempts: number): Promise<number | undefined> {
    const counted = this.usable(db, id, maxAttempts).set((eb) => ({ attempts: eb('attempts', '+', 1) }));
    if (!(await updatedOne(counted))) return undefined;
    const row = await db.selectFrom('sms_codes').select('attempts').where('id', '=', id).executeTakeFirst();
    return row?.attempts;
  }

  /** Spends the code once (compare-and-set); false when it was spent or ran out of tries meanwhile. */
  spend(db: Executor, id: string, now: number, maxAttempts: number): Promise<boolean> {
    return updatedOne(this.usable(db, id, maxAttempts).set({ used_at: now }).where('expires_at', '>', now));
  }

  /** An update of code `id` while it is unspent and has tries left. */
  private usable(db: Executor, id: string, maxAttempts: number) {
    return db
      .updateTable('sms_codes')
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('attempts', '<', maxAttempts);
  }

  /** Removes codes that ended before `before` (cleanup). */
  deleteEndedBefore(db: Executor, before: number): Promise<number> {
    return deletedCount(db.deleteFrom('sms_codes').where('expires_at', '<', before));
  }

  async deleteTo(db: Executor, recipient: string): Promise<void> {
    await db.deleteFrom('sms_codes').where('recipient', '=', recipient).execute();
  }
}
