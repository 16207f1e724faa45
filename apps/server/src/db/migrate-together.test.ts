import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_MIGRATION_TABLE, sql, type Migration } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createApp } from '../app.js';
import { loadConfig } from '../modules/index.js';
import { dialect } from '../../test/harness.js';
import { createDatabase, migrateToLatest, type Db } from './database.js';
import { MIGRATIONS } from './migrations/index.js';

/** This build's migrations, each counting how often it ran. */
function countedMigrations(): { migrations: Record<string, Migration>; runs: Map<string, number> } {
  const runs = new Map<string, number>();
  const migrations = Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, migration]) => [
      name,
      {
        ...migration,
        up: async (db: Parameters<Migration['up']>[0]) => {
          runs.set(name, (runs.get(name) ?? 0) + 1);
          await migration.up(db);
        },
      },
    ]),
  );
  return { migrations, runs };
}

async function appliedMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  return rows.map((row) => row.name).sort();
}

/** A new empty database on the suite's server, and its removal. */
async function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('postgresUrl');
  const name = `together_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name}`).catch(() => undefined);
      await client.end();
    },
  };
}

if (dialect === 'postgres') {
  describe('several servers starting together on one fresh PostgreSQL database', () => {
    it('runs each migration once when four migrators start at the same moment', async () => {
      const { url, drop } = await emptyDatabase();
      const dbs = Array.from({ length: 4 }, () => createDatabase({ dialect: 'postgres', url }));
      try {
        const { migrations, runs } = countedMigrations();
        const outcomes = await Promise.allSettled(dbs.map((db) => migrateToLatest(db, migrations)));
        expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
        expect(Object.fromEntries(runs)).toEqual(Object.fromEntries(Object.keys(MIGRATIONS).map((name) => [name, 1])));
        expect(await appliedMigrations(dbs[0]!)).toEqual(Object.keys(MIGRATIONS).sort());
      } finally {
        await Promise.all(dbs.map((db) => db.destroy()));
        await drop();
      }
    });

    it('starts three whole servers at once: every one is ready and the schema is migrated once', async () => {
      const { url, drop } = await emptyDatabase();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'stride-together-'));
      const config = loadConfig({
        NODE_ENV: 'test',
        STRIDE_MODE: 'demo',
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        LOG_LEVEL: 'silent',
        APP_SECRET: 'test-secret-test-secret-test-secret',
        SMS_POLL_SECONDS: '0',
        PUSH_REMINDER_SWEEP_SECONDS: '0',
        PAYMENT_SWEEP_INTERVAL_SECONDS: '0',
        NOTIFICATION_SWEEP_INTERVAL_SECONDS: '0',
        CLEANUP_INTERVAL_MINUTES: '0',
      });
      const started = await Promise.allSettled([1, 2, 3].map(() => createApp({ config })));
      const apps = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
      try {
        expect(started.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
        for (const app of apps) {
          await app.ready();
          const ready = await app.inject({ method: 'GET', url: '/readyz' });
          expect(ready.json()).toEqual({ status: 'ready' });
        }
        expect(await appliedMigrations(apps[0]!.services.db)).toEqual(Object.keys(MIGRATIONS).sort());
        // The one-time start-up rows are there once too (the first policies, decision 046 "Policies and consent").
        const { rows } = await sql<{ count: number }>`select count(*) as count from policy_versions`.execute(
          apps[0]!.services.db,
        );
        expect(Number(rows[0]!.count)).toBe(2);
      } finally {
        await Promise.all(apps.map((app) => app.close()));
        await drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 60_000);
  });
}

describe('a server starting again on a migrated database', () => {
  it('runs no migration a second time', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stride-again-'));
    const empty =
      dialect === 'postgres'
        ? await emptyDatabase()
        : { url: undefined, drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })) };
    const database =
      empty.url === undefined
        ? ({ dialect: 'sqlite', file: path.join(dir, 'again.db') } as const)
        : ({ dialect: 'postgres', url: empty.url } as const);
    const first = createDatabase(database);
    const second = createDatabase(database);
    try {
      await migrateToLatest(first);
      const { migrations, runs } = countedMigrations();
      await migrateToLatest(second, migrations);
      expect(runs.size).toBe(0);
      expect(await appliedMigrations(second)).toEqual(Object.keys(MIGRATIONS).sort());
    } finally {
      await first.destroy();
      await second.destroy();
      await empty.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
