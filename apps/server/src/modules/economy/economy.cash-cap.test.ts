import {
  CODES,
  collectPoints,
  consoleEconomy,
  getHome,
  getStepReceipt,
  listMyCards,
  listNotifications,
  reportSteps,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn } from '../../../test/console.js';
import {
  api,
  balanceOf,
  cardHolder,
  CLEAN_LEDGER,
  idempotencyKey,
  ledgerReport,
  useTestApp,
  type User,
} from '../../../test/harness.js';

// The daily cap on cash back paid (ECONOMY_CASH_DAILY_CAP; docs/console/economy.md, decision 103 "A daily cap on cash
// back paid"): ¥5.00 a day for everyone together. Cards pay 6,000 steps for their daily cash back.
const t = useTestApp({ ECONOMY_CASH_DAILY_CAP: '500' });

const noonOf = (day: string) => Date.parse(`${day}T12:00:00+08:00`);

async function holder(dailyCashBack: number): Promise<User> {
  const {
    bought,
    planId: _planId,
    ...user
  } = await cardHolder(t, {
    cash: 9_900,
    plan: { daily_target: 6_000, daily_cash_back: dailyCashBack },
  });
  expect(bought.code, bought.message).toBe(CODES.OK);
  return user;
}

async function walk(user: User, day: string, steps = 8_000): Promise<number> {
  const reported = await api(t, reportSteps, { token: user.token, body: { day, steps } });
  expect(reported.code, reported.message).toBe(CODES.OK);
  return reported.data.cashBack;
}

const settle = () => t.app.services.walkingRewards.settleCashBack();

async function economy() {
  const finance = await signIn(t, ['finance']);
  return (await consoleApi(t, finance, consoleEconomy)).data;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('the daily cap on cash back paid', () => {
  it('pays a card’s day whole within the cap, holds one that does not fit and shows it waiting; the next day’s settlement pays it once', async () => {
    const day = '2026-12-01';
    t.clock.set(noonOf(day));
    const [first, second, third] = [await holder(300), await holder(300), await holder(200)];
    expect(await walk(first, day)).toBe(300);
    // 200 left of the day's 500: the second card's 300 is held whole, the third card's 200 fits.
    expect(await walk(second, day)).toBe(0);
    expect(await walk(third, day)).toBe(200);
    expect((await economy()).caps).toEqual({ pointsDaily: 0, pointsToday: 0, cashDaily: 500, cashToday: 500 });

    const home = (await api(t, getHome, { token: second.token })).data;
    expect(home.activeCards.map((card) => [card.cashBackEarned, card.cashBackCapped])).toEqual([[false, 300]]);
    const wallet = (await api(t, listMyCards, { token: second.token })).data;
    expect(wallet.map((card) => [card.todayCashBackEarned, card.todayCashBackCapped])).toEqual([[false, 300]]);
    const receipt = (await api(t, getStepReceipt, { token: second.token, params: { day } })).data;
    expect(receipt).toMatchObject({ cashBack: [], cashBackCapped: 300 });
    // The others' days are not held.
    expect((await api(t, getHome, { token: first.token })).data.activeCards[0]?.cashBackCapped).toBe(0);

    // Collecting and settling the same day pay nothing more: the day's cap is taken.
    const collected = await api(t, collectPoints, { token: second.token, body: { idempotencyKey: idempotencyKey() } });
    expect(collected.data.cashBack).toBe(0);
    expect((await settle()).credited).toBe(0);
    expect(await balanceOf(t, second.userId)).toBe(0);
    const owedBefore = (await economy()).owed;

    // The next day's settlement pays the held day first, within that day's cap, and tells its user.
    t.clock.set(noonOf('2026-12-02'));
    const before = (await economy()).owed;
    expect(await settle()).toMatchObject({ users: 1, credited: 300 });
    expect(await balanceOf(t, second.userId)).toBe(300);
    const after = (await economy()).owed;
    // What was held was owed: paid, it moves from cash back due to users' cash.
    expect(before.cashBackDue - after.cashBackDue).toBe(300);
    expect(after.cash - before.cash).toBe(300);
    expect(owedBefore.cashBackDue).toBeGreaterThanOrEqual(300);
    expect((await economy()).caps.cashToday).toBe(300);
    const paid = (await api(t, getStepReceipt, { token: second.token, params: { day } })).data;
    expect(paid).toMatchObject({ cashBackCapped: 0, cashBack: [{ amount: 300 }] });
    const inbox = (await api(t, listNotifications, { token: second.token, query: { page: 1, pageSize: 20 } })).data;
    expect(inbox.items.filter((item) => item.kind === 'card.cash-back')).toHaveLength(1);
    expect(await t.db.selectFrom('cash_back_cap_holds').selectAll().execute()).toEqual([]);

    // Settling again pays nothing twice.
    expect((await settle()).credited).toBe(0);
    expect(await balanceOf(t, second.userId)).toBe(300);
    expect(await ledgerReport(t)).toEqual(CLEAN_LEDGER);
  });

  it('holds the oldest days first when the next day’s cap is short too, and keeps the rest for the day after', async () => {
    const day = '2026-12-05';
    t.clock.set(noonOf(day));
    const holders = [await holder(250), await holder(250), await holder(250), await holder(250)];
    const paid = [];
    for (const user of holders) paid.push(await walk(user, day));
    expect(paid).toEqual([250, 250, 0, 0]);

    // The next day, one of its own walkers takes 250 first; the settlement pays one held day, the other waits.
    t.clock.set(noonOf('2026-12-06'));
    expect(await walk(holders[0] as User, '2026-12-06')).toBe(250);
    expect(await settle()).toMatchObject({ credited: 250 });
    const held = await t.db.selectFrom('cash_back_cap_holds').select(['user_id', 'day']).execute();
    expect(held).toHaveLength(1);
    expect(held[0]?.day).toBe(day);

    t.clock.set(noonOf('2026-12-07'));
    expect(await settle()).toMatchObject({ credited: 250 });
    const balances = await Promise.all(holders.map((user) => balanceOf(t, user.userId)));
    expect(balances).toEqual([500, 250, 250, 250]);
    expect(await t.db.selectFrom('cash_back_cap_holds').selectAll().execute()).toEqual([]);
    expect(await ledgerReport(t)).toEqual(CLEAN_LEDGER);
  });

  it('holds under concurrent reports and settlements: together they pay the cap, not a fen more, and each day once', async () => {
    const day = '2026-12-10';
    t.clock.set(noonOf(day));
    const holders: User[] = [];
    for (let index = 0; index < 8; index += 1) holders.push(await holder(100));
    const answers = await Promise.all(holders.map((user) => walk(user, day)));
    expect(sum(answers)).toBe(500);
    expect(answers.filter((amount) => amount === 0)).toHaveLength(3);
    const row = await t.db.selectFrom('cash_cap_days').selectAll().where('day', '=', day).executeTakeFirst();
    expect(Number(row?.cash_paid)).toBe(500);
    expect(await t.db.selectFrom('cash_back_cap_holds').selectAll().where('day', '=', day).execute()).toHaveLength(3);

    // Two instances settle the next day at once: the three held days are paid once between them.
    t.clock.set(noonOf('2026-12-11'));
    const settled = await Promise.all([settle(), settle()]);
    expect(sum(settled.map((result) => result.credited))).toBe(300);
    const balances = await Promise.all(holders.map((user) => balanceOf(t, user.userId)));
    expect(balances).toEqual(holders.map(() => 100));
    expect(await ledgerReport(t)).toEqual(CLEAN_LEDGER);
  });
});
