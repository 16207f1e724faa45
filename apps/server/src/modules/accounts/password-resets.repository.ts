import type { Executor } from '../../db/executor.js';
import type { PasswordResetsTable } from '../../db/schema.js';

export class PasswordResetsRepository {
  async insert(db: Executor, row: PasswordResetsTable): Promise<void> {
    await db.insertInto('password_resets').values(row).execute();
  }

  /** The newest code for the user that is still waiting to be verified. */
  findPendingCode(db: Executor, userId: string, now: number): Promise<PasswordResetsTable | undefined> {
    return db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('reset_key_hash', 'is', null)
      .where('code_expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  async countWrongAttempt(db: Executor, id: string): Promise<void> {
    await db
      .updateTable('password_resets')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** Attaches the reset key once; false when another request got there first. */
  async attachKey(db: Executor, id: string, keyHash: string, expiresAt: number): Promise<boolean> {
    const result = await db
      .updateTable('password_resets')
      .set({ reset_key_hash: keyHash, key_expires_at: expiresAt })
      .where('id', '=', id)
      .where('reset_key_hash', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
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
