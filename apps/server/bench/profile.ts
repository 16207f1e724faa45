// `npm run bench:profile [info|home|bare|exchange] [sqlite|postgres]`: one route under the bench's load
// for a while, with the server writing a V8 CPU profile (`--cpu-prof`), then the frames with the
// most self time (profile-summary.ts). The profile stays in the printed folder for a closer look
// (Chromium's DevTools open .cpuprofile files).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPostgres, type PostgresServer } from '../test/postgres-server.js';
import type autocannon from 'autocannon';
import { load } from './load.js';
import { benchAccounts, seedPoints } from './seed.js';
import { ROOT, demoToken, spawnServer, stopServer } from './spawn-server.js';

const [route = 'info', databaseName = 'sqlite'] = process.argv.slice(2);
const SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 10);
const PATHS: Record<string, string> = {
  info: '/api/user/info',
  home: '/api/home',
  bare: '/healthz',
  exchange: '/api/exchange',
};
const CONNECTIONS = 10;

async function main(): Promise<void> {
  const routePath = PATHS[route];
  if (!routePath) throw new Error(`route is one of ${Object.keys(PATHS).join(', ')}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'stride-profile-'));
  let postgres: PostgresServer | undefined;
  const env: Record<string, string> = { STRIDE_MODE: 'demo' };
  if (databaseName === 'postgres') {
    postgres = await startPostgres({ durable: true });
    env.DATABASE_URL = postgres.url;
  }
  try {
    const server = await spawnServer(env, { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
    try {
      let options: autocannon.Options;
      if (route === 'exchange') {
        // As the bench's money line: one user per connection, a fresh idempotency key each.
        const database =
          databaseName === 'postgres'
            ? { dialect: 'postgres' as const, url: postgres!.url }
            : { dialect: 'sqlite' as const, file: path.join(server.dir, 'stride.db') };
        await seedPoints(database, 100_000_000, CONNECTIONS - 1);
        const tokens: string[] = [];
        for (const account of benchAccounts(CONNECTIONS - 1)) tokens.push(await demoToken(server.base, account));
        let next = 0;
        options = {
          url: `${server.base}${routePath}`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          connections: CONNECTIONS,
          initialContext: {},
          requests: [
            {
              setupRequest: (request: autocannon.Request, context: object) => {
                const kept = context as { token?: string };
                kept.token ??= tokens[next++ % tokens.length];
                return {
                  ...request,
                  headers: { ...request.headers, authorization: `Bearer ${String(kept.token)}` },
                  body: JSON.stringify({ points: 100, idempotencyKey: randomUUID() }),
                };
              },
            },
          ],
        };
      } else {
        const auth = await demoToken(server.base);
        options = {
          url: `${server.base}${routePath}`,
          headers: { authorization: `Bearer ${auth}` },
          connections: CONNECTIONS,
        };
      }
      await load({ ...options, duration: 1 });
      const figures = await load({ ...options, duration: SECONDS });
      process.stdout.write(`${route} on ${databaseName}: ${Math.round(figures.requestsPerSecond)} req/s\n`);
    } finally {
      await stopServer(server);
    }
  } finally {
    postgres?.remove();
  }
  const [file] = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('the server wrote no profile');
  const profile = path.join(dir, file);
  process.stdout.write(`${profile}\n`);
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/bench/profile-summary.ts', profile, '40'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
