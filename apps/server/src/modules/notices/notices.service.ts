import type { NoticeSummary } from '@stride/contract';
import type { Db } from '../../db/database.js';
import { pageResult, pageWindow } from '../../db/retry.js';
import { notFound } from '../../http/errors.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import type { NoticeRow, NoticesRepository } from './notices.repository.js';
import { sanitizeNoticeHtml } from './sanitize.js';

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
}
