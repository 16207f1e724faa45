import type { Executor } from '../../db/executor.js';
import { newestFirst, pageOf, updatedCount, updatedOne } from '../../db/queries.js';
import type { UsersTable } from '../../db/schema.js';

export type UserRow = UsersTable;

export class AccountsRepository {
  findByAccount(db: Executor, account: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirst();
  }

  findById(db: Executor, id: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(db: Executor, ids: readonly string[]): Promise<UserRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
  }

  findByInviteCode(db: Executor, code: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('invite_code', '=', code).executeTakeFirst();
  }

  /**
   * Sets the profile fields given (decision 043 "Profile (nickname and avatar), My in groups with icons"); answers the
   * row after, or undefined.
   */
  async updateProfile(
    db: Executor,
    id: string,
    values: Partial<Pick<UserRow, 'nickname' | 'avatar_file_id'>>,
  ): Promise<UserRow | undefined> {
    // With nothing to set this still takes the row lock, the lock the upload cleanup takes.
    await db
      .updateTable('users')
      .set({ id, ...values })
      .where('id', '=', id)
      .execute();
    return this.findById(db, id);
  }

  async insert(db: Executor, user: UserRow): Promise<void> {
    await db.insertInto('users').values(user).execute();
  }

  async updatePasswordHash(db: Executor, id: string, passwordHash: string): Promise<void> {
    await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  }

  async revokeSessions(db: Executor, userId: string, now: number): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Replaces the password hash if it is still `currentHash` (compare-and-set: of two changes made
   * with the same current password, one wins). False when it lost.
   */
  replacePasswordHash(db: Executor, id: string, currentHash: string, passwordHash: string): Promise<boolean> {
    return updatedOne(
      db
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', id)
        .where('password_hash', '=', currentHash),
    );
  }

  /** Ends every live session of the user but `keepSessionId`; answers how many ended. */
  revokeOtherSessions(db: Executor, userId: string, keepSessionId: string, now: number): Promise<number> {
    return updatedCount(
      db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('id', '!=', keepSessionId)
        .where('revoked_at', 'is', null),
    );
  }

  /** Users whose number contains `digits`, or the user of `id`; newest first, with the total. */
  search(
    db: Executor,
    term: { id: string } | { digits: string },
    page: { limit: number; offset: number },
  ): Promise<{ rows: UserRow[]; total: number }> {
    let query = db.selectFrom('users');
    // Digits (and a leading +) only, by the contract: the pattern holds no wildcard of its own.
    query = 'id' in term ? query.where('id', '=', term.id) : query.where('account', 'like', `%${term.digits}%`);
    return pageOf(query, page, (found) => newestFirst(found.selectAll(), 'created_at', 'id'));
  }

  /**
   * Freezes or unfreezes a user if it is still at `version` and in the other state: the
   * compare-and-set of decision 026 "User care in the operator console". False when it lost.
   */
  setFrozen(
    db: Executor,
    id: string,
    version: number,
    frozen: { at: number; by: string; reason: string } | null,
  ): Promise<boolean> {
    return updatedOne(
      db
        .updateTable('users')
        .set({
          frozen_at: frozen?.at ?? null,
          frozen_by: frozen?.by ?? null,
          frozen_reason: frozen?.reason ?? null,
          version: version + 1,
        })
        .where('id', '=', id)
        .where('version', '=', version)
        .where('frozen_at', frozen ? 'is' : 'is not', null),
    );
  }

  // Account deletion (decision 047 "Your data") -----------------------------------------------------------

  /**
   * Turns the user row into an anonymous tombstone: the number is replaced by a token that is no
   * mobile number (so it can sign up again and nobody can log in), the password by nothing
   * verifiable. The row stays so that the ledger's and the orders' references hold.
   */
  async anonymise(db: Executor, userId: string, tombstone: string): Promise<void> {
    await db
      .updateTable('users')
      .set({ account: tombstone, password_hash: '!', real_name_status: 'none', nickname: null, avatar_file_id: null })
      .where('id', '=', userId)
      .execute();
  }

  async deletePasswordResets(db: Executor, userId: string): Promise<void> {
    await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  }
}
