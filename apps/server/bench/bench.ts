// `npm run bench`: the same server build under load, as a child process on loopback, so the
// load generator and the server do not share an event loop. Prints the figures and records them
// in docs/performance.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess; dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'stride-bench-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, child, dir };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

async function stopServer(server: { child: ChildProcess; dir: string }): Promise<void> {
  await new Promise<void>((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
  rmSync(server.dir, { recursive: true, force: true });
}

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function token(base: string, account: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const envelope = (await response.json()) as { code: number; data: { token: string } };
  if (envelope.code !== 1) throw new Error(`login failed with code ${envelope.code}`);
  return envelope.data.token;
}

const fmt = (f: Figures) =>
  `${f.requestsPerSecond.toLocaleString('en-US')} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms${f.non2xx || f.errors ? `, ${f.non2xx} non-2xx, ${f.errors} errors` : ''}`;

async function main(): Promise<void> {
  const demo = { account: '13800138000', password: 'Stride2026' };
  const lines: string[] = [];

  const server = await startServer({ STRIDE_MODE: 'demo' });
  try {
    const auth = await token(server.base, demo.account, demo.password);
    const bare = await load({ url: `${server.base}/healthz` });
    const info = await load({ url: `${server.base}/api/user/info`, headers: { authorization: `Bearer ${auth}` } });
    const ratio = info.requestsPerSecond / bare.requestsPerSecond;
    lines.push(
      `| bare route \`GET /healthz\` (one \`select 1\`) | ${fmt(bare)} |`,
      `| authenticated \`GET /api/user/info\` | ${fmt(info)} |`,
      `| ratio (info / bare) | ${ratio.toFixed(2)} |`,
    );
  } finally {
    await stopServer(server);
  }

  for (const [label, env] of [
    ['argon2id 19 MiB, t=2 (default, OWASP minimum)', {}],
    ['argon2id 64 MiB, t=3', { ARGON2_MEMORY_KIB: '65536', ARGON2_ITERATIONS: '3' }],
  ] as const) {
    const hashed = await startServer({ STRIDE_MODE: 'demo', ...env });
    try {
      await token(hashed.base, demo.account, demo.password);
      const login = await load({
        url: `${hashed.base}/api/user/login`,
        method: 'POST',
        connections: 8,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(demo),
      });
      lines.push(`| login, ${label} | ${fmt(login)} |`);
    } finally {
      await stopServer(hashed);
    }
  }

  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${(await import('node:os')).cpus().length} cores), ${DURATION_S} s per line, ${CONNECTIONS} connections (8 for login), SQLite, Node ${process.version}.`,
    '',
    '| what | result |',
    '| --- | --- |',
    ...lines,
  ].join('\n');
  process.stdout.write(`\n${table}\n`);

  const doc = path.join(ROOT, 'docs/performance.md');
  const text = readFileSync(doc, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const updated = text.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n${table}\n${end}`);
  writeFileSync(doc, updated);
  process.stdout.write(`\nRecorded in docs/performance.md\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
