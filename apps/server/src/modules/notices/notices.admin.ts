import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { OperatorError } from '../operators/operator-error.js';
import type { OperatorsService } from '../operators/operators.service.js';
import type { NoticeRow, NoticesRepository } from './notices.repository.js';
import { sanitizeNoticeHtml } from './sanitize.js';

export const NOTICE_TITLE_MAX = 140;
export const NOTICE_BODY_MAX = 100_000;

/** Operators publish and unpublish notices. */
export class NoticesAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: NoticesRepository,
    private readonly operators: OperatorsService,
    private readonly clock: Clock,
  ) {}

  listForOperators(limit = 100) {
    return this.repository.listAll(this.db, limit);
  }

  /** Sanitizes, stores and publishes at once; the action is recorded. */
  async publish(operator: string, input: { title: string; body: string }): Promise<NoticeRow> {
    const title = input.title.trim();
    if (!title || title.length > NOTICE_TITLE_MAX) {
      throw new OperatorError(`The title must be 1 to ${NOTICE_TITLE_MAX} characters.`);
    }
    if (input.body.length > NOTICE_BODY_MAX)
      throw new OperatorError(`The body is longer than ${NOTICE_BODY_MAX} characters.`);
    const body = sanitizeNoticeHtml(input.body);
    if (!body) throw new OperatorError('The body is empty once sanitized.');
    const now = this.clock.now();
    const row: NoticeRow = { id: randomUUID(), title, body, published_at: now, created_by: operator, created_at: now };
    await this.db.transaction().execute(async (trx) => {
      await this.repository.insert(trx, row);
      await this.operators.record(trx, {
        operator,
        action: 'notice.publish',
        subjectType: 'notice',
        subjectId: row.id,
        detail: { title, removedByCleaning: body.length !== input.body.trim().length },
        now,
      });
    });
    return row;
  }

  async unpublish(operator: string, id: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.repository.setPublished(trx, id, null))) throw new OperatorError(`No notice ${id}`);
      await this.operators.record(trx, {
        operator,
        action: 'notice.unpublish',
        subjectType: 'notice',
        subjectId: id,
        now,
      });
    });
  }
}
