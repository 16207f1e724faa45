// `npm run bench:cluster`: throughput of one instance and of three instances behind the same
// round-robin proxy, on one PostgreSQL database with its default durability, on this machine.
// Rounds alternate between the two set-ups so that a neighbour's burst lands on both alike.
// Records a short table in docs/performance.md (decision 058 "Several instances on one PostgreSQL").
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type autocannon from 'autocannon';
import { startInstance, stopInstance, type Instance } from '../test/cluster/cluster.js';
import { startPostgres } from '../test/postgres-server.js';
import { formatRounds, load, median, type Figures } from './load.js';
import { seedPoints } from './seed.js';
import { ROOT, buildServer, demoToken } from './spawn-server.js';

const INSTANCES = 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 30);

const log = (line: string) => process.stdout.write(`${line}\n`);

interface ProxyProcess {
  base: string;
  child: ChildProcess;
}

/** The proxy of the cluster test, in a process of its own. */
async function proxyProcess(backends: string[]): Promise<ProxyProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'apps/server/test/cluster/proxy-main.ts'), ...backends],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  const base = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', () => reject(new Error('the proxy exited')));
  });
  lines.close();
  return { base, child };
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function routes(base: string, token: string): { name: string; options: autocannon.Options }[] {
  const headers = { authorization: `Bearer ${token}` };
  const common = { connections: CONNECTIONS, duration: ROUND_SECONDS };
  return [
    { name: 'info', options: { ...common, url: `${base}/api/user/info`, headers } },
    { name: 'home', options: { ...common, url: `${base}/api/home`, headers } },
    {
      name: 'exchange',
      options: {
        ...common,
        url: `${base}/api/exchange`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request: autocannon.Request) => ({
              ...request,
              body: JSON.stringify({ points: 100, idempotencyKey: randomUUID() }),
            }),
          },
        ],
      },
    },
  ];
}

const ROUTE_LABELS: Record<string, string> = {
  info: 'authenticated `GET /api/user/info`',
  home: 'home `GET /api/home`',
  exchange: 'exchange `POST /api/exchange` (a fresh idempotency key each)',
};

async function main(): Promise<void> {
  const started = performance.now();
  const loadBefore = loadavg().map((value) => value.toFixed(1));
  buildServer();
  const postgres = await startPostgres({ durable: true });
  const instances: Instance[] = [];
  const proxies: ProxyProcess[] = [];
  try {
    const env = {
      STRIDE_MODE: 'demo',
      DATABASE_URL: postgres.url,
      // What the instances must share besides the database (docs/decisions/058-several-instances.md).
      APP_SECRET: randomBytes(32).toString('base64url'),
      PAYMENT_SANDBOX_SECRET: randomBytes(32).toString('base64url'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      TRUST_PROXY: 'true',
    };
    // The first migrates and seeds alone; the others then start together.
    instances.push(await startInstance('stride-1', env));
    instances.push(
      ...(await Promise.all(Array.from({ length: INSTANCES - 1 }, (_, i) => startInstance(`stride-${i + 2}`, env)))),
    );
    await seedPoints({ dialect: 'postgres', url: postgres.url }, 100_000_000);
    const one = await proxyProcess([instances[0]!.base]);
    proxies.push(one);
    const all = await proxyProcess(instances.map((instance) => instance.base));
    proxies.push(all);
    const token = await demoToken(one.base);

    const setups = [
      { name: '1 instance', base: one.base },
      { name: `${INSTANCES} instances`, base: all.base },
    ];
    const figures = new Map<string, Figures[]>();
    log('warming up');
    for (const setup of setups)
      for (const route of routes(setup.base, token)) await load({ ...route.options, duration: 1 });
    for (let round = 0; round < ROUNDS; round += 1) {
      log(`round ${round + 1} of ${ROUNDS}`);
      for (const route of ['info', 'home', 'exchange']) {
        const order = round % 2 === 0 ? setups : [...setups].reverse();
        for (const setup of order) {
          const options = routes(setup.base, token).find((r) => r.name === route)!.options;
          const result = await load(options);
          const name = `${setup.name}:${route}`;
          figures.set(name, [...(figures.get(name) ?? []), result]);
        }
      }
    }
    const loadAfter = loadavg().map((value) => value.toFixed(1));
    const minutes = ((performance.now() - started) / 60_000).toFixed(1);
    const cpu = cpus();
    const lines = [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, PostgreSQL with its default durability; load average ${loadBefore.join(' / ')} at the start and ${loadAfter.join(' / ')} at the end (1 / 5 / 15 min), in ${minutes} min.`,
      `${ROUNDS} rounds of ${ROUND_SECONDS} s per route and set-up, alternating; ${CONNECTIONS} connections through the proxy (a process of its own) in both set-ups; the demo account's token.`,
      '',
      `| route | 1 instance | ${INSTANCES} instances | ${INSTANCES} / 1 |`,
      '| --- | --- | --- | --- |',
      ...['info', 'home', 'exchange'].map((route) => {
        const single = figures.get(`1 instance:${route}`)!;
        const several = figures.get(`${INSTANCES} instances:${route}`)!;
        const ratio = median(several.map((f) => f.requestsPerSecond)) / median(single.map((f) => f.requestsPerSecond));
        return `| ${ROUTE_LABELS[route]} | ${formatRounds(single)} | ${formatRounds(several)} | **${ratio.toFixed(2)}** |`;
      }),
    ].join('\n');
    log(`\n${lines}\n`);
    const doc = path.join(ROOT, 'docs/performance.md');
    const text = readFileSync(doc, 'utf8');
    const start = '<!-- cluster-bench:start -->';
    const end = '<!-- cluster-bench:end -->';
    if (!text.includes(start)) throw new Error(`docs/performance.md has no ${start} marker`);
    writeFileSync(doc, text.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n${lines}\n${end}`));
    log('Recorded in docs/performance.md');
  } finally {
    await Promise.all(proxies.map((proxy) => stopProcess(proxy.child)));
    await Promise.all(instances.map((instance) => stopInstance(instance)));
    postgres.remove();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
