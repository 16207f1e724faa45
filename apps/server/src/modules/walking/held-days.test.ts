import {
  CODES,
  collectPoints,
  consoleDecideFlaggedDay,
  getHome,
  getInvite,
  getStepReceipt,
  listMyCards,
  listNotifications,
  listPointsStatement,
  reportSteps,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn } from '../../../test/console.js';
import { api, balanceOf, idempotencyKey, invitedCardHolder, registerUser, useTestApp } from '../../../test/harness.js';
import { DAY_MS } from '../../lib/clock.js';

// A held step day is never a dead end (decision 078 "A held step day is never a dead end"): what it holds is shown as
// waiting, the decision is told, and the points a clearing releases are the user's to collect.
const t = useTestApp();

const DAY = '2026-11-22';
const NEXT_DAY = '2026-11-23';
const NOON = Date.parse(`${DAY}T12:00:00+08:00`);
const MACHINE = { intervals: 400, cv: 0.004 };

let deviceCounter = 0;
const newDevice = () => `held-${process.pid}-${(deviceCounter += 1)}-abc`;

/** A verified invitee with a card (6,000 steps for ¥3.00 a day, ×1.2) whose 8,000 steps today are flagged. */
async function flaggedCardHolder() {
  const { user, inviter } = await invitedCardHolder(t);
  const flagged = await api(t, reportSteps, {
    token: user.token,
    body: { day: DAY, steps: 8_000, device: newDevice(), rhythm: MACHINE },
  });
  expect(flagged.data.review?.status).toBe('flagged');
  const review = await t.db
    .selectFrom('step_reviews')
    .selectAll()
    .where('user_id', '=', user.userId)
    .where('day', '=', DAY)
    .executeTakeFirstOrThrow();
  return { ...user, inviter, reviewId: review.id, version: review.version };
}

async function decide(reviewId: string, version: number, decision: 'clear' | 'reject') {
  const reviewer = await signIn(t, ['reviewer']);
  const answer = await consoleApi(t, reviewer, consoleDecideFlaggedDay, {
    params: { id: reviewId },
    body: { decision, version },
  });
  expect(answer.code, answer.message).toBe(CODES.OK);
}

const collect = (token: string, key = idempotencyKey()) =>
  api(t, collectPoints, { token, body: { idempotencyKey: key } });

const inbox = async (token: string) =>
  (await api(t, listNotifications, { token, query: { page: 1, pageSize: 20 } })).data.items;

describe('a held day shows what waits', () => {
  it('answers the held points and cash back on home, the wallet, the receipt and the inviter’s list, with the expected time', async () => {
    t.clock.set(NOON);
    const user = await flaggedCardHolder();
    const home = (await api(t, getHome, { token: user.token })).data;
    expect(home).toMatchObject({
      earnedPoints: 96,
      collectablePoints: 0,
      releasedPoints: 0,
      held: { points: 96, cashBack: 300 },
      review: { status: 'flagged', expectedHours: 24 },
    });
    expect(home.activeCards.map((card) => [card.cashBackEarned, card.cashBackPending])).toEqual([[false, 300]]);
    const wallet = (await api(t, listMyCards, { token: user.token })).data;
    expect(wallet.map((card) => [card.todayCashBackEarned, card.todayCashBackPending])).toEqual([[false, 300]]);
    const receipt = (await api(t, getStepReceipt, { token: user.token, params: { day: DAY } })).data;
    expect(receipt).toMatchObject({
      held: { points: 96, cashBack: 300 },
      releasedPoints: 0,
      review: { expectedHours: 24 },
    });
    const invite = (await api(t, getInvite, { token: user.inviter.token })).data;
    expect(invite.invitees.map((row) => [row.qualified, row.waitingForReview])).toEqual([[false, true]]);
  });

  it('shows nothing waiting on a day without a review', async () => {
    t.clock.set(NOON);
    const user = await registerUser(t);
    await api(t, reportSteps, { token: user.token, body: { day: DAY, steps: 7_000 } });
    expect((await api(t, getHome, { token: user.token })).data).toMatchObject({
      collectablePoints: 70,
      held: null,
      review: null,
    });
    expect((await api(t, getStepReceipt, { token: user.token, params: { day: DAY } })).data.held).toBeNull();
  });
});

describe('a decided day is told and its released points are collected', () => {
  it('clearing on the next day tells the user, pays the cash back, and leaves the points to collect once', async () => {
    t.clock.set(NOON);
    const user = await flaggedCardHolder();
    const points = await balanceOf(t, user.userId, 'POINTS');
    const cash = await balanceOf(t, user.userId);
    t.clock.set(NOON + DAY_MS);
    await decide(user.reviewId, user.version, 'clear');
    // Cash back and the invite reward are paid at clearing (decision 029 "Steps from every source"); the points are not
    // credited yet.
    expect(await balanceOf(t, user.userId)).toBe(cash + 300);
    expect(await balanceOf(t, user.userId, 'POINTS')).toBe(points + 500);
    const told = (await inbox(user.token)).find((row) => row.kind === 'steps.cleared');
    expect(told).toMatchObject({
      title: 'Steps cleared after review',
      body: `Your steps of ${DAY} were cleared: 96 points are ready to collect on Home, and ¥3.00 cash back was paid.`,
      link: { path: '/pages/index/index', query: {} },
      read: false,
    });
    // Pushed too, in the decision's transaction (decision 048 "Web Push"), through the outbox.
    expect(
      await t.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', user.userId)
        .where('kind', '=', 'steps.cleared')
        .execute(),
    ).toHaveLength(1);
    const home = (await api(t, getHome, { token: user.token })).data;
    expect(home).toMatchObject({ day: NEXT_DAY, collectablePoints: 96, releasedPoints: 96, held: null });
    expect((await api(t, getStepReceipt, { token: user.token, params: { day: DAY } })).data).toMatchObject({
      held: null,
      releasedPoints: 96,
      review: { status: 'cleared' },
    });
    const key = idempotencyKey();
    const first = await collect(user.token, key);
    expect(first.data).toMatchObject({ collected: 96, released: 96, cashBack: 0, points: points + 500 + 96 });
    // A replay answers the first result; another key finds nothing left.
    expect((await collect(user.token, key)).data).toMatchObject({ collected: 96, released: 96 });
    expect((await collect(user.token)).data).toMatchObject({ collected: 0, released: 0 });
    expect(await balanceOf(t, user.userId, 'POINTS')).toBe(points + 500 + 96);
    expect((await api(t, getHome, { token: user.token })).data).toMatchObject({
      collectablePoints: 0,
      releasedPoints: 0,
    });
    expect((await api(t, getStepReceipt, { token: user.token, params: { day: DAY } })).data).toMatchObject({
      releasedPoints: 0,
      points: { earned: 96, collected: 96 },
    });
    // The points statement names it a release of the held day, linking to that day's receipt (decision 081 "One points
    // statement").
    const statement = (await api(t, listPointsStatement, { token: user.token })).data;
    expect(statement.items[0]).toMatchObject({
      type: 'points.release',
      amount: 96,
      balanceAfter: points + 500 + 96,
      receiptDay: DAY,
    });
    expect(statement.items[1]).toMatchObject({ type: 'invite.reward', amount: 500, receiptDay: null });
  });

  it('rejecting tells the user what is withheld and links to the day’s receipt', async () => {
    t.clock.set(NOON);
    const user = await flaggedCardHolder();
    const points = await balanceOf(t, user.userId, 'POINTS');
    await decide(user.reviewId, user.version, 'reject');
    const told = (await inbox(user.token)).find((row) => row.kind === 'steps.rejected');
    expect(told).toMatchObject({
      title: 'Steps not accepted after review',
      body: `Your steps of ${DAY} were not accepted: 96 points and ¥3.00 cash back are not paid.`,
      link: { path: '/pages-sub/steps/day', query: { day: DAY } },
    });
    expect((await api(t, getHome, { token: user.token })).data).toMatchObject({
      collectablePoints: 0,
      held: { points: 96, cashBack: 300 },
      review: { status: 'rejected' },
    });
    t.clock.set(NOON + DAY_MS);
    expect((await collect(user.token)).data).toMatchObject({ collected: 0, released: 0 });
    expect(await balanceOf(t, user.userId, 'POINTS')).toBe(points);
  });

  it('says nothing of cash back when a cleared day had none, in the reader’s language', async () => {
    t.clock.set(NOON);
    const user = await registerUser(t);
    await api(t, reportSteps, {
      token: user.token,
      body: { day: DAY, steps: 4_000, device: newDevice(), rhythm: MACHINE },
    });
    const review = await t.db
      .selectFrom('step_reviews')
      .selectAll()
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    await decide(review.id, review.version, 'clear');
    const items = (
      await api(t, listNotifications, {
        token: user.token,
        query: { page: 1, pageSize: 20 },
        language: 'zh-CN',
      })
    ).data.items;
    expect(items.find((row) => row.kind === 'steps.cleared')?.body).toBe(
      `您 ${DAY} 的步数已通过审核：40 积分可在首页领取。`,
    );
  });

  it('credits released points once when collections race (PostgreSQL: at the same moment)', async () => {
    t.clock.set(NOON);
    for (let round = 0; round < 3; round += 1) {
      const user = await flaggedCardHolder();
      t.clock.set(NOON + DAY_MS);
      await decide(user.reviewId, user.version, 'clear');
      const points = await balanceOf(t, user.userId, 'POINTS');
      const answers = await Promise.all(Array.from({ length: 6 }, () => collect(user.token)));
      for (const answer of answers) expect(answer.code, answer.message).toBe(CODES.OK);
      expect(answers.reduce((sum, answer) => sum + answer.data.released, 0)).toBe(96);
      expect(await balanceOf(t, user.userId, 'POINTS')).toBe(points + 96);
      t.clock.set(NOON);
    }
  });
});
