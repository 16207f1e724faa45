import { runOps } from '../src/ops/cli.js';
import type { TestApp } from './harness.js';

/**
 * The operator command line on the test app's services: `ops('books', 'check')` answers the exit
 * code and what it printed to each stream.
 */
export function opsOn(t: Pick<TestApp, 'app'>) {
  return async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps(argv, {
      services: t.app.services,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
}
