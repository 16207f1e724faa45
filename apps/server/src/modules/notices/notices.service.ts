import { randomUUID } from 'node:crypto';
import type { NoticeSummary } from '@stride/contract';
import type { Db } from '../../db/database.js';
import { pageResult, pageWindow } from '../../db/retry.js';
import { notFound } from '../../http/errors.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import { OperatorError } from '../identity/identity.service.js';
import type { OperatorActionsRepository } from '../operators/operator-actions.repository.js';
import type { NoticeRow, NoticesRepository } from './notices.repository.js';
import { sanitizeNoticeHtml } from './sanitize.js';

export const NOTICE_TITLE_MAX = 140;
export const NOTICE_BODY_MAX = 100_000;

const toSummary = (row: Pick<NoticeRow, 'id' | 'title' | 'published_at'>): NoticeSummary => ({
  id: row.id,
  title: row.title,
  publishedAt: isoTime(row.published_at ?? 0),
});

/** Published notices; bodies are sanitized HTML, on write and again on read. */
export class NoticesService {
  constructor(
    private readonly db: Db,
    private readonly repository: NoticesRepository,
    private readonly actions: OperatorActionsRepository,
    private readonly clock: Clock,
  ) {}

  async list(page: { page: number; pageSize: number }) {
    const { rows, total } = await this.repository.listPublished(this.db, pageWindow(page));
    return pageResult(rows.map(toSummary), page, total);
  }

  /** The latest published notices, for home. */
  async latest(count: number): Promise<NoticeSummary[]> {
    return (await this.repository.listPublished(this.db, { limit: count, offset: 0 })).rows.map(toSummary);
  }

  async get(id: string): Promise<NoticeSummary & { body: string }> {
    const row = await this.repository.findPublished(this.db, id);
    if (!row) throw notFound();
    return { ...toSummary(row), body: sanitizeNoticeHtml(row.body) };
  }

  // Operator actions (the ops command line).

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
      await this.actions.record(trx, {
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
      await this.actions.record(trx, {
        operator,
        action: 'notice.unpublish',
        subjectType: 'notice',
        subjectId: id,
        now,
      });
    });
  }
}
