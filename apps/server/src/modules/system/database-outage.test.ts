import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { CODES, getHome, getUserInfo, reportSteps } from '@stride/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, stopServer } from '../../../bench/spawn-server.js';
import {
  CLEAN_LEDGER,
  createTestApp,
  dialect,
  ledgerReport,
  registerUser,
  useTestApp,
  type CallResult,
  type TestApp,
  api,
} from '../../../test/harness.js';
import { startPostgres, type PostgresServer } from '../../../test/postgres-server.js';

/** Polls `condition` until it holds, for at most `ms`. */
async function waitFor(what: string, condition: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(10);
  }
}

describe('GET /readyz', () => {
  const t = useTestApp();

  it('answers ready when the database answers and every migration has run', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 while a migration of this build has not run', async () => {
    const { rows } = await sql<{
      name: string;
      timestamp: string;
    }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(t.db);
    const last = rows[0]!;
    await sql`delete from kysely_migration where name = ${last.name}`.execute(t.db);
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${last.timestamp})`.execute(t.db);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', migrations: 'pending' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

// Losing connections needs a PostgreSQL server of this file's own, which it stops and restarts.
if (dialect === 'postgres') {
  describe('a lost PostgreSQL connection', () => {
    let server: PostgresServer;
    let t: TestApp;
    const users: { token: string }[] = [];
    let round = 0;

    beforeAll(async () => {
      server = await startPostgres();
      // Every request here must meet the database, so no session is answered from the cache
      // (decision 049 "A bench that holds on a busy machine"; the cache has its own tests in session-cache.test.ts).
      t = await createTestApp({ SESSION_CACHE_MS: '0' }, { postgresUrl: server.url });
      for (let index = 0; index < 4; index += 1) users.push(await registerUser(t));
    });

    afterAll(async () => {
      await t?.close();
      server?.remove();
    });

    const appDatabaseUrl = () => (t.config.database.dialect === 'postgres' ? t.config.database.url : '');

    /** A connection of the test's own to the app's database; losing it is expected here. */
    async function adminClient(url = appDatabaseUrl()): Promise<pg.Client> {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    }

    const TERMINATE_APP_BACKENDS = `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`;
    const APP_BACKENDS = `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`;

    /**
     * Sends reads (home) and writes (step reports) of every user, each of which waits inside
     * the database on a lock the test holds on the steps table, and answers once all of them
     * are waiting there: requests in flight, reads outside and writes inside a transaction.
     */
    async function requestsWaitingInDatabase(admin: pg.Client, language = 'en') {
      round += 1;
      t.clock.advance(60_000);
      await admin.query('begin');
      await admin.query('lock table step_days in access exclusive mode');
      const reads = users.map(({ token }) => api(t, getHome, { token, language }));
      const writes = users.map(({ token }) =>
        api(t, reportSteps, {
          token,
          language,
          body: { day: '2026-11-22', steps: 1_000 + round * 100 },
        }),
      );
      const waiting = reads.length + writes.length;
      try {
        await waitFor(`${waiting} requests waiting on the lock`, async () => {
          // Inside a transaction the activity view is a snapshot; each look needs a fresh one.
          await admin.query('select pg_stat_clear_snapshot()');
          const { rows } = await admin.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database()
               and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
          );
          return rows[0]?.n === waiting;
        });
      } catch (error) {
        await admin.query('rollback');
        await Promise.all([...reads, ...writes]);
        throw error;
      }
      return { reads, writes };
    }

    it('answers requests whose connections were terminated, and keeps serving', async () => {
      for (let pass = 0; pass < 3; pass += 1) {
        const admin = await adminClient();
        const { reads, writes } = await requestsWaitingInDatabase(admin);
        const { rows } = await admin.query<{ n: number }>(TERMINATE_APP_BACKENDS);
        expect(rows[0]!.n).toBeGreaterThanOrEqual(reads.length + writes.length);
        await admin.query('commit');
        await admin.end();
        // Nothing had been written when their connections were lost, so each ran once more.
        for (const answer of await Promise.all(reads)) expect(answer).toMatchObject({ status: 200, code: 1 });
        for (const answer of await Promise.all(writes)) {
          expect(answer).toMatchObject({ status: 200, code: 1, data: { steps: 1_000 + round * 100 } });
        }
      }
      // Idle pooled connections were terminated too; the pool dropped them and makes new ones.
      // pg_terminate_backend only signals: wait until the backends have exited, as after a real
      // restart, or a request can meet three pooled connections whose backends are still going
      // and answer 1014 (seen once with the machine busy).
      const admin = await adminClient();
      await admin.query(TERMINATE_APP_BACKENDS);
      await waitFor('the terminated backends to exit', async () => {
        const { rows } = await admin.query<{ n: number }>(APP_BACKENDS);
        return rows[0]?.n === 0;
      });
      await admin.end();
      const info = await api(t, getUserInfo, { token: users[0]!.token });
      expect(info).toMatchObject({ status: 200, code: 1 });
      expect(await ledgerReport(t)).toEqual(CLEAN_LEDGER);
    });

    it('answers "service unavailable" and not ready while the server is down, then recovers', async () => {
      const admin = await adminClient();
      const { reads, writes } = await requestsWaitingInDatabase(admin, 'fr');
      server.stop('fast');
      await admin.end().catch(() => undefined);
      const expected = {
        status: 200,
        code: CODES.SERVICE_UNAVAILABLE,
        message: 'Le service est momentanément indisponible ; veuillez réessayer dans un instant',
        data: null,
      };
      for (const answer of [...(await Promise.all(reads)), ...(await Promise.all(writes))]) {
        expect(answer).toEqual(expected);
      }

      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
      // Alive all the same (decision 056 "Metrics, liveness apart from readiness, draining on shutdown"): restarting
      // the server would not bring the database back.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const login = await api(t, getUserInfo, { token: users[0]!.token, language: 'fr' });
      expect(login).toEqual(expected);

      server.start();
      await waitFor('/readyz to answer 200', async () => {
        return (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200;
      });
      t.clock.advance(15 * 60_000);
      const results: CallResult<unknown>[] = await Promise.all(
        users.map(({ token }) => api(t, reportSteps, { token, body: { day: '2026-11-22', steps: 5_000 } })),
      );
      for (const answer of results) expect(answer).toMatchObject({ status: 200, code: 1, data: { steps: 5_000 } });
      expect(await ledgerReport(t)).toEqual(CLEAN_LEDGER);
    });

    it('keeps a real server process running when its idle connections are terminated', async () => {
      const name = `spawned_${Date.now()}`;
      const admin = await adminClient(server.url);
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(server.url);
      url.pathname = `/${name}`;
      const spawned = await spawnServer(
        { DATABASE_URL: url.toString(), STRIDE_MODE: 'demo', WEB_DIST: '' },
        { captureStdout: true },
      );
      try {
        let output = '';
        spawned.child.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
        });
        const exited = once(spawned.child, 'exit').then(() => 'exited' as const);
        const logged = waitFor('the lost connection in the log', () =>
          Promise.resolve(output.includes('database connection lost')),
        ).then(
          () => 'logged' as const,
          () => 'silent' as const,
        );
        // The pool now holds idle connections (start-up, the readiness check).
        expect((await fetch(`${spawned.base}/readyz`)).status).toBe(200);
        const killer = await adminClient(url.toString());
        await killer.query(TERMINATE_APP_BACKENDS);
        await killer.end();
        expect(await Promise.race([exited, logged])).toBe('logged');
        expect(spawned.child.exitCode).toBeNull();
        // Every connection of the pool (and of the job queue's) was cut: each is dropped as its
        // loss is noticed, and the server is ready again on new ones without a restart.
        let answer: unknown;
        await waitFor('/readyz to answer ready', async () => {
          const ready = await fetch(`${spawned.base}/readyz`);
          answer = await ready.json();
          return ready.status === 200;
        });
        expect(answer).toEqual({ status: 'ready' });
        expect(spawned.child.exitCode).toBeNull();
      } finally {
        await stopServer(spawned);
      }
    }, 90_000);
  });
}
