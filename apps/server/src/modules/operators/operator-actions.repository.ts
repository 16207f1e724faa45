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
    | 'goods-order'
    | 'card-mailing'
    | 'goods'
    | 'goods-category'
    | 'notice'
    | 'community-channel'
    | 'payment';
  subjectId: string;
  /** Reasons and amounts; never personal numbers. */
  detail?: Record<string, unknown>;
  now: number;
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
      })
      .execute();
  }

  list(db: Executor, limit: number): Promise<OperatorActionRow[]> {
    return db.selectFrom('operator_actions').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
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
