// `npm run bench`: the same server build under load, as a child process on loopback, on SQLite
// and on a throwaway PostgreSQL server. Routes are measured in short alternating rounds against
// the bare route, so the ratios hold on a machine that is busy with other work. Prints the figures
// and records them in docs/performance.md (docs/decisions/049-trustworthy-bench-and-fast-reads.md).
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import SqliteDatabase from 'better-sqlite3';
import { startPostgres } from '../test/postgres-server.js';
import { BOARD_FRIENDS, CLUB_MEMBERS, benchAccounts, seedClub, seedFriends, seedPoints } from './seed.js';
import { economyLines } from './economy.js';
import { settlementLines } from './settlement.js';
import {
  formatFigures,
  formatPaced,
  formatRatio,
  formatRounds,
  load,
  median,
  paced,
  rounds,
  type Figures,
  type Route,
} from './load.js';
import { DEMO, ROOT, demoToken, residentMb, spawnServer, stopServer, type SpawnedServer } from './spawn-server.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const MONEY_ROUNDS = Number(process.env.BENCH_MONEY_ROUNDS ?? 3);
/** The fixed rate, as a share of the route's measured maximum. */
const FIXED_SHARE = 0.7;
const FIXED_SECONDS = Number(process.env.BENCH_FIXED_SECONDS ?? 5);
const FIXED_ROUNDS = Number(process.env.BENCH_FIXED_ROUNDS ?? 3);
/**
 * The pacing client's first seconds in a process are slow: its first paced run had a p99 of
 * 107–341 ms where the runs after it had 8–52 ms, against the bare route as much as against info
 * (decision 070 "The bench's paced lines, and prepared queries as named statements"). This long a run at the first rate
 * comes first and is not counted.
 */
const FIXED_WARMUP_SECONDS = 3;
/** `BENCH_PROFILE=<folder>`: the server writes a V8 CPU profile there when it stops. */
const PROFILE_DIR = process.env.BENCH_PROFILE;
/** `BENCH_ONLY=sqlite` or `postgres`: one database only (while working on one). */
const ONLY = process.env.BENCH_ONLY;
/**
 * `BENCH_SCENARIO=steps`: only the step-source token's posts, on each database (a short run); `club`: only the club's
 * board; `settlement`: only the settlement of a large challenge; `economy`: only the economy page over a year of ledger data.
 */
const SCENARIO = process.env.BENCH_SCENARIO;
/** Hourly buckets in each bucket post: a day of hours. */
const BUCKETS_PER_POST = 24;
const EXCHANGE_POINTS = 100;

const log = (line: string) => process.stdout.write(`${line}\n`);

async function api<T>(base: string, token: string, apiPath: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${apiPath}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 1) throw new Error(`${apiPath} answered ${envelope.code}: ${envelope.message}`);
  return envelope.data;
}

const INSERT_TABLE = 'bench_inserts';

/**
 * The plain insert loop the money line is compared with: one row per transaction, with the
 * server's own durability settings, on the same database (a table of its own, dropped after).
 */
interface InsertLoop {
  run: (seconds: number) => Promise<number>;
  close: () => Promise<void>;
}

function sqliteInsertLoop(file: string): InsertLoop {
  const sqlite = new SqliteDatabase(file);
  // The server's durability (src/db/database.ts): WAL, and no commit answered before it is on the
  // disk. The server flushes its WAL itself after each shared commit (decision 071 "SQLite's log is flushed off the
  // event loop"); a loop of single rows gets the same from SQLite's own flush at each COMMIT.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.exec(
    `create table ${INSERT_TABLE} (id text primary key, user_id text not null, amount integer not null, created_at integer not null)`,
  );
  const insert = sqlite.prepare(`insert into ${INSERT_TABLE} values (?, ?, ?, ?)`);
  return {
    run: (seconds) => {
      const end = performance.now() + seconds * 1000;
      let count = 0;
      while (performance.now() < end) {
        insert.run(randomUUID(), 'bench', EXCHANGE_POINTS, Date.now());
        count += 1;
      }
      return Promise.resolve(count / seconds);
    },
    close: () => {
      sqlite.exec(`drop table ${INSERT_TABLE}`);
      sqlite.close();
      return Promise.resolve();
    },
  };
}

async function postgresInsertLoop(url: string): Promise<InsertLoop> {
  const { default: pg } = await import('pg');
  // As many connections as the server's pool, each inserting one row per transaction.
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  await pool.query(
    `create table ${INSERT_TABLE} (id text primary key, user_id text not null, amount bigint not null, created_at bigint not null)`,
  );
  return {
    run: async (seconds) => {
      const end = performance.now() + seconds * 1000;
      let count = 0;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (performance.now() < end) {
            await pool.query(`insert into ${INSERT_TABLE} values ($1, $2, $3, $4)`, [
              randomUUID(),
              'bench',
              EXCHANGE_POINTS,
              Date.now(),
            ]);
            count += 1;
          }
        }),
      );
      return count / seconds;
    },
    close: async () => {
      await pool.query(`drop table ${INSERT_TABLE}`);
      await pool.end();
    },
  };
}

/**
 * Step-source tokens' posts (docs/product/step-sources.md, Tokens), one user's token per connection
 * (as many phones post at once in production), in rounds that alternate: the plain post resends the
 * same count (what an automation sends when nothing grew), the bucket post sends yesterday's 24
 * hours, 23 as before and the last one a step higher each time (the hour that was still being
 * counted). Both answer code 1 before they are measured, and each user's day is checked after.
 */
async function stepPostLines(label: string, server: SpawnedServer, sessions: string[]): Promise<string[]> {
  const devices: string[] = [];
  for (const session of sessions) {
    devices.push(
      (await api<{ token: string }>(server.base, session, '/api/step-sources/tokens', { name: 'Bench' })).token,
    );
  }
  const home = await api<{ day: string; utcOffsetMinutes: number }>(server.base, sessions[0]!, '/api/home');
  const yesterday = new Date(Date.parse(`${home.day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const midnight = Date.parse(`${yesterday}T00:00:00Z`) - home.utcOffsetMinutes * 60_000;
  const hour = 3_600_000;
  const bucket = (index: number, steps: number) => ({
    start: new Date(midnight + index * hour).toISOString(),
    end: new Date(midnight + (index + 1) * hour).toISOString(),
    steps,
    recorded: 'automatic',
  });
  let grown = 0;
  const bucketsBody = () => {
    grown += 1;
    return JSON.stringify({
      buckets: Array.from({ length: BUCKETS_PER_POST }, (_, index) =>
        // At most 18,000 in an hour at the default 300 a minute.
        bucket(index, index === BUCKETS_PER_POST - 1 ? 500 + (grown % 17_000) : 500),
      ),
    });
  };
  // 300 steps: possible a minute after midnight.
  const plainBody = JSON.stringify({ steps: 300 });
  for (const device of devices) {
    await api(server.base, device, '/api/device/steps', { steps: 300 });
    const first = await api<{ buckets: { outcome: string }[] }>(
      server.base,
      device,
      '/api/device/steps',
      JSON.parse(bucketsBody()),
    );
    if (first.buckets.some((item) => item.outcome !== 'counted')) throw new Error('bucket post not counted');
  }
  let nextDevice = 0;
  const perConnection = (body: () => string) => ({
    connections: CONNECTIONS,
    url: `${server.base}/api/device/steps`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    initialContext: {},
    requests: [
      {
        // Each connection takes the next user's token on its first request and keeps it.
        setupRequest: (request: autocannon.Request, context: object) => {
          const kept = context as { token?: string };
          kept.token ??= devices[nextDevice++ % devices.length];
          return {
            ...request,
            headers: { ...request.headers, authorization: `Bearer ${String(kept.token)}` },
            body: body(),
          };
        },
      },
    ],
  });
  const plain: Figures[] = [];
  const buckets: Figures[] = [];
  log(
    `${label}: ${MONEY_ROUNDS} rounds of step-source posts (${devices.length} users: a count, then ${BUCKETS_PER_POST} hourly buckets)`,
  );
  for (let round = 0; round < MONEY_ROUNDS; round += 1) {
    plain.push(await load({ ...perConnection(() => plainBody), duration: ROUND_SECONDS }));
    buckets.push(await load({ ...perConnection(bucketsBody), duration: ROUND_SECONDS }));
  }
  const failed = [...plain, ...buckets].reduce((sum, f) => sum + f.non2xx + f.errors, 0);
  if (failed > 0) throw new Error(`${failed} step-source posts failed`);
  // Each user's yesterday is its 23 unchanged hours and the highest count of the last one that arrived.
  let lowest = Infinity;
  for (const device of devices) {
    const answer = await api<{ days: { sourceSteps: number }[] }>(server.base, device, '/api/device/steps', {
      buckets: [bucket(0, 500)],
    });
    lowest = Math.min(lowest, answer.days[0]?.sourceSteps ?? 0);
  }
  if (lowest < BUCKETS_PER_POST * 500) throw new Error(`bucket posts counted ${lowest} steps`);
  const answered = buckets.reduce((sum, f) => sum + f.total, 0);
  return [
    `| ${label}: step-source token \`POST /api/device/steps\`, the same count again, ${devices.length} users, one per connection | ${formatRounds(plain)} |`,
    `| ${label}: step-source token, ${BUCKETS_PER_POST} hourly buckets a post (23 unchanged, one grown), ${devices.length} users, one per connection (${answered.toLocaleString('en-US')} answered) | ${formatRounds(buckets)} |`,
  ];
}

/** The club's board lines: its maximum in rounds against the bare route, and paced at 70 % of it. */
function clubLines(label: string, rounds: Figures[], rate: number, pacedRounds: Figures[]): string[] {
  return [
    `| ${label}: club's board \`GET /api/clubs/{id}/board?period=week\`, ${CLUB_MEMBERS.toLocaleString('en-US')} members who share, a week of days each | ${formatRounds(rounds)} |`,
    `| ${label}: the club's board paced at ${rate.toLocaleString('en-US')} req/s (${FIXED_SHARE * 100} % of its maximum) | ${formatPaced(pacedRounds)} |`,
  ];
}

/** `BENCH_SCENARIO=club`: the club's board alone, in rounds with the bare route, then paced. */
async function clubBoardOnly(label: string, bare: Route, club: Route): Promise<string[]> {
  log(`${label}: the club's board, ${ROUNDS} rounds of ${ROUND_SECONDS} s`);
  for (const route of [bare, club]) await load({ ...route.options, duration: 1 });
  const { figures } = await rounds([bare, club], ROUNDS, ROUND_SECONDS);
  const rate = Math.round(FIXED_SHARE * median(figures.get('club')!.map((f) => f.requestsPerSecond)));
  const url = String(club.options.url);
  const headers = club.options.headers as Record<string, string>;
  await paced(url, headers, rate, FIXED_WARMUP_SECONDS, CONNECTIONS);
  const pacedRounds: Figures[] = [];
  for (let round = 0; round < FIXED_ROUNDS; round += 1) {
    pacedRounds.push(await paced(url, headers, rate, FIXED_SECONDS, CONNECTIONS));
  }
  return clubLines(label, figures.get('club')!, rate, pacedRounds);
}

interface DatabaseResult {
  label: string;
  lines: string[];
  summary: { info: number; home: number; money: number; rssPeak: number };
}

async function measure(
  label: string,
  server: SpawnedServer,
  insertLoop: () => Promise<InsertLoop>,
  clubId: string,
): Promise<DatabaseResult> {
  const auth = await demoToken(server.base);
  const headers = { authorization: `Bearer ${auth}` };
  const rest = residentMb(server.child.pid!);
  // Each route answers its envelope with code 1 before it is measured (an error is also HTTP 200).
  await api(server.base, auth, '/api/user/info');
  await api(server.base, auth, '/api/home');
  const board = await api<{ entries: unknown[] }>(server.base, auth, '/api/friends/board?period=week');
  // BOARD_FRIENDS seeded friends and the demo's own walking friends, who all share, and me.
  const { friends } = await api<{ friends: unknown[] }>(server.base, auth, '/api/friends');
  if (friends.length < BOARD_FRIENDS || board.entries.length !== friends.length + 1) {
    throw new Error(`the board has ${board.entries.length} people of ${friends.length} friends`);
  }
  const clubPath = `/api/clubs/${clubId}/board?period=week`;
  const club = await api<{ ranked: number }>(server.base, auth, clubPath);
  if (club.ranked !== CLUB_MEMBERS) throw new Error(`the club's board has ${club.ranked} people`);
  const tokens = [auth];
  for (const account of benchAccounts(CONNECTIONS - 1).slice(1)) tokens.push(await demoToken(server.base, account));
  if (SCENARIO === 'steps') {
    const lines = await stepPostLines(label, server, tokens);
    for (const line of lines) log(line);
    return { label, lines, summary: { info: 0, home: 0, money: 0, rssPeak: residentMb(server.child.pid!).peak } };
  }

  const common = { connections: CONNECTIONS };
  const bareRoute: Route = { name: 'bare', options: { ...common, url: `${server.base}/healthz` } };
  // The week's board of a club of CLUB_MEMBERS members who all share (docs/product/clubs.md).
  const clubRoute: Route = { name: 'club', options: { ...common, url: `${server.base}${clubPath}`, headers } };
  if (SCENARIO === 'club') {
    const lines = await clubBoardOnly(label, bareRoute, clubRoute);
    for (const line of lines) log(line);
    return { label, lines, summary: { info: 0, home: 0, money: 0, rssPeak: residentMb(server.child.pid!).peak } };
  }
  const routes: Route[] = [
    bareRoute,
    { name: 'info', options: { ...common, url: `${server.base}/api/user/info`, headers } },
    { name: 'home', options: { ...common, url: `${server.base}/api/home`, headers } },
    // The week's board of a user with BOARD_FRIENDS friends who all share (docs/product/friends.md).
    { name: 'board', options: { ...common, url: `${server.base}/api/friends/board?period=week`, headers } },
    clubRoute,
  ];
  log(`${label}: warming up`);
  for (const route of routes) await load({ ...route.options, duration: 1 });
  log(`${label}: ${ROUNDS} rounds of ${ROUND_SECONDS} s per route`);
  const { figures, ratios } = await rounds(routes, ROUNDS, ROUND_SECONDS);

  // At a fixed rate under the maximum: the latency a user sees when the server is busy, not
  // saturated. The control is the bare route at info's rate: where its p99 is as high as info's,
  // the time goes to the load generator and the server sharing the cores, not to the route. Like
  // the maximum rates, the paced routes alternate in rounds (decision 070 "The bench's paced lines, and prepared
  // queries as named statements").
  const rateOf = (name: string) => Math.round(FIXED_SHARE * median(figures.get(name)!.map((f) => f.requestsPerSecond)));
  const pacedRoutes = [
    ...routes
      .slice(1)
      .map((route) => ({ name: route.name, url: String(route.options.url), headers, rate: rateOf(route.name) })),
    { name: 'control', url: String(routes[0]!.options.url), headers: {}, rate: rateOf('info') },
  ];
  log(
    `${label}: ${FIXED_ROUNDS} rounds at 70 % (${pacedRoutes.map((route) => `${route.name} ${route.rate} req/s`).join(', ')})`,
  );
  await paced(pacedRoutes[0]!.url, pacedRoutes[0]!.headers, pacedRoutes[0]!.rate, FIXED_WARMUP_SECONDS, CONNECTIONS);
  const fixed = new Map<string, { rate: number; rounds: Figures[] }>(
    pacedRoutes.map((route) => [route.name, { rate: route.rate, rounds: [] }]),
  );
  for (let round = 0; round < FIXED_ROUNDS; round += 1) {
    for (let index = 0; index < pacedRoutes.length; index += 1) {
      const route = pacedRoutes[(index + round) % pacedRoutes.length]!;
      fixed.get(route.name)!.rounds.push(await paced(route.url, route.headers, route.rate, FIXED_SECONDS, CONNECTIONS));
    }
  }

  // Money: exchanges, each with a fresh idempotency key, against the plain insert loop: one user
  // per connection (different users exchange at once, as in production), and the demo user alone
  // on every connection (its exchanges wait for each other on its balance, by design).
  const pointsOf = async () => {
    let sum = 0;
    for (const token of tokens) sum += (await api<{ points: number }>(server.base, token, '/api/home')).points;
    return sum;
  };
  const pointsBefore = await pointsOf();
  const exchangeBody = () => JSON.stringify({ points: EXCHANGE_POINTS, idempotencyKey: randomUUID() });
  const oneUser = {
    ...common,
    url: `${server.base}/api/exchange`,
    method: 'POST' as const,
    headers: { ...headers, 'content-type': 'application/json' },
    requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: exchangeBody() }) }],
  };
  let nextUser = 0;
  const manyUsers = {
    ...oneUser,
    initialContext: {},
    requests: [
      {
        // Each connection takes the next user's token on its first request and keeps it.
        setupRequest: (request: autocannon.Request, context: object) => {
          const kept = context as { token?: string };
          kept.token ??= tokens[nextUser++ % tokens.length];
          return {
            ...request,
            headers: { ...request.headers, authorization: `Bearer ${String(kept.token)}` },
            body: exchangeBody(),
          };
        },
      },
    ],
  };
  const loop = await insertLoop();
  const exchanges: Figures[] = [];
  const singles: Figures[] = [];
  const inserts: number[] = [];
  try {
    log(`${label}: ${MONEY_ROUNDS} rounds of exchanges (${tokens.length} users, then one) and plain inserts`);
    for (let round = 0; round < MONEY_ROUNDS; round += 1) {
      exchanges.push(await load({ ...manyUsers, duration: ROUND_SECONDS }));
      singles.push(await load({ ...oneUser, duration: ROUND_SECONDS }));
      inserts.push(await loop.run(ROUND_SECONDS));
    }
  } finally {
    await loop.close();
  }
  // Every answered exchange moved its points: the balances tell whether any failed inside the envelope.
  const exchanged = (pointsBefore - (await pointsOf())) / EXCHANGE_POINTS;
  const answered = [...exchanges, ...singles].reduce((sum, f) => sum + f.total, 0);
  const moneyRatios = exchanges.map((f, round) => f.requestsPerSecond / inserts[round]!);
  const singleRatios = singles.map((f, round) => f.requestsPerSecond / inserts[round]!);
  const stepLines = await stepPostLines(label, server, tokens);
  const rss = residentMb(server.child.pid!);

  const infoFixed = fixed.get('info')!;
  const homeFixed = fixed.get('home')!;
  const boardFixed = fixed.get('board')!;
  const clubFixed = fixed.get('club')!;
  const control = fixed.get('control')!;
  const lines = [
    `| ${label}: bare route \`GET /healthz\` (no database since decision 056) | ${formatRounds(figures.get('bare')!)} |`,
    `| ${label}: authenticated \`GET /api/user/info\` | ${formatRounds(figures.get('info')!)} |`,
    `| ${label}: ratio info / bare, median (min–max of ${ROUNDS} rounds) | ${formatRatio(ratios.get('info')!)} |`,
    `| ${label}: \`GET /api/user/info\` paced at ${infoFixed.rate.toLocaleString('en-US')} req/s (${FIXED_SHARE * 100} % of its maximum) | ${formatPaced(infoFixed.rounds)} |`,
    `| ${label}: control, the bare route paced at info's ${control.rate.toLocaleString('en-US')} req/s | ${formatPaced(control.rounds)} |`,
    `| ${label}: home \`GET /api/home\` | ${formatRounds(figures.get('home')!)} |`,
    `| ${label}: ratio home / bare | ${formatRatio(ratios.get('home')!)} |`,
    `| ${label}: \`GET /api/home\` paced at ${homeFixed.rate.toLocaleString('en-US')} req/s (${FIXED_SHARE * 100} % of its maximum) | ${formatPaced(homeFixed.rounds)} |`,
    `| ${label}: friends' board \`GET /api/friends/board?period=week\`, ${BOARD_FRIENDS} friends who share, a week of days each | ${formatRounds(figures.get('board')!)} |`,
    `| ${label}: ratio board / info | ${formatRatio(figures.get('board')!.map((figure, round) => figure.requestsPerSecond / figures.get('info')![round]!.requestsPerSecond))} |`,
    `| ${label}: the board paced at ${boardFixed.rate.toLocaleString('en-US')} req/s (${FIXED_SHARE * 100} % of its maximum) | ${formatPaced(boardFixed.rounds)} |`,
    ...clubLines(label, figures.get('club')!, clubFixed.rate, clubFixed.rounds),
    `| ${label}: exchange \`POST /api/exchange\`, ${tokens.length} users, one per connection (a fresh idempotency key each; ${answered.toLocaleString('en-US')} answered within the rounds of both exchange lines, ${exchanged.toLocaleString('en-US')} moved points, the last ones after their round ended) | ${formatRounds(exchanges)} |`,
    `| ${label}: exchange, one user on every connection | ${formatRounds(singles)} |`,
    `| ${label}: plain insert loop, one row per commit, same durability, same database | ${Math.round(median(inserts)).toLocaleString('en-US')} rows/s (${Math.round(Math.min(...inserts)).toLocaleString('en-US')}–${Math.round(Math.max(...inserts)).toLocaleString('en-US')}) |`,
    `| ${label}: ratio exchange / insert loop | ${formatRatio(moneyRatios)} |`,
    `| ${label}: ratio exchange of one user / insert loop | ${formatRatio(singleRatios)} |`,
    ...stepLines,
    `| ${label}: server resident memory, at rest → peak under the bench | ${rest.now} MB → ${rss.peak} MB |`,
  ];
  for (const line of lines) log(line);
  return {
    label,
    lines,
    summary: {
      info: median(ratios.get('info')!),
      home: median(ratios.get('home')!),
      money: median(moneyRatios),
      rssPeak: rss.peak,
    },
  };
}

/** `BENCH_NODE_ARGS="--flag …"`: Node flags after the server's own (a later one wins), for a before/after. */
const EXTRA_NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

const nodeArgs = (name: string) => [
  ...EXTRA_NODE_ARGS,
  ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=${name}.cpuprofile`] : []),
];

async function onSqlite(): Promise<DatabaseResult> {
  const server = await spawnServer({ STRIDE_MODE: 'demo' }, { nodeArgs: nodeArgs('sqlite') });
  try {
    const database = { dialect: 'sqlite' as const, file: path.join(server.dir, 'stride.db') };
    await seedPoints(database, 100_000_000, CONNECTIONS - 1);
    await seedFriends(database, BOARD_FRIENDS);
    const clubId = await seedClub(database, CLUB_MEMBERS);
    return await measure('SQLite', server, () => Promise.resolve(sqliteInsertLoop(database.file)), clubId);
  } finally {
    await stopServer(server);
  }
}

async function onPostgres(): Promise<DatabaseResult> {
  // With PostgreSQL's default durability (fsync, synchronous commit), unlike the test suite's.
  const postgres = await startPostgres({ durable: true });
  try {
    const server = await spawnServer(
      { STRIDE_MODE: 'demo', DATABASE_URL: postgres.url },
      { nodeArgs: nodeArgs('postgres') },
    );
    try {
      const database = { dialect: 'postgres' as const, url: postgres.url };
      await seedPoints(database, 100_000_000, CONNECTIONS - 1);
      await seedFriends(database, BOARD_FRIENDS);
      const clubId = await seedClub(database, CLUB_MEMBERS);
      return await measure('PostgreSQL', server, () => postgresInsertLoop(postgres.url), clubId);
    } finally {
      await stopServer(server);
    }
  } finally {
    postgres.remove();
  }
}

async function loginLines(): Promise<string[]> {
  const lines: string[] = [];
  for (const [label, env] of [
    ['argon2id 19 MiB, t=2 (default, OWASP minimum)', {}],
    ['argon2id 64 MiB, t=3', { ARGON2_MEMORY_KIB: '65536', ARGON2_ITERATIONS: '3' }],
  ] as const) {
    const hashed = await spawnServer({ STRIDE_MODE: 'demo', ...env });
    try {
      await demoToken(hashed.base);
      const login = await load({
        url: `${hashed.base}/api/user/login`,
        method: 'POST',
        connections: 4,
        duration: 5,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO),
      });
      lines.push(`| SQLite: login, ${label} | ${formatFigures(login)} |`);
      log(lines.at(-1)!);
    } finally {
      await stopServer(hashed);
    }
  }
  return lines;
}

/** The machine as the bench saw it: cores, memory, and how busy it was with other work. */
function machine(): string {
  const cpu = cpus();
  const load = loadavg().map((value) => value.toFixed(1));
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}; load average ${load.join(' / ')} (1 / 5 / 15 min) at the end`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadBefore = loadavg()[0]!.toFixed(1);
  const results: DatabaseResult[] = [];
  if (SCENARIO !== 'settlement' && SCENARIO !== 'economy') {
    if (ONLY !== 'postgres') results.push(await onSqlite());
    if (ONLY !== 'sqlite') results.push(await onPostgres());
  }
  // A large challenge settled (docs/product/challenges.md), in this process on a database of its own.
  const settlement = !SCENARIO || SCENARIO === 'settlement' ? await settlementLines(ONLY) : [];
  // The economy page over a year of 100,000 users' ledger (docs/console/economy.md), on a database of its own.
  const economy = !SCENARIO || SCENARIO === 'economy' ? await economyLines(ONLY) : [];
  const logins = ONLY || SCENARIO ? [] : await loginLines();
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);

  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()} (${loadBefore} at the start), in ${minutes} min.`,
    `${ROUNDS} rounds of ${ROUND_SECONDS} s per route, the routes alternating; ${CONNECTIONS} connections; a rate is the median of its rounds (min–max), latencies the median of the rounds' percentiles; a paced line is the median of ${FIXED_ROUNDS} rounds of ${FIXED_SECONDS} s after ${FIXED_WARMUP_SECONDS} s not counted, with its p99's min–max. Targets: info and home ≥ 0.60 of the bare route on SQLite, ≥ 0.40 on PostgreSQL, p99 ≤ 20 ms at 70 % of the maximum, exchange ≥ 0.5 of the insert loop, resident memory ≤ 150 MB.`,
    '',
    '| what | result |',
    '| --- | --- |',
    ...results.flatMap((result) => result.lines),
    ...settlement,
    ...economy,
    ...logins,
  ].join('\n');
  log(`\n${table}\n`);

  if (ONLY || SCENARIO) {
    log('One database or one scenario only: docs/performance.md left as it was.');
    return;
  }
  const doc = path.join(ROOT, 'docs/performance.md');
  const text = readFileSync(doc, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  writeFileSync(doc, text.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n${table}\n${end}`));
  log('Recorded in docs/performance.md');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
