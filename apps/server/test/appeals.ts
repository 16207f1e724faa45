import { CODES, createAppeal, reportSteps, type BodyOf } from '@stride/contract';
import { expect } from 'vitest';
import { api, registerUser, type TestApp, type User } from './harness.js';

/** Appeals test support (docs/product/appeals.md): a day held by its review, and appeals of it. */

/** A day of `user` (a new user by default) held for review by a shaking machine's rhythm; answers its review's id. */
export async function heldDay(
  t: TestApp,
  options: { user?: User; steps?: number } = {},
): Promise<{ user: User; day: string; reviewId: string }> {
  const user = options.user ?? (await registerUser(t));
  const day = t.app.services.calendar.dayOf(t.clock.now());
  const answer = await api(t, reportSteps, {
    token: user.token,
    body: { day, steps: options.steps ?? 100, rhythm: { intervals: 400, cv: 0.001 } },
  });
  const review = await t.db
    .selectFrom('step_reviews')
    .select('id')
    .where('user_id', '=', user.userId)
    .where('day', '=', day)
    .executeTakeFirstOrThrow(() => new Error(`no flagged day: ${answer.code} ${answer.message}`));
  return { user, day, reviewId: review.id };
}

export const appeal = (t: TestApp, user: User, body: Partial<BodyOf<typeof createAppeal>> & { subject: string }) =>
  api(t, createAppeal, {
    token: user.token,
    body: { kind: 'step-day', note: 'I walked it: my watch shows 12,000 steps', ...body },
  });

/** A held day appealed by its user: answers the appeal's id too. */
export async function appealedDay(t: TestApp, options: { steps?: number } = {}) {
  const held = await heldDay(t, options);
  const answer = await appeal(t, held.user, { subject: held.day });
  expect(answer.code, answer.message).toBe(CODES.OK);
  return { ...held, appealId: answer.data.id };
}
