import {
  CODES,
  HISTORY_MAX_DAYS,
  getAchievements,
  getStepHistory,
  getStepReceipt,
  listMoneyStatement,
  reportSteps,
  type MilestoneKey,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  api,
  cardHolder,
  type createPlan,
  registerUser,
  uniqueAccount,
  useTestApp,
} from '../../../test/harness.js';
import { MINUTE_MS } from '../../lib/clock.js';

// A daily cap below the contract's maximum, so that a report can go over it.
const t = useTestApp({ STEPS_DAILY_CAP: '30000' });

// The business day is UTC+8 by default.
const localTime = (day: string, hhmm: string) => Date.parse(`${day}T${hhmm}:00+08:00`);
const TODAY = '2026-11-22';
const addDays = (day: string, days: number) => t.app.services.calendar.addDays(day, days);

const report = (token: string, day: string, steps: number) => api(t, reportSteps, { token, body: { day, steps } });

/** Days before yesterday cannot be reported any more: history tests write them as imports would. */
async function pastDays(userId: string, days: Record<string, number>): Promise<void> {
  for (const [day, steps] of Object.entries(days)) {
    await t.db
      .insertInto('step_days')
      .values({ user_id: userId, day, steps, source: 'appleHealth', collected_points: 0, reported_at: t.clock.now() })
      .execute();
    await t.db
      .insertInto('step_sources')
      .values({ user_id: userId, day, source: 'appleHealth', kind: 'appleHealth', steps, reported_at: t.clock.now() })
      .execute();
  }
}

async function review(userId: string, day: string, status: 'flagged' | 'cleared' | 'rejected', reasons: string[]) {
  await t.db
    .insertInto('step_reviews')
    .values({
      id: `${userId}-${day}`,
      user_id: userId,
      day,
      reasons: JSON.stringify(reasons),
      status,
      created_at: t.clock.now(),
      decided_at: status === 'flagged' ? null : t.clock.now(),
      operator_id: null,
      note: null,
    })
    .execute();
}

/** A verified user who buys a card today (it starts today) with this target and cash back. */
async function buyPlan(token: string, userId: string, plan: Parameters<typeof createPlan>[1]) {
  const { bought } = await cardHolder(t, { cash: 50_000, plan, user: { token, userId } });
  expect(bought.code).toBe(CODES.OK);
}

const history = (token: string, from: string, to: string, language?: string) =>
  api(t, getStepHistory, { token, query: { from, to }, ...(language ? { language } : {}) });
const achievements = async (token: string) => (await api(t, getAchievements, { token })).data;
const receipt = (token: string, day: string, language?: string) =>
  api(t, getStepReceipt, { token, params: { day }, ...(language ? { language } : {}) });

describe('getStepHistory (GET /api/steps/history)', () => {
  it('answers each day with the goal of that day: a card bought mid-range raises it from its first day', async () => {
    t.clock.set(localTime(TODAY, '08:00'));
    const { token, userId } = await registerUser(t);
    await pastDays(userId, { '2026-11-18': 6_500, '2026-11-19': 3_000, '2026-11-20': 7_000 });
    await buyPlan(token, userId, { daily_target: 8_000 });
    t.clock.set(localTime(TODAY, '20:00'));
    expect((await report(token, TODAY, 7_500)).code).toBe(CODES.OK);
    const answer = await history(token, '2026-11-17', '2026-11-23');
    expect(answer.code).toBe(CODES.OK);
    expect(answer.data).toEqual({
      from: '2026-11-17',
      to: '2026-11-23',
      defaultGoal: 6_000,
      // Every day's goal, steps or not: the card's from its first day (it runs past the range).
      goals: [{ from: TODAY, to: '2026-11-23', goal: 8_000 }],
      // The account is today's, but its history (as a health export brings it) starts on the 18th.
      firstDay: '2026-11-18',
      days: [
        { day: '2026-11-18', steps: 6_500, goal: 6_000, goalMet: true, reviewStatus: null },
        { day: '2026-11-19', steps: 3_000, goal: 6_000, goalMet: false, reviewStatus: null },
        { day: '2026-11-20', steps: 7_000, goal: 6_000, goalMet: true, reviewStatus: null },
        // The card started today: 7,500 is short of its 8,000.
        { day: TODAY, steps: 7_500, goal: 8_000, goalMet: false, reviewStatus: null },
      ],
      summary: {
        totalSteps: 24_000,
        // Over the 5 days from the first (the 18th) to today (the 23rd has not begun).
        averageSteps: 4_800,
        goalDays: 2,
        best: { day: TODAY, steps: 7_500 },
      },
    });
  });

  it('gives every day its goal, steps or not, and averages over the account’s own days only', async () => {
    t.clock.set(localTime(TODAY, '09:00'));
    const { token, userId } = await registerUser(t);
    // A card below the default goal: today's goal is its 5,000, before a step is walked.
    await buyPlan(token, userId, { daily_target: 5_000 });
    const before = (await history(token, '2026-10-24', TODAY)).data;
    expect(before.days).toEqual([]);
    expect(before.goals).toEqual([{ from: TODAY, to: TODAY, goal: 5_000 }]);
    expect(before.firstDay).toBe(TODAY);
    t.clock.set(localTime(TODAY, '18:00'));
    expect((await report(token, TODAY, 3_000)).code).toBe(CODES.OK);
    const after = (await history(token, '2026-10-24', TODAY)).data;
    // One day of the account, not 30 with 29 zeros before it.
    expect(after.summary).toMatchObject({ totalSteps: 3_000, averageSteps: 3_000, goalDays: 0 });
    expect(after.days).toEqual([{ day: TODAY, steps: 3_000, goal: 5_000, goalMet: false, reviewStatus: null }]);
  });

  it('shows a day’s review; a rejected day never meets its goal', async () => {
    t.clock.set(localTime(TODAY, '12:00'));
    const { token, userId } = await registerUser(t);
    await pastDays(userId, { '2026-11-10': 9_000, '2026-11-11': 9_000, '2026-11-12': 9_000 });
    await review(userId, '2026-11-10', 'flagged', ['regularRhythm']);
    await review(userId, '2026-11-11', 'rejected', ['sharedDevice']);
    await review(userId, '2026-11-12', 'cleared', ['sourcesDisagree']);
    const { data } = await history(token, '2026-11-10', '2026-11-12');
    expect(data.days.map((day) => [day.reviewStatus, day.goalMet])).toEqual([
      ['flagged', true],
      ['rejected', false],
      ['cleared', true],
    ]);
    expect(data.summary).toMatchObject({ totalSteps: 27_000, averageSteps: 9_000, goalDays: 2 });
  });

  it('answers an empty range with zeros and refuses a reversed or too long range, in the user’s language', async () => {
    t.clock.set(localTime(TODAY, '12:00'));
    const { token } = await registerUser(t);
    expect((await history(token, '2026-11-01', '2026-11-30')).data.summary).toEqual({
      totalSteps: 0,
      averageSteps: 0,
      goalDays: 0,
      best: null,
    });
    // A range wholly in the future has no elapsed days.
    expect((await history(token, '2026-12-01', '2026-12-31')).data.summary.averageSteps).toBe(0);
    const reversed = await history(token, '2026-11-10', '2026-11-09');
    expect(reversed).toMatchObject({ code: CODES.VALIDATION_FAILED, data: null });
    expect(reversed.message).toBe('The range starts after it ends: from 2026-11-10 is later than to 2026-11-09');
    const longest = addDays('2025-01-01', HISTORY_MAX_DAYS - 1);
    expect((await history(token, '2025-01-01', longest)).code).toBe(CODES.OK);
    const tooLong = await history(token, '2025-01-01', addDays(longest, 1));
    expect(tooLong.code).toBe(CODES.VALIDATION_FAILED);
    expect(tooLong.message).toBe(`A history covers at most ${HISTORY_MAX_DAYS} days; ask for a shorter range`);
    expect((await history(token, '2025-01-01', addDays(longest, 1), 'fr')).message).toBe(
      `Un historique couvre au plus ${HISTORY_MAX_DAYS} jours ; demandez une période plus courte`,
    );
    expect((await history(token, '2026-11-10', '2026-11-09', 'zh-Hans')).message).toBe(
      '起始日期晚于结束日期：2026-11-10 在 2026-11-09 之后',
    );
    expect((await history(token, '2026-13-01', '2026-11-09')).code).toBe(CODES.VALIDATION_FAILED);
    expect((await api(t, getStepHistory, { query: { from: TODAY, to: TODAY } })).code).toBe(CODES.SESSION_INVALID);
  });
});

describe('getAchievements (GET /api/steps/achievements)', () => {
  it('counts a streak across local midnight, not UTC midnight, and breaks it after a day short of the goal', async () => {
    t.clock.set(localTime(TODAY, '12:00'));
    const { token, userId } = await registerUser(t);
    await pastDays(userId, { '2026-11-19': 6_000, '2026-11-20': 6_100 });
    t.clock.set(localTime('2026-11-21', '22:00'));
    expect((await report(token, '2026-11-21', 6_000)).code).toBe(CODES.OK);
    t.clock.set(localTime(TODAY, '23:59'));
    // Today is short of its goal: the streak ending yesterday still counts.
    expect(await achievements(token)).toMatchObject({ currentStreak: 3, longestStreak: 3, todayMet: false });
    expect((await report(token, TODAY, 6_000)).code).toBe(CODES.OK);
    expect(await achievements(token)).toMatchObject({ currentStreak: 4, longestStreak: 4, todayMet: true });
    expect((await achievements(token)).today).toBe(TODAY);
    // 00:01 in UTC+8 is still the 22nd in UTC: the business day has moved on all the same.
    t.clock.advance(2 * MINUTE_MS);
    expect(new Date(t.clock.now()).toISOString()).toBe('2026-11-22T16:01:00.000Z');
    expect(await achievements(token)).toMatchObject({ today: '2026-11-23', currentStreak: 4, todayMet: false });
    expect((await report(token, '2026-11-23', 200)).code).toBe(CODES.OK);
    // The 23rd ends short of its goal: on the 24th the streak is broken; the longest stays.
    t.clock.set(localTime('2026-11-24', '00:01'));
    expect(await achievements(token)).toMatchObject({ currentStreak: 0, longestStreak: 4, goalDays: 4 });
    t.clock.set(localTime('2026-11-24', '12:00'));
    expect((await report(token, '2026-11-24', 6_000)).code).toBe(CODES.OK);
    expect(await achievements(token)).toMatchObject({ currentStreak: 1, longestStreak: 4, todayMet: true });
  });

  it('leaves rejected days out of streaks, totals and milestones', async () => {
    t.clock.set(localTime(TODAY, '12:00'));
    const { token, userId } = await registerUser(t);
    await pastDays(userId, { '2026-11-19': 12_000, '2026-11-20': 8_000, '2026-11-21': 8_000 });
    await review(userId, '2026-11-19', 'rejected', ['regularRhythm']);
    await review(userId, '2026-11-20', 'flagged', ['sourcesDisagree']);
    const answer = await achievements(token);
    expect(answer).toMatchObject({ currentStreak: 2, longestStreak: 2, goalDays: 2, totalSteps: 16_000 });
    expect(answer.milestones.find((m) => m.key === 'first10k')).toEqual({
      key: 'first10k',
      target: 10_000,
      progress: 8_000,
      reachedOn: null,
    });
    await review(userId, '2026-11-21', 'rejected', ['sharedAddress']);
    // Yesterday rejected: nothing ends yesterday or today any more.
    expect(await achievements(token)).toMatchObject({ currentStreak: 0, longestStreak: 1, goalDays: 1 });
  });

  it('gives each milestone the business day it was first reached, with distance from the step length', async () => {
    t.clock.set(localTime(TODAY, '12:00'));
    const { token, userId } = await registerUser(t);
    // Eight goal days in a row from 1 November, then a gap, then a 20,000 day.
    const days: Record<string, number> = {};
    for (let i = 0; i < 8; i += 1) days[addDays('2026-11-01', i)] = i === 2 ? 10_000 : 21_000;
    days['2026-11-12'] = 20_000;
    days['2026-11-13'] = 100;
    await pastDays(userId, days);
    const answer = await achievements(token);
    // 7 × 21,000 + 10,000 + 20,000 + 100 steps; 70 cm a step.
    const totalSteps = 7 * 21_000 + 10_000 + 20_000 + 100;
    expect(answer).toMatchObject({
      currentStreak: 0,
      longestStreak: 8,
      todayMet: false,
      goalDays: 9,
      totalSteps,
      totalDistanceMeters: Math.floor((totalSteps * 70) / 100),
    });
    const byKey = Object.fromEntries(answer.milestones.map((m) => [m.key, m])) as Record<
      MilestoneKey,
      (typeof answer.milestones)[number]
    >;
    expect(byKey.firstGoal).toEqual({ key: 'firstGoal', target: 1, progress: 1, reachedOn: '2026-11-01' });
    expect(byKey.first10k.reachedOn).toBe('2026-11-01');
    expect(byKey.first20k.reachedOn).toBe('2026-11-01');
    expect(byKey.streak7).toEqual({ key: 'streak7', target: 7, progress: 7, reachedOn: '2026-11-07' });
    expect(byKey.streak30).toEqual({ key: 'streak30', target: 30, progress: 8, reachedOn: null });
    // 100 km = 142,858 steps of 70 cm: 6 days hold 115,000 steps (80.5 km), the 7th brings 136,000, the 8th 157,000.
    expect(byKey.distance100km).toEqual({
      key: 'distance100km',
      target: 100_000,
      progress: 100_000,
      reachedOn: '2026-11-08',
    });
    expect(byKey.distance1000km).toMatchObject({ progress: Math.floor((totalSteps * 70) / 100), reachedOn: null });
    expect(byKey.steps1m).toMatchObject({ target: 1_000_000, progress: totalSteps, reachedOn: null });
    expect(answer.milestones.map((m) => m.key)).toEqual([
      'firstGoal',
      'first10k',
      'first20k',
      'streak7',
      'streak30',
      'distance100km',
      'distance1000km',
      'steps1m',
    ]);
  });

  it('answers zeros for a user without steps, whatever others walked', async () => {
    t.clock.set(localTime(TODAY, '12:00'));
    const walker = await registerUser(t);
    await pastDays(walker.userId, { '2026-11-20': 30_000 });
    const { token } = await registerUser(t);
    const answer = await achievements(token);
    expect(answer).toMatchObject({ currentStreak: 0, longestStreak: 0, goalDays: 0, totalSteps: 0 });
    expect(answer.milestones.every((m) => m.progress === 0 && m.reachedOn === null)).toBe(true);
    expect((await achievements(walker.token)).totalSteps).toBe(30_000);
  });
});

describe('getStepReceipt (GET /api/steps/days/{day})', () => {
  it('explains a day: sources, a rate and a cap refusal, points with the card’s multiplier, its cash back', async () => {
    t.clock.set(localTime(TODAY, '00:05'));
    const { token, userId } = await registerUser(t);
    await buyPlan(token, userId, { daily_target: 5_000, daily_cash_back: 300, multiplier_percent: 150 });
    // Too fast: 10 minutes after midnight allow at most 3,000.
    t.clock.set(localTime(TODAY, '00:10'));
    const tooFast = await api(t, reportSteps, { token, body: { day: TODAY, steps: 3_001, device: 'phone-0001' } });
    expect(tooFast.code).toBe(CODES.BUSINESS_RULE);
    t.clock.set(localTime(TODAY, '10:00'));
    expect(
      (await api(t, reportSteps, { token, body: { day: TODAY, steps: 6_000, device: 'phone-0001' } })).data,
    ).toMatchObject({ steps: 6_000, cashBack: 300 });
    await t.app.services.stepReports.recordSteps(userId, { key: 'device:tok-1', kind: 'device' }, TODAY, 4_000);
    await t.db
      .insertInto('device_tokens')
      .values({
        id: 'tok-1',
        user_id: userId,
        name: 'My watch',
        token_hash: 'h'.repeat(64),
        hint: 'abcd',
        created_at: t.clock.now(),
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
    t.clock.set(localTime(TODAY, '14:00'));
    // Over the 30,000 cap: kept as a cap refusal, credited up to the cap.
    const over = await api(t, reportSteps, { token, body: { day: TODAY, steps: 45_000, device: 'phone-0001' } });
    expect(over.data.steps).toBe(30_000);
    t.clock.set(localTime(TODAY, '18:00'));
    const card = await t.db
      .selectFrom('member_cards as c')
      .innerJoin('card_plans as p', 'p.id', 'c.plan_id')
      .select(['c.id', 'p.name'])
      .where('c.user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const answer = await receipt(token, TODAY);
    expect(answer.code).toBe(CODES.OK);
    expect(answer.data).toEqual({
      day: TODAY,
      utcOffsetMinutes: 480,
      goal: 5_000,
      steps: 30_000,
      sources: [
        {
          kind: 'web',
          name: null,
          steps: 30_000,
          reportedAt: new Date(localTime(TODAY, '14:00')).toISOString(),
          credited: true,
        },
        {
          kind: 'device',
          name: 'My watch',
          steps: 4_000,
          reportedAt: new Date(localTime(TODAY, '10:00')).toISOString(),
          credited: false,
        },
      ],
      refusals: [
        {
          kind: 'web',
          name: null,
          steps: 3_001,
          reason: 'rate',
          limit: 3_000,
          at: new Date(localTime(TODAY, '00:10')).toISOString(),
        },
        {
          kind: 'web',
          name: null,
          steps: 45_000,
          reason: 'cap',
          limit: 30_000,
          at: new Date(localTime(TODAY, '14:00')).toISOString(),
        },
      ],
      review: null,
      held: null,
      releasedPoints: 0,
      // 300 steps-points capped at 200, × 1.5.
      points: { earned: 300, collected: 0, multiplierPercent: 150, multiplierCard: card.name },
      cashBack: [{ cardId: card.id, cardName: card.name, amount: 300 }],
      cashBackCapped: 0,
      inviteReward: null,
    });
    // The funds statement's cash back row names the day it was for; other rows none.
    const statement = await api(t, listMoneyStatement, { token, query: { page: 1, pageSize: 20 } });
    const types = statement.data.items.map((item) => [item.type, item.receiptDay]);
    expect(types).toContainEqual(['card.cashback', TODAY]);
    expect(types.filter(([type]) => type !== 'card.cashback').every(([, day]) => day === null)).toBe(true);
  });

  it('names the day a cash back paid for, not the day it was paid: yesterday’s target reported this morning', async () => {
    t.clock.set(localTime('2026-11-21', '10:00'));
    const { token, userId } = await registerUser(t);
    await buyPlan(token, userId, { daily_target: 100, daily_cash_back: 150 });
    t.clock.set(localTime(TODAY, '09:00'));
    expect((await report(token, '2026-11-21', 200)).data.cashBack).toBe(150);
    const statement = await api(t, listMoneyStatement, { token, query: { page: 1, pageSize: 20 } });
    const cashBack = statement.data.items.filter((item) => item.type === 'card.cashback');
    expect(cashBack.map((item) => [item.receiptDay, item.createdAt])).toEqual([
      ['2026-11-21', new Date(localTime(TODAY, '09:00')).toISOString()],
    ]);
    expect((await receipt(token, '2026-11-21')).data.cashBack).toEqual([expect.objectContaining({ amount: 150 })]);
    expect((await receipt(token, TODAY)).data.cashBack).toEqual([]);
  });

  it('keeps a late report on its own day, shows a review with its reasons, and zeros for a day without anything', async () => {
    t.clock.set(localTime(TODAY, '12:00'));
    const { token, userId } = await registerUser(t);
    expect((await report(token, '2026-11-19', 4_000)).code).toBe(CODES.BUSINESS_RULE);
    const late = await receipt(token, '2026-11-19');
    expect(late.data).toMatchObject({ steps: 0, goal: 6_000, sources: [] });
    expect(late.data.refusals).toEqual([
      { kind: 'web', name: null, steps: 4_000, reason: 'late', limit: null, at: new Date(t.clock.now()).toISOString() },
    ]);
    await pastDays(userId, { '2026-11-18': 7_000 });
    await review(userId, '2026-11-18', 'flagged', ['regularRhythm', 'sharedDevice']);
    expect((await receipt(token, '2026-11-18')).data.review).toEqual({
      status: 'flagged',
      reasons: ['regularRhythm', 'sharedDevice'],
      flaggedAt: new Date(t.clock.now()).toISOString(),
      decidedAt: null,
      expectedHours: 24,
    });
    // What the review holds: 70 points not collected, no card to pay cash back.
    expect((await receipt(token, '2026-11-18')).data.held).toEqual({ points: 70, cashBack: 0 });
    expect((await receipt(token, '2026-01-01')).data).toEqual({
      day: '2026-01-01',
      utcOffsetMinutes: 480,
      goal: 6_000,
      steps: 0,
      sources: [],
      refusals: [],
      review: null,
      held: null,
      releasedPoints: 0,
      points: { earned: 0, collected: 0, multiplierPercent: 100, multiplierCard: null },
      cashBack: [],
      cashBackCapped: 0,
      inviteReward: null,
    });
  });

  it('refuses a day that has not begun in the business time zone, and a malformed day', async () => {
    // 23:30 on the 22nd locally: the 23rd is still to come.
    t.clock.set(localTime(TODAY, '23:30'));
    const { token } = await registerUser(t);
    expect((await receipt(token, TODAY)).code).toBe(CODES.OK);
    const future = await receipt(token, '2026-11-23');
    expect(future).toMatchObject({ code: CODES.VALIDATION_FAILED, data: null });
    expect(future.message).toBe('2026-11-23 has not begun yet: the latest day with a receipt is today (2026-11-22)');
    expect((await receipt(token, '2026-11-23', 'es')).message).toBe(
      'El 2026-11-23 aún no ha empezado: el último día con recibo es hoy (2026-11-22)',
    );
    expect((await receipt(token, '2026-02-30')).code).toBe(CODES.VALIDATION_FAILED);
    t.clock.advance(30 * MINUTE_MS);
    expect((await receipt(token, '2026-11-23')).code).toBe(CODES.OK);
  });

  it('shows the invite reward on the day the invitee’s steps completed the invitation', async () => {
    t.clock.set(localTime(TODAY, '12:00'));
    const inviter = await registerUser(t);
    const code = (
      await t.db.selectFrom('users').select('invite_code').where('id', '=', inviter.userId).executeTakeFirstOrThrow()
    ).invite_code;
    const invitee = (await registerUser(t, uniqueAccount(), GOOD_PASSWORD, code)).token;
    expect((await report(invitee, TODAY, 5_000)).code).toBe(CODES.OK);
    expect((await receipt(invitee, TODAY)).data.inviteReward).toEqual({ points: 500 });
    expect((await receipt(invitee, '2026-11-21')).data.inviteReward).toBeNull();
    // The inviter's own receipt does not show the invitee's reward.
    expect((await receipt(inviter.token, TODAY)).data.inviteReward).toBeNull();
  });

  it('never shows another user’s sources, refusals, reviews, cash back or token names', async () => {
    t.clock.set(localTime(TODAY, '10:00'));
    const owner = await registerUser(t);
    await buyPlan(owner.token, owner.userId, { daily_target: 1_000, daily_cash_back: 200 });
    await api(t, reportSteps, { token: owner.token, body: { day: TODAY, steps: 2_000 } });
    await report(owner.token, '2026-11-10', 10);
    await review(owner.userId, TODAY, 'flagged', ['sharedAddress']);
    await t.db
      .insertInto('device_tokens')
      .values({
        id: 'tok-owner',
        user_id: owner.userId,
        name: 'Owner watch',
        token_hash: 'o'.repeat(64),
        hint: 'abcd',
        created_at: t.clock.now(),
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
    const other = await registerUser(t);
    // The other user reports through a source keyed like the owner's token: the name stays the owner's secret.
    await t.app.services.stepReports.recordSteps(other.userId, { key: 'device:tok-owner', kind: 'device' }, TODAY, 500);
    const seen = (await receipt(other.token, TODAY)).data;
    expect(seen).toMatchObject({ steps: 500, refusals: [], review: null, cashBack: [], inviteReward: null });
    expect(seen.sources).toEqual([expect.objectContaining({ kind: 'device', name: null, steps: 500 })]);
    expect((await receipt(other.token, '2026-11-10')).data.refusals).toEqual([]);
    expect((await history(other.token, '2026-11-01', TODAY)).data.days).toEqual([
      { day: TODAY, steps: 500, goal: 6_000, goalMet: false, reviewStatus: null },
    ]);
    const ownerHistory = (await history(owner.token, '2026-11-01', TODAY)).data.days;
    expect(ownerHistory).toEqual([{ day: TODAY, steps: 2_000, goal: 1_000, goalMet: true, reviewStatus: 'flagged' }]);
  });
});
