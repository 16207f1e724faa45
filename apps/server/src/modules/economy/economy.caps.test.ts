import {
  CODES,
  collectPoints,
  consoleDecideFlaggedDay,
  consoleEconomy,
  getHome,
  getStepReceipt,
  reportSteps,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn } from '../../../test/console.js';
import { api, balanceOf, idempotencyKey, registerUser, useTestApp, type User } from '../../../test/harness.js';

// The daily points cap (ECONOMY_POINTS_DAILY_CAP; docs/console/economy.md, decision 100 "The economy page"): 100 points
// a day for everyone together. 1 point per 100 steps, no card.
const t = useTestApp({ ECONOMY_POINTS_DAILY_CAP: '100' });

const noonOf = (day: string) => Date.parse(`${day}T12:00:00+08:00`);

async function walked(day: string, steps: number): Promise<User> {
  const user = await registerUser(t);
  const reported = await api(t, reportSteps, { token: user.token, body: { day, steps } });
  expect(reported.code, reported.message).toBe(CODES.OK);
  return user;
}

async function collect(user: User, key = idempotencyKey()) {
  const answer = await api(t, collectPoints, { token: user.token, body: { idempotencyKey: key } });
  expect(answer.code, answer.message).toBe(CODES.OK);
  return answer.data;
}

describe('the daily points cap', () => {
  it('credits what is left of the day’s cap, holds the rest and says so; a later day credits what it held', async () => {
    t.clock.set(noonOf('2026-12-01'));
    const first = await walked('2026-12-01', 8_000);
    const second = await walked('2026-12-01', 6_000);
    expect(await collect(first)).toMatchObject({ collected: 80, capped: 0, earlier: 0, points: 80 });
    // 20 left of the day's 100: the other 40 of the second walker's 60 wait.
    const key = idempotencyKey();
    const capped = await collect(second, key);
    expect(capped).toMatchObject({ collected: 20, capped: 40, earlier: 0, points: 20 });
    // Its replay answers the same; another collection the same day credits nothing more.
    expect(await collect(second, key)).toEqual(capped);
    expect(await collect(second)).toMatchObject({ collected: 0, capped: 40, points: 20 });
    const finance = await signIn(t, ['finance']);
    expect((await consoleApi(t, finance, consoleEconomy)).data.caps).toEqual({
      pointsDaily: 100,
      pointsToday: 100,
      cashDaily: 0,
      cashToday: 0,
    });
    const receipt = await api(t, getStepReceipt, { token: second.token, params: { day: '2026-12-01' } });
    expect(receipt.data.points.collected).toBe(20);

    // The next day: the 40 held points first, within that day's cap, with the day's own steps.
    t.clock.set(noonOf('2026-12-02'));
    const reported = await api(t, reportSteps, { token: second.token, body: { day: '2026-12-02', steps: 3_000 } });
    expect(reported.code).toBe(CODES.OK);
    expect(await collect(second)).toMatchObject({ collected: 70, earlier: 40, capped: 0, points: 90 });
    expect(await collect(second)).toMatchObject({ collected: 0, earlier: 0, capped: 0 });
    expect(
      (await api(t, getStepReceipt, { token: second.token, params: { day: '2026-12-01' } })).data.points.collected,
    ).toBe(60);
    expect(
      await t.db.selectFrom('points_cap_holds').selectAll().where('user_id', '=', second.userId).execute(),
    ).toEqual([]);
    const later = await signIn(t, ['finance']);
    expect((await consoleApi(t, later, consoleEconomy)).data.caps.pointsToday).toBe(70);
  });

  it('counts the collections made before the day’s first capped one', async () => {
    t.clock.set(noonOf('2026-12-03'));
    const early = await walked('2026-12-03', 9_000);
    // As if collected before the cap was switched on: the day has no row of the cap yet.
    await t.app.services.ledger.transfer({
      kind: 'points.collect',
      legs: [
        { account: { kind: 'system', name: 'rewards', asset: 'POINTS' }, amount: -70 },
        { account: { kind: 'user', userId: early.userId, asset: 'POINTS' }, amount: 70 },
      ],
    });
    expect(await collect(early)).toMatchObject({ collected: 30, capped: 60 });
  });

  it('credits a review’s released points whole within a later day’s cap, or leaves them released', async () => {
    t.clock.set(noonOf('2026-12-06'));
    const held = await registerUser(t);
    const flagged = await api(t, reportSteps, {
      token: held.token,
      body: {
        day: '2026-12-06',
        steps: 8_000,
        device: `caps-${process.pid}-device`,
        rhythm: { intervals: 400, cv: 0.004 },
      },
    });
    expect(flagged.data.review?.status).toBe('flagged');
    const review = await t.db
      .selectFrom('step_reviews')
      .selectAll()
      .where('user_id', '=', held.userId)
      .executeTakeFirstOrThrow();
    const reviewer = await signIn(t, ['reviewer']);
    const decided = await consoleApi(t, reviewer, consoleDecideFlaggedDay, {
      params: { id: review.id },
      body: { decision: 'clear', version: review.version },
    });
    expect(decided.code, decided.message).toBe(CODES.OK);

    // The next day, 90 of its 100 are taken first: the 80 released points do not fit, and stay released.
    t.clock.set(noonOf('2026-12-07'));
    expect(await collect(await walked('2026-12-07', 9_000))).toMatchObject({ collected: 90 });
    expect(await collect(held)).toMatchObject({ collected: 0, released: 0 });
    expect((await api(t, getHome, { token: held.token })).data.releasedPoints).toBe(80);
    // The day after, they fit.
    t.clock.set(noonOf('2026-12-08'));
    expect(await collect(held)).toMatchObject({ collected: 80, released: 80, points: 80 });
  });

  it('holds under concurrent collections: together they take the cap, not a point more', async () => {
    t.clock.set(noonOf('2026-12-10'));
    const walkers: User[] = [];
    for (let index = 0; index < 8; index += 1) walkers.push(await walked('2026-12-10', 6_000));
    const answers = await Promise.all(walkers.map((walker) => collect(walker)));
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    expect(sum(answers.map((answer) => answer.collected))).toBe(100);
    expect(sum(answers.map((answer) => answer.capped))).toBe(8 * 60 - 100);
    const balances = await Promise.all(walkers.map((walker) => balanceOf(t, walker.userId, 'POINTS')));
    expect(sum(balances)).toBe(100);
    const held = await t.db.selectFrom('points_cap_holds').select('user_id').where('day', '=', '2026-12-10').execute();
    expect(held).toHaveLength(answers.filter((answer) => answer.capped > 0).length);
    const row = await t.db.selectFrom('economy_days').selectAll().where('day', '=', '2026-12-10').executeTakeFirst();
    expect(Number(row?.points_issued)).toBe(100);
  });
});
