import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENTRY, SERVER_ENV, SERVER_NODE_ARGS } from '../../../scripts/server-command.mjs';
import { freePort } from '../test/free-port.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Bundles the server as `npm start` does (scripts/build-server.mjs). */
export function buildServer(): void {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
}

export interface SpawnedServer {
  base: string;
  child: ChildProcess;
  dir: string;
}

/**
 * The server exactly as `npm start` runs it, as a child process with a fresh data folder, so a
 * measurement and the server never share an event loop.
 */
export async function spawnServer(
  env: Record<string, string> = {},
  options: { captureStdout?: boolean; nodeArgs?: string[] } = {},
): Promise<SpawnedServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'stride-measure-'));
  const port = await freePort();
  // BENCH_NO_BUILD=1: measure the bundle already built (an earlier build, for a before/after).
  if (!process.env.BENCH_NO_BUILD) buildServer();
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...(options.nodeArgs ?? []), SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...SERVER_ENV,
      ...process.env,
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', options.captureStdout ? 'pipe' : 'ignore', 'inherit'],
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

export async function stopServer(server: SpawnedServer): Promise<void> {
  if (server.child.exitCode === null) {
    await new Promise<void>((resolve) => {
      server.child.once('exit', () => resolve());
      server.child.kill('SIGTERM');
    });
  }
  rmSync(server.dir, { recursive: true, force: true });
}

/** A process's resident memory now (`VmRSS`) and at its peak so far (`VmHWM`), in MB. */
export function residentMb(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) =>
    Math.round(Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024);
  return { now: field('VmRSS'), peak: field('VmHWM') };
}

export const DEMO = { account: '13800138000', password: 'Stride2026' } as const;

/** A session token of the demo account (or of another account with the demo's password). */
export async function demoToken(base: string, account: string = DEMO.account): Promise<string> {
  const response = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEMO, account }),
  });
  const envelope = (await response.json()) as { code: number; data: { token: string } };
  if (envelope.code !== 1) throw new Error(`login failed with code ${envelope.code}`);
  return envelope.data.token;
}
