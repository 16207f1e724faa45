import { AsyncLocalStorage } from 'node:async_hooks';
import type { IndependenceConflict, OperatorOrigin as OriginView } from '@stride/contract';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { DAY_MS, isoTime, type Clock } from '../../lib/clock.js';
import { maskMobile } from '../../lib/secrets.js';
import { OperatorError } from '../../http/operator-error.js';
import type { OperatorOriginRow, OperatorOriginsRepository } from './operator-origins.repository.js';
import type { ActionFilter, OperatorAction, OperatorActionRow, AuditRepository } from './audit.repository.js';

/**
 * Who is acting, from where: the console (with the operator's account id) or the command line
 * (with the OS user beside the `--operator` name). Held for the duration of one request or
 * command, so every record written meanwhile carries it without each admin method passing it on.
 */
export interface Actor {
  operatorId?: string;
  source: string;
}

/** What an operator's action records, besides who and when. */
export type RecordedAction = Omit<OperatorAction, 'operator' | 'now'>;

/**
 * One operator decision on one row: "change it if it is still X, then record who did it". The
 * compare-and-set is the transaction's first write, so a second operator waits on the row and then
 * finds it decided, before anything else (money, files) moves.
 */
export interface StateChange<Row, Result> {
  operator: string;
  /** The compare-and-set; false when the row is missing or no longer in the expected state. */
  change: (trx: Executor, now: number) => Promise<boolean>;
  /** The row, read again when the compare-and-set lost, to say what another operator decided. */
  reread: (trx: Executor) => Promise<Row | undefined>;
  /** The refusal when the row does not exist at all. */
  missing: string | OperatorError;
  /**
   * The refusal when the row exists but the compare-and-set changed nothing: its state moved on,
   * or (decision 074 "Independent second approvers") the two operators are not independent.
   */
  lost: (current: Row, trx: Executor) => string | OperatorError | Promise<string | OperatorError>;
  /** Everything else the decision does, in the same transaction, after the change won. */
  apply: (trx: Executor, now: number) => Promise<Result>;
  /** The action record, written last in the same transaction. */
  record: (result: Result, now: number) => RecordedAction;
}

/**
 * How an operator came to its roles (decision 074 "Independent second approvers"): who created it, who last gave it
 * finance or admin.
 */
export interface Origin {
  name: string;
  createdBy: string | null;
  createdAt: number;
  rolesChangedBy: string | null;
  rolesChangedAt: number | null;
}

/**
 * Why two operators are not independent (decision 074 "Independent second approvers"): `operator` was created, or given
 * its role, by `by` at `at`.
 */
export interface Dependence {
  operator: string;
  by: string;
  how: 'created' | 'roles';
  at: number;
}

/** Decision 074's rule for a compare-and-set: the acting operator and the one `other` names are independent. */
export type Independence = (other: Expression<string | null>) => Expression<SqlBool>;

function toOrigin(row: OperatorOriginRow): Origin {
  return {
    name: row.name,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    rolesChangedBy: row.roles_changed_by,
    rolesChangedAt: row.roles_changed_at === null ? null : Number(row.roles_changed_at),
  };
}

/**
 * The rule of `OperatorOriginsRepository.independent`, read on the origins already loaded: the
 * first link that makes `a` and `b` one pair of hands after `since` (`a` as the subject first), or
 * null.
 */
export function dependenceOf(
  a: string,
  b: string,
  origins: ReadonlyMap<string, Origin>,
  since: number,
): Dependence | null {
  for (const [subject, maker] of [
    [a, b],
    [b, a],
  ] as const) {
    const origin = origins.get(subject);
    if (!origin) continue;
    if (origin.createdBy === maker && origin.createdAt > since) {
      return { operator: subject, by: maker, how: 'created', at: origin.createdAt };
    }
    if (origin.rolesChangedBy === maker && origin.rolesChangedAt !== null && origin.rolesChangedAt > since) {
      return { operator: subject, by: maker, how: 'roles', at: origin.rolesChangedAt };
    }
  }
  return null;
}

/** The refusal of a four-eyes decision by two operators who are not independent, in the operator's language. */
export function notIndependent(dependence: Dependence): OperatorError {
  return OperatorError.of(dependence.how === 'created' ? 'fourEyesCreatedBy' : 'fourEyesRolesBy', {
    operator: dependence.operator,
    by: dependence.by,
    date: isoTime(dependence.at).slice(0, 10),
  });
}

/**
 * An origin as the console shows it and the audit records it, times as ISO text; null for a name
 * without an account (the command line's `--operator`).
 */
export function originView(origin: Origin | undefined): OriginView | null {
  if (!origin) return null;
  return {
    name: origin.name,
    createdBy: origin.createdBy,
    createdAt: isoTime(origin.createdAt),
    rolesChangedBy: origin.rolesChangedBy,
    rolesChangedAt: origin.rolesChangedAt === null ? null : isoTime(origin.rolesChangedAt),
  };
}

export function conflictView(dependence: Dependence | null): IndependenceConflict | null {
  return dependence === null ? null : { ...dependence, at: isoTime(dependence.at) };
}

/** The record of operator actions (who and when), and the one way an operator changes a row's state. */
export class AuditService {
  private readonly actor = new AsyncLocalStorage<Actor>();

  constructor(
    private readonly db: Db,
    private readonly actions: AuditRepository,
    private readonly clock: Clock,
    private readonly origins: OperatorOriginsRepository,
    /** FOUR_EYES_INDEPENDENCE_DAYS (decision 074 "Independent second approvers"). */
    private readonly independenceDays: number,
  ) {}

  /** The start of decision 074's period, seen at `now`: links made after it count. */
  independenceSince(now: number): number {
    return now - this.independenceDays * DAY_MS;
  }

  /**
   * Decision 074's rule as part of a compare-and-set made at `now`: `operator` and the operator
   * the statement's `other` column names did not create, or give finance or admin to, one another
   * within the period.
   */
  independentOf(operator: string, now: number): Independence {
    const since = this.independenceSince(now);
    return (other) => this.origins.independent(sql.val(operator), other, since);
  }

  /** How each named operator came to its roles; names without an account are absent. */
  async originsOf(db: Executor, names: readonly (string | null)[]): Promise<Map<string, Origin>> {
    const rows = await this.origins.find(
      db,
      names.filter((name): name is string => name !== null),
    );
    return new Map(rows.map((row) => [row.name, toOrigin(row)]));
  }

  /** Why `a` and `b` are not independent at `now` (`a` as the subject first), or null. */
  async dependence(db: Executor, a: string, b: string, now: number): Promise<Dependence | null> {
    return dependenceOf(a, b, await this.originsOf(db, [a, b]), this.independenceSince(now));
  }

  /** Runs `work` with every action it records attributed to `actor`. */
  as<T>(actor: Actor, work: () => Promise<T>): Promise<T> {
    return this.actor.run(actor, work);
  }

  /** The console operator's account id while one acts (none on the command line). */
  actorId(): string | null {
    return this.actor.getStore()?.operatorId ?? null;
  }

  /** Written in the caller's transaction, next to the change it records. */
  record(db: Executor, action: OperatorAction): Promise<void> {
    const actor = this.actor.getStore();
    return this.actions.record(db, {
      ...(actor?.operatorId ? { operatorId: actor.operatorId } : {}),
      ...(actor ? { source: actor.source } : {}),
      ...action,
    });
  }

  /** A look at personal data, recorded on its own. */
  recordLook(action: Omit<OperatorAction, 'now'>): Promise<void> {
    return this.record(this.db, { ...action, now: this.clock.now() });
  }

  search(filter: ActionFilter, page: { limit: number; offset: number }) {
    return this.actions.search(this.db, filter, page);
  }

  /**
   * How the console names users: their mobile numbers, first 3 and last 4 digits (decision 080 "A console a new
   * operator can read"), by user id; an id without a user is left out.
   */
  async maskedMobiles(userIds: readonly string[]): Promise<Map<string, string>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').select(['id', 'account']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, maskMobile(row.account)]));
  }

  /** The user each of these actions concerns, where there is one (decision 080 "A console a new operator can read"). */
  usersOf(rows: readonly OperatorActionRow[]) {
    return this.actions.usersOf(this.db, rows);
  }

  /** The latest actions, newest first. */
  list(limit: number): Promise<OperatorActionRow[]> {
    return this.actions.list(this.db, limit);
  }

  changeState<Row, Result>(step: StateChange<Row, Result>): Promise<Result> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      if (!(await step.change(trx, now))) {
        const current = await step.reread(trx);
        const refusal = current ? await step.lost(current, trx) : step.missing;
        throw refusal instanceof OperatorError ? refusal : new OperatorError(refusal);
      }
      const result = await step.apply(trx, now);
      await this.record(trx, { ...step.record(result, now), operator: step.operator, now });
      return result;
    });
  }
}
