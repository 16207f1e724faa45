import { STEP_PROVIDERS, type ConsoleStepConnection, type StepSyncError, type StepSyncHealth } from '@stride/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { DAY_MS, isoTime, type Clock } from '../../lib/clock.js';
import type { AuditService } from '../audit/audit.service.js';
import type { StepConnectionRow, StepConnectionsRepository } from './step-connections.repository.js';
import type { StepConnectionsService } from './step-connections.service.js';

/** A connection as operators see it: its sync state, never its tokens. */
export function toConsoleStepConnection(row: StepConnectionRow): ConsoleStepConnection {
  return {
    id: row.id,
    provider: row.provider as ConsoleStepConnection['provider'],
    accountName: row.account_name,
    status: row.status as ConsoleStepConnection['status'],
    connectedAt: isoTime(row.connected_at),
    disconnectedAt: row.disconnected_at === null ? null : isoTime(row.disconnected_at),
    lastSyncAt: row.last_sync_at === null ? null : isoTime(row.last_sync_at),
    lastError: row.last_error as StepSyncError | null,
    lastErrorAt: row.last_error_at === null ? null : isoTime(row.last_error_at),
    nextSyncAt: row.next_sync_at === null ? null : isoTime(row.next_sync_at),
    failures: row.failures,
  };
}

/**
 * Operators' side of connected accounts (decision 086 "Connected wearable accounts"; docs/operations.md, Connected
 * accounts): a user's connections, support's disconnect with a reason (audited), and the sync health per
 * provider that the dashboard and /metrics show.
 */
export class StepConnectionsAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: StepConnectionsRepository,
    private readonly connections: StepConnectionsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async listOfUser(userId: string): Promise<ConsoleStepConnection[]> {
    return (await this.repository.listOfUser(this.db, userId, false)).map(toConsoleStepConnection);
  }

  /**
   * Disconnects a user's connection for a reason: the same disconnect as the user's (revoked at the
   * provider, best effort), recorded in the operators' audit log against the user.
   */
  async disconnect(operator: string, id: string, reason: string): Promise<ConsoleStepConnection> {
    const row = await this.repository.find(this.db, id);
    if (!row || row.status === 'disconnected') throw notFound();
    const disconnected = await this.connections.disconnectRow(row, (trx) =>
      this.audit.record(trx, {
        operator,
        action: 'stepConnection.disconnect',
        subjectType: 'step-connection',
        subjectId: id,
        // The user it concerns, as the audit names users (decision 080 "A console a new operator can read").
        detail: { userId: row.user_id, provider: row.provider, reason },
        before: { status: row.status },
        after: { status: 'disconnected' },
        now: this.clock.now(),
      }),
    );
    const after = disconnected ? await this.repository.find(this.db, id) : undefined;
    if (!after) throw notFound();
    return toConsoleStepConnection(after);
  }

  /** Per provider: configured, connections by status, failing, the last day's syncs and the lag. */
  async health(): Promise<StepSyncHealth[]> {
    const now = this.clock.now();
    const [counts, due, log] = await Promise.all([
      this.repository.countsByStatus(this.db),
      this.repository.oldestDue(this.db),
      this.repository.logCounts(this.db, now - DAY_MS),
    ]);
    return STEP_PROVIDERS.map((provider) => {
      const of = (status: string, failing?: boolean) =>
        counts
          .filter(
            (row) =>
              row.provider === provider && row.status === status && (failing === undefined || row.failing === failing),
          )
          .reduce((sum, row) => sum + row.n, 0);
      const logged = (result: string) =>
        log.filter((row) => row.provider === provider && row.result === result).reduce((sum, row) => sum + row.n, 0);
      const oldest = due.get(provider);
      return {
        provider,
        configured: this.connections.providers.has(provider),
        active: of('active'),
        revoked: of('revoked'),
        failing: of('active', true),
        last24h: { ok: logged('ok'), errors: logged('error'), rateLimited: logged('rateLimited') },
        lagSeconds: oldest === undefined ? 0 : Math.max(0, Math.floor((now - oldest) / 1000)),
      };
    });
  }
}
