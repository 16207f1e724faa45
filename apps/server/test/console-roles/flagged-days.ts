import { consoleDecideFlaggedDay, consoleFlaggedDays, reportSteps } from '@stride/contract';
import { api, registerUser, type TestApp } from '../harness.js';
import type { RoleCase } from './case.js';

/** A day flagged by a shaking machine's rhythm; answers its review's id. */
async function flaggedDay(t: TestApp): Promise<string> {
  const user = await registerUser(t);
  const day = t.app.services.calendar.dayOf(t.clock.now());
  const answer = await api(t, reportSteps, {
    token: user.token,
    body: { day, steps: 100, rhythm: { intervals: 400, cv: 0.001 } },
  });
  const review = await t.db
    .selectFrom('step_reviews')
    .select('id')
    .where('user_id', '=', user.userId)
    .executeTakeFirstOrThrow(() => new Error(`no flagged day: ${answer.code} ${answer.message}`));
  return review.id;
}

/** Flagged days (walking module): reviewers list and decide them. */
export const FLAGGED_DAYS_CASES: readonly RoleCase[] = [
  { endpoint: consoleFlaggedDays, input: async (t) => (await flaggedDay(t), { query: { status: 'flagged' } }) },
  {
    endpoint: consoleDecideFlaggedDay,
    input: async (t) => ({ params: { id: await flaggedDay(t) }, body: { decision: 'clear', version: 1 } }),
  },
];
