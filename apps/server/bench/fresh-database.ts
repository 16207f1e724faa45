// What the bench's in-process lines share (the settlement of a large challenge, the economy page): a fresh migrated
// database with the configuration of a server on it, on SQLite and on a throwaway PostgreSQL server, and a clock that
// stands still.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, migrateToLatest, type Db } from '../src/db/database.js';
import type { Clock } from '../src/lib/clock.js';
import { loadConfig, type Config } from '../src/modules/index.js';
import { startPostgres } from '../test/postgres-server.js';

export class FixedClock implements Clock {
  constructor(private readonly at: number) {}
  now(): number {
    return this.at;
  }
}

/** `work` on `database`, migrated, with a server's configuration on it; the database is closed and its files go after. */
export async function onFreshDatabase<T>(
  database: Config['database'],
  work: (db: Db, config: Config) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stride-bench-data-'));
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_SECRET: 'bench-secret-bench-secret-bench-secret' }),
    database,
  };
  const db = createDatabase(database);
  try {
    await migrateToLatest(db);
    return await work(db, config);
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `measure`'s lines on a fresh SQLite file, then on a throwaway PostgreSQL server (`only`: one of them), each printed. */
export async function onEachDatabase(
  only: string | undefined,
  measure: (label: string, database: Config['database']) => Promise<string[]>,
): Promise<string[]> {
  const lines: string[] = [];
  const print = (measured: string[]) => {
    for (const line of measured) process.stdout.write(`${line}\n`);
    lines.push(...measured);
  };
  if (only !== 'postgres') {
    const dir = mkdtempSync(path.join(tmpdir(), 'stride-bench-db-'));
    try {
      print(await measure('SQLite', { dialect: 'sqlite', file: path.join(dir, 'stride.db') }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (only !== 'sqlite') {
    const postgres = await startPostgres({ durable: true });
    try {
      print(await measure('PostgreSQL', { dialect: 'postgres', url: postgres.url }));
    } finally {
      postgres.remove();
    }
  }
  return lines;
}
