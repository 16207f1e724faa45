import {
  CODES,
  cancelOrder,
  exchangePoints,
  getHome,
  listNotifications,
  listPointsStatement,
  subscribePush,
  type Language,
} from '@stride/contract';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { startWebPushFake } from '../../../fakes/web-push.js';
import {
  api,
  CLEAN_LEDGER,
  dialect,
  fundUser,
  idempotencyKey,
  ledgerReport,
  placeGoodsOrder,
  registerUser,
  useTestApp,
  type User,
} from '../../../test/harness.js';
import { JOB_NAMES } from '../../jobs.js';
import { pointsOf } from './rewards.js';

// Points that expire, never silently (docs/product/points-expiry.md, decision 099 "Points that expire, never
// silently"). The app starts on 2026-11-22 (the harness's clock): points expire from 2026-12-22 on at the earliest.
const fake = await startWebPushFake();
afterAll(() => fake.close());

// Sessions outlast the months the clock moves through.
const t = useTestApp({ POINTS_EXPIRY_DAYS: '60', WEB_PUSH_ENDPOINT_HOSTS: fake.url, SESSION_DAYS: '3650' });
const off = useTestApp({ SESSION_DAYS: '3650' });

const noonOf = (day: string) => Date.parse(`${day}T12:00:00+08:00`);
const at = (day: string) => t.clock.set(noonOf(day));
const run = () => t.app.jobs.run<{ users: number; expired: number; warned: number }>(JOB_NAMES.pointsExpiry);
const points = (user: User) => t.app.services.ledger.balance(pointsOf(user.userId));

/** The user's points entries, oldest first. */
async function entries(user: User) {
  const { rows } = await t.app.services.ledger.statement(pointsOf(user.userId), {}, { limit: 100, offset: 0 });
  return rows.reverse().map((row) => ({ kind: row.kind, amount: row.amount, at: row.created_at }));
}

const expiries = async (user: User) =>
  (await entries(user)).filter((entry) => entry.kind === 'points.expiry').map((entry) => entry.amount);

async function warnings(user: User, language: Language = 'en') {
  const page = await api(t, listNotifications, { token: user.token, query: { page: 1, pageSize: 50 }, language });
  return page.data.items.filter((item) => item.kind === 'points.expiring').map((item) => item.body);
}

async function home(user: User) {
  const answer = await api(t, getHome, { token: user.token });
  expect(answer.code, answer.message).toBe(CODES.OK);
  return answer.data;
}

/** A new user credited these points on these days, each at its noon; the clock is left at the last. */
async function creditedUser(...credits: [day: string, points: number][]): Promise<User> {
  at(credits[0]?.[0] ?? '2027-01-01');
  const user = await registerUser(t);
  for (const [day, amount] of credits) {
    at(day);
    await fundUser(t, user.userId, amount, 'POINTS');
  }
  return user;
}

async function exchange(user: User, amount: number) {
  return api(t, exchangePoints, { token: user.token, body: { points: amount, idempotencyKey: idempotencyKey() } });
}

describe('points that expire', () => {
  it('never when POINTS_EXPIRY_DAYS is 0 (the default): the job does nothing and home names nothing', async () => {
    off.clock.set(noonOf('2026-01-01'));
    const user = await registerUser(off);
    await fundUser(off, user.userId, 500, 'POINTS');
    off.clock.set(noonOf('2028-01-01'));
    expect(off.app.jobs.jobs.get(JOB_NAMES.pointsExpiry)?.everyMs).toBe(0);
    expect(await off.app.jobs.run(JOB_NAMES.pointsExpiry)).toEqual({ users: 0, expired: 0, warned: 0 });
    expect(await off.app.services.ledger.balance(pointsOf(user.userId))).toBe(500);
    expect((await api(off, getHome, { token: user.token })).data.expiringPoints).toBeNull();
    expect(await off.db.selectFrom('watermarks').select('name').execute()).toEqual([]);
  });

  it('points credited before expiry began are told 30 days ahead and expire no sooner than 30 days after it began', async () => {
    const user = await creditedUser(['2026-09-01', 300]);
    at('2026-11-22');
    await run();
    expect(await expiries(user)).toEqual([]);
    expect(await warnings(user)).toEqual([
      '300 of your points expire on 2026-12-22, in 30 days. Spend them in the points shop or exchange them before then.',
    ]);
    expect((await home(user)).expiringPoints).toEqual({ points: 300, day: '2026-12-22' });
    at('2026-12-15');
    await run();
    expect((await warnings(user))[0]).toContain('300 of your points expire on 2026-12-22, in 7 days.');
    at('2026-12-21');
    await run();
    expect(await expiries(user)).toEqual([]);
    expect(await warnings(user)).toHaveLength(2);
    at('2026-12-22');
    await run();
    expect(await expiries(user)).toEqual([-300]);
    expect(await points(user)).toBe(0);
    expect((await home(user)).expiringPoints).toBeNull();
  });

  it('oldest first: spending takes the oldest points, a goods refund counts as credited on its own day', async () => {
    const user = await creditedUser(['2027-01-05', 500], ['2027-01-20', 300]);
    at('2027-02-01');
    expect((await exchange(user, 200)).code).toBe(CODES.OK);
    at('2027-02-03');
    const { orderId } = await placeGoodsOrder(t, user, 100);
    at('2027-02-10');
    expect((await api(t, cancelOrder, { token: user.token, body: { orderId } })).code).toBe(CODES.OK);

    // 500 credited on 01-05, less the 300 that left since (the exchange and the order): 200 expire on 03-06.
    at('2027-02-15');
    expect((await home(user)).expiringPoints).toEqual({ points: 200, day: '2027-03-06' });
    at('2027-03-05');
    await run();
    expect(await expiries(user)).toEqual([]);
    at('2027-03-06');
    await run();
    expect(await expiries(user)).toEqual([-200]);
    expect(await points(user)).toBe(400);
    // Then the 300 of 01-20 (800 credited by then, 500 gone), then the refund's 100 of 02-10.
    at('2027-03-07');
    expect((await home(user)).expiringPoints).toEqual({ points: 300, day: '2027-03-21' });
    at('2027-03-21');
    await run();
    expect(await points(user)).toBe(100);
    at('2027-04-11');
    await run();
    expect(await expiries(user)).toEqual([-200, -300, -100]);
    expect(await points(user)).toBe(0);

    // The points statement shows each expiry with its own type.
    const statement = await api(t, listPointsStatement, { token: user.token, query: { page: 1, pageSize: 20 } });
    expect(statement.data.items.slice(0, 3).map((item) => [item.type, item.amount, item.balanceAfter])).toEqual([
      ['points.expiry', -100, 0],
      ['points.expiry', -300, 100],
      ['points.expiry', -200, 400],
    ]);
  });

  it('tells each user 30 and 7 days before, once each, with the points and the day; a pass run twice expires once', async () => {
    at('2027-05-01');
    const user = await registerUser(t);
    const browser = fake.subscribe();
    expect((await api(t, subscribePush, { token: user.token, body: browser })).code).toBe(CODES.OK);
    const pushes = async () =>
      (await t.db.selectFrom('outbox_messages').select('id').where('channel', '=', 'push').execute()).length;
    at('2027-05-02');
    await fundUser(t, user.userId, 400, 'POINTS');

    // 400 credited on 05-02 expire on 07-01: told on 06-01 and on 06-24.
    at('2027-05-31');
    await run();
    expect(await warnings(user)).toEqual([]);
    at('2027-06-01');
    await run();
    await run();
    at('2027-06-02');
    await run();
    expect(await warnings(user)).toEqual([
      '400 of your points expire on 2027-07-01, in 30 days. Spend them in the points shop or exchange them before then.',
    ]);
    expect(await pushes()).toBe(1);
    at('2027-06-10');
    expect((await exchange(user, 100)).code).toBe(CODES.OK);
    at('2027-06-24');
    await run();
    await run();
    const told = await warnings(user);
    expect(told).toHaveLength(2);
    expect(told[0]).toBe(
      '300 of your points expire on 2027-07-01, in 7 days. Spend them in the points shop or exchange them before then.',
    );
    expect((await warnings(user, 'zh-Hans'))[0]).toBe(
      '您有 300 积分将于 2027-07-01（7 天后）过期，请在此之前到积分商城使用或兑换。',
    );
    expect(await pushes()).toBe(2);

    at('2027-07-01');
    const passes = await Promise.all([run(), run()]);
    expect(passes.reduce((sum, pass) => sum + pass.expired, 0)).toBe(300);
    await run();
    expect(await expiries(user)).toEqual([-300]);
    expect(await points(user)).toBe(0);
    expect(await warnings(user)).toHaveLength(2);
  });

  it(`points expiring while being spent: never a negative balance, never points already spent (${dialect})`, async () => {
    // Each user: 100 points credited on 08-01 (due on 09-30) and 200 on 08-21; on 09-30 the job runs while each
    // spends 100.
    // The last two hold only the old 100: the spend and the expiry cannot both take them.
    const users: User[] = [];
    for (let index = 0; index < 6; index += 1) {
      const credits: [string, number][] = [['2027-08-01', 100]];
      if (index < 4) credits.push(['2027-08-21', 200]);
      users.push(await creditedUser(...credits));
    }
    at('2027-09-30');
    const [spent] = await Promise.all([Promise.all(users.map((user) => exchange(user, 100))), run()]);

    const cutoff = t.app.services.calendar.startOf('2027-08-02');
    for (const [index, user] of users.entries()) {
      const rows = await entries(user);
      const expiry = rows.findIndex((row) => row.kind === 'points.expiry');
      const exchanged = spent[index]?.code === CODES.OK;
      if (expiry >= 0) {
        // What expired is what was credited by the cutoff, less everything that had left before it.
        const before = rows.slice(0, expiry);
        const credited = before
          .filter((row) => row.amount > 0 && row.at < cutoff)
          .reduce((sum, row) => sum + row.amount, 0);
        const left = before.filter((row) => row.amount < 0).reduce((sum, row) => sum - row.amount, 0);
        expect(-rows[expiry]!.amount).toBe(Math.max(0, credited - left));
      }
      const total = rows.reduce((sum, row) => sum + row.amount, 0);
      expect(await points(user)).toBe(total);
      expect(total).toBeGreaterThanOrEqual(0);
      if (index < 4) {
        // Spent first, the spending took the old 100 and nothing expires; expired first, the spending took newer ones.
        expect(exchanged).toBe(true);
        expect(total).toBe(expiry >= 0 ? 100 : 200);
      } else {
        // The old 100 went once: spent or expired.
        expect(exchanged).toBe(expiry < 0);
        expect(total).toBe(0);
      }
    }
    expect(await ledgerReport(t)).toEqual(CLEAN_LEDGER);
  });

  // PostgreSQL only, where transactions run side by side: a spending transaction holds the account while the job runs.
  it.runIf(dialect === 'postgres')('waits for a spending under way, then expires nothing it took', async () => {
    const user = await creditedUser(['2027-10-01', 100], ['2027-10-21', 200]);
    at('2027-11-30');
    let commit = () => undefined as void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let spent = () => undefined as void;
    const moved = new Promise<void>((resolve) => (spent = resolve));
    const spending = t.db.transaction().execute(async (trx) => {
      await t.app.services.ledger.post(trx, {
        kind: 'exchange',
        legs: [
          { account: pointsOf(user.userId), amount: -100 },
          { account: { kind: 'system', name: 'exchange', asset: 'POINTS' }, amount: 100 },
        ],
      });
      spent();
      await held;
    });
    await moved;
    const pass = run();
    // The job waits for the spending's row lock before it reads what is due.
    await expect
      .poll(async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
        return rows[0]?.n;
      })
      .toBe(1);
    commit();
    await spending;
    await pass;
    // The spending took the oldest 100: nothing is left of them to expire.
    expect(await expiries(user)).toEqual([]);
    expect(await points(user)).toBe(200);
  });
});
