import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  CompiledQuery,
  DatabaseConnection,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/**
 * PostgreSQL connections can be lost under a running server: a restart, a failover,
 * `idle_session_timeout`, `pg_terminate_backend`. Errors that say so are marked where they leave
 * the database driver, so an answer can tell "the database is briefly unreachable" from any other
 * failure, and a request that cannot have written anything can be run again (decision 014 "Losing the PostgreSQL
 * connection").
 */

const SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast or smart shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);
const NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// pg's own words when a socket ends, a client is unusable, or no connection came in time.
const PG_MESSAGES = /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended/i;

/** Whether an error (or one it wraps) says the connection to the database is gone or cannot be made. */
export function isConnectionFailure(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (code.startsWith('08') || SQLSTATES.has(code) || NODE_CODES.has(code))) {
    return true;
  }
  if (typeof message === 'string' && PG_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isConnectionFailure(inner, depth + 1))) return true;
  return isConnectionFailure(cause, depth + 1);
}

const lostConnectionErrors = new WeakSet<object>();

/** True for an error the database driver raised because the connection was lost or refused. */
export function isLostConnection(error: unknown): boolean {
  return typeof error === 'object' && error !== null && lostConnectionErrors.has(error);
}

function mark(error: unknown): unknown {
  if (typeof error === 'object' && error !== null && isConnectionFailure(error)) lostConnectionErrors.add(error);
  return error;
}

/** What one unit of work (a request) may have changed in the database so far. */
interface WriteRecord {
  mayHaveWritten: boolean;
}
const writes = new AsyncLocalStorage<WriteRecord>();

function noteWrite(): void {
  const record = writes.getStore();
  if (record) record.mayHaveWritten = true;
}

const READ_ONLY_SQL = /^\s*select\b/i;

function isRead(query: CompiledQuery): boolean {
  if (query.query.kind === 'SelectQueryNode') return true;
  return query.query.kind === 'RawNode' && READ_ONLY_SQL.test(query.sql);
}

/**
 * Runs `work` and, when it failed because the database connection was lost and nothing it did
 * can have reached the database (no commit sent, no statement other than a read outside a
 * transaction), runs it again, at most `attempts` times in all. A transaction whose connection
 * died before its commit was rolled back by the server; one that died during the commit has an
 * unknown outcome and is never run again here.
 */
export async function retryWhileNothingWritten<T>(work: () => Promise<T>, attempts: number): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const record: WriteRecord = { mayHaveWritten: false };
    try {
      return await writes.run(record, work);
    } catch (error) {
      if (attempt >= attempts || record.mayHaveWritten || !isLostConnection(error)) throw error;
      // Lets pg handle the sockets that closed with the lost ones, so the pool drops those too.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

class TrackedConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.inTransaction && !isRead(query)) noteWrite();
    try {
      return await this.inner.executeQuery<R>(query);
    } catch (error) {
      throw mark(error);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (!this.inTransaction && !isRead(query)) noteWrite();
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

async function marked<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw mark(error);
  }
}

/**
 * Wraps a driver so lost-connection errors are marked and the writes of the current unit of
 * work are noted. Everything else is the wrapped driver's.
 */
export class ConnectionLossDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return marked(this.inner.init());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new TrackedConnection(await marked(this.inner.acquireConnection()));
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const tracked = connection as TrackedConnection;
    await marked(this.inner.beginTransaction(tracked.inner, settings));
    tracked.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const tracked = connection as TrackedConnection;
    // Once the commit is sent its outcome may be unknown: the work is no longer safe to repeat.
    noteWrite();
    tracked.inTransaction = false;
    await marked(this.inner.commitTransaction(tracked.inner));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const tracked = connection as TrackedConnection;
    tracked.inTransaction = false;
    await marked(this.inner.rollbackTransaction(tracked.inner));
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await marked(this.inner.savepoint!((connection as TrackedConnection).inner, name, compileQuery));
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await marked(this.inner.rollbackToSavepoint!((connection as TrackedConnection).inner, name, compileQuery));
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await marked(this.inner.releaseSavepoint!((connection as TrackedConnection).inner, name, compileQuery));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as TrackedConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
