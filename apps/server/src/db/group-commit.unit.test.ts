import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitStats, createDatabase } from './database.js';
import { MEMBERS_PER_COMMIT, type CommitStats } from './group-commit.js';

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
