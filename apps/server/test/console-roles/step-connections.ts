import { randomUUID } from 'node:crypto';
import { consoleDisconnectStepConnection, consoleUserStepConnections } from '@stride/contract';
import { registerUser, type TestApp } from '../harness.js';
import type { RoleCase } from './case.js';

/**
 * A user's connected account, written as a finished connection leaves it (decision 086 "Connected wearable accounts").
 */
async function connectedAccount(t: TestApp): Promise<{ userId: string; id: string }> {
  const { userId } = await registerUser(t);
  const id = randomUUID();
  const cipher = t.app.services.cipher;
  await t.db
    .insertInto('step_connections')
    .values({
      id,
      user_id: userId,
      provider: 'fitbit',
      provider_user_id: `role-${id}`,
      account_name: 'Role case',
      access_token: cipher.encrypt('at-role-case'),
      refresh_token: cipher.encrypt('rt-role-case'),
      token_expires_at: t.clock.now() + 3_600_000,
      scope: 'activity',
      status: 'active',
      connected_at: t.clock.now(),
      disconnected_at: null,
      last_sync_at: null,
      last_error: null,
      last_error_at: null,
      next_sync_at: null,
      failures: 0,
      lease_token: null,
      lease_until: null,
      version: 1,
    })
    .execute();
  return { userId, id };
}

/** Connected wearable accounts (support): a user's list and the disconnect. */
export const STEP_CONNECTIONS_CASES: readonly RoleCase[] = [
  {
    endpoint: consoleUserStepConnections,
    input: async (t) => ({ params: { id: (await connectedAccount(t)).userId } }),
  },
  {
    endpoint: consoleDisconnectStepConnection,
    input: async (t) => ({ params: { id: (await connectedAccount(t)).id }, body: { reason: 'asked by phone' } }),
  },
];
