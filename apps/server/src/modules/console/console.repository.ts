import type { Executor } from '../../db/executor.js';
import type { ConsoleSessionsTable, OperatorsTable } from '../../db/schema.js';

export type OperatorRow = OperatorsTable;

export interface LiveConsoleSession {
  sessionId: string;
  stage: ConsoleSessionsTable['stage'];
  expiresAt: number;
  operator: OperatorRow;
}

/** Operator accounts, their recovery codes and console sessions. */
export class ConsoleRepository {
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

  async insertSession(db: Executor, row: ConsoleSessionsTable): Promise<void> {
    await db.insertInto('console_sessions').values(row).execute();
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

  async revokeAllSessions(db: Executor, operatorId: string, now: number): Promise<void> {
    await db
      .updateTable('console_sessions')
      .set({ revoked_at: now })
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
