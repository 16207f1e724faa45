import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { MIGRATIONS } from './migrations/index.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

const INT8_OID = 20;
// Money, points and times are bigint columns; their values stay far below 2^53.
pg.types.setTypeParser(INT8_OID, (value) => Number(value));

export function createDatabase(database: Config['database']): Db {
  if (database.dialect === 'postgres') {
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 10 }) }),
    });
  }
  const onDisk = database.file !== ':memory:';
  if (onDisk) {
    mkdirSync(path.dirname(database.file), { recursive: true });
    // Owner-only, like the secrets: create the file 0600 before SQLite opens it (SQLite gives its
    // -wal and -shm files the database file's mode), and tighten a file made before.
    closeSync(openSync(database.file, 'a', 0o600));
    chmodSync(database.file, 0o600);
  }
  const sqlite = new SqliteDatabase(database.file);
  sqlite.pragma('journal_mode = WAL');
  if (onDisk) {
    for (const companion of [`${database.file}-wal`, `${database.file}-shm`]) {
      if (existsSync(companion)) chmodSync(companion, 0o600);
    }
  }
  // Money is written here: a committed transfer must survive a power cut.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
