import type { Executor } from '../../db/executor.js';
import type { FilesTable } from '../../db/schema.js';

export type FileRow = FilesTable;

export class FilesRepository {
  async insert(db: Executor, row: FileRow): Promise<void> {
    await db.insertInto('files').values(row).execute();
  }

  find(db: Executor, id: string): Promise<FileRow | undefined> {
    return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The caller's file, still holding bytes; anyone else's answers undefined like a missing one. */
  findOwned(db: Executor, userId: string, id: string): Promise<FileRow | undefined> {
    return db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async markDeleted(db: Executor, id: string, now: number): Promise<void> {
    await db.updateTable('files').set({ storage_key: null, deleted_at: now }).where('id', '=', id).execute();
  }
}
