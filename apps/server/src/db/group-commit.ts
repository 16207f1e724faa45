import type SqliteDatabase from 'better-sqlite3';
import { SqliteDialect, type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';

/** Prepared statements of one connection, kept per SQL text (database.ts). */
export interface Statements {
  prepare(sql: string): SqliteDatabase.Statement;
  close(): void;
}

/** A connection: its kept statements, and whether SQLite has a transaction open on it. */
export interface SqliteConnection {
  statements: Statements;
  inTransaction(): boolean;
}

/** How the writer's commits were shared, since the database was opened. */
export interface CommitStats {
  /** COMMITs that reached the disk (after their flush, when the driver flushes). */
  commits: number;
  /** Transactions and single writes those commits carried. */
  members: number;
  /** The most members one commit carried. */
  largest: number;
}

/** Members one commit carries at most: a long queue commits in steps, so none waits for all. */
export const MEMBERS_PER_COMMIT = 64;

/** Each member runs inside this savepoint of the shared transaction. */
const MEMBER = 'stride_member';

interface Member {
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Batch {
  members: Member[];
}

/** One use of the database by Kysely: a transaction, or single statements. */
class Lease implements DatabaseConnection {
  /** Between begin and commit or rollback: this lease holds the writer. */
  inTransaction = false;

  constructor(private readonly driver: GroupCommitDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, query);
  }

  streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return this.driver.stream<R>(this, query);
  }
}

function run<R>(statements: Statements, query: CompiledQuery): QueryResult<R> {
  const statement = statements.prepare(query.sql);
  const parameters = query.parameters;
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/**
 * SQLite with group commit (decision 069 "SQLite commits the writes that arrive together once"). Every write, a
 * transaction or a single statement, runs on the one writer connection as a member of a shared transaction, inside a
 * savepoint of its own: a member that fails rolls back to its savepoint and leaves the others as they were. The shared
 * transaction commits once the writer is free at the end of the event loop's turn (or after
 * MEMBERS_PER_COMMIT members), so the writes that arrived together reach the disk with one flush,
 * and the pages they share (an index's last page, a balance row) are written once. A member is
 * answered only after that COMMIT is on the disk (with `flush`, below, after its flush).
 * If the COMMIT fails, every member of it fails and nothing of it is kept.
 *
 * Reads outside a transaction run on a second, read-only connection, which sees only what was
 * committed: never a member's write whose commit could still fail, and never waiting behind an
 * open transaction. Reads inside a transaction run on the writer and see the transaction's own
 * writes and those of the members before it, which commit with it or not at all.
 *
 * With `flush` (decision 071 "SQLite's log is flushed off the event loop"), the COMMIT itself does not wait for the
 * disk (the writer runs with `synchronous = NORMAL`): the driver then flushes the write-ahead log on libuv's thread
 * pool and answers the commit's members once that flush has returned, so the event loop serves other
 * requests while the disk works. A read outside a transaction waits for the flush of every commit
 * before it, so no one is shown a write that a power cut could still take back. A flush that fails
 * leaves the disk's state unknown: the commit's members fail, and so does every later use of the
 * database until the process restarts and SQLite recovers from what the disk holds.
 */
export class GroupCommitDriver implements Driver {
  readonly #writer: SqliteConnection;
  /** None for an in-memory database, which a second connection cannot open: reads then write. */
  readonly #reader: SqliteConnection | undefined;
  #held = false;
  readonly #waiting: (() => void)[] = [];
  #batch: Batch | undefined;
  /** Streams open on the reader; a statement on it waits for them (SQLite's connection is busy). */
  #readerStream: Promise<void> | undefined;
  readonly #flush: (() => Promise<void>) | undefined;
  /** The flush of the latest commit while it runs (it covers the commits before it too). */
  #flushing: Promise<void> | undefined;
  /** Set by a flush that failed: nothing is served any more (see the class's comment). */
  #failed: Error | undefined;
  readonly stats: CommitStats = { commits: 0, members: 0, largest: 0 };

  constructor(writer: SqliteConnection, reader: SqliteConnection | undefined, flush?: () => Promise<void>) {
    this.#writer = writer;
    this.#reader = reader;
    this.#flush = flush;
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new Lease(this));
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    this.#refuseIfFailed();
    await this.#lock();
    try {
      this.#enter();
    } catch (error) {
      this.#unlock();
      throw error;
    }
    lease.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    lease.inTransaction = false;
    let committed: Promise<void>;
    try {
      committed = this.#leave();
    } finally {
      this.#unlock();
    }
    await committed;
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // After a failed commit (the whole batch's) there is nothing of this lease's left to undo.
    if (!lease.inTransaction) return Promise.resolve();
    lease.inTransaction = false;
    return settled(() => {
      try {
        this.#undo();
      } finally {
        this.#unlock();
      }
    });
  }

  savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    return settled(() => this.#nested(connection, `savepoint ${quoted(name)}`));
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    return settled(() => this.#nested(connection, `rollback to ${quoted(name)}`));
  }

  releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    return settled(() => this.#nested(connection, `release ${quoted(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // Kysely ends every transaction before it releases the connection; this is for safety only.
    if ((connection as Lease).inTransaction) await this.rollbackTransaction(connection);
  }

  async destroy(): Promise<void> {
    await this.#lock();
    try {
      if (this.#batch) this.#commit();
      await this.#flushing;
    } catch {
      // The flush's failure reached the members it concerned; closing goes on.
    } finally {
      this.#reader?.statements.close();
      this.#writer.statements.close();
    }
  }

  async execute<R>(lease: Lease, query: CompiledQuery): Promise<QueryResult<R>> {
    if (lease.inTransaction) return run<R>(this.#writer.statements, query);
    this.#refuseIfFailed();
    const reader = this.#reader;
    // Whether a statement writes is asked of the writer, whose schema is always the latest.
    if (reader && this.#writer.statements.prepare(query.sql).readonly) {
      // Most reads find nothing to wait for: they run without a turn of the microtask queue.
      if (this.#readerStream || this.#flushing) await this.#readable();
      return run<R>(reader.statements, query);
    }
    // A write on its own: a member of one statement, answered once its commit has returned.
    await this.#lock();
    let result: QueryResult<R>;
    let committed: Promise<void>;
    try {
      this.#enter();
      try {
        result = run<R>(this.#writer.statements, query);
      } catch (error) {
        this.#undo();
        throw error;
      }
      committed = this.#leave();
    } finally {
      this.#unlock();
    }
    await committed;
    return result;
  }

  async *stream<R>(lease: Lease, query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const reader = this.#reader;
    if (lease.inTransaction || !reader) {
      if (!lease.inTransaction) throw new Error('An in-memory database streams only inside a transaction');
      for (const row of this.#writer.statements.prepare(query.sql).iterate(query.parameters)) {
        yield { rows: [row as R] };
      }
      return;
    }
    if (!this.#writer.statements.prepare(query.sql).readonly) throw new Error('Only reads stream');
    const statement = reader.statements.prepare(query.sql);
    await this.#readable();
    let done!: () => void;
    this.#readerStream = new Promise((resolve) => (done = resolve));
    try {
      for (const row of statement.iterate(query.parameters)) yield { rows: [row as R] };
    } finally {
      this.#readerStream = undefined;
      done();
    }
  }

  /**
   * Until the reader may run a statement: no stream of its open, every commit so far flushed. A
   * commit made while this waited is waited for too (a commit happens between the event loop's
   * turns, so this ends).
   */
  async #readable(): Promise<void> {
    for (;;) {
      if (this.#readerStream) await this.#readerStream;
      else if (this.#flushing) await this.#flushing;
      else break;
    }
    this.#refuseIfFailed();
  }

  #refuseIfFailed(): void {
    if (this.#failed) throw this.#failed;
  }

  #exec(text: string): void {
    this.#writer.statements.prepare(text).run();
  }

  /** Starts a member: the shared transaction, opened if none is, then the member's savepoint. */
  #enter(): void {
    if (!this.#batch) {
      // IMMEDIATE takes the write lock now (waiting by busy_timeout for another process), so no
      // statement of a member meets a lock it cannot wait for halfway through.
      this.#exec('begin immediate');
      this.#batch = { members: [] };
    }
    this.#exec(`savepoint ${MEMBER}`);
  }

  /** Ends a member that succeeded; the promise settles with the shared transaction's commit. */
  #leave(): Promise<void> {
    const batch = this.#batch;
    if (!batch || !this.#writer.inTransaction()) {
      const error = new Error('SQLite ended the transaction before its commit');
      this.#lose(error);
      return Promise.reject(error);
    }
    this.#exec(`release ${MEMBER}`);
    const committed = new Promise<void>((resolve, reject) => batch.members.push({ resolve, reject }));
    if (batch.members.length >= MEMBERS_PER_COMMIT) {
      this.#commit();
    } else if (batch.members.length === 1) {
      // At the end of this turn of the event loop: the requests read in it have joined by then.
      setImmediate(() => void this.#commitWhenFree(batch));
    }
    return committed;
  }

  /** Ends a member that failed: its own writes are undone, the members before it stay. */
  #undo(): void {
    if (!this.#writer.inTransaction()) {
      // Some errors (a full disk, an I/O error) make SQLite roll back the whole transaction.
      this.#lose(new Error('SQLite rolled back the transaction'));
      return;
    }
    this.#exec(`rollback to ${MEMBER}`);
    this.#exec(`release ${MEMBER}`);
  }

  async #commitWhenFree(batch: Batch): Promise<void> {
    await this.#lock();
    try {
      if (this.#batch === batch) this.#commit();
    } finally {
      this.#unlock();
    }
  }

  #commit(): void {
    const batch = this.#batch!;
    this.#batch = undefined;
    try {
      this.#exec('commit');
    } catch (error) {
      // A COMMIT that failed (a deferred constraint, the disk) may leave the transaction open.
      if (this.#writer.inTransaction()) this.#exec('rollback');
      for (const member of batch.members) member.reject(error);
      return;
    }
    if (!this.#flush) {
      this.#count(batch);
      return;
    }
    const flushing = this.#flush().then(
      () => {
        if (this.#flushing === flushing) this.#flushing = undefined;
        // After a failed flush, a later one that succeeds proves nothing of the pages before it.
        if (this.#failed) for (const member of batch.members) member.reject(this.#failed);
        else this.#count(batch);
      },
      (error: unknown) => {
        if (this.#flushing === flushing) this.#flushing = undefined;
        this.#failed ??= new Error('The disk did not confirm a commit: restart the server', { cause: error });
        for (const member of batch.members) member.reject(this.#failed);
      },
    );
    this.#flushing = flushing;
  }

  /** A commit on the disk: its members are answered. */
  #count(batch: Batch): void {
    this.stats.commits += 1;
    this.stats.members += batch.members.length;
    this.stats.largest = Math.max(this.stats.largest, batch.members.length);
    for (const member of batch.members) member.resolve();
  }

  /** The shared transaction is gone: each member waiting for its commit fails. */
  #lose(error: Error): void {
    const batch = this.#batch;
    this.#batch = undefined;
    for (const member of batch?.members ?? []) member.reject(error);
  }

  #nested(connection: DatabaseConnection, text: string): void {
    if (!(connection as Lease).inTransaction) throw new Error('A savepoint needs a transaction');
    this.#exec(text);
  }

  #lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Hands the writer to the next in line, first come first served. */
  #unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** A synchronous step as the promise Kysely's driver interface wants: its error a rejection. */
function settled(step: () => void): Promise<void> {
  try {
    step();
    return Promise.resolve();
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Kysely's SQLite dialect with the group-committing driver in place of its own. */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly driver: GroupCommitDriver;

  constructor(writer: SqliteConnection, reader: SqliteConnection | undefined, flush?: () => Promise<void>) {
    // Kysely's own driver is never made; its config wants a database all the same.
    super({ database: writer.statements });
    this.driver = new GroupCommitDriver(writer, reader, flush);
  }

  override createDriver(): Driver {
    return this.driver;
  }
}
