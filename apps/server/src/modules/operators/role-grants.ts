import { randomUUID } from 'node:crypto';
import type { OperatorRole, RoleGrant } from '@stride/contract';
import { violatesUnique } from '../../db/constraints.js';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import { OperatorError } from '../../http/operator-error.js';
import {
  conflictView,
  dependenceOf,
  notIndependent,
  originView,
  type Origin,
  type AuditService,
} from '../audit/audit.service.js';
import {
  PENDING_ROLE_GRANT,
  type OperatorsRepository,
  type OperatorRow,
  type RoleGrantWithOperatorRow,
} from './operators.repository.js';

/**
 * The roles that only a second admin can give in the console (decision 074 "Independent second approvers"): finance
 * moves money, admin makes operators.
 */
export const GRANTED_ROLES: readonly OperatorRole[] = ['finance', 'admin'];

/** The admin acting in the console: by name (as four eyes compares operators) and account id. */
export interface Asker {
  name: string;
  id: string;
}

export function roleList(value: string | undefined): OperatorRole[] {
  return (value ?? '').split(',').filter(Boolean) as OperatorRole[];
}

export function isGranted(role: OperatorRole): boolean {
  return GRANTED_ROLES.includes(role);
}

/**
 * Role grants (decision 074 "Independent second approvers"): an admin's request in the console to give an operator
 * finance or admin waits as a pending row; a different admin, who is not the operator it is for and is
 * independent of the asker, approves it (the roles take effect then) or any admin rejects it. Each
 * decision is one compare-and-set on the pending row, through `AuditService.changeState`.
 */
export class RoleGrants {
  constructor(
    private readonly db: Db,
    private readonly repository: OperatorsRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** A pending grant of `roles` to the operator, in the caller's transaction, recorded. */
  async request(trx: Executor, asker: Asker, operatorId: string, roles: OperatorRole[], now: number): Promise<void> {
    const id = randomUUID();
    await this.repository.insertGrant(trx, {
      id,
      operator_id: operatorId,
      roles: roles.join(','),
      status: 'pending',
      requested_by: asker.name,
      requested_by_id: asker.id,
      decided_by: null,
      decided_by_id: null,
      created_at: now,
      decided_at: null,
    });
    await this.audit.record(trx, {
      operator: asker.name,
      action: 'operator.grant-request',
      subjectType: 'operator',
      subjectId: operatorId,
      detail: { grantId: id, roles },
      after: { status: 'pending', roles },
      now,
    });
  }

  /**
   * The console's change of an operator's roles: removals and the other roles at once, finance and
   * admin not yet held as a pending grant. Answers the row as it now is and the roles waiting.
   */
  async setRoles(
    asker: Asker,
    id: string,
    roles: OperatorRole[],
  ): Promise<{ row: OperatorRow; pendingRoles: OperatorRole[]; now: number }> {
    const now = this.clock.now();
    const wanted = [...new Set(roles)];
    const changed = this.db.transaction().execute(async (trx) => {
      await this.repository.lockOperator(trx, id);
      const before = await this.repository.findOperator(trx, id);
      if (!before) throw new OperatorError(`No operator ${id}`);
      const current = roleList(before.roles);
      const granted = wanted.filter((role) => isGranted(role) && !current.includes(role));
      const next = wanted.filter((role) => !granted.includes(role));
      const row = { ...before, roles: next.join(',') };
      if (row.roles !== before.roles || granted.length === 0) {
        await this.repository.updateOperator(trx, id, { roles: row.roles });
        await this.audit.record(trx, {
          operator: asker.name,
          action: 'operator.roles',
          subjectType: 'operator',
          subjectId: id,
          before: { roles: current },
          after: { roles: next },
          now,
        });
      }
      if (granted.length > 0) await this.request(trx, asker, id, granted, now);
      const pending = await this.repository.pendingRoles(trx, [id]);
      return { row, pendingRoles: roleList(pending.get(id)), now };
    });
    // One pending grant per operator: the partial unique index says so, whatever runs at once.
    return changed.catch(async (error: unknown) => {
      if (!violatesUnique(error, PENDING_ROLE_GRANT)) throw error;
      const operator = await this.repository.findOperator(this.db, id);
      throw OperatorError.of('roleGrantWaiting', { name: operator?.name ?? id });
    });
  }

  /** The pending grants, oldest first, as the admin `reader` sees them. */
  async list(reader: Asker): Promise<RoleGrant[]> {
    const rows = await this.repository.listPendingGrants(this.db);
    const origins = await this.audit.originsOf(this.db, [reader.name, ...rows.map((row) => row.requested_by)]);
    const since = this.audit.independenceSince(this.clock.now());
    return rows.map((row) => this.view(row, reader, origins, since));
  }

  /**
   * Approves once: the compare-and-set carries who may approve (decision 074 "Independent second approvers"), then the
   * roles are added to whatever the operator holds by then, with who asked as the last to give them.
   */
  async approve(asker: Asker, id: string): Promise<RoleGrant> {
    let at = this.clock.now();
    await this.audit.changeState({
      operator: asker.name,
      change: (trx, now) => {
        at = now;
        return this.repository.decideGrant(
          trx,
          id,
          { status: 'approved', decided_by: asker.name, decided_by_id: asker.id, decided_at: now },
          { approver: asker, independence: this.audit.independentOf(asker.name, now) },
        );
      },
      reread: (trx) => this.repository.findGrant(trx, id),
      missing: OperatorError.of('roleGrantMissing'),
      lost: (current, trx) => this.refusal(trx, current, asker, at),
      apply: async (trx, now) => {
        const grant = await this.found(trx, id);
        await this.repository.lockOperator(trx, grant.operator_id);
        const operator = await this.repository.findOperator(trx, grant.operator_id);
        const before = roleList(operator?.roles);
        const after = [...before, ...roleList(grant.roles).filter((role) => !before.includes(role))];
        await this.repository.updateOperator(trx, grant.operator_id, {
          roles: after.join(','),
          roles_changed_by: grant.requested_by,
          roles_changed_at: now,
        });
        const origins = await this.audit.originsOf(trx, [grant.requested_by, asker.name]);
        return { grant, before, after, origins };
      },
      record: ({ grant, before, after, origins }) => ({
        action: 'operator.grant-approve',
        subjectType: 'operator',
        subjectId: grant.operator_id,
        detail: { grantId: grant.id, roles: roleList(grant.roles) },
        before: { roles: before },
        after: {
          roles: after,
          requester: originView(origins.get(grant.requested_by)) ?? { name: grant.requested_by },
          approver: originView(origins.get(asker.name)) ?? { name: asker.name },
        },
      }),
    });
    return this.viewOne(id, asker);
  }

  /** Rejects once; nothing else changes. The admin who asked may withdraw a grant this way. */
  async reject(asker: Asker, id: string): Promise<RoleGrant> {
    await this.audit.changeState({
      operator: asker.name,
      change: (trx, now) =>
        this.repository.decideGrant(trx, id, {
          status: 'rejected',
          decided_by: asker.name,
          decided_by_id: asker.id,
          decided_at: now,
        }),
      reread: (trx) => this.repository.findGrant(trx, id),
      missing: OperatorError.of('roleGrantMissing'),
      lost: (current) => this.decided(current),
      apply: (trx) => this.found(trx, id),
      record: (grant) => ({
        action: 'operator.grant-reject',
        subjectType: 'operator',
        subjectId: grant.operator_id,
        detail: { grantId: grant.id, roles: roleList(grant.roles) },
        before: { status: 'pending' },
        after: { status: 'rejected' },
      }),
    });
    return this.viewOne(id, asker);
  }

  private decided(current: RoleGrantWithOperatorRow): OperatorError {
    return OperatorError.of(current.status === 'approved' ? 'roleGrantApproved' : 'roleGrantRejected', {
      by: current.decided_by ?? '?',
    });
  }

  /** Why the approval's compare-and-set changed nothing, read again in its transaction. */
  private async refusal(
    trx: Executor,
    current: RoleGrantWithOperatorRow,
    asker: Asker,
    now: number,
  ): Promise<OperatorError | string> {
    if (current.status !== 'pending') return this.decided(current);
    if (current.requested_by === asker.name) return OperatorError.of('roleGrantOwn');
    if (current.operator_id === asker.id) return OperatorError.of('roleGrantForYou');
    const dependence = await this.audit.dependence(trx, asker.name, current.requested_by, now);
    if (dependence) return notIndependent(dependence);
    return `Role grant ${current.id} could not be decided; nothing was changed.`;
  }

  private view(
    row: RoleGrantWithOperatorRow,
    reader: Asker,
    origins: ReadonlyMap<string, Origin>,
    since: number,
  ): RoleGrant {
    const mine = row.requested_by === reader.name;
    return {
      id: row.id,
      operatorId: row.operator_id,
      operatorName: row.operator_name,
      currentRoles: roleList(row.operator_roles),
      roles: roleList(row.roles),
      status: row.status as RoleGrant['status'],
      requestedBy: row.requested_by,
      requestedByOrigin: originView(origins.get(row.requested_by)),
      mine,
      forMe: row.operator_id === reader.id,
      notIndependent:
        row.status === 'pending' && !mine
          ? conflictView(dependenceOf(reader.name, row.requested_by, origins, since))
          : null,
      decidedBy: row.decided_by,
      createdAt: isoTime(Number(row.created_at)),
      decidedAt: row.decided_at === null ? null : isoTime(Number(row.decided_at)),
    };
  }

  private async viewOne(id: string, reader: Asker): Promise<RoleGrant> {
    const row = await this.found(this.db, id);
    const origins = await this.audit.originsOf(this.db, [reader.name, row.requested_by]);
    return this.view(row, reader, origins, this.audit.independenceSince(this.clock.now()));
  }

  private async found(db: Executor, id: string): Promise<RoleGrantWithOperatorRow> {
    const row = await this.repository.findGrant(db, id);
    if (!row) throw OperatorError.of('roleGrantMissing');
    return row;
  }
}
