import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { newestFirst, pageOf, updatedOne } from '../../db/queries.js';
import type { NoticesTable } from '../../db/schema.js';

export type NoticeRow = Selectable<NoticesTable>;

export class NoticesRepository {
  listPublished(
    db: Executor,
    page: { limit: number; offset: number },
  ): Promise<{
    rows: Pick<NoticeRow, 'id' | 'title' | 'published_at' | 'default_language' | 'translations'>[];
    total: number;
  }> {
    return pageOf(this.published(db), page, (found) => this.newestSummaries(found));
  }

  listPublishedSince(db: Executor, since: number): Promise<Pick<NoticeRow, 'id' | 'published_at'>[]> {
    return db
      .selectFrom('notices')
      .select(['id', 'published_at'])
      .where('published_at', 'is not', null)
      .where('published_at', '>=', since)
      .execute();
  }

  findMany(db: Executor, ids: string[]): Promise<NoticeRow[]> {
    return db.selectFrom('notices').selectAll().where('id', 'in', ids).execute();
  }

  /** The newest published notices, without the count a page needs (home shows a few). */
  latestPublished(
    db: Executor,
    limit: number,
  ): Promise<Pick<NoticeRow, 'id' | 'title' | 'published_at' | 'default_language' | 'translations'>[]> {
    return this.newestSummaries(this.published(db)).limit(limit).execute();
  }

  private published(db: Executor) {
    return db.selectFrom('notices').where('published_at', 'is not', null);
  }

  /** What a list shows of each notice, the newest published first. */
  private newestSummaries(query: ReturnType<NoticesRepository['published']>) {
    const summary = ['id', 'title', 'published_at', 'default_language', 'translations'] as const;
    return newestFirst(query.select(summary), 'published_at', 'id');
  }

  findPublished(db: Executor, id: string): Promise<NoticeRow | undefined> {
    return db
      .selectFrom('notices')
      .selectAll()
      .where('id', '=', id)
      .where('published_at', 'is not', null)
      .executeTakeFirst();
  }

  find(db: Executor, id: string): Promise<NoticeRow | undefined> {
    return db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listAll(db: Executor, limit: number): Promise<NoticeRow[]> {
    return db.selectFrom('notices').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
  }

  async insert(db: Executor, row: Insertable<NoticesTable>): Promise<void> {
    await db.insertInto('notices').values(row).execute();
  }

  /**
   * Changes a notice if it is still at `version` (a compare-and-set, decision 015 "Only once rules are held by the
   * database"); false when it is missing or another edit came first.
   */
  updateAtVersion(
    db: Executor,
    id: string,
    version: number,
    values: { title?: string; body?: string; published_at?: number | null; updated_at: number },
  ): Promise<boolean> {
    return updatedOne(
      db
        .updateTable('notices')
        .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', version),
    );
  }

  setPublished(db: Executor, id: string, publishedAt: number | null): Promise<boolean> {
    return updatedOne(
      db
        .updateTable('notices')
        .set((eb) => ({ published_at: publishedAt, version: eb('version', '+', 1) }))
        .where('id', '=', id),
    );
  }
}
