import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/executor.js';
import type { OperatorActionsTable } from '../../db/schema.js';

export type OperatorActionRow = OperatorActionsTable;

export interface OperatorAction {
  operator: string;
  /** `identity.approve`, `withdrawal.reject`, `file.view`, … */
  action: string;
  subjectType:
    | 'identity'
    | 'face'
    | 'withdrawal'
    | 'file'
    | 'media'
    | 'goods-order'
    | 'card-mailing'
    | 'goods'
    | 'goods-category'
    | 'notice'
    | 'community-channel'
    | 'companion-package'
    | 'payment'
    | 'operator'
    | 'user'
    | 'outbox'
    | 'correction'
    | 'card-plan'
    | 'card-order'
    | 'home-item'
    | 'step-day'
    | 'policy';
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
export class OperatorActionsRepository {
  async record(db: Executor, action: OperatorAction): Promise<void> {
    await db
      .insertInto('operator_actions')
      .values({
        id: randomUUID(),
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

  list(db: Executor, limit: number): Promise<OperatorActionRow[]> {
    return db.selectFrom('operator_actions').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
  }

  /** A page of actions matching every given filter, newest first, with the total. */
  async search(
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
    const rows = await query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return { rows, total: Number(total) };
  }

  listFor(db: Executor, subjectType: string, subjectId: string): Promise<OperatorActionRow[]> {
    return db
      .selectFrom('operator_actions')
      .selectAll()
      .where('subject_type', '=', subjectType)
      .where('subject_id', '=', subjectId)
      .orderBy('created_at', 'asc')
      .execute();
  }
}
