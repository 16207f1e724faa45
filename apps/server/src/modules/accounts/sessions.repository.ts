import type { Executor } from '../../db/executor.js';
import type { SessionsTable } from '../../db/schema.js';
import type { AuthUser } from '../../http/endpoints.js';

export class SessionsRepository {
  async insert(db: Executor, row: SessionsTable): Promise<void> {
    await db.insertInto('sessions').values(row).execute();
  }

  /**
   * The live session of a token hash, with its user as the registrar sees it and whether the user
   * is frozen: one query on the hot path (decision 026 "User care in the operator console").
   */
  findLive(
    db: Executor,
    tokenHash: string,
    now: number,
  ): Promise<(AuthUser & { expiresAt: number; frozenAt: number | null }) | undefined> {
    return db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as sessionId',
        'sessions.expires_at as expiresAt',
        'users.id as id',
        'users.account as account',
        'users.invite_code as inviteCode',
        'users.real_name_status as realNameStatus',
        'users.created_at as createdAt',
        'users.nickname as nickname',
        'users.avatar_file_id as avatarFileId',
        'users.frozen_at as frozenAt',
      ])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      .executeTakeFirst();
  }

  async extend(db: Executor, sessionId: string, expiresAt: number): Promise<void> {
    await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
  }

  async revoke(db: Executor, sessionId: string, now: number): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
