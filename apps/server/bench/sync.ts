// `npm run bench:sync`: syncs 10,000 connected Fitbit accounts' days through the job that syncs them
// in production (`steps.connections-sync`, decision 086 "Connected wearable accounts"), once on a fresh SQLite database
// and once on a throwaway PostgreSQL server, and records the time, the syncs per second and the measuring
// process's peak resident memory in docs/performance.md.
//
// Three kinds of process: this one (it starts the others and writes the figures), the Fitbit
// stand-in (bench/sync-stand-in.ts: its answers cost the measurement neither CPU time on the event
// loop nor memory), and one measuring process per database, with the server's own Node flags and
// C library settings (scripts/server-command.mjs), which builds the server's services on that
// database, writes the users and their connections directly, and then runs the job's passes.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../../../scripts/server-command.mjs';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/modules/index.js';
import { JOB_NAMES } from '../src/jobs.js';
import type { SyncPassResult } from '../src/modules/step-connections/step-connections.service.js';
import { seedDemo } from '../src/seed/demo-seed.js';
import { startPostgres } from '../test/postgres-server.js';
import { ROOT } from './spawn-server.js';
import { benchGrant, benchSteps, type StandInReady } from './sync-stand-in.js';

const COUNT = Number(process.env.BENCH_SYNC_CONNECTIONS ?? 10_000);
/** `BENCH_ONLY=sqlite` or `postgres`: one database only. */
const ONLY = process.env.BENCH_ONLY;
const ROLE = process.env.BENCH_SYNC_ROLE;
const HERE = fileURLToPath(import.meta.url);
/** Rows per insert statement while the users and connections are written. */
const CHUNK = 250;
const HOUR_MS = 3_600_000;

const log = (line: string) => process.stdout.write(`${line}\n`);

/** What a measuring process reports, as one JSON line on its stdout. */
interface Measured {
  database: string;
  connections: number;
  passes: number;
  seconds: number;
  /** The measuring process's CPU time (user and system) while the passes ran. */
  cpuSeconds: number;
  result: SyncPassResult;
  /** Connections whose last sync is the bench's, and today's counts written for them. */
  synced: number;
  days: number;
  /** Resident memory after the set-up, and the peak (VmHWM) while the passes ran. */
  beforeMb: number;
  peakMb: number;
  /** The process's peak over its whole life (set-up included), from getrusage. */
  lifetimePeakMb: number;
}

function status(field: 'VmRSS' | 'VmHWM'): number {
  const text = readFileSync('/proc/self/status', 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? Number.NaN) / 1024);
}

/**
 * The measuring process: the server's services on the database in DATABASE_URL (or a fresh SQLite
 * file), pointed at the stand-in; COUNT users copied from the demo user, each with one active Fitbit
 * connection due now whose tokens (sealed with the data key, as a connection's are) the stand-in
 * accepts; then the job's pass, as the queue runs it, until no connection is due.
 */
async function measureHere(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stride-sync-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    STRIDE_MODE: 'demo',
    LOG_LEVEL: 'silent',
    WEB_DIST: '',
    CONSOLE_DIST: '',
    // Nothing runs on its own: the bench runs the job's passes itself, one after the other.
    JOBS_WORKER: 'false',
    STEP_SYNC_POLL_SECONDS: '0',
    // Each account's day arrives in one report: the step-rate rule must not refuse it at any hour.
    STEPS_MAX_PER_MINUTE: '1000000',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(JSON.parse(process.env.BENCH_SYNC_STAND_IN ?? '{}') as Record<string, string>),
  });
  const app = await createApp({ config });
  try {
    const { services } = app;
    const { db, cipher, clock, calendar } = services;
    await seedDemo(services);
    const demo = await db
      .selectFrom('users')
      .selectAll()
      .where('account', '=', '13800138000')
      .executeTakeFirstOrThrow();
    const now = clock.now();
    const today = calendar.dayOf(now);
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < COUNT; start += CHUNK) {
        const indexes = Array.from({ length: Math.min(CHUNK, COUNT - start) }, (_, offset) => start + offset);
        const users = indexes.map((index) => ({
          ...demo,
          id: `bench-user-${index}`,
          account: `1370${String(index).padStart(7, '0')}`,
          invite_code: `SB${index.toString(36).toUpperCase().padStart(6, '0')}`,
          created_at: now,
        }));
        await trx.insertInto('users').values(users).execute();
        const connections = indexes.map((index) => {
          const grant = benchGrant(index);
          return {
            id: `bench-connection-${index}`,
            user_id: `bench-user-${index}`,
            provider: 'fitbit',
            provider_user_id: grant.id,
            account_name: grant.name,
            access_token: cipher.encrypt(grant.accessToken),
            refresh_token: cipher.encrypt(grant.refreshToken),
            token_expires_at: now + 8 * HOUR_MS,
            scope: 'activity profile',
            status: 'active',
            connected_at: now - 2 * 24 * HOUR_MS,
            disconnected_at: null,
            // Synced an hour ago: a regular sync reads yesterday and today (a first one, a week).
            last_sync_at: now - HOUR_MS,
            last_error: null,
            last_error_at: null,
            next_sync_at: now,
            failures: 0,
            lease_token: null,
            lease_until: null,
            version: 1,
          };
        });
        await trx.insertInto('step_connections').values(connections).execute();
      }
    });
    // The stand-in walks every account today once the connections exist.
    process.send?.({ day: today });
    await new Promise<void>((resolve) => process.once('message', () => resolve()));

    // The peak from here on: VmHWM reset to the current resident set (clear_refs, Linux 4.0+).
    writeFileSync('/proc/self/clear_refs', '5');
    const beforeMb = status('VmRSS');
    const result: SyncPassResult = { ok: 0, errors: 0, rateLimited: 0, revoked: 0 };
    let passes = 0;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    for (;;) {
      const pass = await app.jobs.run<SyncPassResult>(JOB_NAMES.stepConnections);
      passes += 1;
      result.ok += pass.ok;
      result.errors += pass.errors;
      result.rateLimited += pass.rateLimited;
      result.revoked += pass.revoked;
      if (pass.ok + pass.errors + pass.rateLimited + pass.revoked === 0) break;
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const peakMb = status('VmHWM');

    const synced = await db
      .selectFrom('step_connections')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('last_sync_at', '>=', now)
      .where('last_error', 'is', null)
      .executeTakeFirstOrThrow();
    const days = await db
      .selectFrom('step_sources')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('day', '=', today)
      .where('source', 'like', 'connection:bench-connection-%')
      .where('steps', '>', 0)
      .executeTakeFirstOrThrow();
    // Spot checks: an account's day is the stand-in's count.
    for (const index of [0, Math.floor(COUNT / 2), COUNT - 1]) {
      const row = await db
        .selectFrom('step_sources')
        .select('steps')
        .where('source', '=', `connection:bench-connection-${index}`)
        .where('day', '=', today)
        .executeTakeFirst();
      if (row?.steps !== benchSteps(index)) {
        throw new Error(
          `connection ${index}: ${row?.steps ?? 'no'} steps today, the stand-in has ${benchSteps(index)}`,
        );
      }
    }
    const measured: Measured = {
      database: config.database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite',
      connections: COUNT,
      passes,
      seconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      result,
      synced: Number(synced.n),
      days: Number(days.n),
      beforeMb,
      peakMb,
      lifetimePeakMb: Math.round(process.resourceUsage().maxRSS / 1024),
    };
    process.stdout.write(`${JSON.stringify(measured)}\n`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Starts the stand-in and waits for its address and credentials. */
async function startStandIn(): Promise<{ child: ChildProcess; ready: StandInReady }> {
  const child = fork(path.join(path.dirname(HERE), 'sync-stand-in.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<StandInReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as StandInReady));
    child.once('exit', (code) => reject(new Error(`the stand-in exited (${code})`)));
  });
  return { child, ready };
}

/** Asks the stand-in to give the accounts today's steps; resolves with its count of API calls so far. */
function walkAt(standIn: ChildProcess, day: string, count: number): Promise<number> {
  return new Promise((resolve) => {
    standIn.once('message', (message) => resolve((message as { calls: number }).calls));
    standIn.send({ day, count });
  });
}

/** One measuring process on a database (DATABASE_URL, or SQLite when absent). */
async function measureIn(standIn: ChildProcess, ready: StandInReady, databaseUrl?: string): Promise<Measured> {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, '--import', 'tsx', HERE], {
    cwd: ROOT,
    env: {
      ...SERVER_ENV,
      ...process.env,
      BENCH_SYNC_ROLE: 'measure',
      BENCH_SYNC_STAND_IN: JSON.stringify(ready.env),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  let callsBefore = 0;
  child.on('message', (message: { day: string }) => {
    void walkAt(standIn, message.day, COUNT).then((calls) => {
      callsBefore = calls;
      child.send({ walked: true });
    });
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the measuring process exited with ${code}`);
  const measured = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Measured;
  const calls = (await walkAt(standIn, '1970-01-01', 0)) - callsBefore;
  if (calls !== COUNT) throw new Error(`the stand-in answered ${calls} calls for ${COUNT} syncs`);
  return measured;
}

function line(m: Measured): string {
  const rate = m.connections / m.seconds;
  return `| ${m.database} | ${m.connections.toLocaleString('en')} in ${m.passes} passes | ${m.seconds.toFixed(1)} s | **${Math.round(rate).toLocaleString('en')}/s** | ${m.cpuSeconds.toFixed(1)} s (${Math.round((100 * m.cpuSeconds) / m.seconds)} %) | ${m.beforeMb} → ${m.peakMb} MB (${m.lifetimePeakMb} MB with the set-up) |`;
}

function machine(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`;
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0]?.toFixed(1) ?? '?';
  const started = performance.now();
  const { child: standIn, ready } = await startStandIn();
  const results: Measured[] = [];
  try {
    if (ONLY !== 'postgres') {
      results.push(await measureIn(standIn, ready));
      log(line(results.at(-1) as Measured));
    }
    if (ONLY !== 'sqlite') {
      // With PostgreSQL's default durability (fsync, synchronous commit), as `npm run bench` runs it.
      const postgres = await startPostgres({ durable: true });
      try {
        results.push(await measureIn(standIn, ready, postgres.url));
        log(line(results.at(-1) as Measured));
      } finally {
        postgres.remove();
      }
    }
  } finally {
    standIn.disconnect();
  }
  for (const m of results) {
    if (m.result.ok !== m.connections || m.synced !== m.connections || m.days !== m.connections) {
      throw new Error(`${m.database}: ${JSON.stringify(m)}: not every connection synced its day once`);
    }
  }
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  const load = loadavg().map((value) => value.toFixed(1));
  const text = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; load average ${loadBefore} at the start and ${load.join(' / ')} (1 / 5 / 15 min) at the end, in ${minutes} min.`,
    '',
    '| database | connections | time | syncs per second | CPU time of the measuring process | its resident memory → peak |',
    '| --- | --- | --- | --- | --- | --- |',
    ...results.map(line),
  ].join('\n');
  log(`\n${text}`);
  const doc = path.join(ROOT, 'docs/performance.md');
  const current = readFileSync(doc, 'utf8');
  const start = '<!-- sync-bench:start -->';
  const end = '<!-- sync-bench:end -->';
  if (current.includes(start) && COUNT === 10_000 && !ONLY) {
    writeFileSync(doc, current.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n${text}\n${end}`));
    log('Recorded in docs/performance.md');
  }
}

if (ROLE === 'measure') {
  // Done once the figures are written out: the IPC channel would keep the process waiting.
  measureHere().then(
    () => process.disconnect?.(),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
} else {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
