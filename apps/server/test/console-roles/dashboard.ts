import {
  consoleDashboardSummary,
  consoleFaceApprove,
  consoleFaceChecksPending,
  consoleFaceReject,
  consoleIdentityImage,
  submitFace,
} from '@stride/contract';
import { pendingIdentity } from '../console.js';
import { api, type TestApp } from '../harness.js';
import type { RoleCase } from './case.js';

/** A verified user whose face check (the manual alternative) waits for a reviewer. */
export async function pendingFace(t: TestApp): Promise<{ userId: string; token: string }> {
  const user = await pendingIdentity(t);
  await t.app.services.admin.identity.review('setup', user.userId, { approve: true });
  await api(t, submitFace, { token: user.token, body: { method: 'manual' } });
  return user;
}

/** The dashboard (reports module) and the reviewers' ID photos and face checks (identity module). */
export const DASHBOARD_CASES: readonly RoleCase[] = [
  { endpoint: consoleDashboardSummary, input: () => Promise.resolve({}) },
  {
    endpoint: consoleIdentityImage,
    input: async (t) => ({ params: { userId: (await pendingIdentity(t)).userId, kind: 'front' } }),
  },
  { endpoint: consoleFaceChecksPending, input: async (t) => (await pendingFace(t), {}) },
  { endpoint: consoleFaceApprove, input: async (t) => ({ params: { userId: (await pendingFace(t)).userId } }) },
  {
    endpoint: consoleFaceReject,
    input: async (t) => ({ params: { userId: (await pendingFace(t)).userId }, body: { reason: 'blurred' } }),
  },
];
