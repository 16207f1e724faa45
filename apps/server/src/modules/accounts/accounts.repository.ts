import type { Executor } from '../../db/executor.js';
import type { UsersTable } from '../../db/schema.js';

export type UserRow = UsersTable;

export class AccountsRepository {
  findByAccount(db: Executor, account: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirst();
  }

  findById(db: Executor, id: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByInviteCode(db: Executor, code: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('invite_code', '=', code).executeTakeFirst();
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
}
