import { expect } from 'vitest';
import { runOps } from '../../apps/server/src/ops/cli.js';
import type { RunningServer } from './server.js';

/** Runs an operator command on the journey's server; it must succeed. Answers its output. */
export async function ops(server: RunningServer, argv: string[]): Promise<string> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, {
    services: server.app.services,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  expect(code, err.join('\n')).toBe(0);
  return out.join('\n');
}
