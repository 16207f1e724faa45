import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ENTRY, SERVER_ENV, SERVER_NODE_ARGS } from '../scripts/server-command.mjs';
import { spawnServer } from './support/process.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('the server as `npm start` runs it', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stride-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates, seeds, serves the web app and the API, prints the address, and shuts down cleanly', async () => {
    // The bundle `npm start` builds and runs (decision 033 "Running the server from a bundle").
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
    const server = await spawnServer([...SERVER_NODE_ARGS, SERVER_ENTRY], {
      ...SERVER_ENV,
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    });
    const { address } = server;
    expect(server.output()).toContain('Demo account: 13800138000 / password Stride2026');
    expect(server.output()).toContain('DEMO MODE');
    expect(existsSync(path.join(dataDir, 'stride.db'))).toBe(true);

    expect(address).toMatch(/^http:\/\/localhost:\d+$/);
    // The server listens on the IPv4 loopback only; `localhost` may resolve to ::1 first.
    const base = address.replace('localhost', '127.0.0.1');
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
    const index = await fetch(`${base}/`);
    expect(index.headers.get('content-type')).toContain('text/html');
    expect(await index.text()).toContain('<div id="root">');
    expect((await fetch(`${base}/.vite/manifest.json`)).status).toBe(404);
    const info = (await (await fetch(`${base}/api/user/info`)).json()) as { code: number };
    expect(info.code).toBe(1001);
    expect(await server.stop()).toBe(0);
  });

  it('refuses production mode until it is configured, naming every missing variable in one line', async () => {
    // The bundle the test above built; production mode with none of its variables set.
    const env: Record<string, string | undefined> = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      STRIDE_MODE: 'production',
    };
    for (const name of [
      'APP_SECRET',
      'DATA_ENCRYPTION_KEY',
      'PUBLIC_URL',
      'PAYMENT_PROVIDER',
      'SMS_PROVIDER',
      'WEB_PUSH_VAPID_PUBLIC_KEY',
      'WEB_PUSH_VAPID_PRIVATE_KEY',
      'WEB_PUSH_SUBJECT',
      'NODE_ENV',
    ])
      delete env[name];
    const child = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
    expect(code).toBe(1);
    expect(stdout).not.toContain('running at');
    expect(stderr.split('\n')[0]).toBe(
      'Stride cannot start in production mode: set APP_SECRET, DATA_ENCRYPTION_KEY, PUBLIC_URL, SMS_PROVIDER, PAYMENT_PROVIDER, WEB_PUSH_VAPID_PUBLIC_KEY, WEB_PUSH_VAPID_PRIVATE_KEY, WEB_PUSH_SUBJECT.',
    );
    expect(stderr).toContain('PAYMENT_PROVIDER must be set: ');
    expect(stderr).toContain('SMS_PROVIDER must be set: aliyun');
  });
});
