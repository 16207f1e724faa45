import {
  consoleOutbox,
  consoleUserFreeze,
  consoleUserGet,
  consoleUserOrders,
  consoleUserResetLoginLimits,
  consoleUsersSearch,
  consoleUserStatement,
  consoleUserUnfreeze,
  consoleUserWithdrawals,
} from '@stride/contract';
import { registerUser, type TestApp } from '../harness.js';
import type { RoleCase } from './case.js';

/** A user frozen by an admin: its version is now 2. */
async function frozenUser(t: TestApp): Promise<string> {
  const { userId } = await registerUser(t);
  await t.app.services.admin.accounts.setFrozen('setup', userId, { frozen: true, version: 1, reason: 'setup' });
  return userId;
}

/**
 * User care (decision 026 "User care in the operator console"): search, a user's page and its lists, freeze, login
 * limits, the outbox.
 */
export const USERS_CASES: readonly RoleCase[] = [
  {
    endpoint: consoleUsersSearch,
    input: async (t) => ({ query: { q: (await registerUser(t)).account.slice(-6) } }),
  },
  { endpoint: consoleUserGet, input: async (t) => ({ params: { id: (await registerUser(t)).userId } }) },
  {
    endpoint: consoleUserOrders,
    input: async (t) => ({ params: { id: (await registerUser(t)).userId }, query: {} }),
  },
  {
    endpoint: consoleUserWithdrawals,
    input: async (t) => ({ params: { id: (await registerUser(t)).userId }, query: {} }),
  },
  {
    endpoint: consoleUserStatement,
    input: async (t) => ({ params: { id: (await registerUser(t)).userId }, query: { asset: 'POINTS' } }),
  },
  {
    endpoint: consoleUserFreeze,
    input: async (t) => ({ params: { id: (await registerUser(t)).userId }, body: { version: 1, reason: 'fraud' } }),
  },
  {
    endpoint: consoleUserUnfreeze,
    input: async (t) => ({ params: { id: await frozenUser(t) }, body: { version: 2, reason: 'cleared' } }),
  },
  {
    endpoint: consoleUserResetLoginLimits,
    input: async (t) => ({ params: { id: (await registerUser(t)).userId } }),
  },
  { endpoint: consoleOutbox, input: () => Promise.resolve({ query: {} }) },
];
