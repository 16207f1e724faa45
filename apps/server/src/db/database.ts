import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  DEFAULT_MIGRATION_TABLE,
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  type Driver,
  type Migration,
  type MigrationProvider,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import type Pg from 'pg';
import type { FrameConfig } from '../config.js';
import { ConnectionLossDriver, isConnectionFailure } from './connection-loss.js';
import { GroupCommitSqliteDialect, type CommitStats, type Statements } from './group-commit.js';
import { MIGRATIONS } from './migrations/index.js';
import { statementName } from './prepared.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

const INT8_OID = 20;

/**
 * The PostgreSQL driver, loaded when a PostgreSQL database is opened: a server on its embedded
 * SQLite never holds it (about 15 MB of resident memory; decision 033 "Running the server from a bundle").
 */
function loadPg(): typeof Pg {
  const pg = createRequire(import.meta.url)('pg') as typeof Pg;
  // Money, points and times are bigint columns; their values stay far below 2^53.
  pg.types.setTypeParser(INT8_OID, (value) => Number(value));
  return pg;
}

class ResilientPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new ConnectionLossDriver(super.createDriver());
  }
}

/**
 * The pool as Kysely sees it, except that a client whose statement failed because its connection
 * was lost is destroyed on release instead of going back to the pool, where the next request
 * would take it before pg has noticed the closed socket.
 */
function discardingLostClients(pool: Pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let lost: Error | undefined;
      const query = async (text: string, values: ReadonlyArray<unknown>) => {
        const name = statementName(text);
        try {
          return await (name ? client.query({ name, text, values: [...values] }) : client.query(text, [...values]));
        } catch (error) {
          if (isConnectionFailure(error)) lost = error as Error;
          throw error;
        }
      };
      return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release(lost) };
    },
    end: () => pool.end(),
  };
}

/** Connections a server opens to PostgreSQL at most. */
const POOL_MAX = 10;

/** How a PostgreSQL pool is used right now (pg's own counters). */
export interface PoolStats {
  /** Connections open, idle or checked out. */
  total: number;
  idle: number;
  /** Requests waiting for a connection: above zero, the pool is the bottleneck. */
  waiting: number;
  max: number;
}

const pools = new WeakMap<Db, () => PoolStats>();

/**
 * The pool's use for a database opened by `createDatabase` on PostgreSQL; undefined on SQLite,
 * whose one in-process connection has no pool (its statements queue in the driver, one at a time).
 */
export function poolStats(db: Db): PoolStats | undefined {
  return pools.get(db)?.();
}

const commits = new WeakMap<Db, CommitStats>();

/**
 * How an SQLite database's commits were shared since it was opened (decision 069 "SQLite commits the writes that arrive
 * together once"); undefined on PostgreSQL, which shares the flushes of concurrent commits itself.
 */
export function commitStats(db: Db): CommitStats | undefined {
  return commits.get(db);
}

export interface DatabaseOptions {
  /** Told about every connection the server dropped or lost (PostgreSQL); the pool replaces it. */
  onConnectionError?: (error: Error) => void;
}

export function createDatabase(database: FrameConfig['database'], options: DatabaseOptions = {}): Db {
  if (database.dialect === 'postgres') {
    const pg = loadPg();
    const pool = new pg.Pool({
      connectionString: database.url,
      max: POOL_MAX,
      // A request waits at most this long for a connection (server unreachable, pool exhausted),
      // then answers "service unavailable" instead of hanging.
      connectionTimeoutMillis: 10_000,
      // Notices a peer that vanished without closing the socket (failover, a dropped network).
      keepAlive: true,
    });
    // Without listeners, a connection lost while idle in the pool (the pool's 'error') or while
    // checked out between two statements (the client's 'error') is an unhandled 'error' event,
    // which ends the process. The pool drops the idle one itself; a checked-out one fails its
    // next statement, which answers that request, and is dropped when it is released.
    pool.on('error', (error) => options.onConnectionError?.(error));
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: new ResilientPostgresDialect({ pool: discardingLostClients(pool) }) });
    pools.set(db, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX }));
    return db;
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
  // Money is written here: a committed transfer must survive a power cut. On disk the COMMIT
  // writes the log without waiting for it, and the group commit flushes it off the event loop
  // before anyone is answered (decision 071 "SQLite's log is flushed off the event loop"); NORMAL keeps the flushes
  // SQLite's checkpoints make.
  sqlite.pragma(onDisk ? 'synchronous = NORMAL' : 'synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Each member's savepoint journals the pages it changes first: in memory, not in a temporary
  // file written for every page (decision 071 "SQLite's log is flushed off the event loop").
  sqlite.pragma('temp_store = MEMORY');
  // Reads outside a transaction have a connection of their own, which sees only committed data
  // (decision 069 "SQLite commits the writes that arrive together once"). An in-memory database is one connection's
  // alone: there, reads queue with the writes.
  let reader: SqliteDatabase.Database | undefined;
  if (onDisk) {
    reader = new SqliteDatabase(database.file, { readonly: true });
    reader.pragma('busy_timeout = 5000');
  }
  const log = onDisk ? writeAheadLog(database.file) : undefined;
  const statements = reusingStatements(sqlite);
  const dialect = new GroupCommitSqliteDialect(
    {
      statements: {
        prepare: (source) => statements.prepare(source),
        close: () => {
          statements.close();
          log?.close();
        },
      },
      inTransaction: () => sqlite.inTransaction,
    },
    reader && { statements: reusingStatements(reader), inTransaction: () => reader.inTransaction },
    log?.flush,
  );
  const db = new Kysely<Database>({ dialect });
  commits.set(db, dialect.driver.stats);
  return db;
}

/**
 * The database's write-ahead log, flushed to the disk on libuv's thread pool (decision 071 "SQLite's log is flushed off
 * the event loop"). The file is opened at the first flush (SQLite has made it by the first commit) and kept: SQLite
 * removes it only when the last connection to the database closes.
 */
function writeAheadLog(file: string): { flush: () => Promise<void>; close: () => void } {
  let handle: Promise<FileHandle> | undefined;
  return {
    flush: async () => {
      handle ??= open(`${file}-wal`, 'r+');
      await (await handle).datasync();
    },
    close: () => {
      handle?.then((opened) => opened.close()).catch(() => undefined);
    },
  };
}

/** Prepared statements kept per SQL text; the oldest leave first past this many. */
const STATEMENTS_KEPT = 500;

/**
 * The database as Kysely's SQLite driver uses it, except that a statement is prepared once per
 * SQL text and reused: Kysely prepares each query anew, which cost about a tenth of an
 * authenticated read's time (decision 049 "A bench that holds on a busy machine"). A connection runs one statement at a
 * time (its calls are synchronous, and group-commit.ts lets a stream finish before the next statement on its
 * connection), so a statement is never shared while it runs. SQLite prepares a kept statement again by itself after a
 * schema change.
 */
function reusingStatements(sqlite: SqliteDatabase.Database): Statements {
  const kept = new Map<string, SqliteDatabase.Statement>();
  const prepare = (source: string) => {
    let statement = kept.get(source);
    if (statement) {
      kept.delete(source);
    } else {
      statement = sqlite.prepare(source);
      if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
    }
    kept.set(source, statement);
    return statement;
  };
  return { prepare, close: () => sqlite.close() };
}

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

/**
 * Runs every migration the database has not run yet. Several servers starting together on one
 * PostgreSQL database run each migration once: Kysely's migrator holds a session-level advisory
 * lock (`pg_advisory_lock`) on one connection around reading the applied migrations and running
 * the rest in one transaction, so the second server waits, then finds nothing left to do
 * (decision 056 "Metrics, liveness apart from readiness, draining on shutdown"). `migrations` is for tests that count
 * the runs.
 */
export async function migrateToLatest(db: Db, migrations: Record<string, Migration> = MIGRATIONS): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrations === MIGRATIONS ? provider : { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

/** Names of the migrations this build knows that the database has not run yet. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  const done = new Set(rows.map((row) => row.name));
  return Object.keys(MIGRATIONS).filter((name) => !done.has(name));
}
