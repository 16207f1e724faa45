import type { Executor } from '../../db/executor.js';
import { countOf, newestFirst, rowsOfUser, updatedCount } from '../../db/queries.js';
import type { DeviceTokensTable, HealthImportsTable, StepBucketsTable } from '../../db/schema.js';
import type { AuthUser } from '../../http/endpoints.js';

export type DeviceTokenRow = DeviceTokensTable;
export type HealthImportRow = HealthImportsTable;
export type StepBucketRow = StepBucketsTable;

/** Step-source tokens, their hourly buckets and health imports; every method takes the database or a transaction. */
export class StepSourcesRepository {
  insertToken(db: Executor, row: DeviceTokenRow): Promise<unknown> {
    return db.insertInto('device_tokens').values(row).execute();
  }

  countActiveTokens(db: Executor, userId: string): Promise<number> {
    return countOf(this.activeTokens(db, userId));
  }

  listActiveTokens(db: Executor, userId: string): Promise<DeviceTokenRow[]> {
    return newestFirst(this.activeTokens(db, userId).selectAll(), 'created_at', 'id').execute();
  }

  private activeTokens(db: Executor, userId: string) {
    return db.selectFrom('device_tokens').where('user_id', '=', userId).where('revoked_at', 'is', null);
  }

  /** Revokes the user's own live token; answers whether one was revoked. */
  async revokeToken(db: Executor, userId: string, id: string, now: number): Promise<boolean> {
    const revoked = db
      .updateTable('device_tokens')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    return (await updatedCount(revoked)) > 0;
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

  // Hourly buckets (docs/product/step-sources.md, Tokens) ---------------------------------------

  /**
   * Takes the token's row lock until the transaction ends (a no-op update): a token's bucket posts
   * check overlaps one at a time (on SQLite every write transaction already is).
   */
  async lockToken(db: Executor, id: string): Promise<void> {
    await db
      .updateTable('device_tokens')
      .set((eb) => ({ hint: eb.ref('hint') }))
      .where('id', '=', id)
      .execute();
  }

  /** A source's stored buckets on these days, by start. */
  listBuckets(db: Executor, userId: string, source: string, days: readonly string[]): Promise<StepBucketRow[]> {
    if (days.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('step_buckets')
      .selectAll()
      .where('user_id', '=', userId)
      .where('source', '=', source)
      .where('day', 'in', days)
      .orderBy('start_at')
      .execute();
  }

  /**
   * Stores a counted bucket once per (user, source, start), the primary key: a new start is
   * inserted; a known one takes the new count only when it is higher (the hour was still being
   * counted) or when the stored one was typed in by hand. Answers whether anything changed.
   */
  async saveBucket(db: Executor, row: StepBucketRow): Promise<boolean> {
    const saved = await db
      .insertInto('step_buckets')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'source', 'start_at'])
          .doUpdateSet((eb) => ({
            end_at: eb.ref('excluded.end_at'),
            steps: eb.ref('excluded.steps'),
            recorded: eb.ref('excluded.recorded'),
            received_at: eb.ref('excluded.received_at'),
          }))
          .where((eb) =>
            eb.or([
              eb('step_buckets.steps', '<', eb.ref('excluded.steps')),
              eb('step_buckets.recorded', '=', 'manual'),
            ]),
          ),
      )
      .returning('start_at')
      .executeTakeFirst();
    return saved !== undefined;
  }

  /** Keeps a bucket typed in by hand, never counted, so a resend is known; whether it is new. */
  async insertManualBucket(db: Executor, row: StepBucketRow): Promise<boolean> {
    const saved = await db
      .insertInto('step_buckets')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'source', 'start_at']).doNothing())
      .returning('start_at')
      .executeTakeFirst();
    return saved !== undefined;
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
    const imports = db.selectFrom('health_imports').selectAll().where('user_id', '=', userId);
    return newestFirst(imports, 'created_at', 'id').limit(limit).execute();
  }

  // Your data (decision 047 "Your data") ------------------------------------------------------------------

  exportTokens(db: Executor, userId: string) {
    const columns = ['id', 'name', 'hint', 'created_at', 'last_used_at', 'revoked_at'] as const;
    return rowsOfUser(db.selectFrom('device_tokens').select(columns), userId, 'created_at');
  }

  exportImports(db: Executor, userId: string) {
    const columns = ['id', 'kind', 'file_name', 'size', 'days', 'first_day', 'last_day', 'created_at'] as const;
    return rowsOfUser(db.selectFrom('health_imports').select(columns), userId, 'created_at');
  }

  exportBuckets(db: Executor, userId: string) {
    const columns = ['day', 'source', 'start_at', 'end_at', 'steps', 'recorded', 'received_at'] as const;
    return rowsOfUser(db.selectFrom('step_buckets').select(columns), userId, 'start_at');
  }

  exportSources(db: Executor, userId: string) {
    return rowsOfUser(
      db.selectFrom('step_sources').select(['day', 'source', 'kind', 'steps', 'reported_at']),
      userId,
      'day',
    );
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
