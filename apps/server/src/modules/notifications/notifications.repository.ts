import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { countOf, newestFirst, oldestFirst, pageOf, updatedCount } from '../../db/queries.js';
import type { NotificationsTable } from '../../db/schema.js';

export type NotificationRow = Selectable<NotificationsTable>;

export class NotificationsRepository {
  /** Inserts unless the user already has a row with this dedupe key; the row, or null when it existed. */
  async insertOnce(db: Executor, row: Insertable<NotificationsTable>): Promise<NotificationRow | null> {
    const inserted = await db
      .insertInto('notifications')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    return inserted ?? null;
  }

  /** Many rows in one statement, each unless its user has its dedupe key; answers the new ones. */
  insertManyOnce(db: Executor, rows: Insertable<NotificationsTable>[]): Promise<NotificationRow[]> {
    if (rows.length === 0) return Promise.resolve([]);
    return db
      .insertInto('notifications')
      .values(rows)
      .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
      .returningAll()
      .execute();
  }

  find(db: Executor, id: string): Promise<NotificationRow | undefined> {
    return db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(
    db: Executor,
    userId: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: NotificationRow[]; total: number }> {
    const query = db.selectFrom('notifications').where('user_id', '=', userId);
    return pageOf(query, page, (found) => newestFirst(found.selectAll(), 'created_at', 'id'));
  }

  countUnread(db: Executor, userId: string): Promise<number> {
    return countOf(db.selectFrom('notifications').where('user_id', '=', userId).where('read_at', 'is', null));
  }

  /** The dedupe keys of this kind the user already has. */
  async keysOfKind(db: Executor, userId: string, kind: string): Promise<Set<string>> {
    const rows = await db
      .selectFrom('notifications')
      .select('dedupe_key')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .execute();
    return new Set(rows.map((row) => row.dedupe_key));
  }

  /** Every row of the user, oldest first (the data export). */
  listOfUser(db: Executor, userId: string): Promise<NotificationRow[]> {
    return oldestFirst(
      db.selectFrom('notifications').selectAll().where('user_id', '=', userId),
      'created_at',
      'id',
    ).execute();
  }

  async deleteOfUser(db: Executor, userId: string): Promise<void> {
    await db.deleteFrom('notifications').where('user_id', '=', userId).execute();
  }

  async deleteKeys(db: Executor, userId: string, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await db.deleteFrom('notifications').where('user_id', '=', userId).where('dedupe_key', 'in', keys).execute();
  }

  /** Marks one of the user's rows read if it is unread; false when it is not the user's (or missing). */
  async markRead(db: Executor, userId: string, id: string, now: number): Promise<boolean> {
    await db
      .updateTable('notifications')
      .set({ read_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
    const row = await db
      .selectFrom('notifications')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  markAllRead(db: Executor, userId: string, now: number): Promise<number> {
    return updatedCount(
      db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null),
    );
  }
}
