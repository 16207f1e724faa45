import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commitStats, createDatabase } from './database.js';
import {
  GroupCommitSqliteDialect,
  MEMBERS_PER_COMMIT,
  type CommitStats,
  type SqliteConnection,
} from './group-commit.js';

interface Tables {
  items: { id: string; owner: string | null };
}

let dir: string;
let file: string;
let db: Kysely<Tables>;
let stats: CommitStats;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'stride-group-commit-'));
  file = path.join(dir, 'stride.db');
  const opened = createDatabase({ dialect: 'sqlite', file });
  stats = commitStats(opened)!;
  db = opened as unknown as Kysely<Tables>;
  await sql`create table owners (id text primary key)`.execute(db);
  // A deferred reference is checked at COMMIT: the way to make a shared commit fail on purpose.
  await sql`create table items (id text primary key, owner text references owners (id) deferrable initially deferred)`.execute(
    db,
  );
});

afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** What another process would find in the file: only what was committed. */
function committedIds(): string[] {
  const other = new SqliteDatabase(file, { readonly: true });
  try {
    return (other.prepare('select id from items order by id').all() as { id: string }[]).map((row) => row.id);
  } finally {
    other.close();
  }
}

const insert = (executor: Kysely<Tables>, id: string, owner: string | null = null) =>
  executor.insertInto('items').values({ id, owner }).execute();

const ids = (count: number) => Array.from({ length: count }, (_, index) => `item-${String(index).padStart(3, '0')}`);

describe('SQLite group commit', () => {
  it('commits transactions that arrive together once, and answers each after that commit', async () => {
    const before = { ...stats };
    const answered: string[][] = [];
    await Promise.all(
      ids(10).map((id) =>
        db
          .transaction()
          .execute((trx) => insert(trx, id))
          .then(() => answered.push(committedIds())),
      ),
    );
    expect(stats.commits - before.commits).toBe(1);
    expect(stats.members - before.members).toBe(10);
    // Each transaction was answered once all ten were on the disk, never before its own was.
    for (const seen of answered) expect(seen).toEqual(ids(10));
  });

  it('answers a single write outside a transaction after its commit, with the others of its turn', async () => {
    const before = { ...stats };
    await Promise.all(ids(3).map((id) => insert(db, id)));
    expect(committedIds()).toEqual(ids(3));
    expect(stats.commits - before.commits).toBe(1);
  });

  it('undoes only the writes of a transaction that fails; the others of its commit stay', async () => {
    const results = await Promise.allSettled(
      ids(3).map((id, index) =>
        db.transaction().execute(async (trx) => {
          await insert(trx, id);
          if (index === 1) throw new Error('the second one fails');
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committedIds()).toEqual(['item-000', 'item-002']);
  });

  it('fails every member of a commit that fails, keeps none of them, and commits the next ones', async () => {
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 'item-000')),
      // The owner does not exist: the deferred reference fails the shared COMMIT.
      db.transaction().execute((trx) => insert(trx, 'item-001', 'nobody')),
      insert(db, 'item-002'),
    ]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect(String((result as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY constraint failed/);
    }
    expect(committedIds()).toEqual([]);
    await insert(db, 'item-003');
    expect(committedIds()).toEqual(['item-003']);
  });

  it('lets a transaction read its own writes and earlier members’, and reads outside only what was committed', async () => {
    await insert(db, 'item-000');
    let inside: string[] = [];
    let outside: string[] = [];
    await Promise.all([
      db.transaction().execute((trx) => insert(trx, 'item-001')),
      db.transaction().execute(async (trx) => {
        await insert(trx, 'item-002');
        // The first transaction has finished and waits for the commit this one will share.
        inside = (await trx.selectFrom('items').select('id').orderBy('id').execute()).map((row) => row.id);
        outside = (await db.selectFrom('items').select('id').orderBy('id').execute()).map((row) => row.id);
      }),
    ]);
    expect(inside).toEqual(['item-000', 'item-001', 'item-002']);
    expect(outside).toEqual(['item-000']);
    expect(committedIds()).toEqual(['item-000', 'item-001', 'item-002']);
  });

  it('answers a read while a transaction holds the writer', async () => {
    await insert(db, 'item-000');
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let began!: () => void;
    const begun = new Promise<void>((resolve) => (began = resolve));
    const writing = db.transaction().execute(async (trx) => {
      await insert(trx, 'item-001');
      began();
      await held;
    });
    await begun;
    // With one connection this read would wait for the transaction, which waits for the read.
    const read = await db.selectFrom('items').select('id').execute();
    expect(read.map((row) => row.id)).toEqual(['item-000']);
    finish();
    await writing;
    expect(committedIds()).toEqual(['item-000', 'item-001']);
  });

  it(`commits at most ${MEMBERS_PER_COMMIT} members at once`, async () => {
    const before = { ...stats };
    await Promise.all(ids(150).map((id) => db.transaction().execute((trx) => insert(trx, id))));
    expect(committedIds()).toHaveLength(150);
    expect(stats.members - before.members).toBe(150);
    expect(stats.commits - before.commits).toBe(3);
    expect(stats.largest).toBe(MEMBERS_PER_COMMIT);
  });
});

/** A connection as database.ts makes one, without its kept statements. */
function connection(sqlite: SqliteDatabase.Database): SqliteConnection {
  return {
    statements: { prepare: (source) => sqlite.prepare(source), close: () => sqlite.close() },
    inTransaction: () => sqlite.inTransaction,
  };
}

/** A promise that records whether it settled. */
function watched<T>(promise: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
  let done = false;
  const tracked = promise.finally(() => (done = true));
  tracked.catch(() => undefined);
  return { promise: tracked, settled: () => done };
}

/** Lets every callback due now run (a commit waits for the end of the event loop's turn). */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('SQLite group commit with the log flushed off the event loop', () => {
  let flushed: { resolve: () => void; reject: (error: Error) => void }[];
  let flushing: Kysely<Tables>;

  beforeEach(async () => {
    flushed = [];
    const writer = new SqliteDatabase(file);
    writer.pragma('synchronous = NORMAL');
    const flush = () => new Promise<void>((resolve, reject) => flushed.push({ resolve, reject }));
    flushing = new Kysely<Tables>({
      dialect: new GroupCommitSqliteDialect(
        connection(writer),
        connection(new SqliteDatabase(file, { readonly: true })),
        flush,
      ),
    });
    // The table exists (made in the outer beforeEach); this commit's flush is answered at once.
    const first = insert(flushing, 'item-000');
    await vi.waitFor(() => expect(flushed).toHaveLength(1));
    flushed.shift()!.resolve();
    await first;
  });

  afterEach(async () => {
    for (const pending of flushed) pending.resolve();
    await flushing.destroy();
  });

  it('answers a commit only after its flush, and holds reads until then', async () => {
    const write = watched(insert(flushing, 'item-001'));
    await vi.waitFor(() => expect(flushed).toHaveLength(1));
    // Committed (another process sees it) but not yet flushed: neither answered nor shown.
    expect(committedIds()).toEqual(['item-000', 'item-001']);
    const read = watched(flushing.selectFrom('items').select('id').orderBy('id').execute());
    await turn();
    await turn();
    expect(write.settled()).toBe(false);
    expect(read.settled()).toBe(false);
    flushed.shift()!.resolve();
    await write.promise;
    expect((await read.promise).map((row) => row.id)).toEqual(['item-000', 'item-001']);
  });

  it('fails the members of a commit whose flush failed, and every later read and write', async () => {
    const write = watched(flushing.transaction().execute((trx) => insert(trx, 'item-001')));
    await vi.waitFor(() => expect(flushed).toHaveLength(1));
    flushed.shift()!.reject(new Error('EIO: i/o error, fdatasync'));
    await expect(write.promise).rejects.toThrow(/The disk did not confirm a commit/);
    await expect(flushing.selectFrom('items').select('id').execute()).rejects.toThrow(/did not confirm/);
    await expect(insert(flushing, 'item-002')).rejects.toThrow(/did not confirm/);
    await expect(flushing.transaction().execute((trx) => insert(trx, 'item-003'))).rejects.toThrow(/did not confirm/);
  });
});

describe('SQLite on disk as the server opens it', () => {
  it('journals savepoints in memory, commits without waiting for the disk, and flushes the log before answering', async () => {
    // Inside a transaction a statement runs on the writer, whose settings these are.
    const settings = await db.transaction().execute((trx) =>
      sql<{ synchronous: number; temp_store: number }>`
        select (select synchronous from pragma_synchronous) as synchronous,
               (select temp_store from pragma_temp_store) as temp_store`.execute(trx),
    );
    // NORMAL (1): the COMMIT does not wait for the disk; MEMORY (2): savepoints journal in memory.
    expect(settings.rows).toEqual([{ synchronous: 1, temp_store: 2 }]);
    const handle = await open(file, 'r');
    const fileHandle = Object.getPrototypeOf(handle) as { datasync: () => Promise<void> };
    await handle.close();
    const datasync = vi.spyOn(fileHandle, 'datasync');
    try {
      await insert(db, 'item-000');
      expect(datasync).toHaveBeenCalledTimes(1);
    } finally {
      datasync.mockRestore();
    }
  });
});
