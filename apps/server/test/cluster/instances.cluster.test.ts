// Three instances of the server bundle on one PostgreSQL database behind a round-robin proxy
// (decision 058 "Several instances on one PostgreSQL"): what they share goes through the database, and a mixed money
// workload across all three, with one instance killed in the middle, leaves the books right.
import { randomUUID } from 'node:crypto';
import {
  CODES,
  buyCard,
  confirmOrder,
  createPayment,
  exchangePoints,
  getCaptcha,
  getPayment,
  getUserInfo,
  listCardPlans,
  login,
  logout,
  requestRegisterCode,
  requestWithdrawal,
  saveAddress,
  saveBankCard,
} from '@stride/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH } from '../../src/modules/captcha/raster-captcha.js';
import { keyedHash } from '../../src/lib/secrets.js';
import {
  CLEAN_LEDGER,
  GOOD_PASSWORD,
  REAL_NAME,
  api,
  cardNumber,
  createTestApp,
  fundUser,
  passFaceCheck,
  registerUser,
  verifyIdentity,
  type TestApp,
  PAYMENT_PASSWORD,
} from '../harness.js';
import { startPostgres, type PostgresServer } from '../postgres-server.js';
import { killInstance, startCluster, type Cluster, type Instance } from './cluster.js';
import { once, send, type Answer } from './client.js';

const INSTANCES = 3;
const USERS = 6;
const START_CASH = 100_000;
const START_POINTS = 20_000;

let postgres: PostgresServer;
/** An app of the test's own on the same database: it signs users up and reads the books. */
let t: TestApp;
let cluster: Cluster;
const instance = (index: number): Instance => cluster.instances[index]!;

beforeAll(async () => {
  postgres = await startPostgres();
  t = await createTestApp({}, { postgresUrl: postgres.url });
  // Sessions and rows it writes carry the time the instances read.
  t.clock.set(Date.now());
  if (t.config.database.dialect !== 'postgres') throw new Error('the cluster runs on PostgreSQL');
  cluster = await startCluster(INSTANCES, {
    STRIDE_MODE: 'demo',
    DATABASE_URL: t.config.database.url,
    // What every instance must share besides the database: the secrets.
    APP_SECRET: t.config.appSecret,
    PAYMENT_SANDBOX_SECRET: t.config.payments.sandboxSecret,
    DATA_ENCRYPTION_KEY: t.config.dataKey.toString('base64'),
    WEB_PUSH_VAPID_PUBLIC_KEY: t.config.webPush.publicKey,
    WEB_PUSH_VAPID_PRIVATE_KEY: t.config.webPush.privateKey,
    // The login limit is reached by wrong passwords alone, without a captcha in between.
    LOGIN_CAPTCHA_AFTER_FAILURES: '100',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
  });
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await t?.close();
  postgres?.remove();
});

/** Users one after another: the test app's captcha answer is its last picture's. */
async function readyUsers(count: number) {
  const users = [];
  for (let i = 0; i < count; i += 1) users.push(await readyUser());
  return users;
}

/** A signed-up user with a verified identity, a passed face check, a bank card, an address and money. */
async function readyUser() {
  const user = await registerUser(t);
  const identity = await verifyIdentity(t, user.token);
  expect(identity.answer.code).toBe(CODES.OK);
  await passFaceCheck(t, user.token);
  const card = await api(t, saveBankCard, {
    token: user.token,
    body: { bank: 'Bank of Walking', holderName: REAL_NAME, accountNumber: cardNumber() },
  });
  expect(card.code).toBe(CODES.OK);
  const address = await api(t, saveAddress, {
    token: user.token,
    body: { name: REAL_NAME, phone: user.account, region: 'Beijing', detail: '1 Walking Street', isDefault: true },
  });
  expect(address.code).toBe(CODES.OK);
  await fundUser(t, user.userId, START_CASH);
  await fundUser(t, user.userId, START_POINTS, 'POINTS');
  return { ...user, bankCardId: card.data.id, addressId: address.data.id };
}

/** A fresh session, logged in at the given instance (or the proxy). */
async function sessionAt(base: string, user: { account: string; password: string }): Promise<string> {
  const answer = await send(base, login, { body: { account: user.account, password: user.password } });
  expect(answer.code, answer.message).toBe(CODES.OK);
  return answer.data.token;
}

const key = (prefix: string) => `${prefix}-${randomUUID()}`;

const balance = (userId: string, asset: 'CNY' | 'POINTS') =>
  t.app.services.ledger.balance({ kind: 'user', userId, asset });

/** A goods item of the test's own, in the first demo category, with a small stock. */
async function smallStockGoods(stock: number, points: number): Promise<string> {
  const category = await t.db.selectFrom('goods_categories').select('id').executeTakeFirstOrThrow();
  const id = randomUUID();
  await t.db
    .insertInto('goods')
    .values({
      id,
      category_id: category.id,
      name: `Small stock ${id.slice(0, 6)}`,
      images: '[]',
      points,
      stock,
      description: 'Few of them.',
      position: 99,
      is_active: 1,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
    })
    .execute();
  return id;
}

/**
 * The answer of a captcha, read back from the one place it exists after the picture: the keyed
 * hash in the database (the test knows the instances' secret; 11⁵ candidates, hashed in lower case).
 */
function answerOfStoredCaptcha(answerHash: string): string {
  const alphabet = CAPTCHA_ALPHABET.toLowerCase();
  const search = (prefix: string): string | undefined => {
    if (prefix.length === CAPTCHA_LENGTH) {
      return keyedHash(t.config.appSecret, 'captcha', prefix) === answerHash ? prefix : undefined;
    }
    for (const char of alphabet) {
      const found = search(prefix + char);
      if (found) return found;
    }
    return undefined;
  };
  const answer = search('');
  if (!answer) throw new Error('no answer matches the stored captcha');
  return answer;
}

describe('what instances share goes through the database', () => {
  it('verifies on B a captcha issued by A, once: C then refuses it as spent', async () => {
    const issued = await once(instance(0).base, getCaptcha, { forwardedFor: '10.1.0.1' });
    expect(issued.code).toBe(CODES.OK);
    const row = await t.db
      .selectFrom('captchas')
      .select('answer_hash')
      .where('id', '=', issued.data.captchaId)
      .executeTakeFirstOrThrow();
    const captchaCode = answerOfStoredCaptcha(row.answer_hash);
    const body = { account: '13912340001', captchaId: issued.data.captchaId, captchaCode };

    const onB = await once(instance(1).base, requestRegisterCode, { body, forwardedFor: '10.1.0.1' });
    expect(onB.code, onB.message).toBe(CODES.OK);
    const onC = await once(instance(2).base, requestRegisterCode, { body, forwardedFor: '10.1.0.1' });
    expect(onC.code).toBe(CODES.CAPTCHA_INVALID);
  });

  it('counts login failures from one address across instances: the fourth is refused on any of them', async () => {
    const user = await registerUser(t);
    const from = '10.2.0.1';
    const wrong = { account: user.account, password: `${GOOD_PASSWORD}-not` };
    for (const index of [0, 1, 2]) {
      const answer = await once(instance(index).base, login, { body: wrong, forwardedFor: from });
      expect(answer.code).toBe(CODES.CREDENTIALS_INVALID);
    }
    // Even the right password: the source is locked out for the window, on every instance.
    for (const index of [0, 1, 2]) {
      const answer = await once(instance(index).base, login, {
        body: { account: user.account, password: user.password },
        forwardedFor: from,
      });
      expect(answer.code).toBe(CODES.RATE_LIMITED);
    }
    // Another address is not locked out by it.
    const elsewhere = await once(instance(1).base, login, {
      body: { account: user.account, password: user.password },
      forwardedFor: '10.2.0.2',
    });
    expect(elsewhere.code).toBe(CODES.OK);
  });

  it('ends on B, within the session cache’s second, a session logged out on A', async () => {
    const user = await registerUser(t);
    const token = await sessionAt(instance(0).base, user);
    for (const index of [0, 1, 2]) {
      expect((await once(instance(index).base, getUserInfo, { token })).code).toBe(CODES.OK);
    }
    // B and C now hold the session in their cache (decision 049 "A bench that holds on a busy machine").
    expect((await once(instance(0).base, logout, { token })).code).toBe(CODES.OK);
    const loggedOut = performance.now();
    expect((await once(instance(0).base, getUserInfo, { token })).code).toBe(CODES.SESSION_INVALID);

    for (const index of [1, 2]) {
      const accepted: number[] = [];
      for (;;) {
        const sent = performance.now() - loggedOut;
        const answer = await once(instance(index).base, getUserInfo, { token });
        if (answer.code === CODES.SESSION_INVALID) break;
        expect(answer.code).toBe(CODES.OK);
        accepted.push(sent);
        // Polling, bounded: a cache kept past its second fails here rather than hanging.
        expect(sent).toBeLessThan(5_000);
      }
      // Every request still served was sent within the second the cache may hold the session.
      for (const sent of accepted) expect(sent).toBeLessThanOrEqual(1_000);
    }
  });

  it('answers an idempotency key replayed on another instance with the first answer, moving points once', async () => {
    const user = await readyUser();
    const token = await sessionAt(instance(0).base, user);
    const body = { points: 300, idempotencyKey: key('exchange') };
    const answers = [];
    for (const index of [0, 1, 2]) answers.push(await once(instance(index).base, exchangePoints, { token, body }));
    for (const answer of answers) expect(answer).toMatchObject({ code: CODES.OK, data: answers[0]!.data });
    const rows = await t.db.selectFrom('exchanges').select('id').where('user_id', '=', user.userId).execute();
    expect(rows.map((row) => row.id)).toEqual([answers[0]!.data.id]);
    expect(await balance(user.userId, 'POINTS')).toBe(START_POINTS - 300);
    // The same key with another body is refused on any instance, and nothing moves.
    const other = await once(instance(2).base, exchangePoints, { token, body: { ...body, points: 400 } });
    expect(other.code).toBe(CODES.CONFLICT);
    expect(await balance(user.userId, 'POINTS')).toBe(START_POINTS - 300);
  });

  it('takes 12 parallel withdrawals with one key, four at each instance, once', async () => {
    const user = await readyUser();
    const token = await sessionAt(instance(0).base, user);
    const body = {
      amount: 5_000,
      bankCardId: user.bankCardId,
      idempotencyKey: key('withdraw'),
      paymentPassword: PAYMENT_PASSWORD,
    };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => once(instance(i % INSTANCES).base, requestWithdrawal, { token, body })),
    );
    expect(answers.map((answer) => answer.code)).toEqual(Array(12).fill(CODES.OK));
    expect(new Set(answers.map((answer) => answer.data.id)).size).toBe(1);
    const rows = await t.db.selectFrom('withdrawals').select('id').where('user_id', '=', user.userId).execute();
    expect(rows).toHaveLength(1);
    expect(await balance(user.userId, 'CNY')).toBe(START_CASH - 5_000);
  });

  it('sells a stock of 4 once across instances, to 9 parallel orders', async () => {
    const goodsId = await smallStockGoods(4, 500);
    const users = await readyUsers(3);
    const tokens = await Promise.all(users.map((user, i) => sessionAt(instance(i).base, user)));
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        once(instance(i % INSTANCES).base, confirmOrder, {
          token: tokens[i % 3],
          body: { goodsId, quantity: 1, addressId: users[i % 3]!.addressId, idempotencyKey: key('order') },
        }),
      ),
    );
    const sold = answers.filter((answer) => answer.code === CODES.OK);
    expect(sold).toHaveLength(4);
    for (const answer of answers.filter((a) => a.code !== CODES.OK)) expect(answer.code).toBe(CODES.BUSINESS_RULE);
    const goods = await t.db.selectFrom('goods').select('stock').where('id', '=', goodsId).executeTakeFirstOrThrow();
    expect(goods.stock).toBe(0);
    const orders = await t.db.selectFrom('goods_orders').select('id').where('goods_id', '=', goodsId).execute();
    expect(orders.map((order) => order.id).sort()).toEqual(sold.map((answer) => answer.data.id).sort());
  });
});

/** One acknowledged answer of the workload: what was asked, of whom, and what came back. */
interface Acknowledged {
  kind: 'exchange' | 'withdrawal' | 'order' | 'card.balance' | 'card.online' | 'payment';
  userId: string;
  key: string;
  answer: Answer<unknown>;
}

describe('a mixed money workload across three instances, one killed in the middle', () => {
  it('keeps every acknowledged operation exactly once and the books balanced', async () => {
    const users = await readyUsers(USERS);
    // More wanted than there is: 6 users ordering 3 each of a stock of 10.
    const goodsId = await smallStockGoods(10, 1_500);
    const proxy = cluster.proxy.base;
    const tokens = await Promise.all(users.map((user) => sessionAt(proxy, user)));
    const plans = await send(proxy, listCardPlans, { token: tokens[0] });
    expect(plans.code).toBe(CODES.OK);
    const plan = plans.data[0]!;

    const log: Acknowledged[] = [];
    const victim = instance(1);
    let acknowledged = 0;
    let killAt: (() => void) | undefined;
    const halfway = new Promise<void>((resolve) => {
      killAt = resolve;
    });
    const record = (entry: Acknowledged) => {
      log.push(entry);
      acknowledged += 1;
      if (acknowledged === Math.round((USERS * 13) / 2)) killAt?.();
    };

    async function run(u: number): Promise<void> {
      const user = users[u]!;
      const token = tokens[u]!;
      const exchange = async () => {
        const idempotencyKey = key('x');
        const answer = await send(proxy, exchangePoints, { token, body: { points: 200, idempotencyKey } });
        record({ kind: 'exchange', userId: user.userId, key: idempotencyKey, answer });
      };
      // Twice at once with one key: the proxy hands the two copies to different instances.
      const withdraw = async () => {
        const idempotencyKey = key('w');
        const body = {
          amount: 2_000 + 100 * u,
          bankCardId: user.bankCardId,
          idempotencyKey,
          paymentPassword: PAYMENT_PASSWORD,
        };
        const answers = await Promise.all([
          send(proxy, requestWithdrawal, { token, body }),
          send(proxy, requestWithdrawal, { token, body }),
        ]);
        for (const answer of answers) record({ kind: 'withdrawal', userId: user.userId, key: idempotencyKey, answer });
      };
      const order = async () => {
        const idempotencyKey = key('o');
        const answer = await send(proxy, confirmOrder, {
          token,
          body: { goodsId, quantity: 1, addressId: user.addressId, idempotencyKey },
        });
        record({ kind: 'order', userId: user.userId, key: idempotencyKey, answer });
      };
      const cardByBalance = async () => {
        const idempotencyKey = key('cb');
        const answer = await send(proxy, buyCard, {
          token,
          body: { planId: plan.id, payWith: 'balance', idempotencyKey, paymentPassword: PAYMENT_PASSWORD },
        });
        record({ kind: 'card.balance', userId: user.userId, key: idempotencyKey, answer });
      };
      // A membership order paid online: the sandbox pay page, whose callback comes back through the proxy.
      const cardOnline = async () => {
        const orderKey = key('co');
        const ordered = await send(proxy, buyCard, {
          token,
          body: { planId: plan.id, payWith: 'online', idempotencyKey: orderKey, paymentPassword: PAYMENT_PASSWORD },
        });
        record({ kind: 'card.online', userId: user.userId, key: orderKey, answer: ordered });
        if (ordered.code !== CODES.OK) return;
        const payKey = key('p');
        const payment = await send(proxy, createPayment, {
          token,
          body: { orderId: ordered.data.id, idempotencyKey: payKey },
        });
        record({ kind: 'payment', userId: user.userId, key: payKey, answer: payment });
        if (payment.code !== CODES.OK) return;
        const link = new URL(payment.data.payUrl);
        const action = `${proxy}${link.pathname}/pay${link.search}`;
        // Tapping Pay until the page says so; a tap whose answer was lost is tapped again.
        for (let tap = 0; tap < 20; tap += 1) {
          const page = await fetch(action, { method: 'POST' }).catch(() => null);
          const text = page ? await page.text().catch(() => '') : '';
          if (page?.ok && /Payment (complete|paid)/.test(text)) break;
        }
        const status = await send(proxy, getPayment, { token, params: { id: payment.data.id } });
        expect(status.data.status).toBe('paid');
      };
      // 13 acknowledged answers per user.
      const steps = [exchange, withdraw, order, cardByBalance, exchange, cardOnline, order, withdraw, exchange, order];
      // Each user starts at a different step, so every kind is in flight at once.
      for (let i = 0; i < steps.length; i += 1) await steps[(i + u) % steps.length]!();
    }

    const workload = Promise.all(users.map((_, u) => run(u)));
    await Promise.race([halfway, workload]);
    // In the middle of a request: once the proxy has one out at the victim (polled; the workload
    // keeps six users busy, so one comes within a few requests).
    for (let polls = 0; polls < 2_000 && (cluster.proxy.inFlight.get(victim.base) ?? 0) === 0; polls += 1) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    await killInstance(victim);
    expect(victim.child.signalCode).toBe('SIGKILL');
    await workload;

    // The proxy found the dead instance and routed around it; the others answered the rest.
    expect(cluster.proxy.removed).toEqual([victim.base]);
    const answeredBy = new Set(log.map((entry) => entry.answer.backend));
    expect(answeredBy.size).toBe(INSTANCES);
    expect(log).toHaveLength(USERS * 13);
    const resent = log.filter((entry) => entry.answer.attempts > 1).length;
    process.stdout.write(
      `cluster: ${log.length} answers; ${[...cluster.proxy.cut.values()].reduce((a, b) => a + b, 0)} requests cut in flight by the kill, ${resent} answers after sending again\n`,
    );

    // Answers: success, or one of the refusals the workload can meet (out of stock).
    for (const entry of log) {
      if (entry.kind === 'order' && entry.answer.code === CODES.BUSINESS_RULE) continue;
      expect(entry.answer.code, `${entry.kind}: ${entry.answer.message}`).toBe(CODES.OK);
    }
    const ok = (kind: Acknowledged['kind'], userId?: string) => {
      const byId = new Map<string, Acknowledged>();
      for (const entry of log) {
        if (entry.kind !== kind || entry.answer.code !== CODES.OK) continue;
        if (userId && entry.userId !== userId) continue;
        const id = (entry.answer.data as { id: string }).id;
        const seen = byId.get(id);
        // The two copies of one key got one and the same answer, whichever instance gave it.
        if (seen) {
          expect(seen.key).toBe(entry.key);
          expect(entry.answer.data).toEqual(seen.answer.data);
        }
        byId.set(id, entry);
      }
      return byId;
    };
    // Copies of one withdrawal answered by two different instances: the key was shared, not local.
    const withdrawals = log.filter((entry) => entry.kind === 'withdrawal');
    const acrossInstances = new Set(
      withdrawals
        .filter((a) => withdrawals.some((b) => b !== a && b.key === a.key && b.answer.backend !== a.answer.backend))
        .map((entry) => entry.key),
    );
    expect(acrossInstances.size).toBeGreaterThan(0);

    // The ledger's own invariants: balanced transfers, no drift, nothing overdrawn.
    expect(await t.app.services.ledger.checkInvariants()).toEqual(CLEAN_LEDGER);

    const ids = <R extends { id: string }>(rows: R[]) => rows.map((row) => row.id).sort();
    let soldTotal = 0;
    let paidOnline = 0;
    for (const user of users) {
      const exchanges = ok('exchange', user.userId);
      const userWithdrawals = ok('withdrawal', user.userId);
      const orders = ok('order', user.userId);
      const cards = ok('card.balance', user.userId);
      const online = ok('card.online', user.userId);
      // Every acknowledged operation is in the database exactly once, and nothing else is.
      const rows = (table: 'exchanges' | 'withdrawals' | 'goods_orders') =>
        t.db.selectFrom(table).select('id').where('user_id', '=', user.userId).execute();
      expect(ids(await rows('exchanges'))).toEqual([...exchanges.keys()].sort());
      expect(ids(await rows('withdrawals'))).toEqual([...userWithdrawals.keys()].sort());
      expect(ids(await rows('goods_orders'))).toEqual([...orders.keys()].sort());
      const memberships = await t.db
        .selectFrom('membership_orders')
        .select(['id', 'pay_with', 'status'])
        .where('user_id', '=', user.userId)
        .execute();
      expect(ids(memberships.filter((row) => row.pay_with === 'balance'))).toEqual([...cards.keys()].sort());
      expect(ids(memberships.filter((row) => row.pay_with === 'online'))).toEqual([...online.keys()].sort());
      expect(memberships.every((row) => row.status === 'paid')).toBe(true);
      for (const orderId of online.keys()) {
        const payments = await t.db.selectFrom('payments').select('status').where('order_id', '=', orderId).execute();
        expect(payments.map((payment) => payment.status)).toEqual(['paid']);
      }
      paidOnline += [...online.values()].reduce((sum, e) => sum + (e.answer.data as { amount: number }).amount, 0);
      soldTotal += orders.size;

      // Balances are what the acknowledged answers say, to the unit.
      const sum = (map: Map<string, Acknowledged>, field: string) =>
        [...map.values()].reduce((total, entry) => total + (entry.answer.data as Record<string, number>)[field]!, 0);
      const cash = await balance(user.userId, 'CNY');
      const points = await balance(user.userId, 'POINTS');
      expect(cash).toBe(START_CASH + sum(exchanges, 'amount') - sum(userWithdrawals, 'amount') - sum(cards, 'amount'));
      expect(points).toBe(START_POINTS - sum(exchanges, 'points') - sum(orders, 'points'));
      expect(cash).toBeGreaterThanOrEqual(0);
      expect(points).toBeGreaterThanOrEqual(0);
    }
    // The small stock: sold out exactly, never below zero, every sale acknowledged.
    const goods = await t.db.selectFrom('goods').select('stock').where('id', '=', goodsId).executeTakeFirstOrThrow();
    expect(soldTotal).toBe(10);
    expect(goods.stock).toBe(0);
    const negative = await t.db.selectFrom('goods').select('id').where('stock', '<', 0).execute();
    expect(negative).toEqual([]);
    // The sandbox gateway received each online order's amount once.
    expect(await t.app.services.ledger.balance({ kind: 'system', name: 'gateway-sandbox', asset: 'CNY' })).toBe(
      -paidOnline,
    );
  });
});
