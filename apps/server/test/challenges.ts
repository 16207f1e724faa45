import {
  CODES,
  consoleCreateChallenge,
  consoleFundChallenge,
  createChallenge,
  joinChallenge,
  saveFriendSettings,
  type BodyOf,
  type ConsoleChallenge,
} from '@stride/contract';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { consoleApi, signIn, type ConsoleSession } from './console.js';
import { api, registerUser, type TestApp, type User } from './harness.js';

/**
 * Challenge test support (docs/product/challenges.md): a week-long period after the harness's first day, users who
 * share their steps, days written straight into walking's tables (with their change mark), and operators.
 */

/** Monday 2026-11-23, 10:00 in the service's day; the period runs Tuesday to the next Monday. */
export const BEFORE = Date.parse('2026-11-23T10:00:00+08:00');
export const STARTS_ON = '2026-11-24';
export const ENDS_ON = '2026-11-30';
/** Noon of a service day. */
export const noonOf = (day: string) => Date.parse(`${day}T12:00:00+08:00`);
/** The first day a settlement may run with the default grace day: the period's end, then one day, are over. */
export const SETTLE_DAY = '2026-12-02';

export type { User };

/** A user who shares their steps (the Friends page's setting), as most boards' people do. */
export async function walker(t: TestApp, share = true): Promise<User> {
  const user = await registerUser(t);
  await api(t, saveFriendSettings, {
    token: user.token,
    body: { findableByMobile: false, shareSteps: share, showAvatar: false },
  });
  return user;
}

/** A day's credited steps, written as walking writes one (marked with the clock's now), and its review if any. */
export async function putDay(
  t: TestApp,
  userId: string,
  day: string,
  steps: number,
  review?: 'flagged' | 'cleared' | 'rejected',
): Promise<string | undefined> {
  const now = t.clock.now();
  await t.db
    .insertInto('step_days')
    .values({ user_id: userId, day, steps, source: 'web', collected_points: 0, reported_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doUpdateSet({ steps, reported_at: now }))
    .execute();
  if (!review) return undefined;
  const id = randomUUID();
  await t.db
    .insertInto('step_reviews')
    .values({
      id,
      user_id: userId,
      day,
      reasons: '["regularRhythm"]',
      status: review,
      created_at: now,
      decided_at: review === 'flagged' ? null : now,
      operator_id: null,
      note: null,
      released_points: null,
      released_collected_at: null,
    })
    .execute();
  return id;
}

/** A user's challenge of the test period. */
export async function userChallenge(
  t: TestApp,
  creator: User,
  rules: BodyOf<typeof createChallenge>['rules'],
  more: Partial<BodyOf<typeof createChallenge>> = {},
) {
  const made = await api(t, createChallenge, {
    token: creator.token,
    body: { title: 'Walk week', scope: 'friends', startsOn: STARTS_ON, endsOn: ENDS_ON, rules, ...more },
  });
  expect(made.code, made.message).toBe(CODES.OK);
  return made.data;
}

export async function join(t: TestApp, user: User, id: string, body: BodyOf<typeof joinChallenge> = {}) {
  const joined = await api(t, joinChallenge, { token: user.token, params: { id }, body });
  expect(joined.code, joined.message).toBe(CODES.OK);
  return joined.data;
}

/** Operators: an editor who makes public challenges and a finance operator who funds them. */
export async function operators(t: TestApp): Promise<{ editor: ConsoleSession; finance: ConsoleSession }> {
  return { editor: await signIn(t, ['editor']), finance: await signIn(t, ['finance']) };
}

/** A public challenge of the test period, funded from `fund` when given. */
export async function publicChallenge(
  t: TestApp,
  staff: { editor: ConsoleSession; finance: ConsoleSession },
  rules: BodyOf<typeof consoleCreateChallenge>['rules'],
  prizePoints: number,
  fund?: string,
): Promise<ConsoleChallenge> {
  const made = await consoleApi(t, staff.editor, consoleCreateChallenge, {
    body: {
      title: 'City walk',
      description: 'Walk the city',
      startsOn: STARTS_ON,
      endsOn: ENDS_ON,
      rules,
      prizePoints,
    },
  });
  expect(made.code, made.message).toBe(CODES.OK);
  if (!fund) return made.data;
  const funded = await consoleApi(t, staff.finance, consoleFundChallenge, {
    params: { id: made.data.id },
    body: { fund, version: made.data.version },
  });
  expect(funded.code, funded.message).toBe(CODES.OK);
  return funded.data;
}

/** Settles what is due on `day` (the challenges' pass, as the job runs it). */
export async function settleOn(t: TestApp, day = SETTLE_DAY) {
  t.clock.set(noonOf(day));
  return t.app.services.challengeSettlement.settleDue();
}

/** The sum of a system account (points), e.g. `prizes:<fund>` or `challenge:<id>`. */
export function systemPoints(t: TestApp, name: string): Promise<number> {
  return t.app.services.ledger.balance({ kind: 'system', name, asset: 'POINTS' });
}
