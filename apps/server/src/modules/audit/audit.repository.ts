import type { OperatorActionName, OperatorSubjectType } from '@stride/contract';
import type { Executor } from '../../db/executor.js';
import { newestFirst, oldestFirst, pageOf } from '../../db/queries.js';
import { orderedId } from '../../lib/ids.js';
import type { OperatorActionsTable } from '../../db/schema.js';

export type OperatorActionRow = OperatorActionsTable;

export interface OperatorAction {
  operator: string;
  /** `identity.approve`, `withdrawal.reject`, `file.view`, …: only the actions the console names (OPERATOR_ACTIONS). */
  action: OperatorActionName;
  subjectType: OperatorSubjectType;
  subjectId: string;
  /** Reasons and amounts; never personal numbers. */
  detail?: Record<string, unknown>;
  /** The target's state before and after the action (absent for looks). */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** The operator account (console); absent for the command line. */
  operatorId?: string;
  /** `console`, or `cli:<os user>`. */
  source?: string;
  now: number;
}

export interface ActionFilter {
  operator?: string | undefined;
  action?: string | undefined;
  subjectType?: string | undefined;
  subjectId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** Every operator action, with who and when (docs/product/rules.md, Operators). Written in the action's transaction. */
export class AuditRepository {
  async record(db: Executor, action: OperatorAction): Promise<void> {
    await db
      .insertInto('operator_actions')
      .values({
        id: orderedId(),
        operator: action.operator,
        action: action.action,
        subject_type: action.subjectType,
        subject_id: action.subjectId,
        detail: action.detail ? JSON.stringify(action.detail) : null,
        created_at: action.now,
        operator_id: action.operatorId ?? null,
        source: action.source ?? null,
        before: action.before ? JSON.stringify(action.before) : null,
        after: action.after ? JSON.stringify(action.after) : null,
      })
      .execute();
  }

  /** The newest actions, in the order they were taken (ids are ordered within a millisecond). */
  list(db: Executor, limit: number): Promise<OperatorActionRow[]> {
    return newestFirst(db.selectFrom('operator_actions').selectAll(), 'created_at', 'id').limit(limit).execute();
  }

  /** A page of actions matching every given filter, newest first, with the total. */
  search(
    db: Executor,
    filter: ActionFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: OperatorActionRow[]; total: number }> {
    let query = db.selectFrom('operator_actions');
    if (filter.operator) query = query.where('operator', '=', filter.operator);
    if (filter.action) query = query.where('action', '=', filter.action);
    if (filter.subjectType) query = query.where('subject_type', '=', filter.subjectType);
    if (filter.subjectId) query = query.where('subject_id', '=', filter.subjectId);
    if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
    return pageOf(query, page, (found) => newestFirst(found.selectAll(), 'created_at', 'id'));
  }

  /**
   * The user each action concerns, with their mobile number, where there is one (decision 080 "A console a new operator
   * can read"): the subject itself for a user, an identity or a face check; the `userId` its detail names; or
   * the owner of the withdrawal, order or mailing it acted on.
   */
  async usersOf(
    db: Executor,
    rows: readonly OperatorActionRow[],
  ): Promise<Map<string, { id: string; account: string }>> {
    const userOf = new Map<string, string>();
    const owned: Record<
      'withdrawals' | 'goods_orders' | 'membership_orders' | 'card_mailings',
      Map<string, string[]>
    > = {
      withdrawals: new Map(),
      goods_orders: new Map(),
      membership_orders: new Map(),
      card_mailings: new Map(),
    };
    const OWNER_TABLES = {
      withdrawal: 'withdrawals',
      'goods-order': 'goods_orders',
      'card-order': 'membership_orders',
      'card-mailing': 'card_mailings',
    } as const;
    for (const row of rows) {
      const detail = parseDetail(row.detail);
      if (['user', 'identity', 'face'].includes(row.subject_type) && row.subject_id !== 'pending') {
        userOf.set(row.id, row.subject_id);
      } else if (typeof detail?.userId === 'string') {
        userOf.set(row.id, detail.userId);
      } else if (row.subject_type in OWNER_TABLES) {
        const table = owned[OWNER_TABLES[row.subject_type as keyof typeof OWNER_TABLES]];
        table.set(row.subject_id, [...(table.get(row.subject_id) ?? []), row.id]);
      }
    }
    for (const [table, subjects] of Object.entries(owned) as [keyof typeof owned, Map<string, string[]>][]) {
      if (subjects.size === 0) continue;
      const found = await db
        .selectFrom(table)
        .select(['id', 'user_id'])
        .where('id', 'in', [...subjects.keys()])
        .execute();
      for (const { id, user_id } of found) for (const rowId of subjects.get(id) ?? []) userOf.set(rowId, user_id);
    }
    const ids = [...new Set(userOf.values())];
    const accounts = new Map<string, string>();
    if (ids.length > 0) {
      const users = await db.selectFrom('users').select(['id', 'account']).where('id', 'in', ids).execute();
      for (const user of users) accounts.set(user.id, user.account);
    }
    const result = new Map<string, { id: string; account: string }>();
    for (const [rowId, userId] of userOf) {
      const account = accounts.get(userId);
      if (account !== undefined) result.set(rowId, { id: userId, account });
    }
    return result;
  }

  listFor(db: Executor, subjectType: string, subjectId: string): Promise<OperatorActionRow[]> {
    const query = db
      .selectFrom('operator_actions')
      .selectAll()
      .where('subject_type', '=', subjectType)
      .where('subject_id', '=', subjectId);
    return oldestFirst(query, 'created_at', 'id').execute();
  }
}

function parseDetail(value: string | null): Record<string, unknown> | null {
  if (value === null) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
