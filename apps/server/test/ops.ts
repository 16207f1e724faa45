import { submitFace } from '@stride/contract';
import { runOps } from '../src/ops/cli.js';
import { pendingIdentity } from './console.js';
import { api, fundUser, requestTestWithdrawal, type TestApp } from './harness.js';

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

/**
 * A user verified by an operator (the app runs with IDENTITY_REVIEW=operator), face checked manually, holding 100.00,
 * with a card and a withdrawal of `amount` pending.
 */
export async function withdrawingUser(t: TestApp, amount = 5_000) {
  const user = await pendingIdentity(t);
  await t.app.services.admin.identity.review('setup', user.userId, { approve: true });
  await api(t, submitFace, { token: user.token, body: { method: 'manual' } });
  await t.app.services.admin.identity.reviewFace('setup', user.userId, { approve: true });
  await fundUser(t, user.userId, 10_000);
  return { ...user, withdrawalId: await requestTestWithdrawal(t, user.token, amount, 'Bank') };
}
