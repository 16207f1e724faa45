import type { Db } from '../../db/database.js';
import type { UsersTable } from '../../db/schema.js';

export type UserRow = UsersTable;

export class AccountsRepository {
  constructor(private readonly db: Db) {}

  findByAccount(account: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirst();
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByInviteCode(code: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('invite_code', '=', code).executeTakeFirst();
  }

  async insert(user: UserRow): Promise<void> {
    await this.db.insertInto('users').values(user).execute();
  }

  async updatePasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  }
}
