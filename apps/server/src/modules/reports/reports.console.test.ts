import {
  consoleEndChallenge,
  leaveChallenge,
  acceptFriend,
  CODES,
  consoleClubClose,
  consoleClubVerify,
  createClub,
  getFriends,
  requestFriend,
  collectPoints,
  consoleCorrectionRequest,
  consoleDashboardSummary,
  consoleWithdrawalPay,
  exchangePoints,
  reportSteps,
  submitFace,
  type DashboardSummary,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { BEFORE, join, noonOf, operators, publicChallenge, userChallenge, walker } from '../../../test/challenges.js';
import { consoleApi, pendingIdentity, pendingWithdrawal, signIn } from '../../../test/console.js';
import { api, cardHolder, idempotencyKey, registerUser, useTestApp } from '../../../test/harness.js';
import { mondayOf } from '../../lib/business-day.js';
import { DAY_MS, HOUR_MS } from '../../lib/clock.js';
import { DASHBOARD_DAYS } from './reports.admin.js';

// The test clock starts at 2026-11-22 04:00 UTC: noon of 2026-11-22 in the default UTC+8.
const t = useTestApp({ IDENTITY_REVIEW: 'operator' });

function dayOf(summary: DashboardSummary, day: string) {
  const found = summary.days.find((row) => row.day === day);
  if (!found) throw new Error(`no ${day} in the dashboard`);
  return found;
}

const queue = (summary: DashboardSummary, key: string) => summary.queues.find((row) => row.key === key)?.count;

describe('console dashboard', () => {
  it('starts at zero on an empty service, with 30 days ending today', async () => {
    const finance = await signIn(t, ['finance']);
    const answer = await consoleApi(t, finance, consoleDashboardSummary);
    expect(answer.code).toBe(CODES.OK);
    expect(answer.data.today).toBe('2026-11-22');
    expect(answer.data.utcOffsetMinutes).toBe(480);
    expect(answer.data.days).toHaveLength(DASHBOARD_DAYS);
    expect(answer.data.days[0]?.day).toBe('2026-10-24');
    expect(answer.data.days.at(-1)?.day).toBe('2026-11-22');
    expect(answer.data.days.every((row) => row.steps === 0 && row.cardSales === 0)).toBe(true);
    expect(answer.data.liabilities).toEqual({ cash: 0, points: 0 });
    expect(answer.data.queues).toEqual([
      { key: 'identity', count: 0 },
      { key: 'face', count: 0 },
      { key: 'withdrawals', count: 0 },
      { key: 'goods-orders', count: 0 },
      { key: 'card-mailings', count: 0 },
      { key: 'corrections', count: 0 },
      { key: 'flagged-days', count: 0 },
      { key: 'invite-rewards', count: 0 },
      { key: 'appeals', count: 0 },
      { key: 'appeals-overdue', count: 0 },
    ]);
    expect(answer.data.social).toEqual({
      friends: { friendships: 0, activeThisWeek: 0 },
      clubs: { open: 0, verified: 0 },
      challenges: { running: 0, participants: 0 },
    });
  });

  it('counts walking, points, a card sale, cash back, an exchange, a paid withdrawal and the queues', async () => {
    const admin = await signIn(t, ['admin']);
    const finance = await signIn(t, ['finance']);

    // Yesterday: one walker reports 3,000 steps (reported today, counted on its own day).
    const walker = await registerUser(t);
    await api(t, reportSteps, { token: walker.token, body: { day: '2026-11-21', steps: 3_000 } });

    // Today: a member buys the Bronze card with their balance, walks past the target, collects
    // ¥3.00 cash back on reaching the target, collects 100 points × 1.2, and exchanges 100 points for ¥1.00.
    const { bought, ...member } = await cardHolder(t, { cash: 50_000 });
    expect(bought.code).toBe(CODES.OK);
    const walked = await api(t, reportSteps, { token: member.token, body: { day: '2026-11-22', steps: 10_000 } });
    expect(walked.data.cashBack).toBe(300);
    await api(t, reportSteps, { token: walker.token, body: { day: '2026-11-22', steps: 0 } });
    const collected = await api(t, collectPoints, { token: member.token, body: { idempotencyKey: idempotencyKey() } });
    expect(collected.data.collected).toBe(120);
    expect(
      (await api(t, exchangePoints, { token: member.token, body: { points: 100, idempotencyKey: idempotencyKey() } }))
        .code,
    ).toBe(CODES.OK);

    // A withdrawal of ¥50.00 paid by finance (the bank gets ¥49.00), another left waiting.
    const paid = await pendingWithdrawal(t);
    const payAnswer = await consoleApi(t, finance, consoleWithdrawalPay, {
      params: { id: paid.id },
      body: { reference: 'BANK-0001' },
    });
    expect(payAnswer.data.received).toBe(4_900);
    await pendingWithdrawal(t, 2_000);

    // Queues: one identity check waiting, one face check waiting (method manual).
    await pendingIdentity(t);
    const face = await pendingIdentity(t);
    await t.app.services.admin.identity.review('setup', face.userId, { approve: true });
    await api(t, submitFace, { token: face.token, body: { method: 'manual' } });

    const summary = (await consoleApi(t, admin, consoleDashboardSummary)).data;
    expect(dayOf(summary, '2026-11-22')).toEqual({
      day: '2026-11-22',
      activeWalkers: 1,
      steps: 10_000,
      pointsIssued: 120,
      pointsRedeemed: 100,
      cashBackPaid: 300,
      cardSales: 1,
      cardSalesAmount: 9_900,
      withdrawalsPaid: 1,
      withdrawalsPaidAmount: 4_900,
    });
    expect(dayOf(summary, '2026-11-21')).toMatchObject({ activeWalkers: 1, steps: 3_000, cardSales: 0 });
    // The member: 500.00 − 99.00 + 3.00 + 1.00; two withdrawers: 100.00 − 50.00 and 100.00 − 20.00.
    expect(summary.liabilities).toEqual({ cash: 40_500 + 5_000 + 8_000, points: 20 });
    // The same as the accounts' running balances (the ledger's invariants hold after every test).
    const cached = await t.app.services.ledger.liabilities();
    expect(summary.liabilities).toEqual({ cash: cached.users.CNY, points: cached.users.POINTS });
    expect(queue(summary, 'identity')).toBe(1);
    expect(queue(summary, 'face')).toBe(1);
    expect(queue(summary, 'withdrawals')).toBe(1);
    expect(queue(summary, 'goods-orders')).toBe(0);
  });

  it('counts balance corrections waiting for a second finance operator', async () => {
    const finance = await signIn(t, ['finance']);
    const before = queue((await consoleApi(t, finance, consoleDashboardSummary)).data, 'corrections') ?? -1;
    const user = await registerUser(t);
    const requested = await consoleApi(t, finance, consoleCorrectionRequest, {
      body: { user: user.userId, direction: 'credit', asset: 'CNY', amount: 500, reason: 'goodwill' },
    });
    expect(requested.code).toBe(CODES.OK);
    const after = (await consoleApi(t, finance, consoleDashboardSummary)).data;
    expect(queue(after, 'corrections')).toBe(before + 1);
  });

  it('counts days waiting for a reviewer', async () => {
    const finance = await signIn(t, ['finance']);
    const before = queue((await consoleApi(t, finance, consoleDashboardSummary)).data, 'flagged-days') ?? -1;
    const user = await registerUser(t);
    const shaken = await api(t, reportSteps, {
      token: user.token,
      body: { day: '2026-11-22', steps: 2_000, rhythm: { intervals: 500, cv: 0.002 } },
    });
    expect(shaken.data.review?.status).toBe('flagged');
    const after = (await consoleApi(t, finance, consoleDashboardSummary)).data;
    expect(queue(after, 'flagged-days')).toBe(before + 1);
  });

  it('puts a sale after midnight in the business time zone on the next day, and drops days older than 30', async () => {
    const before = (await consoleApi(t, await signIn(t, ['finance']), consoleDashboardSummary)).data;
    // 2026-11-22 16:30 UTC is 00:30 on 2026-11-23 in UTC+8.
    t.clock.set(Date.UTC(2026, 10, 22, 16, 30));
    const finance = await signIn(t, ['finance']);
    await cardHolder(t, { cash: 20_000, plan: { price: 1_000 } });
    const after = (await consoleApi(t, finance, consoleDashboardSummary)).data;
    expect(after.today).toBe('2026-11-23');
    expect(dayOf(after, '2026-11-23')).toMatchObject({ cardSales: 1, cardSalesAmount: 1_000 });
    expect(dayOf(after, '2026-11-22').cardSales).toBe(dayOf(before, '2026-11-22').cardSales);
    // Thirty days on, 2026-11-23 is out of the window; the liabilities stay.
    t.clock.advance(30 * DAY_MS + HOUR_MS);
    const later = (await consoleApi(t, await signIn(t, ['finance']), consoleDashboardSummary)).data;
    expect(later.days[0]?.day).toBe('2026-11-24');
    expect(later.days.every((row) => row.cardSales === 0)).toBe(true);
    expect(later.liabilities).toEqual(after.liabilities);
  });

  it('writes nothing: the dashboard is a read, not a recorded look', async () => {
    const finance = await signIn(t, ['finance']);
    const actions = (await t.app.services.audit.list(1000)).length;
    expect((await consoleApi(t, finance, consoleDashboardSummary)).code).toBe(CODES.OK);
    expect(await t.app.services.audit.list(1000)).toHaveLength(actions);
  });

  it('counts friendships, friends who walked this week, and open and verified clubs', async () => {
    const admin = await signIn(t, ['admin']);
    const editor = await signIn(t, ['editor']);
    const summary = async () => (await consoleApi(t, admin, consoleDashboardSummary)).data;
    const { social: before, today } = await summary();
    const monday = mondayOf(today);
    const lastSunday = t.app.services.calendar.addDays(monday, -1);
    const [a, b, c, alone] = [
      await registerUser(t),
      await registerUser(t),
      await registerUser(t),
      await registerUser(t),
    ];
    const befriend = async (from: typeof a, to: typeof a) => {
      const code = (await api(t, getFriends, { token: to.token })).data.code;
      await api(t, requestFriend, { token: from.token, body: { by: 'code', code } });
      expect((await api(t, acceptFriend, { token: to.token, params: { id: from.userId } })).code).toBe(CODES.OK);
    };
    await befriend(a, b);
    await befriend(a, c);
    // This week (Monday to today): a walks today, b walked on Monday; c walked only last week, with no steps this
    // week; the one without friends walks too.
    await api(t, reportSteps, { token: a.token, body: { day: today, steps: 4_000 } });
    await api(t, reportSteps, { token: alone.token, body: { day: today, steps: 4_000 } });
    await api(t, reportSteps, { token: c.token, body: { day: today, steps: 0 } });
    const day = { source: 'web', collected_points: 0, reported_at: t.clock.now() };
    await t.db
      .insertInto('step_days')
      .values([
        { ...day, user_id: b.userId, day: monday, steps: 2_000 },
        { ...day, user_id: c.userId, day: lastSunday, steps: 9_000 },
      ])
      .execute();
    const clubs = [];
    for (const name of ['Open one', 'Verified one', 'Closed one']) {
      clubs.push((await api(t, createClub, { token: a.token, body: { name } })).data);
    }
    await consoleApi(t, editor, consoleClubVerify, { params: { id: clubs[1]!.id }, body: { version: 1 } });
    await consoleApi(t, editor, consoleClubVerify, { params: { id: clubs[2]!.id }, body: { version: 1 } });
    await consoleApi(t, editor, consoleClubClose, {
      params: { id: clubs[2]!.id },
      body: { version: 2, reason: 'Spam' },
    });

    expect((await summary()).social).toEqual({
      friends: {
        friendships: before.friends.friendships + 2,
        activeThisWeek: before.friends.activeThisWeek + 2,
      },
      clubs: { open: before.clubs.open + 2, verified: before.clubs.verified + 1 },
      challenges: before.challenges,
    });
  });
  it('counts the challenges under way today and who takes part in them, not those upcoming, ended or left', async () => {
    t.clock.set(BEFORE);
    const staff = await operators(t);
    const social = async () => (await consoleApi(t, staff.finance, consoleDashboardSummary)).data.social.challenges;
    const before = await social();
    const [creator, a, b] = [await walker(t), await walker(t), await walker(t)];
    const city = await publicChallenge(t, staff, { kind: 'most-steps', winners: 1 }, 0);
    await userChallenge(t, creator, { kind: 'most-steps', winners: 1 });
    await join(t, a, city.id);
    await join(t, b, city.id);
    // Before they start, neither is under way.
    expect(await social()).toEqual(before);

    t.clock.set(noonOf('2026-11-25'));
    Object.assign(staff, await operators(t));
    expect(await social()).toEqual({ running: before.running + 2, participants: before.participants + 3 });
    expect((await api(t, leaveChallenge, { token: b.token, params: { id: city.id } })).code).toBe(CODES.OK);
    expect(await social()).toEqual({ running: before.running + 2, participants: before.participants + 2 });
    const ended = await consoleApi(t, staff.editor, consoleEndChallenge, {
      params: { id: city.id },
      body: { reason: 'Rules unclear', version: city.version },
    });
    expect(ended.code, ended.message).toBe(CODES.OK);
    expect(await social()).toEqual({ running: before.running + 1, participants: before.participants + 1 });

    t.clock.set(noonOf('2026-12-01'));
    Object.assign(staff, await operators(t));
    expect(await social()).toEqual(before);
  });
});
