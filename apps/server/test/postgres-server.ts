import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PostgresServer {
  /** The admin URL (`postgres` user and database) on a loopback port. */
  url: string;
  /** Starts the server again after `stop`, on the same port and data. */
  start: () => void;
  /** `pg_ctl stop` in the given mode, waiting until it is down. */
  stop: (mode: 'smart' | 'fast' | 'immediate') => void;
  /** Stops the server at once and deletes its folder. */
  remove: () => void;
}

/**
 * A throwaway PostgreSQL server (initdb, pg_ctl) in a fresh temporary folder, on a free loopback
 * port, without durability (it is thrown away) unless `durable` is set (the bench measures money
 * writes against the disk, with PostgreSQL's default fsync and synchronous commit). PostgreSQL
 * refuses to run as root, so as root it runs as the `postgres` user.
 */
export async function startPostgres(options: { durable?: boolean } = {}): Promise<PostgresServer> {
  if (!existsSync(path.join(PG_BIN, 'initdb'))) {
    throw new Error(`PostgreSQL binaries not found in ${PG_BIN}; install the postgresql package or set PG_BIN.`);
  }
  const isRoot = process.getuid?.() === 0;
  const command = (file: string, args: string[]): [string, string[]] =>
    isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  const run = (file: string, args: string[]) => {
    const [program, argv] = command(file, args);
    execFileSync(program, argv, { stdio: 'pipe' });
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'stride-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const pgCtl = path.join(PG_BIN, 'pg_ctl');
  run(path.join(PG_BIN, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  const start = () =>
    run(pgCtl, [
      '-D',
      dataDir,
      '-w',
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200${options.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off'}`,
      'start',
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop: (mode) => run(pgCtl, ['-D', dataDir, '-m', mode, '-w', 'stop']),
    remove: () => {
      const [program, argv] = command(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      spawnSync(program, argv, { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
