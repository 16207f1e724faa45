import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, FilesTable, MediaTable } from '../../db/schema.js';

export type FileRow = FilesTable;
export type MediaRow = MediaTable;

/**
 * Every column that refers to `files.id`. An upload none of them names is unused, and the
 * cleanup removes it after the grace period; a new reference must be listed here (a test
 * compares this list with the database's foreign keys).
 */
export const FILE_REFERENCES = [
  { table: 'identities', column: 'front_file_id' },
  { table: 'identities', column: 'back_file_id' },
  { table: 'identities', column: 'face_file_id' },
  { table: 'users', column: 'avatar_file_id' },
  { table: 'appeals', column: 'file_id' },
] as const satisfies readonly { table: keyof Database; column: string }[];

/** `not exists (select 1 from <table> where <table>.<column> = files.id)`. */
function notReferencedBy({ table, column }: (typeof FILE_REFERENCES)[number]) {
  return sql<boolean>`not exists (select 1 from ${sql.table(table)} where ${sql.ref(`${table}.${column}`)} = ${sql.ref('files.id')})`;
}

export class FilesRepository {
  async insertMedia(db: Executor, row: MediaRow): Promise<void> {
    await db.insertInto('media').values(row).execute();
  }

  findMedia(db: Executor, id: string): Promise<MediaRow | undefined> {
    return db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
  }

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

  /** Serialises one user's uploads and the cleanup of their files (a no-op update takes the row lock). */
  async lockUser(db: Executor, userId: string): Promise<void> {
    await db
      .updateTable('users')
      .set((eb) => ({ invite_code: eb.ref('invite_code') }))
      .where('id', '=', userId)
      .execute();
  }

  /** Bytes the user's files hold now (deleted bytes do not count). */
  async storedBytes(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('files')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('total'))
      .where('user_id', '=', userId)
      .where('storage_key', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Files made before `createdBefore` that no column refers to, oldest first. */
  listUnreferenced(db: Executor, createdBefore: number, limit: number): Promise<Pick<FileRow, 'id' | 'user_id'>[]> {
    let query = db
      .selectFrom('files')
      .select(['files.id', 'files.user_id'])
      .where('files.created_at', '<', createdBefore);
    for (const reference of FILE_REFERENCES) query = query.where(notReferencedBy(reference));
    return query.orderBy('files.created_at').orderBy('files.id').limit(limit).execute();
  }

  /** Deletes the row if still unreferenced; answers its key (null: no bytes) and size, or undefined. */
  async deleteUnreferenced(db: Executor, id: string): Promise<Pick<FileRow, 'storage_key' | 'size'> | undefined> {
    let query = db.deleteFrom('files').where('files.id', '=', id);
    for (const reference of FILE_REFERENCES) query = query.where(notReferencedBy(reference));
    return query.returning(['storage_key', 'size']).executeTakeFirst();
  }

  async markDeleted(db: Executor, id: string, now: number): Promise<void> {
    await db.updateTable('files').set({ storage_key: null, deleted_at: now }).where('id', '=', id).execute();
  }

  listOfUser(db: Executor, userId: string): Promise<FileRow[]> {
    return db.selectFrom('files').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  }

  async markAllDeleted(db: Executor, userId: string, now: number): Promise<void> {
    await db
      .updateTable('files')
      .set({ storage_key: null, deleted_at: now })
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute();
  }
}
