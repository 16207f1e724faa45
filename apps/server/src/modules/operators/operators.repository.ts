import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { UniqueKey } from '../../db/constraints.js';
import type { ConsoleSessionsTable, OperatorRoleGrantsTable, OperatorsTable } from '../../db/schema.js';
import type { Independence } from '../audit/audit.service.js';

export type OperatorRow = OperatorsTable;
export type RoleGrantRow = OperatorRoleGrantsTable;
export type RoleGrantWithOperatorRow = RoleGrantRow & { operator_name: string; operator_roles: string };

/** At most one pending role grant per operator (migration 0029, decision 074 "Independent second approvers"). */
export const PENDING_ROLE_GRANT: UniqueKey = {
  name: 'operator_role_grants_pending',
  table: 'operator_role_grants',
  columns: ['operator_id'],
};

export interface LiveConsoleSession {
  sessionId: string;
  stage: ConsoleSessionsTable['stage'];
  expiresAt: number;
  operator: OperatorRow;
}

/** Operator accounts, their recovery codes and console sessions. */
export class OperatorsRepository {
  async insertOperator(db: Executor, row: OperatorRow): Promise<void> {
    await db.insertInto('operators').values(row).execute();
  }

  findOperatorByName(db: Executor, name: string): Promise<OperatorRow | undefined> {
    return db.selectFrom('operators').selectAll().where('name', '=', name).executeTakeFirst();
  }

  findOperator(db: Executor, id: string): Promise<OperatorRow | undefined> {
    return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listOperators(db: Executor): Promise<OperatorRow[]> {
    return db.selectFrom('operators').selectAll().orderBy('name').execute();
  }

  async updateOperator(db: Executor, id: string, values: Partial<Omit<OperatorRow, 'id'>>): Promise<boolean> {
    const result = await db.updateTable('operators').set(values).where('id', '=', id).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Takes the operator row's write lock until the transaction ends, with a no-op update, so two
   * changes of one operator's roles apply one after the other.
   */
  async lockOperator(db: Executor, id: string): Promise<void> {
    await db
      .updateTable('operators')
      .set((eb) => ({ roles: eb.ref('roles') }))
      .where('id', '=', id)
      .execute();
  }

  // Role grants (decision 074 "Independent second approvers")
  // ---------------------------------------------------------------

  /** Fails with a unique violation of `PENDING_ROLE_GRANT` when the operator has one pending. */
  async insertGrant(db: Executor, row: RoleGrantRow): Promise<void> {
    await db.insertInto('operator_role_grants').values(row).execute();
  }

  private grants(db: Executor) {
    return db
      .selectFrom('operator_role_grants as g')
      .innerJoin('operators as o', 'o.id', 'g.operator_id')
      .selectAll('g')
      .select(['o.name as operator_name', 'o.roles as operator_roles']);
  }

  findGrant(db: Executor, id: string): Promise<RoleGrantWithOperatorRow | undefined> {
    return this.grants(db).where('g.id', '=', id).executeTakeFirst();
  }

  /** The pending grants, oldest first. */
  listPendingGrants(db: Executor): Promise<RoleGrantWithOperatorRow[]> {
    return this.grants(db).where('g.status', '=', 'pending').orderBy('g.created_at').orderBy('g.id').execute();
  }

  /** The roles each operator waits for, by operator id. */
  async pendingRoles(db: Executor, operatorIds?: readonly string[]): Promise<Map<string, string>> {
    let query = db.selectFrom('operator_role_grants').select(['operator_id', 'roles']).where('status', '=', 'pending');
    if (operatorIds) {
      if (operatorIds.length === 0) return new Map();
      query = query.where('operator_id', 'in', [...operatorIds]);
    }
    return new Map((await query.execute()).map((row) => [row.operator_id, row.roles]));
  }

  /**
   * From pending to a decision, once. An approval carries decision 074 "Independent second approvers" in the same
   * statement: by an admin other than the one who asked and the operator the grant is for, and independent of
   * the one who asked.
   */
  async decideGrant(
    db: Executor,
    id: string,
    values: Pick<RoleGrantRow, 'status' | 'decided_by' | 'decided_by_id' | 'decided_at'>,
    approval?: { approver: { name: string; id: string }; independence: Independence },
  ): Promise<boolean> {
    let query = db.updateTable('operator_role_grants').set(values).where('id', '=', id).where('status', '=', 'pending');
    if (approval) {
      query = query
        .where('requested_by', '!=', approval.approver.name)
        .where('operator_id', '!=', approval.approver.id)
        .where(approval.independence(sql.ref('operator_role_grants.requested_by')));
    }
    const result = await query.executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Accepts a TOTP time step only once and only after the last one accepted: the replay guard. */
  async acceptStep(db: Executor, operatorId: string, step: number): Promise<boolean> {
    const result = await db
      .updateTable('operators')
      .set({ totp_last_step: step })
      .where('id', '=', operatorId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async replaceRecoveryCodes(db: Executor, operatorId: string, hashes: string[]): Promise<void> {
    await db.deleteFrom('operator_recovery_codes').where('operator_id', '=', operatorId).execute();
    if (hashes.length === 0) return;
    await db
      .insertInto('operator_recovery_codes')
      .values(hashes.map((code_hash) => ({ operator_id: operatorId, code_hash, used_at: null })))
      .execute();
  }

  /** Spends a recovery code: true only for the one call that marks it used. */
  async useRecoveryCode(db: Executor, operatorId: string, hash: string, now: number): Promise<boolean> {
    const result = await db
      .updateTable('operator_recovery_codes')
      .set({ used_at: now })
      .where('operator_id', '=', operatorId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Opens a session unless the operator's sign-in is locked at `row.created_at`: one statement, so
   * a lock set meanwhile by another request or server refuses it (decision 073 "Operator sign-in").
   */
  async insertSessionUnlessLocked(db: Executor, row: Omit<ConsoleSessionsTable, 'revoked_at'>): Promise<boolean> {
    const result = await db
      .insertInto('console_sessions')
      .columns(['id', 'operator_id', 'token_hash', 'stage', 'created_at', 'expires_at'])
      .expression(
        db
          .selectFrom('operators')
          .select((eb) => [
            eb.val(row.id).as('id'),
            'id as operator_id',
            eb.val(row.token_hash).as('token_hash'),
            eb.val(row.stage).as('stage'),
            // Typed, or PostgreSQL reads a bare parameter in a select list as text.
            sql<number>`cast(${row.created_at} as bigint)`.as('created_at'),
            sql<number>`cast(${row.expires_at} as bigint)`.as('expires_at'),
          ])
          .where('id', '=', row.operator_id)
          .where((eb) =>
            eb.or([eb('sign_in_locked_until', 'is', null), eb('sign_in_locked_until', '<=', row.created_at)]),
          ),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /**
   * Locks the operator's sign-in until `until` unless it is locked already: the compare-and-set
   * that makes concurrent failures lock (and record) once, on any server (decision 073 "Operator sign-in").
   */
  async lockSignIn(
    db: Executor,
    id: string,
    lock: { now: number; until: number; failures: number; addresses: number },
  ): Promise<boolean> {
    const result = await db
      .updateTable('operators')
      .set({
        sign_in_locked_until: lock.until,
        sign_in_locked_at: lock.now,
        sign_in_lock_failures: lock.failures,
        sign_in_lock_addresses: lock.addresses,
      })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('sign_in_locked_until', 'is', null), eb('sign_in_locked_until', '<=', lock.now)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Lifts a lock still running at `now`; false when there was none. */
  async unlockSignIn(db: Executor, id: string, now: number): Promise<boolean> {
    const result = await db
      .updateTable('operators')
      .set({ sign_in_locked_until: null })
      .where('id', '=', id)
      .where('sign_in_locked_until', '>', now)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** A live session of an enabled operator. */
  async findLiveSession(db: Executor, tokenHash: string, now: number): Promise<LiveConsoleSession | undefined> {
    const row = await db
      .selectFrom('console_sessions as s')
      .innerJoin('operators as o', 'o.id', 's.operator_id')
      .selectAll('o')
      .select(['s.id as session_id', 's.stage as session_stage', 's.expires_at as session_expires_at'])
      .where('s.token_hash', '=', tokenHash)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', now)
      .where('o.disabled_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    const { session_id, session_stage, session_expires_at, ...operator } = row;
    return { sessionId: session_id, stage: session_stage, expiresAt: session_expires_at, operator };
  }

  async updateSession(db: Executor, sessionId: string, values: Partial<ConsoleSessionsTable>): Promise<void> {
    await db.updateTable('console_sessions').set(values).where('id', '=', sessionId).execute();
  }

  async revokeSession(db: Executor, sessionId: string, now: number): Promise<void> {
    await db
      .updateTable('console_sessions')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllSessions(db: Executor, operatorId: string, now: number, exceptSessionId?: string): Promise<void> {
    await db
      .updateTable('console_sessions')
      .set({ revoked_at: now })
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null)
      .$if(exceptSessionId !== undefined, (query) => query.where('id', '<>', exceptSessionId ?? ''))
      .execute();
  }
}
