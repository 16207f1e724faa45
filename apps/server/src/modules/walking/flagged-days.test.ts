import {
  CODES,
  collectPoints,
  consoleDecideFlaggedDay,
  consoleFlaggedDays,
  getHome,
  reportSteps,
  saveAddress,
  type BodyOf,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn } from '../../../test/console.js';
import { api, balanceOf, idempotencyKey, invitedCardHolder, registerUser, useTestApp } from '../../../test/harness.js';
import { MINUTE_MS } from '../../lib/clock.js';

// Cheating caught, not just capped (docs/product/rules.md, Steps and points; decision 029 "Steps from every source").
const t = useTestApp();

const DAY = '2026-11-22';
const at = (hhmm: string) => Date.parse(`${DAY}T${hhmm}:00+08:00`);
const NOON = at('12:00');

type Report = BodyOf<typeof reportSteps>;
const report = (token: string, body: Partial<Report> & { steps: number }) =>
  api(t, reportSteps, { token, body: { day: DAY, ...body } });

/** A steady report: a human's cadence (CV 6%). */
const HUMAN = { intervals: 400, cv: 0.06 };
/** A shaking machine's cadence. */
const MACHINE = { intervals: 400, cv: 0.004 };

let deviceCounter = 0;
const newDevice = () => `device-${process.pid}-${(deviceCounter += 1)}-abc`;

const reviewOf = (userId: string) =>
  t.db.selectFrom('step_reviews').selectAll().where('user_id', '=', userId).where('day', '=', DAY).executeTakeFirst();

async function pointsBalance(userId: string) {
  return balanceOf(t, userId, 'POINTS');
}

/** A verified user with an active card (target 6,000 steps, 3.00 cash back a day, ×1.2), invited by another user. */
async function cardHolder() {
  const { user, inviter } = await invitedCardHolder(t);
  return { token: user.token, userId: user.userId, inviterId: inviter.userId };
}

describe('reportSteps (POST /api/steps): flagging a day', () => {
  it('flags a report whose rhythm is too regular, not a human one or one with too few intervals', async () => {
    t.clock.set(NOON);
    const human = await registerUser(t);
    expect((await report(human.token, { steps: 3_000, device: newDevice(), rhythm: HUMAN })).data.review).toBeNull();
    const few = await registerUser(t);
    const short = await report(few.token, { steps: 3_000, rhythm: { intervals: 150, cv: 0.001 } });
    expect(short.data.review).toBeNull();
    const shaker = await registerUser(t);
    const flagged = await report(shaker.token, { steps: 3_000, device: newDevice(), rhythm: MACHINE });
    expect(flagged.code).toBe(CODES.OK);
    expect(flagged.data.review).toEqual({
      status: 'flagged',
      reasons: ['regularRhythm'],
      flaggedAt: new Date(NOON).toISOString(),
      decidedAt: null,
      expectedHours: 24,
    });
    // Once per user and day: a second regular report adds nothing, the row stays one.
    t.clock.advance(10 * MINUTE_MS);
    expect((await report(shaker.token, { steps: 4_000, rhythm: MACHINE })).data.review?.reasons).toEqual([
      'regularRhythm',
    ]);
    const rows = await t.db.selectFrom('step_reviews').selectAll().where('user_id', '=', shaker.userId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'flagged', version: 1, reasons: '["regularRhythm"]' });
  });

  it('flags a day whose all-day sources disagree widely, not a lower in-app count or a source not synced lately', async () => {
    t.clock.set(NOON);
    // A watch (companion) and a phone agreeing roughly: nothing.
    const agreeing = await registerUser(t);
    await report(agreeing.token, { source: 'companion', device: newDevice(), steps: 7_000 });
    expect(
      (await report(agreeing.token, { source: 'companion', device: newDevice(), steps: 6_000 })).data.review,
    ).toBeNull();
    // The in-app counter counts only while the app is open: far lower than the watch is no disagreement.
    const partial = await registerUser(t);
    await report(partial.token, { device: newDevice(), steps: 1_000 });
    expect(
      (await report(partial.token, { source: 'companion', device: newDevice(), steps: 12_000 })).data.review,
    ).toBeNull();
    // Far above an all-day source that reported at the same time: flagged.
    const inflated = await registerUser(t);
    await report(inflated.token, { source: 'companion', device: newDevice(), steps: 2_000 });
    const flagged = await report(inflated.token, { device: newDevice(), steps: 9_000 });
    expect(flagged.data).toMatchObject({ steps: 9_000, review: { status: 'flagged', reasons: ['sourcesDisagree'] } });
    // Twice but not 5,000 steps apart: nothing.
    const small = await registerUser(t);
    await report(small.token, { source: 'companion', device: newDevice(), steps: 2_000 });
    expect(
      (await report(small.token, { source: 'companion', device: newDevice(), steps: 6_500 })).data.review,
    ).toBeNull();
    // The watch last reported two hours ago: it may not have synced since.
    const stale = await registerUser(t);
    t.clock.set(at('10:00'));
    await report(stale.token, { source: 'companion', device: newDevice(), steps: 2_000 });
    t.clock.set(NOON);
    expect((await report(stale.token, { device: newDevice(), steps: 9_000 })).data.review).toBeNull();
  });

  it('flags a device that counted for more than 3 other accounts', async () => {
    t.clock.set(NOON);
    const device = newDevice();
    const users = [];
    for (let i = 0; i < 5; i += 1) users.push(await registerUser(t));
    const answers = [];
    for (const user of users) answers.push(await report(user.token, { device, steps: 1_000 }));
    expect(answers.map((answer) => answer.data.review?.reasons ?? [])).toEqual([[], [], [], [], ['sharedDevice']]);
    // The first account's next report sees four others now.
    t.clock.advance(MINUTE_MS);
    expect((await report(users[0]!.token, { device, steps: 1_100 })).data.review?.reasons).toEqual(['sharedDevice']);
    expect(await t.db.selectFrom('step_devices').selectAll().where('device', '=', device).execute()).toHaveLength(5);
  });

  it('flags a day reaching its goal when the delivery address is shared with more than 3 other accounts', async () => {
    t.clock.set(NOON);
    const phone = `139${String(Date.now()).slice(-8)}`;
    const users = [];
    for (let i = 0; i < 5; i += 1) {
      const user = await registerUser(t);
      const saved = await api(t, saveAddress, {
        token: user.token,
        body: {
          name: 'Li Na',
          phone,
          // Written differently, the same place: case, spaces and punctuation do not count.
          region: i % 2 === 0 ? 'Shanghai, Pudong' : 'shanghai pudong',
          detail: i % 2 === 0 ? 'No. 5 Century Avenue' : 'no 5, century  avenue',
          isDefault: true,
        },
      });
      expect(saved.code, saved.message).toBe(CODES.OK);
      users.push(user);
    }
    const last = users[4]!;
    // Below the goal (6,000 without a card): not checked yet.
    expect((await report(last.token, { steps: 5_000 })).data.review).toBeNull();
    t.clock.advance(10 * MINUTE_MS);
    expect((await report(last.token, { steps: 6_000 })).data.review?.reasons).toEqual(['sharedAddress']);
    // Someone with an address of their own reaches the goal unflagged.
    const alone = await registerUser(t);
    await api(t, saveAddress, {
      token: alone.token,
      body: { name: 'Wang Wu', phone, region: 'Beijing', detail: 'No. 1 Chang’an Avenue', isDefault: true },
    });
    expect((await report(alone.token, { steps: 6_500 })).data.review).toBeNull();
  });
});

describe('reportSteps (POST /api/steps): a flagged day’s rewards wait', () => {
  it('pays no points, cash back or invite reward while flagged; Home shows the earned points under review', async () => {
    t.clock.set(NOON);
    const user = await cardHolder();
    const pointsBefore = await pointsBalance(user.userId);
    const cashBefore = await balanceOf(t, user.userId);
    const flagged = await report(user.token, { steps: 8_000, device: newDevice(), rhythm: MACHINE });
    expect(flagged.data).toMatchObject({ steps: 8_000, cashBack: 0, review: { status: 'flagged' } });
    const home = (await api(t, getHome, { token: user.token })).data;
    // 80 points × 1.2: earned, shown, not collectable.
    expect(home).toMatchObject({ earnedPoints: 96, collectablePoints: 0, review: { status: 'flagged' } });
    expect(home.activeCard?.cashBackEarned).toBe(false);
    const collected = await api(t, collectPoints, { token: user.token, body: { idempotencyKey: idempotencyKey() } });
    expect(collected.data).toMatchObject({ collected: 0, cashBack: 0 });
    t.clock.advance(10 * MINUTE_MS);
    expect((await report(user.token, { steps: 9_000 })).data.cashBack).toBe(0);
    expect(await pointsBalance(user.userId)).toBe(pointsBefore);
    expect(await balanceOf(t, user.userId)).toBe(cashBefore);
    expect(await pointsBalance(user.inviterId)).toBe(0);
    expect(await t.db.selectFrom('invite_rewards').selectAll().where('invitee_id', '=', user.userId).execute()).toEqual(
      [],
    );
  });
});

describe('reviewing flagged days', () => {
  it('lists flagged days with masked mobile, sources and held rewards; clearing releases them once', async () => {
    t.clock.set(NOON);
    const user = await cardHolder();
    const account = (
      await t.db.selectFrom('users').select('account').where('id', '=', user.userId).executeTakeFirstOrThrow()
    ).account;
    await report(user.token, { steps: 8_000, device: newDevice(), rhythm: MACHINE });
    const reviewer = await signIn(t, ['reviewer']);
    const list = await consoleApi(t, reviewer, consoleFlaggedDays, { query: { status: 'flagged', pageSize: 50 } });
    expect(list.code).toBe(CODES.OK);
    const item = list.data.items.find((row) => row.userId === user.userId);
    expect(item).toMatchObject({
      mobile: `${account.slice(0, 3)}****${account.slice(-4)}`,
      day: DAY,
      steps: 8_000,
      status: 'flagged',
      reasons: ['regularRhythm'],
      sources: [{ kind: 'web', name: null, steps: 8_000 }],
      heldPoints: 96,
      heldCashBack: 300,
      decidedAt: null,
      note: null,
      version: 1,
    });
    const points = await pointsBalance(user.userId);
    const cash = await balanceOf(t, user.userId);
    t.clock.advance(MINUTE_MS);
    const cleared = await consoleApi(t, reviewer, consoleDecideFlaggedDay, {
      params: { id: item!.id },
      body: { decision: 'clear', note: 'A treadmill, verified by phone', version: 1 },
    });
    expect(cleared.code, cleared.message).toBe(CODES.OK);
    expect(cleared.data).toMatchObject({
      status: 'cleared',
      heldPoints: 0,
      heldCashBack: 0,
      note: 'A treadmill, verified by phone',
      version: 2,
    });
    // The cash back and the invite reward are paid; the points are the user's to collect (decision 078 "A held step day
    // is never a dead end").
    expect(await pointsBalance(user.userId)).toBe(points + 500);
    expect(await balanceOf(t, user.userId)).toBe(cash + 300);
    expect(await pointsBalance(user.inviterId)).toBe(500);
    // Once: deciding again is stale, and nothing more is paid.
    const again = await consoleApi(t, reviewer, consoleDecideFlaggedDay, {
      params: { id: item!.id },
      body: { decision: 'clear', version: 2 },
    });
    expect(again.code).toBe(CODES.STALE_EDIT);
    expect(await pointsBalance(user.userId)).toBe(points + 500);
    // After clearing, the day pays as usual: the released points and more steps' points to collect.
    const home = (await api(t, getHome, { token: user.token })).data;
    expect(home).toMatchObject({
      collectedPoints: 0,
      collectablePoints: 96,
      held: null,
      review: { status: 'cleared' },
    });
    await report(user.token, { steps: 10_000 });
    const collected = await api(t, collectPoints, { token: user.token, body: { idempotencyKey: idempotencyKey() } });
    expect(collected.data).toMatchObject({ collected: 120, released: 0, cashBack: 0 });
    expect(await pointsBalance(user.userId)).toBe(points + 500 + 120);
    const action = await t.db
      .selectFrom('operator_actions')
      .selectAll()
      .where('subject_id', '=', item!.id)
      .executeTakeFirstOrThrow();
    expect(action).toMatchObject({ action: 'step-day.clear', subject_type: 'step-day', operator: reviewer.name });
    expect(JSON.parse(action.after ?? '{}')).toMatchObject({ status: 'cleared', paidPoints: 96, paidCashBack: 300 });
    const listed = await consoleApi(t, reviewer, consoleFlaggedDays, { query: { status: 'cleared', pageSize: 50 } });
    expect(listed.data.items.map((row) => row.id)).toContain(item!.id);
    // Collected today, so never again on a later day.
    t.clock.advance(24 * 60 * MINUTE_MS);
    const later = await api(t, collectPoints, { token: user.token, body: { idempotencyKey: idempotencyKey() } });
    expect(later.data).toMatchObject({ collected: 0, released: 0 });
  });

  it('rejecting pays nothing, then or later', async () => {
    t.clock.set(NOON);
    const user = await cardHolder();
    await report(user.token, { steps: 8_000, device: newDevice(), rhythm: MACHINE });
    const review = await reviewOf(user.userId);
    const points = await pointsBalance(user.userId);
    const cash = await balanceOf(t, user.userId);
    const reviewer = await signIn(t, ['reviewer']);
    const rejected = await consoleApi(t, reviewer, consoleDecideFlaggedDay, {
      params: { id: review!.id },
      body: { decision: 'reject', note: 'Shaken', version: review!.version },
    });
    expect(rejected.data).toMatchObject({ status: 'rejected', heldPoints: 96, heldCashBack: 300, note: 'Shaken' });
    t.clock.advance(10 * MINUTE_MS);
    expect((await report(user.token, { steps: 9_000 })).data).toMatchObject({
      cashBack: 0,
      review: { status: 'rejected' },
    });
    const collected = await api(t, collectPoints, { token: user.token, body: { idempotencyKey: idempotencyKey() } });
    expect(collected.data).toMatchObject({ collected: 0, cashBack: 0 });
    expect(await pointsBalance(user.userId)).toBe(points);
    expect(await balanceOf(t, user.userId)).toBe(cash);
    expect(await pointsBalance(user.inviterId)).toBe(0);
    expect((await api(t, getHome, { token: user.token })).data).toMatchObject({
      earnedPoints: 108,
      collectablePoints: 0,
      review: { status: 'rejected' },
    });
  });

  it('refuses a decision on a version the reviewer did not see: a new reason moves it on', async () => {
    t.clock.set(NOON);
    const user = await registerUser(t);
    const device = newDevice();
    await report(user.token, { source: 'companion', device: newDevice(), steps: 1_000 });
    await report(user.token, { steps: 2_000, device, rhythm: MACHINE });
    const seen = await reviewOf(user.userId);
    expect(seen).toMatchObject({ version: 1 });
    t.clock.advance(30 * MINUTE_MS);
    const more = await report(user.token, { steps: 9_000, device });
    expect(more.data.review?.reasons).toEqual(['regularRhythm', 'sourcesDisagree']);
    const reviewer = await signIn(t, ['reviewer']);
    const stale = await consoleApi(t, reviewer, consoleDecideFlaggedDay, {
      params: { id: seen!.id },
      body: { decision: 'reject', version: 1 },
    });
    expect(stale.code).toBe(CODES.STALE_EDIT);
    expect(await reviewOf(user.userId)).toMatchObject({ status: 'flagged', version: 2 });
    const missing = await consoleApi(t, reviewer, consoleDecideFlaggedDay, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      body: { decision: 'reject', version: 1 },
    });
    expect(missing.code).toBe(CODES.BUSINESS_RULE);
  });

  it('pays a cleared day once when two reviewers decide at the same moment', async () => {
    t.clock.set(NOON);
    for (let round = 0; round < 3; round += 1) {
      const user = await cardHolder();
      await report(user.token, { steps: 8_000, device: newDevice(), rhythm: MACHINE });
      const review = await reviewOf(user.userId);
      const points = await pointsBalance(user.userId);
      const cash = await balanceOf(t, user.userId);
      const [first, second] = await Promise.all([signIn(t, ['reviewer']), signIn(t, ['reviewer'])]);
      const answers = await Promise.all(
        [first, second].map((reviewer, index) =>
          consoleApi(t, reviewer, consoleDecideFlaggedDay, {
            params: { id: review!.id },
            body: { decision: index === 0 ? 'clear' : round === 1 ? 'reject' : 'clear', version: 1 },
          }),
        ),
      );
      const won = answers.filter((answer) => answer.code === CODES.OK);
      expect(won).toHaveLength(1);
      expect(answers.filter((answer) => answer.code === CODES.STALE_EDIT)).toHaveLength(1);
      const status = won[0]!.data.status;
      const paid = status === 'cleared';
      expect(await pointsBalance(user.userId)).toBe(points + (paid ? 500 : 0));
      expect(await balanceOf(t, user.userId)).toBe(cash + (paid ? 300 : 0));
      // The released points are collected once.
      const collected = await api(t, collectPoints, { token: user.token, body: { idempotencyKey: idempotencyKey() } });
      expect(collected.data.collected).toBe(paid ? 96 : 0);
      expect(await pointsBalance(user.userId)).toBe(points + (paid ? 96 + 500 : 0));
      expect(
        await t.db.selectFrom('operator_actions').select('id').where('subject_id', '=', review!.id).execute(),
      ).toHaveLength(1);
    }
  });

  it('answers reports and a decision at the same moment without a deadlock, paying the day once', async () => {
    t.clock.set(NOON);
    const user = await cardHolder();
    const device = newDevice();
    await report(user.token, { steps: 7_000, device, rhythm: MACHINE });
    const review = await reviewOf(user.userId);
    const reviewer = await signIn(t, ['reviewer']);
    const cash = await balanceOf(t, user.userId);
    t.clock.advance(30 * MINUTE_MS);
    const [decided, ...reports] = await Promise.all([
      consoleApi(t, reviewer, consoleDecideFlaggedDay, {
        params: { id: review!.id },
        body: { decision: 'clear', version: 1 },
      }),
      report(user.token, { steps: 8_000, device }),
      report(user.token, { steps: 9_000, device, source: 'companion' }),
      report(user.token, { steps: 8_500, device: newDevice() }),
    ]);
    expect(decided.code, decided.message).toBe(CODES.OK);
    for (const answer of reports) expect(answer.code, answer.message).toBe(CODES.OK);
    expect(await balanceOf(t, user.userId)).toBe(cash + 300);
    expect(await reviewOf(user.userId)).toMatchObject({ status: 'cleared' });
  });
});
