// Several instances of the built server (decision 033 "Running the server from a bundle") on one PostgreSQL database,
// behind a small round-robin proxy: what the cluster test and `npm run bench:cluster` run (decision 058 "Several
// instances on one PostgreSQL").
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENTRY, SERVER_ENV, SERVER_NODE_ARGS } from '../../../../scripts/server-command.mjs';
import { freePort } from '../free-port.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The response header naming the instance that answered through the proxy (the test's own, never the product's). */
export const BACKEND_HEADER = 'x-cluster-backend';

export interface Instance {
  name: string;
  /** `http://127.0.0.1:<port>`: the instance itself, not through the proxy. */
  base: string;
  child: ChildProcess;
  /** Its own data folder: instances share nothing but the database (and the storage). */
  dir: string;
  /** What it wrote to stderr, for a failure's message. */
  stderr: () => string;
}

/**
 * One instance of the server bundle as `npm start` runs it, with its own data folder and port,
 * answering `/healthz` before this resolves. `env` carries what every instance must share: the
 * database, the secrets, the public address.
 */
export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const dir = mkdtempSync(path.join(tmpdir(), `stride-${name}-`));
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...SERVER_ENV,
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '',
      CONSOLE_DIST: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-20_000);
  });
  const instance: Instance = { name, base: `http://127.0.0.1:${port}`, child, dir, stderr: () => stderr };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited during start-up:\n${stderr}`);
    try {
      if ((await fetch(`${instance.base}/healthz`)).ok) return instance;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not answer /healthz within a minute:\n${stderr}`);
}

/** SIGKILL: no shutdown, no draining, connections cut as a crash or an OOM kill would. */
export function killInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    instance.child.once('exit', () => resolve());
    instance.child.kill('SIGKILL');
  });
}

/** SIGTERM, waiting for the exit, then the data folder goes. */
export async function stopInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode === null && instance.child.signalCode === null) {
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => instance.child.kill('SIGKILL'), 15_000);
      instance.child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      instance.child.kill('SIGTERM');
    });
  }
  rmSync(instance.dir, { recursive: true, force: true });
}

export interface RoundRobinProxy {
  /** `http://127.0.0.1:<port>`. */
  base: string;
  port: number;
  /** Backends in rotation, by their base address. */
  readonly backends: string[];
  add: (base: string) => void;
  /** Requests answered, per backend that answered them. */
  readonly answered: Map<string, number>;
  /** Backends taken out of rotation because they refused a connection. */
  readonly removed: string[];
  /** Requests sent to a backend and not yet answered, per backend. */
  readonly inFlight: Map<string, number>;
  /** Requests whose connection to a backend was cut in flight (answered 502), per backend. */
  readonly cut: Map<string, number>;
  close: () => Promise<void>;
}

/**
 * A load balancer in a few lines: each request goes to the next backend in turn. A backend that
 * refuses the connection (ECONNREFUSED: the request never reached it) is taken out of rotation
 * and the request goes to the next one. Any other failure (a connection cut while the request was
 * in flight) is answered 502: whether it was done is unknown, so the client decides, and Stride's
 * clients send a money request again with the same idempotency key. X-Forwarded-For is replaced
 * by the address the proxy saw (instances run with TRUST_PROXY=true), and the response says which
 * backend answered in BACKEND_HEADER.
 */
export async function startProxy(port?: number): Promise<RoundRobinProxy> {
  const backends: string[] = [];
  const removed: string[] = [];
  const answered = new Map<string, number>();
  const cut = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const count = (map: Map<string, number>, backend: string, by = 1) => map.set(backend, (map.get(backend) ?? 0) + by);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;

  const forward = (
    incoming: IncomingMessage,
    body: Buffer,
    backend: string,
  ): Promise<{ response: IncomingMessage } | { error: NodeJS.ErrnoException }> =>
    new Promise((resolve) => {
      count(inFlight, backend);
      let responded = false;
      const done = () => count(inFlight, backend, -1);
      const target = new URL(incoming.url ?? '/', backend);
      // Replaced, never appended to: a client must not choose the address its limits count (docs/deployment.md, "TLS and the reverse proxy").
      const forwardedFor = incoming.socket.remoteAddress ?? '';
      const upstream = httpRequest(
        target,
        {
          method: incoming.method,
          agent,
          headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor, 'content-length': String(body.length) },
        },
        (response) => {
          responded = true;
          response.once('close', done);
          resolve({ response });
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (!responded) done();
        resolve({ error });
      });
      upstream.end(body);
    });

  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        while (backends.length > 0) {
          const backend = backends[next % backends.length]!;
          next = (next + 1) % Math.max(backends.length, 1);
          const result = await forward(incoming, body, backend);
          if ('response' in result) {
            count(answered, backend);
            outgoing.writeHead(result.response.statusCode ?? 502, {
              ...result.response.headers,
              [BACKEND_HEADER]: backend,
            });
            result.response.pipe(outgoing);
            result.response.on('error', () => outgoing.destroy());
            return;
          }
          if (result.error.code === 'ECONNREFUSED') {
            const at = backends.indexOf(backend);
            if (at >= 0) {
              backends.splice(at, 1);
              removed.push(backend);
            }
            continue;
          }
          count(cut, backend);
          outgoing.writeHead(502, { 'content-type': 'text/plain', [BACKEND_HEADER]: backend });
          outgoing.end(`upstream failed: ${result.error.code ?? result.error.message}`);
          return;
        }
        outgoing.writeHead(503, { 'content-type': 'text/plain' });
        outgoing.end('no backend');
      })();
    });
  });
  server.keepAliveTimeout = 5_000;
  const listenPort = port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  return {
    base: `http://127.0.0.1:${listenPort}`,
    port: listenPort,
    backends,
    removed,
    answered,
    inFlight,
    cut,
    add: (base) => {
      if (!backends.includes(base)) backends.push(base);
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Cluster {
  proxy: RoundRobinProxy;
  instances: Instance[];
  stop: () => Promise<void>;
}

/**
 * `count` instances on one database behind the proxy. The first starts alone (it migrates and,
 * in demo mode, seeds), the others then start together; each joins the rotation once it answers.
 * PUBLIC_URL is the proxy, so links the server builds (the sandbox pay page, its callback) go
 * through it too.
 */
export async function startCluster(count: number, env: Record<string, string>): Promise<Cluster> {
  const proxy = await startProxy();
  const instances: Instance[] = [];
  const shared = { PUBLIC_URL: proxy.base, TRUST_PROXY: 'true', ...env };
  const stop = async () => {
    await proxy.close();
    await Promise.all(instances.map((instance) => stopInstance(instance)));
  };
  try {
    const first = await startInstance('stride-1', shared);
    instances.push(first);
    proxy.add(first.base);
    const rest = await Promise.allSettled(
      Array.from({ length: count - 1 }, (_, index) => startInstance(`stride-${index + 2}`, shared)),
    );
    for (const result of rest) {
      if (result.status === 'fulfilled') {
        instances.push(result.value);
        proxy.add(result.value.base);
      }
    }
    const failed = rest.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    await stop();
    throw error;
  }
  return { proxy, instances, stop };
}
