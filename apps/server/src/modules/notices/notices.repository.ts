import type { Executor } from '../../db/executor.js';
import type { NoticesTable } from '../../db/schema.js';

export type NoticeRow = NoticesTable;

export class NoticesRepository {
  async listPublished(
    db: Executor,
    page: { limit: number; offset: number },
  ): Promise<{ rows: Pick<NoticeRow, 'id' | 'title' | 'published_at'>[]; total: number }> {
    const query = db.selectFrom('notices').where('published_at', 'is not', null);
    const [rows, count] = await Promise.all([
      query
        .select(['id', 'title', 'published_at'])
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
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

  async insert(db: Executor, row: NoticeRow): Promise<void> {
    await db.insertInto('notices').values(row).execute();
  }

  async setPublished(db: Executor, id: string, publishedAt: number | null): Promise<boolean> {
    const result = await db
      .updateTable('notices')
      .set({ published_at: publishedAt })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
