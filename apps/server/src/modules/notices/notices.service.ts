import type { Language, NoticeSummary } from '@stride/contract';
import type { Db } from '../../db/database.js';
import { pageResult, pageWindow } from '../../db/retry.js';
import { notFound } from '../../http/errors.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import { localize } from '../../lib/content-language.js';
import { ShortCache } from '../../lib/short-cache.js';
import type { NoticeRow, NoticesRepository } from './notices.repository.js';
import { sanitizeNoticeHtml } from './sanitize.js';

type SummaryRow = Pick<NoticeRow, 'id' | 'title' | 'published_at' | 'default_language' | 'translations'>;

/** A notice's title in the user's language (decision 042 "Content in every language"). */
const toSummary = (row: SummaryRow, language: Language): NoticeSummary => ({
  id: row.id,
  title: localize(language, row, { title: row.title }).title,
  publishedAt: isoTime(row.published_at ?? 0),
});

/** Published notices; bodies are sanitized HTML, on write and again on read. */
export class NoticesService {
  /** The latest notices per count and language, for home (decision 053 "Fewer statements for home and for money"). */
  private readonly latestKept: ShortCache<string, NoticeSummary[]>;

  constructor(
    private readonly db: Db,
    private readonly repository: NoticesRepository,
    private readonly clock: Clock,
    /** How long the latest notices are kept (CONTENT_CACHE_MS); 0 reads them every call. */
    contentCacheMs = 0,
  ) {
    this.latestKept = new ShortCache(contentCacheMs);
  }

  async list(page: { page: number; pageSize: number }, language: Language) {
    const { rows, total } = await this.repository.listPublished(this.db, pageWindow(page));
    return pageResult(
      rows.map((row) => toSummary(row, language)),
      page,
      total,
    );
  }

  /**
   * The latest published notices, for home: the same for every user, so kept for up to
   * CONTENT_CACHE_MS per count and language (decision 053 "Fewer statements for home and for money"). The answer is
   * shared: not to be changed.
   */
  latest(count: number, language: Language): Promise<NoticeSummary[]> {
    return this.latestKept.get(`${count}:${language}`, async () =>
      (await this.repository.latestPublished(this.db, count)).map((row) => toSummary(row, language)),
    );
  }

  /** After a commit that published, changed or withdrew a notice: home reads them again. */
  forgetLatest(): void {
    this.latestKept.clear();
  }

  /** Published notices since `since` (ms), for the notifications inbox (decision 044 "The notifications inbox"). */
  async publishedSince(since: number): Promise<{ id: string; publishedAt: number }[]> {
    return (await this.repository.listPublishedSince(this.db, since)).map((row) => ({
      id: row.id,
      publishedAt: row.published_at ?? since,
    }));
  }

  /** Notices' titles in the user's language, by id (published or not). */
  async titles(ids: string[], language: Language): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.repository.findMany(this.db, ids);
    return new Map(rows.map((row) => [row.id, localize(language, row, { title: row.title }).title]));
  }

  /** Title and body each in the user's language, or the next one in the fallback order. */
  async get(id: string, language: Language): Promise<NoticeSummary & { body: string }> {
    const row = await this.repository.findPublished(this.db, id);
    if (!row) throw notFound();
    const { body } = localize(language, row, { body: row.body });
    return { ...toSummary(row, language), body: sanitizeNoticeHtml(body) };
  }
}
