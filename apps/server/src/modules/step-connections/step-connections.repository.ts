import type { Executor } from '../../db/executor.js';
import { deletedCount, dueIds, leaseFree, rowsOfUser, updatedCount, updatedOne } from '../../db/queries.js';
import type { StepConnectionStartsTable, StepConnectionsTable, StepSyncLogTable } from '../../db/schema.js';

export type StepConnectionRow = StepConnectionsTable;
export type StepConnectionStartRow = StepConnectionStartsTable;
export type StepSyncLogRow = StepSyncLogTable;

/** What a sync writes when it ends (under its lease). */
export type SyncSettlement = Pick<
  StepConnectionRow,
  'last_sync_at' | 'last_error' | 'last_error_at' | 'next_sync_at' | 'failures' | 'status'
> &
  Partial<Pick<StepConnectionRow, 'access_token' | 'refresh_token'>>;

/**
 * Connected wearable accounts (decision 086 "Connected wearable accounts"); every method takes the database or a
 * transaction.
 */
export class StepConnectionsRepository {
  insertStart(db: Executor, row: StepConnectionStartRow): Promise<unknown> {
    return db.insertInto('step_connection_starts').values(row).execute();
  }

  /**
   * Uses the user's fresh, unused start once: a compare-and-set, so of two finishes with the same
   * state exactly one gets it. Another user's state is never matched (and stays its owner's).
   */
  async useStart(
    db: Executor,
    stateHash: string,
    userId: string,
    now: number,
  ): Promise<StepConnectionStartRow | undefined> {
    const used = db
      .updateTable('step_connection_starts')
      .set({ used_at: now })
      .where('state_hash', '=', stateHash)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now);
    return (await updatedOne(used)) ? this.findStart(db, stateHash) : undefined;
  }

  findStart(db: Executor, stateHash: string): Promise<StepConnectionStartRow | undefined> {
    return db.selectFrom('step_connection_starts').selectAll().where('state_hash', '=', stateHash).executeTakeFirst();
  }

  insert(db: Executor, row: StepConnectionRow): Promise<unknown> {
    return db.insertInto('step_connections').values(row).execute();
  }

  find(db: Executor, id: string): Promise<StepConnectionRow | undefined> {
    return db.selectFrom('step_connections').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The user's own connection that is not disconnected. */
  findOwn(db: Executor, userId: string, id: string): Promise<StepConnectionRow | undefined> {
    return db
      .selectFrom('step_connections')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', '<>', 'disconnected')
      .executeTakeFirst();
  }

  findActive(db: Executor, userId: string, provider: string): Promise<StepConnectionRow | undefined> {
    return db
      .selectFrom('step_connections')
      .selectAll()
      .where('user_id', '=', userId)
      .where('provider', '=', provider)
      .where('status', '=', 'active')
      .executeTakeFirst();
  }

  /** The user's connections; `current` only: active and revoked (what the user's page lists). */
  listOfUser(db: Executor, userId: string, current: boolean): Promise<StepConnectionRow[]> {
    let query = db.selectFrom('step_connections').selectAll().where('user_id', '=', userId);
    if (current) query = query.where('status', '<>', 'disconnected');
    return query.orderBy('connected_at', 'desc').orderBy('id', 'desc').execute();
  }

  /** The user's revoked connection of a provider becomes a past one (a reconnect replaces it). */
  async retireRevoked(db: Executor, userId: string, provider: string, now: number): Promise<void> {
    await db
      .updateTable('step_connections')
      .set({ status: 'disconnected', disconnected_at: now, access_token: '', refresh_token: '' })
      .where('user_id', '=', userId)
      .where('provider', '=', provider)
      .where('status', '=', 'revoked')
      .execute();
  }

  /** Active connections due now whose lease is free, soonest first. */
  dueIds(db: Executor, now: number, limit: number): Promise<string[]> {
    return dueIds(db.selectFrom('step_connections').where('status', '=', 'active'), 'next_sync_at', now, limit);
  }

  /**
   * Claims an active connection for one sync until `leaseUntil`: a compare-and-set on the lease,
   * so of a job pass and a user's "sync now" that saw the same row exactly one syncs it. `due`
   * claims it only when its time has come (the job); without it, whenever it is free (the user).
   */
  async claim(
    db: Executor,
    id: string,
    lease: { token: string; until: number; now: number; due: boolean },
  ): Promise<StepConnectionRow | undefined> {
    let query = db
      .updateTable('step_connections')
      .set({ lease_token: lease.token, lease_until: lease.until })
      .where('id', '=', id)
      .where('status', '=', 'active')
      .where((eb) => leaseFree(eb, lease.now));
    if (lease.due) query = query.where('next_sync_at', '<=', lease.now);
    return (await updatedOne(query)) ? this.find(db, id) : undefined;
  }

  /** Stores rotated tokens while the lease is held; false when it was lost (disconnected meanwhile). */
  saveTokens(
    db: Executor,
    id: string,
    leaseToken: string,
    tokens: Pick<StepConnectionRow, 'access_token' | 'refresh_token' | 'token_expires_at' | 'scope'>,
  ): Promise<boolean> {
    return updatedOne(this.leased(db, id, leaseToken).set(tokens).where('status', '=', 'active'));
  }

  /** Ends a sync and frees the lease; false when the lease was lost meanwhile. */
  settle(db: Executor, id: string, leaseToken: string, change: SyncSettlement): Promise<boolean> {
    return updatedOne(
      this.leased(db, id, leaseToken)
        .set((eb) => ({ ...change, lease_token: null, lease_until: null, version: eb('version', '+', 1) }))
        .where('status', '=', 'active'),
    );
  }

  /** An update of the connection while `leaseToken` holds it. */
  private leased(db: Executor, id: string, leaseToken: string) {
    return db.updateTable('step_connections').where('id', '=', id).where('lease_token', '=', leaseToken);
  }

  /** Frees a lease without changing anything else (a provider this server no longer has). */
  async release(db: Executor, id: string, leaseToken: string): Promise<void> {
    await this.leased(db, id, leaseToken).set({ lease_token: null, lease_until: null }).execute();
  }

  /**
   * Disconnects a connection that is not disconnected yet: a compare-and-set, so two disconnects
   * revoke once. Its tokens are emptied; syncing stops; the steps it reported stay.
   */
  disconnect(db: Executor, id: string, now: number): Promise<boolean> {
    const disconnected = db
      .updateTable('step_connections')
      .set((eb) => ({
        status: 'disconnected',
        disconnected_at: now,
        access_token: '',
        refresh_token: '',
        lease_token: null,
        lease_until: null,
        next_sync_at: null,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', id)
      .where('status', '<>', 'disconnected');
    return updatedOne(disconnected);
  }

  /** A Fitbit notification (decision 086 "Connected wearable accounts"): the account's active connection is due now. */
  markDue(db: Executor, provider: string, providerUserId: string, now: number): Promise<number> {
    const due = db
      .updateTable('step_connections')
      .set({ next_sync_at: now })
      .where('provider', '=', provider)
      .where('provider_user_id', '=', providerUserId)
      .where('status', '=', 'active')
      .where((eb) => eb.or([eb('next_sync_at', 'is', null), eb('next_sync_at', '>', now)]));
    return updatedCount(due);
  }

  insertLog(db: Executor, row: StepSyncLogRow): Promise<unknown> {
    return db.insertInto('step_sync_log').values(row).execute();
  }

  /** Sync log rows older than `before` (the cleanup keeps a week). */
  pruneLog(db: Executor, before: number): Promise<number> {
    return deletedCount(db.deleteFrom('step_sync_log').where('at', '<', before));
  }

  /** Today's count of each of these sources (`connection:<id>`). */
  async stepsOn(db: Executor, userId: string, day: string, sources: string[]): Promise<Map<string, number>> {
    if (sources.length === 0) return new Map();
    const rows = await db
      .selectFrom('step_sources')
      .select(['source', 'steps'])
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .where('source', 'in', sources)
      .execute();
    return new Map(rows.map((row) => [row.source, row.steps]));
  }

  // The operators' health view and /metrics (decision 086 "Connected wearable accounts")
  // ----------------------------------------

  async countsByStatus(db: Executor): Promise<{ provider: string; status: string; failing: boolean; n: number }[]> {
    const rows = await db
      .selectFrom('step_connections')
      .select((eb) => [
        'provider',
        'status',
        eb.case().when('last_error', 'is', null).then(0).else(1).end().as('failing'),
        eb.fn.countAll<number | string>().as('n'),
      ])
      .groupBy(['provider', 'status', 'failing'])
      .execute();
    return rows.map((row) => ({
      provider: row.provider,
      status: row.status,
      failing: Number(row.failing) === 1,
      n: Number(row.n),
    }));
  }

  /** The earliest due time among active connections, per provider. */
  async oldestDue(db: Executor): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('step_connections')
      .select((eb) => ['provider', eb.fn.min<number | string>('next_sync_at').as('due')])
      .where('status', '=', 'active')
      .where('next_sync_at', 'is not', null)
      .groupBy('provider')
      .execute();
    return new Map(rows.filter((row) => row.due !== null).map((row) => [row.provider, Number(row.due)]));
  }

  async logCounts(db: Executor, since: number): Promise<{ provider: string; result: string; n: number }[]> {
    const rows = await db
      .selectFrom('step_sync_log')
      .select((eb) => ['provider', 'result', eb.fn.countAll<number | string>().as('n')])
      .where('at', '>=', since)
      .groupBy(['provider', 'result'])
      .execute();
    return rows.map((row) => ({ provider: row.provider, result: row.result, n: Number(row.n) }));
  }

  // Your data (decision 047 "Your data") ---------------------------------------------------------------------

  exportOfUser(db: Executor, userId: string) {
    const columns = [
      'id',
      'provider',
      'account_name',
      'status',
      'connected_at',
      'disconnected_at',
      'last_sync_at',
    ] as const;
    return rowsOfUser(db.selectFrom('step_connections').select(columns), userId, 'connected_at');
  }

  /** The user's connections that still hold tokens (to revoke them at the provider). */
  liveOfUser(db: Executor, userId: string): Promise<StepConnectionRow[]> {
    return db
      .selectFrom('step_connections')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '<>', 'disconnected')
      .execute();
  }

  /** The deletion: every connection disconnected and its account's name forgotten. */
  async eraseOfUser(db: Executor, userId: string, now: number): Promise<void> {
    await db
      .updateTable('step_connections')
      .set({
        status: 'disconnected',
        disconnected_at: now,
        lease_token: null,
        lease_until: null,
        next_sync_at: null,
      })
      .where('user_id', '=', userId)
      .where('status', '<>', 'disconnected')
      .execute();
    await db
      .updateTable('step_connections')
      .set({ access_token: '', refresh_token: '', account_name: '', provider_user_id: '' })
      .where('user_id', '=', userId)
      .execute();
    await db.deleteFrom('step_connection_starts').where('user_id', '=', userId).execute();
  }
}
