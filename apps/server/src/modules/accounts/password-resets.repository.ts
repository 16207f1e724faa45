import type { Executor } from '../../db/executor.js';
import type { PasswordResetsTable } from '../../db/schema.js';

export class PasswordResetsRepository {
  async insert(db: Executor, row: PasswordResetsTable): Promise<void> {
    await db.insertInto('password_resets').values(row).execute();
  }

  findUsableKey(
    db: Executor,
    keyHash: string,
    now: number,
  ): Promise<Pick<PasswordResetsTable, 'id' | 'user_id'> | undefined> {
    return db
      .selectFrom('password_resets')
      .select(['id', 'user_id'])
      .where('reset_key_hash', '=', keyHash)
      .where('used_at', 'is', null)
      .where('key_expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Spends the key once; false when it was already spent. */
  async spend(db: Executor, id: string, now: number): Promise<boolean> {
    const result = await db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
