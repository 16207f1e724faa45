import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * Starts a throwaway PostgreSQL server for the API suite and stops it afterwards. PostgreSQL
 * refuses to run as root, so as root it runs as the `postgres` user.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_POSTGRES_URL) {
    project.provide('postgresUrl', process.env.TEST_POSTGRES_URL);
    return () => undefined;
  }
  if (!existsSync(path.join(PG_BIN, 'initdb'))) {
    throw new Error(`PostgreSQL binaries not found in ${PG_BIN}; install the postgresql package or set PG_BIN.`);
  }
  const isRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    execFileSync(file, argv, { stdio: 'pipe' });
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'stride-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  run(path.join(PG_BIN, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  run(path.join(PG_BIN, 'pg_ctl'), [
    '-D',
    dataDir,
    '-w',
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  project.provide('postgresUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);
  return () => {
    const [file, argv] = isRoot
      ? [
          'runuser',
          ['-u', 'postgres', '--', path.join(PG_BIN, 'pg_ctl'), '-D', dataDir, '-m', 'immediate', '-w', 'stop'],
        ]
      : [path.join(PG_BIN, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']];
    spawnSync(file, argv, { stdio: 'pipe' });
    rmSync(dir, { recursive: true, force: true });
  };
}
