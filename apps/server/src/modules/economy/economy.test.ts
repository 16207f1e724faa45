import {
  CODES,
  collectPoints,
  consoleDashboardSummary,
  consoleEconomy,
  consoleEconomyDeposit,
  consoleEconomySimulate,
  reportSteps,
  type LedgerType,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, databaseSnapshot, signIn, type ConsoleSession } from '../../../test/console.js';
import {
  api,
  cardHolder,
  faceCheckedUser,
  fundUser,
  idempotencyKey,
  registerUser,
  registerUsers,
  requestTestWithdrawal,
  useTestApp,
  type TestApp,
} from '../../../test/harness.js';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock.js';
import type { LedgerAccountRef } from '../ledger/ledger.service.js';
import { BASIS_DAYS, COST_DAYS, FORECAST_WEEKS } from './economy.service.js';

// The economy page's figures (docs/console/economy.md, decision 100 "The economy page"). The file's tests share one
// database, so each reads what its own steps change, or works on days of its own. The exchange is the first version's:
// 100 points buy ¥1.00, a point is worth a fen.
const t = useTestApp({ METRICS_TOKEN: 'metrics-token-metrics-token-metrics-token' });

const noonOf = (day: string) => Date.parse(`${day}T12:00:00+08:00`);
const addDays = (day: string, days: number) => t.app.services.calendar.addDays(day, days);

async function overview(finance: ConsoleSession) {
  const answer = await consoleApi(t, finance, consoleEconomy);
  expect(answer.code, answer.message).toBe(CODES.OK);
  return answer.data;
}

const rewards = (asset: 'CNY' | 'POINTS'): LedgerAccountRef => ({ kind: 'system', name: 'rewards', asset });
const userAccount = (userId: string, asset: 'CNY' | 'POINTS'): LedgerAccountRef => ({ kind: 'user', userId, asset });

/** A transfer of one kind from a system account to users, as the module that owns the kind posts it. */
function credit(kind: LedgerType, from: LedgerAccountRef, to: { userId: string; amount: number }[]) {
  const asset = from.asset;
  return t.app.services.ledger.transfer({
    kind,
    legs: [
      { account: from, amount: -to.reduce((sum, leg) => sum + leg.amount, 0) },
      ...to.map((leg) => ({ account: userAccount(leg.userId, asset), amount: leg.amount })),
    ],
  });
}

function deposit(finance: ConsoleSession, amount: number, key = idempotencyKey('deposit'), reference = 'BANK-1') {
  return consoleApi(t, finance, consoleEconomyDeposit, { body: { amount, reference, idempotencyKey: key } });
}

describe('what the service owes', () => {
  it('adds users’ cash, pending withdrawals, points at today’s rate and what active cards can still pay', async () => {
    t.clock.set(noonOf('2026-11-22'));
    const finance = await signIn(t, ['finance']);
    const before = await overview(finance);
    const saver = await registerUser(t);
    await fundUser(t, saver.userId, 5_000);
    await fundUser(t, saver.userId, 1_250, 'POINTS');
    const withdrawer = await faceCheckedUser(t, 3_000);
    await requestTestWithdrawal(t, withdrawer.token, 2_000);
    // 30 days of ¥3.00 from today, at most its price of ¥99.00: ¥90.00 still to pay. Its price left the balance.
    const holder = await cardHolder(t, { cash: 9_900, plan: { days: 30, daily_cash_back: 300, price: 9_900 } });
    expect(holder.bought.code, holder.bought.message).toBe(CODES.OK);
    const after = await overview(finance);
    const rose = (key: keyof typeof after.owed) => after.owed[key] - before.owed[key];
    expect(after.rate).toEqual({ pointsPerUnit: 100, cashPerUnit: 100 });
    expect(rose('cash')).toBe(5_000 + 1_000);
    expect(rose('pendingWithdrawals')).toBe(2_000);
    expect(rose('points')).toBe(1_250);
    expect(rose('pointsValue')).toBe(1_250);
    expect(rose('cashBackDue')).toBe(9_000);
    expect(rose('activeCards')).toBe(1);
    expect(rose('total')).toBe(6_000 + 2_000 + 1_250 + 9_000);
    const { owed } = after;
    expect(owed.total).toBe(owed.cash + owed.pendingWithdrawals + owed.pointsValue + owed.cashBackDue);
    // Users' money as the ledger sums it.
    const { users } = await t.app.services.ledger.liabilities();
    expect([owed.cash, owed.points]).toEqual([users.CNY, users.POINTS]);
  });

  it('counts a card’s days from tomorrow once today is paid, and never beyond its price', async () => {
    t.clock.set(noonOf('2026-11-23'));
    const finance = await signIn(t, ['finance']);
    const before = await overview(finance);
    // 10 days of ¥20.00 would be ¥200.00; the price, ¥150.00, is the most it pays.
    const capped = await cardHolder(t, { cash: 15_000, plan: { days: 10, daily_cash_back: 2_000, price: 15_000 } });
    expect(capped.bought.code).toBe(CODES.OK);
    const walker = await cardHolder(t, { cash: 9_900, plan: { days: 5, daily_cash_back: 300, daily_target: 6_000 } });
    const reported = await api(t, reportSteps, { token: walker.token, body: { day: '2026-11-23', steps: 6_500 } });
    expect(reported.code, reported.message).toBe(CODES.OK);
    const after = await overview(finance);
    // Today paid ¥3.00 of the second card; 4 days of ¥3.00 are left.
    expect(after.owed.cashBackDue - before.owed.cashBackDue).toBe(15_000 + 4 * 300);
  });
});

describe('the reserve', () => {
  it('is topped up once per key through the ledger, audited; a replay answers the first, another request 1005', async () => {
    t.clock.set(noonOf('2026-11-24'));
    const finance = await signIn(t, ['finance']);
    const before = await overview(finance);
    const key = idempotencyKey('topup');
    const first = await deposit(finance, 1_000_000, key, ' BANK-2026-11 ');
    expect(first.code, first.message).toBe(CODES.OK);
    expect(first.data).toMatchObject({ replayed: false, deposit: { amount: 1_000_000, reference: 'BANK-2026-11' } });
    const replay = await deposit(finance, 1_000_000, key, 'BANK-2026-11');
    expect(replay.data).toEqual({ ...first.data, replayed: true });
    const other = await deposit(finance, 2_000_000, key, 'BANK-2026-11');
    expect(other.code).toBe(CODES.CONFLICT);

    const after = await overview(finance);
    expect(after.reserve.deposited - before.reserve.deposited).toBe(1_000_000);
    expect(after.reserve.deposits[0]).toEqual(first.data.deposit);
    expect(await t.app.services.ledger.balance({ kind: 'system', name: 'deposits', asset: 'CNY' })).toBe(
      before.reserve.deposited - after.reserve.deposited,
    );
    const records = (await t.app.services.audit.list(1000)).filter((row) => row.action === 'economy.deposit');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      operator: finance.name,
      subject_type: 'reserve',
      subject_id: first.data.deposit.transferId,
    });
    expect(JSON.parse(String(records[0]?.detail))).toEqual({ amount: 1_000_000, reference: 'BANK-2026-11' });
  });

  it('refuses an amount below one fen or an empty reference in the envelope', async () => {
    const finance = await signIn(t, ['finance']);
    expect((await deposit(finance, 0)).code).toBe(CODES.VALIDATION_FAILED);
    expect((await deposit(finance, 100, idempotencyKey(), '   ')).code).toBe(CODES.VALIDATION_FAILED);
  });

  it('is drawn on by what withdrawals pay to users’ banks from its first top-up on', async () => {
    t.clock.set(noonOf('2026-11-25'));
    const finance = await signIn(t, ['finance']);
    const before = await overview(finance);
    expect(before.reserve.firstDepositAt).not.toBeNull();
    const user = await faceCheckedUser(t, 20_000);
    const id = await requestTestWithdrawal(t, user.token, 10_000);
    await t.app.services.admin.payouts.revealAccount('finance-ops', id);
    await t.app.services.admin.payouts.markPaid('finance-ops', id, 'REF-9');
    const after = await overview(finance);
    // ¥100.00 less the ¥1.00 fee reached the bank; the fee stays with the service.
    expect(after.reserve.paidOut - before.reserve.paidOut).toBe(9_900);
    expect(after.reserve.available).toBe(after.reserve.deposited - after.reserve.paidOut);
    expect(after.headroom).toBe(after.reserve.available - after.owed.total);
  });
});

describe('the cost per day', () => {
  it('sums each business day’s points (at today’s rate) and cash back by kind, and nothing else', async () => {
    const day = '2027-03-10';
    // The evening before, at 23:30 in the business time zone, belongs to the day before.
    t.clock.set(Date.parse(`${addDays(day, -1)}T23:30:00+08:00`));
    const [walker, inviter, invitee, winner] = await registerUsers(t, 4);
    await credit('points.collect', rewards('POINTS'), [{ userId: walker.userId, amount: 40 }]);
    t.clock.set(noonOf(day));
    await credit('points.collect', rewards('POINTS'), [{ userId: walker.userId, amount: 300 }]);
    await credit('invite.reward', rewards('POINTS'), [
      { userId: inviter.userId, amount: 500 },
      { userId: invitee.userId, amount: 500 },
    ]);
    await credit('challenge.prize', { kind: 'system', name: 'challenge:economy-test', asset: 'POINTS' }, [
      { userId: winner.userId, amount: 200 },
    ]);
    await credit('card.cashback', rewards('CNY'), [{ userId: walker.userId, amount: 250 }]);
    // Not costs: a correction and an exchange.
    await credit('adjustment.credit', { kind: 'system', name: 'adjustments', asset: 'POINTS' }, [
      { userId: walker.userId, amount: 9_999 },
    ]);
    await credit('exchange', { kind: 'system', name: 'exchange', asset: 'CNY' }, [
      { userId: walker.userId, amount: 777 },
    ]);
    // A collection through the app the same day counts too.
    const reported = await api(t, reportSteps, { token: walker.token, body: { day, steps: 1_234 } });
    expect(reported.code, reported.message).toBe(CODES.OK);
    const collected = await api(t, collectPoints, { token: walker.token, body: { idempotencyKey: idempotencyKey() } });
    expect(collected.data.collected).toBe(12);

    const finance = await signIn(t, ['finance']);
    const { days, today } = await overview(finance);
    expect(today).toBe(day);
    expect(days).toHaveLength(COST_DAYS);
    expect(days[0]?.day).toBe(addDays(day, 1 - COST_DAYS));
    expect(days.at(-1)).toEqual({
      day,
      stepPoints: 312,
      invitePoints: 1_000,
      prizePoints: 200,
      steps: 312,
      invites: 1_000,
      prizes: 200,
      cashBack: 250,
      total: 312 + 1_000 + 200 + 250,
    });
    expect(days.at(-2)).toMatchObject({ day: addDays(day, -1), stepPoints: 40, total: 40 });
    expect(days.at(-3)).toMatchObject({ total: 0 });
  });
});

describe('the forecast and the weeks of cover', () => {
  it('projects the last 14 days’ pace over 4 weeks with what active cards can pay; the dashboard and /metrics alert under 4 weeks', async () => {
    const today = '2028-03-01';
    const user = await registerUser(t);
    // Owed enough that the reserve of the other tests falls short of it.
    await fundUser(t, user.userId, 5_000_000, 'POINTS');
    // Each of the 14 basis days cost 700 points and ¥1.00 of cash back: ¥8.00 a day, ¥56.00 a week.
    for (let back = 1; back <= BASIS_DAYS; back += 1) {
      t.clock.set(noonOf(addDays(today, -back)));
      await credit('points.collect', rewards('POINTS'), [{ userId: user.userId, amount: 700 }]);
      await credit('card.cashback', rewards('CNY'), [{ userId: user.userId, amount: 100 }]);
    }
    // The day before the basis is not in it.
    t.clock.set(noonOf(addDays(today, -BASIS_DAYS - 1)));
    await credit('points.collect', rewards('POINTS'), [{ userId: user.userId, amount: 99_999 }]);
    t.clock.set(noonOf(today));
    const holder = await cardHolder(t, { cash: 9_900, plan: { days: 30, daily_cash_back: 300, price: 9_900 } });
    expect(holder.bought.code).toBe(CODES.OK);

    const finance = await signIn(t, ['finance']);
    const figures = await overview(finance);
    expect(figures.forecast).toMatchObject({ basisDays: BASIS_DAYS, dailyCost: 800, weeklyCost: 5_600 });
    expect(figures.forecast.weeks).toHaveLength(FORECAST_WEEKS);
    // Every card of the other tests has ended: this one pays 7 days of ¥3.00 in each of the 4 weeks.
    expect(figures.forecast.weeks[0]).toEqual({
      from: today,
      to: addDays(today, 6),
      activity: 4_900,
      cashBack: 2_100,
      total: 7_000,
    });
    expect(figures.forecast.weeks.map((week) => week.cashBack)).toEqual([2_100, 2_100, 2_100, 2_100]);
    expect(figures.owed.cashBackDue).toBe(9_000);

    // Topped up to two and a half weeks beyond what is owed: under the 4 weeks of ECONOMY_ALERT_WEEKS.
    const short = figures.owed.total - figures.reserve.available + Math.round(2.5 * 5_600);
    expect((await deposit(finance, short)).code).toBe(CODES.OK);
    const alerted = await overview(finance);
    expect(alerted.headroom).toBe(Math.round(2.5 * 5_600));
    expect(alerted.cover).toEqual({ weeks: 2.5, alertWeeks: 4, alert: true });
    const board = await consoleApi(t, finance, consoleDashboardSummary);
    expect(board.data.economy).toMatchObject({ weeks: 2.5, alertWeeks: 4, alert: true, weeklyCost: 5_600 });
    const scraped = await scrape(t);
    expect(scraped.get('stride_economy_cover_weeks')).toBe(2.5);
    expect(scraped.get('stride_economy_alert')).toBe(1);

    // Two more weeks: 4.5, no alert.
    expect((await deposit(finance, 2 * 5_600)).code).toBe(CODES.OK);
    const admin = await signIn(t, ['admin']);
    const calm = await consoleApi(t, admin, consoleDashboardSummary);
    expect(calm.data.economy).toMatchObject({ weeks: 4.5, alert: false });
    expect((await scrape(t)).get('stride_economy_alert')).toBe(0);
    expect((await overview(finance)).cover).toEqual({ weeks: 4.5, alertWeeks: 4, alert: false });
  });
});

/** The economy's samples of /metrics by name (they carry no labels but `figure`). */
async function scrape(app: TestApp): Promise<Map<string, number>> {
  const response = await app.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: 'Bearer metrics-token-metrics-token-metrics-token' },
  });
  const samples = new Map<string, number>();
  for (const [, name, value] of response.body.matchAll(/^(stride_economy_[a-z_]+(?:\{[^}]*\})?) (\S+)$/gm)) {
    samples.set(name!, Number(value));
  }
  return samples;
}

describe('the simulator', () => {
  it('earns the stored step days again with other rules, beside the rules of their day, and changes nothing', async () => {
    const today = '2027-06-15';
    const [walker, member, rejected] = await registerUsers(t, 3);
    // The member's card (×1.5) is active on the simulated days.
    t.clock.set(noonOf(addDays(today, -10)));
    const card = await cardHolder(t, { cash: 9_900, plan: { days: 30, multiplier_percent: 150 } });
    expect(card.bought.code).toBe(CODES.OK);
    const day = (back: number) => addDays(today, -back);
    const stepDay = (userId: string, back: number, steps: number) => ({
      user_id: userId,
      day: day(back),
      steps,
      source: 'web',
      collected_points: 0,
      reported_at: t.clock.now(),
    });
    await t.db
      .insertInto('step_days')
      .values([
        stepDay(walker.userId, 5, 12_345),
        stepDay(card.userId, 3, 30_000),
        stepDay(rejected.userId, 3, 20_000),
        // Today's steps are not over yet, and the 31st day back is outside: neither is simulated.
        stepDay(walker.userId, 0, 50_000),
        stepDay(walker.userId, 31, 50_000),
        stepDay(member.userId, 40, 50_000),
      ])
      .execute();
    await t.db
      .insertInto('step_reviews')
      .values({
        id: `review-${rejected.userId}`,
        user_id: rejected.userId,
        day: day(3),
        reasons: '["machine-rhythm"]',
        status: 'rejected',
        created_at: t.clock.now(),
        decided_at: t.clock.now(),
        operator_id: null,
        note: null,
        released_points: null,
        released_collected_at: null,
      })
      .execute();
    // Cash back paid in the window stays as it was on both sides.
    t.clock.set(noonOf(day(3)));
    await credit('card.cashback', rewards('CNY'), [{ userId: card.userId, amount: 300 }]);

    t.clock.set(noonOf(today) + HOUR_MS);
    const finance = await signIn(t, ['finance']);
    const before = await databaseSnapshot(t);
    const answer = await consoleApi(t, finance, consoleEconomySimulate, {
      query: { stepsPerPoint: 200, pointsDailyMax: 100, exchangeCashPerUnit: 50 },
    });
    expect(answer.code, answer.message).toBe(CODES.OK);
    const simulated = answer.data;
    expect(simulated).toMatchObject({
      from: day(30),
      to: day(1),
      proposed: { stepsPerPoint: 200, pointsDailyMax: 100, exchangePointsPerUnit: 100, exchangeCashPerUnit: 50 },
    });
    expect(simulated.days).toHaveLength(30);
    const of = (back: number) => simulated.days.find((row) => row.day === day(back));
    // 12,345 steps: 123 points at 100 a point; 61 at 200.
    expect(of(5)?.actual).toMatchObject({ stepPoints: 123, steps: 123, total: 123 });
    expect(of(5)?.proposed).toMatchObject({ stepPoints: 61, steps: 30, total: 30 });
    // 30,000 steps with ×1.5: the daily maximum of 200 first, then the card; 100 × 1.5 proposed. The rejected day
    // earns nothing either way; the cash back is as paid.
    expect(of(3)?.actual).toMatchObject({ stepPoints: 300, steps: 300, cashBack: 300, total: 600 });
    expect(of(3)?.proposed).toMatchObject({ stepPoints: 150, steps: 75, cashBack: 300, total: 375 });
    expect(simulated.actual).toMatchObject({ stepPoints: 423, steps: 423, cashBack: 300, total: 723 });
    expect(simulated.proposedTotal).toMatchObject({ stepPoints: 211, steps: 105, cashBack: 300, total: 405 });

    // Without proposals: today's rules, the same as the actual days.
    const same = await consoleApi(t, finance, consoleEconomySimulate, { query: {} });
    expect(same.data.proposedTotal).toEqual(same.data.actual);
    expect(await databaseSnapshot(t)).toEqual(before);
  });

  it('refuses a rule out of its bounds in the envelope', async () => {
    const finance = await signIn(t, ['finance']);
    for (const query of [{ stepsPerPoint: 0 }, { exchangePointsPerUnit: 'many' }, { pointsDailyMax: 1.5 }]) {
      const answer = await consoleApi(t, finance, consoleEconomySimulate, { query: query as never });
      expect(answer.code).toBe(CODES.VALIDATION_FAILED);
    }
  });
});

describe('the overview changes nothing', () => {
  it('reads without writing', async () => {
    t.clock.set(noonOf('2027-06-16') + 5 * MINUTE_MS);
    const finance = await signIn(t, ['finance']);
    const before = await databaseSnapshot(t);
    await overview(finance);
    expect(await databaseSnapshot(t)).toEqual(before);
  });
});
