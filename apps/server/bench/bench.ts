// `npm run bench`: the same server build under load, as a child process on loopback, so the
// load generator and the server do not share an event loop. Prints the figures and records them
// in docs/performance.md.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEMO, ROOT, demoToken, spawnServer, stopServer } from './spawn-server.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

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

const fmt = (f: Figures) =>
  `${f.requestsPerSecond.toLocaleString('en-US')} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms${f.non2xx || f.errors ? `, ${f.non2xx} non-2xx, ${f.errors} errors` : ''}`;

/** A step-source token of the demo account, for the posting line. */
async function deviceToken(base: string, auth: string): Promise<string> {
  const response = await fetch(`${base}/api/step-sources/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench' }),
  });
  const envelope = (await response.json()) as { code: number; data: { token: string } };
  if (envelope.code !== 1) throw new Error(`token failed with code ${envelope.code}`);
  return envelope.data.token;
}

async function main(): Promise<void> {
  const lines: string[] = [];

  const server = await spawnServer({ STRIDE_MODE: 'demo' });
  try {
    const auth = await demoToken(server.base);
    const bare = await load({ url: `${server.base}/healthz` });
    const info = await load({ url: `${server.base}/api/user/info`, headers: { authorization: `Bearer ${auth}` } });
    const ratio = info.requestsPerSecond / bare.requestsPerSecond;
    const device = await deviceToken(server.base, auth);
    const steps = await load({
      url: `${server.base}/api/device/steps`,
      method: 'POST',
      headers: { authorization: `Bearer ${device}`, 'content-type': 'application/json' },
      body: JSON.stringify({ steps: 100 }),
    });
    lines.push(
      `| bare route \`GET /healthz\` (one \`select 1\`) | ${fmt(bare)} |`,
      `| authenticated \`GET /api/user/info\` | ${fmt(info)} |`,
      `| ratio (info / bare) | ${ratio.toFixed(2)} |`,
      `| posting steps \`POST /api/device/steps\` (a step-source token; the day's row locked, the source read, cash back checked) | ${fmt(steps)} |`,
    );
  } finally {
    await stopServer(server);
  }

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
        connections: 8,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO),
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
