import {
  CODES,
  collectPoints,
  exchangePoints,
  getHome,
  listExchanges,
  listMoneyStatement,
  listPointsStatement,
  reportSteps,
  confirmOrder,
  saveAddress,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  api,
  balanceOf,
  buyPlan,
  createPlan,
  createTestApp,
  fundUser,
  idempotencyKey,
  raw,
  registerUser,
  useTestApp,
  verifiedUser,
} from '../../../test/harness.js';
import { MINUTE_MS } from '../../lib/clock.js';
import { goodsItem } from '../../../test/console-roles/merchant.js';

const t = useTestApp();

// The business day is UTC+8 by default: local noon on 22 November 2026.
const NOON = Date.UTC(2026, 10, 22, 4, 0, 0);
const localTime = (day: string, hhmm: string) => Date.parse(`${day}T${hhmm}:00+08:00`);

const report = (token: string, day: string, steps: number) => api(t, reportSteps, { token, body: { day, steps } });

describe('reportSteps (POST /api/steps)', () => {
  it('stores a day’s count that only grows', async () => {
    t.clock.set(NOON);
    const { token } = await registerUser(t);
    expect(await report(token, '2026-11-22', 4_000)).toMatchObject({
      code: 1,
      data: { day: '2026-11-22', steps: 4_000, cashBack: 0 },
    });
    t.clock.advance(10 * MINUTE_MS);
    expect((await report(token, '2026-11-22', 3_000)).data.steps).toBe(4_000);
    expect((await report(token, '2026-11-22', 5_500)).data.steps).toBe(5_500);
    const home = await api(t, getHome, { token });
    expect(home.data.steps).toBe(5_500);
  });

  it('refuses days other than today and yesterday in the business time zone, and bad input', async () => {
    t.clock.set(NOON);
    const { token } = await registerUser(t);
    const tooOld = await report(token, '2026-11-20', 100);
    expect(tooOld).toMatchObject({ code: CODES.BUSINESS_RULE, data: null });
    expect(tooOld.message).toBe('Steps can only be reported for today (2026-11-22) or yesterday (2026-11-21)');
    expect((await report(token, '2026-11-23', 100)).code).toBe(CODES.BUSINESS_RULE);
    expect((await report(token, '2026-11-21', 100)).code).toBe(1);
    expect((await report(token, '2026-11-22', 100_001)).code).toBe(CODES.VALIDATION_FAILED);
    expect((await report(token, '2026-11-22', -1)).code).toBe(CODES.VALIDATION_FAILED);
    expect((await report(token, '22/11/2026', 10)).message).toBe('day: must be a date like 2026-01-31');
    expect((await api(t, reportSteps, { body: { day: '2026-11-22', steps: 1 } })).code).toBe(CODES.SESSION_INVALID);
  });

  it('moves to the next day at local midnight, not UTC midnight', async () => {
    const { token } = await registerUser(t);
    t.clock.set(localTime('2026-11-22', '23:59'));
    const before = (await api(t, getHome, { token })).data;
    expect(before.day).toBe('2026-11-22');
    // The web app's counter moves to the next day at this offset's midnight.
    expect(before.utcOffsetMinutes).toBe(480);
    t.clock.advance(MINUTE_MS);
    // 16:00 UTC on the 22nd is already the 23rd in UTC+8.
    expect(new Date(t.clock.now()).toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect((await api(t, getHome, { token })).data.day).toBe('2026-11-23');
    expect((await report(token, '2026-11-22', 500)).code).toBe(1);
    expect((await report(token, '2026-11-21', 500)).code).toBe(CODES.BUSINESS_RULE);
  });

  it('checks an increase against the time elapsed: since midnight first, then since the last report', async () => {
    const { token } = await registerUser(t);
    t.clock.set(localTime('2026-11-22', '00:10'));
    const tooFast = await report(token, '2026-11-22', 3_001);
    expect(tooFast.code).toBe(CODES.BUSINESS_RULE);
    expect(tooFast.message).toContain('at most 3000');
    expect((await report(token, '2026-11-22', 3_000)).data.steps).toBe(3_000);
    t.clock.advance(MINUTE_MS);
    expect((await report(token, '2026-11-22', 3_301)).code).toBe(CODES.BUSINESS_RULE);
    expect((await report(token, '2026-11-22', 3_300)).data.steps).toBe(3_300);
  });

  it('caps the count at the configured maximum', async () => {
    const capped = await createTestApp({ STEPS_DAILY_CAP: '20000' });
    try {
      const { token } = await registerUser(capped);
      const answer = await api(capped, reportSteps, {
        token,
        body: { day: '2026-11-22', steps: 50_000 },
      });
      expect(answer.data.steps).toBe(20_000);
    } finally {
      await capped.close();
    }
  });
});

const collect = (token: string, key: string) => api(t, collectPoints, { token, body: { idempotencyKey: key } });

/** A plan made for the test, bought with the user's balance. */
async function buyNewPlan(token: string, plan: Parameters<typeof createPlan>[1]): Promise<void> {
  const bought = await buyPlan(t, token, await createPlan(t, plan));
  expect(bought.code).toBe(1);
}

describe('home and collect', () => {
  it('shows today’s steps against the goal, balances, banners and quick entries', async () => {
    t.clock.set(NOON);
    await t.db
      .insertInto('home_items')
      .values([
        {
          id: 'b1',
          kind: 'banner',
          title: 'Walk more',
          image: 'data:,',
          target: 'https://example.com',
          position: 1,
          is_active: 1,
          version: 1,
        },
        {
          id: 'e1',
          kind: 'entry',
          title: 'Cards',
          image: 'card',
          target: '/pages/invest/index',
          position: 2,
          is_active: 1,
          version: 1,
        },
        {
          id: 'b2',
          kind: 'banner',
          title: 'Hidden',
          image: 'data:,',
          target: 'x',
          position: 3,
          is_active: 0,
          version: 1,
        },
      ])
      .execute();
    const { token, userId } = await registerUser(t);
    await fundUser(t, userId, 1_234);
    await report(token, '2026-11-22', 4_321);
    const home = await api(t, getHome, { token });
    expect(home.data).toMatchObject({
      steps: 4_321,
      goal: 6_000,
      points: 0,
      balance: 1_234,
      earnedPoints: 43,
      collectedPoints: 0,
      collectablePoints: 43,
      multiplier: 1,
      activeCard: null,
      activeCards: [],
      banners: [{ title: 'Walk more' }],
      quickEntries: [{ path: '/pages/invest/index' }],
      notices: [],
    });
  });

  it('credits what today’s steps have earned, once per key and once by nature', async () => {
    t.clock.set(NOON);
    const { token, userId } = await registerUser(t);
    await report(token, '2026-11-22', 5_050);
    const key = idempotencyKey();
    expect((await collect(token, key)).data).toEqual({
      collected: 50,
      released: 0,
      earlier: 0,
      capped: 0,
      points: 50,
      cashBack: 0,
    });
    expect((await collect(token, key)).data).toEqual({
      collected: 50,
      released: 0,
      earlier: 0,
      capped: 0,
      points: 50,
      cashBack: 0,
    });
    expect((await collect(token, idempotencyKey())).data.collected).toBe(0);
    t.clock.advance(10 * MINUTE_MS);
    await report(token, '2026-11-22', 7_000);
    expect((await collect(token, idempotencyKey())).data).toEqual({
      collected: 20,
      released: 0,
      earlier: 0,
      capped: 0,
      points: 70,
      cashBack: 0,
    });
    expect(await balanceOf(t, userId, 'POINTS')).toBe(70);
    const home = await api(t, getHome, { token });
    expect(home.data).toMatchObject({ earnedPoints: 70, collectedPoints: 70, collectablePoints: 0, points: 70 });
  });

  it('answers a key reused on another day with a conflict', async () => {
    t.clock.set(NOON);
    const { token } = await registerUser(t);
    await report(token, '2026-11-22', 1_000);
    const key = idempotencyKey();
    expect((await collect(token, key)).data.collected).toBe(10);
    t.clock.advance(24 * 60 * MINUTE_MS);
    expect((await collect(token, key)).code).toBe(CODES.CONFLICT);
    expect((await collect(token, 'bad key!')).code).toBe(CODES.VALIDATION_FAILED);
  });

  it('caps daily points and applies the best active card multiplier', async () => {
    t.clock.set(NOON);
    const { token } = await verifiedUser(t, 50_000);
    await buyNewPlan(token, { multiplier_percent: 120, daily_target: 80_000 });
    await buyNewPlan(token, { multiplier_percent: 150, daily_target: 90_000 });
    await report(token, '2026-11-22', 30_000);
    const home = await api(t, getHome, { token });
    // 300 by steps, capped at 200, times 1.5.
    expect(home.data).toMatchObject({ earnedPoints: 300, multiplier: 1.5, goal: 90_000 });
    expect(home.data.activeCard).toMatchObject({ dailyTarget: 90_000, cashBackEarned: false, daysLeft: 30 });
    // Every active card, the highest target first.
    expect(home.data.activeCards.map((card) => card.dailyTarget)).toEqual([90_000, 80_000]);
    expect(home.data.activeCards[0]).toEqual(home.data.activeCard);
    expect((await collect(token, idempotencyKey())).data.collected).toBe(300);
  });

  it("shows each active card's cash back for today as earned once it is credited, and only that card's", async () => {
    t.clock.set(NOON);
    const { token } = await verifiedUser(t, 50_000);
    await buyNewPlan(token, { daily_target: 5_000 });
    await buyNewPlan(token, { daily_target: 20_000 });
    await report(token, '2026-11-22', 4_000);
    const before = await api(t, getHome, { token });
    expect(before.data.activeCards.map((card) => [card.dailyTarget, card.cashBackEarned])).toEqual([
      [20_000, false],
      [5_000, false],
    ]);
    // Half an hour later the 5,000-step card's target is reached: its cash back is credited, the
    // other card's is not.
    t.clock.advance(30 * MINUTE_MS);
    await report(token, '2026-11-22', 6_000);
    const after = await api(t, getHome, { token });
    expect(after.data.activeCards.map((card) => [card.dailyTarget, card.cashBackEarned])).toEqual([
      [20_000, false],
      [5_000, true],
    ]);
    expect(after.data.balance).toBe(before.data.balance + 300);
  });

  it('collects concurrently only once', async () => {
    t.clock.set(NOON);
    const { token, userId } = await registerUser(t);
    await report(token, '2026-11-22', 9_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => collect(token, idempotencyKey())));
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(1));
    expect(answers.reduce((sum, a) => sum + a.data.collected, 0)).toBe(90);
    expect(await balanceOf(t, userId, 'POINTS')).toBe(90);
  });
});

const exchange = (token: string, points: number, key = idempotencyKey()) =>
  api(t, exchangePoints, { token, body: { points, idempotencyKey: key } });

describe('exchange and statements', () => {
  it('converts points to cash at 100 points = ¥1.00 and lists the records', async () => {
    t.clock.set(NOON);
    const { token, userId } = await registerUser(t);
    await fundUser(t, userId, 1_000, 'POINTS');
    const first = await exchange(token, 300);
    expect(first).toMatchObject({ code: 1, data: { points: 300, amount: 300 } });
    t.clock.advance(MINUTE_MS);
    await exchange(token, 100);
    expect(await balanceOf(t, userId, 'POINTS')).toBe(600);
    expect(await balanceOf(t, userId)).toBe(400);
    const list = await api(t, listExchanges, { token, query: { page: '1', pageSize: '1' } });
    expect(list.data).toMatchObject({ total: 2, hasMore: true, items: [{ points: 100, amount: 100 }] });
  });

  it('refuses amounts below the minimum or not in whole hundreds, and more points than held', async () => {
    const { token, userId } = await registerUser(t);
    await fundUser(t, userId, 500, 'POINTS');
    const small = await exchange(token, 50);
    expect(small).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: 'Points: at least 100, in multiples of 100',
    });
    expect((await exchange(token, 150)).code).toBe(CODES.VALIDATION_FAILED);
    expect(await exchange(token, 600)).toMatchObject({
      code: CODES.INSUFFICIENT_FUNDS,
      message: 'You do not have enough points',
    });
    expect((await exchange(token, 0)).code).toBe(CODES.VALIDATION_FAILED);
    expect(await balanceOf(t, userId, 'POINTS')).toBe(500);
  });

  it('answers a repeated key with the first exchange, and a changed request with a conflict', async () => {
    const { token, userId } = await registerUser(t);
    await fundUser(t, userId, 1_000, 'POINTS');
    const key = idempotencyKey();
    const first = await exchange(token, 200, key);
    const again = await exchange(token, 200, key);
    expect(again.data).toEqual(first.data);
    expect((await exchange(token, 300, key)).code).toBe(CODES.CONFLICT);
    expect(await balanceOf(t, userId, 'POINTS')).toBe(800);
    // Keys are scoped by user: another user may use the same one.
    const other = await registerUser(t);
    await fundUser(t, other.userId, 200, 'POINTS');
    expect((await exchange(other.token, 200, key)).code).toBe(1);
  });

  it('lets exactly 10 of 50 parallel exchanges through against points for 10', async () => {
    const { token, userId } = await registerUser(t);
    await fundUser(t, userId, 1_000, 'POINTS');
    const answers = await Promise.all(Array.from({ length: 50 }, () => exchange(token, 100)));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(10);
    expect(answers.filter((a) => a.code === CODES.INSUFFICIENT_FUNDS)).toHaveLength(40);
    expect(await balanceOf(t, userId, 'POINTS')).toBe(0);
    expect(await balanceOf(t, userId)).toBe(1_000);
    const list = await api(t, listExchanges, { token });
    expect(list.data.total).toBe(10);
  });

  it('lists every cash movement with type, amount and balance after, filtered and paged, own only', async () => {
    t.clock.set(NOON);
    const { token, userId } = await registerUser(t);
    await fundUser(t, userId, 10_000);
    await fundUser(t, userId, 500, 'POINTS');
    t.clock.advance(24 * 60 * MINUTE_MS);
    await exchange(token, 500);
    const other = await registerUser(t);
    await fundUser(t, other.userId, 777);
    const all = await api(t, listMoneyStatement, { token });
    expect(all.data).toMatchObject({
      total: 2,
      items: [
        { type: 'exchange', amount: 500, balanceAfter: 10_500 },
        { type: 'test.fund', amount: 10_000, balanceAfter: 10_000 },
      ],
    });
    const onlyExchange = await api(t, listMoneyStatement, {
      token,
      query: { type: 'exchange' },
    });
    expect(onlyExchange.data.total).toBe(1);
    const firstDay = await api(t, listMoneyStatement, {
      token,
      query: { from: '2026-11-22', to: '2026-11-22' },
    });
    expect(firstDay.data.items.map((item) => item.type)).toEqual(['test.fund']);
    const bad = await api(t, listMoneyStatement, { token, query: { pageSize: '500' } });
    expect(bad.code).toBe(CODES.VALIDATION_FAILED);
  });

  it('lists every points movement in one statement: collected, spent on goods, exchanged, own only (decision 081)', async () => {
    t.clock.set(NOON);
    const { token } = await registerUser(t);
    await report(token, '2026-11-22', 20_000);
    expect((await collect(token, idempotencyKey())).data.collected).toBe(200);
    t.clock.advance(MINUTE_MS);
    const goods = await goodsItem(t);
    const address = await api(t, saveAddress, {
      token,
      body: { name: 'Li Na', phone: '13800001111', region: 'Beijing', detail: '1 Walk Street' },
    });
    const order = await api(t, confirmOrder, {
      token,
      body: { goodsId: goods.id, quantity: 1, addressId: address.data.id, idempotencyKey: idempotencyKey() },
    });
    expect(order.code, order.message).toBe(CODES.OK);
    t.clock.advance(MINUTE_MS);
    const exchanged = await exchange(token, 100);
    expect(exchanged.code, exchanged.message).toBe(CODES.OK);
    // Someone else's points move too, and must not show.
    const other = await registerUser(t);
    await report(other.token, '2026-11-22', 7_000);
    await collect(other.token, idempotencyKey());

    const statement = await api(t, listPointsStatement, { token });
    expect(statement.code, statement.message).toBe(CODES.OK);
    expect(statement.data).toMatchObject({
      total: 3,
      hasMore: false,
      items: [
        { type: 'exchange', amount: -100, balanceAfter: 0, exchangeId: exchanged.data.id, orderId: null },
        { type: 'shop.order', amount: -100, balanceAfter: 100, orderId: order.data.id, exchangeId: null },
        { type: 'points.collect', amount: 200, balanceAfter: 200, receiptDay: '2026-11-22', orderId: null },
      ],
    });
    const theirs = await api(t, listPointsStatement, { token: other.token });
    expect(theirs.data).toMatchObject({ total: 1, items: [{ type: 'points.collect', amount: 70 }] });
    const paged = await api(t, listPointsStatement, { token, query: { page: '2', pageSize: '2' } });
    expect(paged.data).toMatchObject({ total: 3, hasMore: false, items: [{ type: 'points.collect' }] });
    // The exchange records stay what they were: exchanges only.
    const exchanges = await api(t, listExchanges, { token });
    expect(exchanges.data.items.map((item) => item.id)).toEqual([exchanged.data.id]);
    const bad = await api(t, listPointsStatement, { token, query: raw({ pageSize: 'many' }) });
    expect(bad.code).toBe(CODES.VALIDATION_FAILED);
  });

  it('refuses an unknown movement type with a clear message in the user’s language', async () => {
    const { token, userId } = await registerUser(t);
    await fundUser(t, userId, 1_000);
    const unknown = await api(t, listMoneyStatement, { token, query: raw({ type: 'withdraw' }) });
    expect(unknown).toMatchObject({
      status: 200,
      code: CODES.VALIDATION_FAILED,
      message: 'Unknown type of funds movement',
      data: null,
    });
    const inFrench = await api(t, listMoneyStatement, {
      token,
      query: raw({ type: 'nonsense' }),
      language: 'fr',
    });
    expect(inFrench).toMatchObject({ code: CODES.VALIDATION_FAILED, message: 'Type de mouvement de fonds inconnu' });
    // Every type of the contract's list is accepted.
    const withdrawals = await api(t, listMoneyStatement, {
      token,
      query: { type: 'withdraw.request' },
    });
    expect(withdrawals).toMatchObject({ code: CODES.OK, data: { total: 0 } });
  });
});
