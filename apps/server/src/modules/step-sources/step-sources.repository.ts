import type { Executor } from '../../db/executor.js';
import type { DeviceTokensTable, HealthImportsTable } from '../../db/schema.js';
import type { AuthUser } from '../../http/endpoints.js';

export type DeviceTokenRow = DeviceTokensTable;
export type HealthImportRow = HealthImportsTable;

/** Step-source tokens and health imports; every method takes the database or a transaction. */
export class StepSourcesRepository {
  insertToken(db: Executor, row: DeviceTokenRow): Promise<unknown> {
    return db.insertInto('device_tokens').values(row).execute();
  }

  async countActiveTokens(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('device_tokens')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  listActiveTokens(db: Executor, userId: string): Promise<DeviceTokenRow[]> {
    return db
      .selectFrom('device_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Revokes the user's own live token; answers whether one was revoked. */
  async revokeToken(db: Executor, userId: string, id: string, now: number): Promise<boolean> {
    const result = await db
      .updateTable('device_tokens')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A live token's user, by the token's hash. */
  findLiveToken(
    db: Executor,
    tokenHash: string,
  ): Promise<
    | (Omit<AuthUser, 'sessionId' | 'deviceTokenId'> & {
        tokenId: string;
        lastUsedAt: number | null;
        frozenAt: number | null;
      })
    | undefined
  > {
    return db
      .selectFrom('device_tokens')
      .innerJoin('users', 'users.id', 'device_tokens.user_id')
      .select([
        'device_tokens.id as tokenId',
        'device_tokens.last_used_at as lastUsedAt',
        'users.id as id',
        'users.account as account',
        'users.invite_code as inviteCode',
        'users.real_name_status as realNameStatus',
        'users.created_at as createdAt',
        'users.frozen_at as frozenAt',
      ])
      .where('device_tokens.token_hash', '=', tokenHash)
      .where('device_tokens.revoked_at', 'is', null)
      .executeTakeFirst();
  }

  async touchToken(db: Executor, id: string, now: number): Promise<void> {
    await db.updateTable('device_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
  }

  insertImport(db: Executor, row: HealthImportRow): Promise<unknown> {
    return db.insertInto('health_imports').values(row).execute();
  }

  findImportByHash(db: Executor, userId: string, sha256: string): Promise<HealthImportRow | undefined> {
    return db
      .selectFrom('health_imports')
      .selectAll()
      .where('user_id', '=', userId)
      .where('sha256', '=', sha256)
      .executeTakeFirst();
  }

  listImports(db: Executor, userId: string, limit: number): Promise<HealthImportRow[]> {
    return db
      .selectFrom('health_imports')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  // Your data (decision 047) ------------------------------------------------------------------

  exportTokens(db: Executor, userId: string) {
    return db
      .selectFrom('device_tokens')
      .select(['id', 'name', 'hint', 'created_at', 'last_used_at', 'revoked_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  exportImports(db: Executor, userId: string) {
    return db
      .selectFrom('health_imports')
      .select(['id', 'kind', 'file_name', 'size', 'days', 'first_day', 'last_day', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  exportSources(db: Executor, userId: string) {
    return db
      .selectFrom('step_sources')
      .select(['day', 'source', 'kind', 'steps', 'reported_at'])
      .where('user_id', '=', userId)
      .orderBy('day')
      .execute();
  }

  /** Revokes every token and forgets the tokens' names and the imported files' names. */
  async eraseOfUser(db: Executor, userId: string, now: number): Promise<void> {
    await db
      .updateTable('device_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    await db.updateTable('device_tokens').set({ name: '', hint: '' }).where('user_id', '=', userId).execute();
    await db.updateTable('health_imports').set({ file_name: '' }).where('user_id', '=', userId).execute();
  }
}
