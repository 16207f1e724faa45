import { randomUUID } from 'node:crypto';
import {
  CODES,
  cancelMembershipOrder,
  consoleCancelMembershipOrder,
  consoleMembershipOrders,
  createPayment,
  getPayment,
  listMembershipOrders,
  listMyCards,
} from '@stride/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { consoleApi, signIn } from '../../../test/console.js';
import {
  api,
  balanceOf,
  buyPlan,
  createPlan,
  deliverSandbox,
  dialect,
  idempotencyKey,
  pendingOrder as newPendingOrder,
  registerUser,
  useTestApp,
  verifiedUser,
} from '../../../test/harness.js';
import { SCRIPTED_SECRET, ScriptedProvider } from '../../../test/scripted-provider.js';
import { DAY_MS, MINUTE_MS } from '../../lib/clock.js';
import { FIRST_QUERY_AFTER_MS, QUERY_EVERY_MS, REFUND_ATTEMPTS } from './payments.service.js';

const provider = new ScriptedProvider(SCRIPTED_SECRET);
const t = useTestApp({ PAYMENT_SANDBOX_SECRET: SCRIPTED_SECRET }, { paymentProvider: provider });

beforeEach(() => provider.reset());

const PRICE = 9_900;

const pendingOrder = () => newPendingOrder(t, PRICE);

const pay = async (token: string, orderId: string) =>
  (await api(t, createPayment, { token, body: { orderId, idempotencyKey: idempotencyKey() } })).data;
const poll = (token: string, id: string) => api(t, getPayment, { params: { id }, token });

const deliver = (payment: { id: string; amount: number }, outcome: 'paid' | 'failed' = 'paid') =>
  deliverSandbox(t, payment, { outcome, secret: SCRIPTED_SECRET });

const system = (name: string) => t.app.services.ledger.balance({ kind: 'system', name, asset: 'CNY' });
const calls = (method: 'query' | 'close' | 'refund', paymentId?: string) =>
  provider.calls.filter((call) => call.method === method && (paymentId === undefined || call.paymentId === paymentId))
    .length;
const orderRow = (id: string) =>
  t.db.selectFrom('membership_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const refundOf = (paymentId: string) =>
  t.db.selectFrom('provider_refunds').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
const sweep = () => t.app.services.payments.sweep();

describe('late payments: the provider is asked when the callback does not come', () => {
  it('finds a paid trade by query and credits it once, even when the callback arrives after', async () => {
    const { token, order } = await pendingOrder();
    const payment = await pay(token, order.id);
    provider.trades.set(payment.id, 'paid');
    const sales = await system('sales');

    // Not asked in the first 10 s: the callback usually comes first.
    expect((await poll(token, payment.id)).data.status).toBe('pending');
    expect(calls('query')).toBe(0);

    t.clock.advance(FIRST_QUERY_AFTER_MS);
    expect((await poll(token, payment.id)).data.status).toBe('paid');
    expect(calls('query')).toBe(1);
    expect(await system('sales')).toBe(sales + PRICE);
    expect((await api(t, listMyCards, { token })).data).toHaveLength(1);

    // The late callback (another event id) changes nothing: the payment's own transition is the guard.
    expect((await deliver(payment)).statusCode).toBe(200);
    expect(await system('sales')).toBe(sales + PRICE);
    expect(await system('refunds-due')).toBe(await system('refunds-due'));
    expect((await api(t, listMyCards, { token })).data).toHaveLength(1);
    const events = await t.db
      .selectFrom('payment_events')
      .select(['event_id', 'outcome'])
      .where('payment_id', '=', payment.id)
      .orderBy('received_at')
      .execute();
    expect(events.map((event) => event.outcome).sort()).toEqual(['ignored', 'paid']);
    expect(await refundOf(payment.id)).toBeUndefined();
  });

  it('asks at most every 5 s per payment, however often it is read', async () => {
    const { token, order } = await pendingOrder();
    const payment = await pay(token, order.id);
    t.clock.advance(FIRST_QUERY_AFTER_MS);
    const reads = await Promise.all(Array.from({ length: 5 }, () => poll(token, payment.id)));
    expect(reads.map((read) => read.data.status)).toEqual(Array(5).fill('pending'));
    expect(calls('query', payment.id)).toBe(1);
    t.clock.advance(QUERY_EVERY_MS - 1);
    await poll(token, payment.id);
    expect(calls('query', payment.id)).toBe(1);
    t.clock.advance(1);
    await poll(token, payment.id);
    expect(calls('query', payment.id)).toBe(2);
  });

  it('keeps the payment pending when the provider fails, and credits it on a later read', async () => {
    const { token, order } = await pendingOrder();
    const payment = await pay(token, order.id);
    provider.trades.set(payment.id, 'paid');
    provider.failNext('query');
    t.clock.advance(FIRST_QUERY_AFTER_MS);
    expect(await poll(token, payment.id)).toMatchObject({ code: CODES.OK, data: { status: 'pending' } });
    expect((await orderRow(order.id)).status).toBe('pending');
    t.clock.advance(QUERY_EVERY_MS);
    expect((await poll(token, payment.id)).data.status).toBe('paid');
    expect((await orderRow(order.id)).payment_id).toBe(payment.id);
  });

  it('marks a payment failed when the provider says its trade was closed', async () => {
    const { token, order } = await pendingOrder();
    const payment = await pay(token, order.id);
    provider.trades.set(payment.id, 'closed');
    t.clock.advance(FIRST_QUERY_AFTER_MS);
    expect((await poll(token, payment.id)).data.status).toBe('failed');
    expect((await orderRow(order.id)).status).toBe('pending');
  });
});

describe('expiry closes the trade', () => {
  it('closes the trade at the provider, then expires the payment', async () => {
    const { token, order } = await pendingOrder();
    const payment = await pay(token, order.id);
    t.clock.advance(t.config.payments.expiryMinutes * MINUTE_MS);
    expect((await poll(token, payment.id)).data.status).toBe('expired');
    expect(provider.trades.get(payment.id)).toBe('closed');
    expect(provider.calls.map((call) => call.method)).toEqual(['query', 'close']);
  });

  it('credits a payment the provider says was paid meanwhile instead of expiring it', async () => {
    const { token, order } = await pendingOrder();
    const payment = await pay(token, order.id);
    provider.trades.set(payment.id, 'paid');
    t.clock.advance(t.config.payments.expiryMinutes * MINUTE_MS);
    expect((await poll(token, payment.id)).data.status).toBe('paid');
    expect(calls('close')).toBe(0);
    expect((await orderRow(order.id)).status).toBe('paid');
  });

  it('leaves the payment pending while the close fails; the sweep closes it later and expires the order', async () => {
    const { token, order } = await pendingOrder();
    const payment = await pay(token, order.id);
    provider.failNext('close', 2, payment.id);
    t.clock.advance(t.config.payments.expiryMinutes * MINUTE_MS);
    expect(await poll(token, payment.id)).toMatchObject({ code: CODES.OK, data: { status: 'pending' } });
    // A new payment of the order waits until the old trade is settled.
    expect(
      (await api(t, createPayment, { token, body: { orderId: order.id, idempotencyKey: idempotencyKey() } })).code,
    ).toBe(CODES.SERVICE_UNAVAILABLE);

    // The order's own expiry waits for its payment too.
    t.clock.advance(t.config.payments.orderExpiryMinutes * MINUTE_MS);
    await sweep();
    expect(calls('close', payment.id)).toBe(2);
    expect((await orderRow(order.id)).status).toBe('pending');
    t.clock.advance(QUERY_EVERY_MS);
    const pass = await sweep();
    expect(pass.expired).toBeGreaterThanOrEqual(1);
    expect(pass.ordersExpired).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.id)).status).toBe('expired');
    expect((await poll(token, payment.id)).data.status).toBe('expired');
  });

  it('a sweep finds a paid trade at expiry that no one read, and credits it once', async () => {
    const { token, order } = await pendingOrder();
    const payment = await pay(token, order.id);
    provider.trades.set(payment.id, 'paid');
    t.clock.advance(t.config.payments.expiryMinutes * MINUTE_MS);
    const sales = await system('sales');
    expect((await sweep()).credited).toBeGreaterThanOrEqual(1);
    await sweep();
    expect(await system('sales')).toBe(sales + PRICE);
    expect((await poll(token, payment.id)).data.status).toBe('paid');
    expect((await api(t, listMyCards, { token })).data).toHaveLength(1);
  });
});

/** An order paid twice: a second checkout completed at the provider after the first paid it. */
async function paidTwice() {
  const { token, userId, order } = await pendingOrder();
  const first = await pay(token, order.id);
  expect((await deliver(first)).statusCode).toBe(200);
  const second = { id: randomUUID(), amount: PRICE };
  await t.db
    .insertInto('payments')
    .values({
      id: second.id,
      user_id: userId,
      order_id: order.id,
      provider: 'sandbox',
      amount: PRICE,
      status: 'pending',
      pay_url: 'https://pay.example/second',
      idempotency_key: `${userId}:pay:second-${second.id}`,
      created_at: t.clock.now(),
      expires_at: t.clock.now() + 30 * MINUTE_MS,
      completed_at: null,
      checked_at: null,
    })
    .execute();
  return { token, userId, order, first, second };
}

describe('money that arrives twice is refunded through the provider', () => {
  it('refunds a second payment at once: refunds-due to the gateway, recorded, done', async () => {
    const dueBefore = await system('refunds-due');
    const gatewayBefore = await system('gateway-sandbox');
    const { second, token } = await paidTwice();
    expect((await deliver(second)).statusCode).toBe(200);
    expect(await refundOf(second.id)).toMatchObject({
      id: `refund-${second.id}`,
      status: 'done',
      reason: 'duplicate',
      amount: PRICE,
      attempts: 1,
    });
    expect(provider.refunds.get(`refund-${second.id}`)).toEqual({ paymentId: second.id, amount: PRICE });
    expect(await system('refunds-due')).toBe(dueBefore);
    // The first payment's money stays in; the second came and went.
    expect(await system('gateway-sandbox')).toBe(gatewayBefore - PRICE);
    expect((await api(t, listMyCards, { token })).data).toHaveLength(1);
  });

  it('keeps a failed refund due and sends it again from the sweep, once', async () => {
    const dueBefore = await system('refunds-due');
    const { second } = await paidTwice();
    provider.failNext('refund', 1, second.id);
    expect((await deliver(second)).statusCode).toBe(200);
    expect(await refundOf(second.id)).toMatchObject({
      status: 'due',
      attempts: 1,
    });
    expect((await refundOf(second.id))?.last_error).toContain('timed out');
    expect(await system('refunds-due')).toBe(dueBefore + PRICE);
    // Not before its backoff.
    expect((await sweep()).refunded).toBe(0);
    t.clock.advance(2 * MINUTE_MS);
    const passes = await Promise.all([sweep(), sweep()]);
    expect(passes.map((pass) => pass.refunded).reduce((a, b) => a + b)).toBe(1);
    expect(await refundOf(second.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await system('refunds-due')).toBe(dueBefore);
    expect(provider.refunds.size).toBe(1);
    t.clock.advance(DAY_MS);
    expect((await sweep()).refunded).toBe(0);
    expect(calls('refund', second.id)).toBe(2);
  });

  it('gives up after the last attempt; the operator then refunds it to the balance, once', async () => {
    const { second, userId } = await paidTwice();
    provider.failNext('refund', REFUND_ATTEMPTS, second.id);
    await deliver(second);
    // While it is due, the operator's refund to the balance is refused.
    await expect(t.app.services.admin.payments.refundHeld('ivy', second.id)).rejects.toThrow('being refunded');
    for (let attempt = 1; attempt < REFUND_ATTEMPTS; attempt += 1) {
      t.clock.advance(61 * MINUTE_MS);
      await sweep();
    }
    expect(await refundOf(second.id)).toMatchObject({ status: 'failed', attempts: REFUND_ATTEMPTS });
    const balance = await balanceOf(t, userId);
    await t.app.services.admin.payments.refundHeld('ivy', second.id);
    expect(await balanceOf(t, userId)).toBe(balance + PRICE);
    expect(await refundOf(second.id)).toMatchObject({ status: 'superseded' });
    t.clock.advance(DAY_MS);
    await sweep();
    expect(provider.refunds.size).toBe(0);
  });
});

describe('a user cancels a pending membership order', () => {
  it('closes the open payment first, then cancels; again answers the cancelled order', async () => {
    const { token, order } = await pendingOrder();
    const payment = await pay(token, order.id);
    const cancelled = await api(t, cancelMembershipOrder, { token, params: { id: order.id } });
    expect(cancelled).toMatchObject({ code: CODES.OK, data: { id: order.id, status: 'cancelled' } });
    expect(provider.trades.get(payment.id)).toBe('closed');
    expect((await poll(token, payment.id)).data.status).toBe('failed');
    expect(await api(t, cancelMembershipOrder, { token, params: { id: order.id } })).toMatchObject({
      code: CODES.OK,
      data: { status: 'cancelled' },
    });
    expect(calls('close')).toBe(1);
    expect((await api(t, listMembershipOrders, { token, query: { status: 'cancelled' } })).data.items).toHaveLength(1);
    expect(
      (await api(t, createPayment, { token, body: { orderId: order.id, idempotencyKey: idempotencyKey() } })).code,
    ).toBe(CODES.BUSINESS_RULE);
    // A callback for the closed trade credits nothing.
    const sales = await system('sales');
    await deliver(payment);
    expect(await system('sales')).toBe(sales);
  });

  it('answers the cancelled order to every one of several cancels at once, closing the trade', async () => {
    const { token, order } = await pendingOrder();
    const payment = await pay(token, order.id);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => api(t, cancelMembershipOrder, { token, params: { id: order.id } })),
    );
    for (const answer of answers) expect(answer).toMatchObject({ code: CODES.OK, data: { status: 'cancelled' } });
    expect(provider.trades.get(payment.id)).toBe('closed');
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect((await poll(token, payment.id)).data.status).toBe('failed');
  });

  it('cancels an order with no payment; refuses another user (1004) and a paid order', async () => {
    const { token, order } = await pendingOrder();
    const other = await registerUser(t);
    expect((await api(t, cancelMembershipOrder, { token: other.token, params: { id: order.id } })).code).toBe(
      CODES.NOT_FOUND,
    );
    expect((await api(t, cancelMembershipOrder, { token, params: { id: order.id } })).data.status).toBe('cancelled');

    const paid = await pendingOrder();
    const payment = await pay(paid.token, paid.order.id);
    await deliver(payment);
    expect(await api(t, cancelMembershipOrder, { token: paid.token, params: { id: paid.order.id } })).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'A paid order cannot be cancelled here. Please contact support for a refund.',
    });
    expect((await orderRow(paid.order.id)).status).toBe('paid');
  });

  it('answers clearly when the provider says the payment was paid: the order is paid, not cancelled', async () => {
    const { token, order } = await pendingOrder();
    const payment = await pay(token, order.id);
    provider.trades.set(payment.id, 'paid');
    expect(await api(t, cancelMembershipOrder, { token, params: { id: order.id } })).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'This order was paid before it could be cancelled, so it was not cancelled: your card is active.',
    });
    expect((await orderRow(order.id)).status).toBe('paid');
    expect((await api(t, listMyCards, { token })).data).toHaveLength(1);
    expect(calls('close')).toBe(0);
  });

  it('changes nothing when the provider does not answer (1014), and cancels on a retry', async () => {
    const { token, order } = await pendingOrder();
    const payment = await pay(token, order.id);
    provider.failNext('close');
    const failed = await api(t, cancelMembershipOrder, { token, params: { id: order.id }, language: 'fr' });
    expect(failed.code).toBe(CODES.SERVICE_UNAVAILABLE);
    expect(failed.message).toContain('Rien n’a été modifié');
    expect((await orderRow(order.id)).status).toBe('pending');
    expect((await poll(token, payment.id)).data.status).toBe('pending');
    expect((await api(t, cancelMembershipOrder, { token, params: { id: order.id } })).data.status).toBe('cancelled');
  });
});

describe('an operator cancels a paid membership order with a full refund', () => {
  const cashBackRow = (cardId: string) =>
    t.db.selectFrom('member_cards').select(['ends_on', 'starts_on']).where('id', '=', cardId).executeTakeFirstOrThrow();

  it('refunds a balance payment to the balance and ends the card, recorded with the reason', async () => {
    const planId = await createPlan(t, { price: PRICE });
    const user = await verifiedUser(t, PRICE);
    const order = (await buyPlan(t, user.token, planId)).data;
    expect(await balanceOf(t, user.userId)).toBe(0);
    const finance = await signIn(t, ['finance']);
    const listed = await consoleApi(t, finance, consoleMembershipOrders, { query: { userId: user.userId } });
    expect(listed.data.items).toEqual([expect.objectContaining({ id: order.id, status: 'paid', payWith: 'balance' })]);

    const done = await consoleApi(t, finance, consoleCancelMembershipOrder, {
      params: { id: order.id },
      body: { reason: 'Bought by mistake' },
    });
    expect(done).toMatchObject({ code: CODES.OK, data: { id: order.id, status: 'cancelled', refund: null } });
    expect(await balanceOf(t, user.userId)).toBe(PRICE);
    const [card] = (await api(t, listMyCards, { token: user.token })).data;
    expect(card).toBeDefined();
    const row = await cashBackRow(card!.id);
    expect(row.ends_on < t.app.services.calendar.dayOf(t.clock.now())).toBe(true);
    const actions = await t.db.selectFrom('operator_actions').selectAll().where('subject_id', '=', order.id).execute();
    expect(actions).toEqual([
      expect.objectContaining({ action: 'card-order.cancel', operator: finance.name, source: 'console' }),
    ]);
    expect(JSON.parse(actions[0]?.detail ?? '{}')).toMatchObject({
      reason: 'Bought by mistake',
      to: 'balance',
      amount: PRICE,
    });

    const again = await consoleApi(t, finance, consoleCancelMembershipOrder, {
      params: { id: order.id },
      body: { reason: 'Again' },
    });
    expect(again.code).toBe(CODES.BUSINESS_RULE);
    expect(again.message).toContain('already cancelled');
    expect(await balanceOf(t, user.userId)).toBe(PRICE);
  });

  it('refunds an online payment through the provider; a failed refund is retried by the sweep', async () => {
    const { token, order } = await pendingOrder();
    const payment = await pay(token, order.id);
    await deliver(payment);
    const sales = await system('sales');
    const due = await system('refunds-due');
    provider.failNext('refund', 1, payment.id);
    const done = await t.app.services.admin.payments.cancelPaidOrder('ivy', order.id, 'Duplicate account');
    expect(done).toMatchObject({ to: 'provider', refund: 'due', refundId: `refund-${payment.id}`, amount: PRICE });
    expect(await system('sales')).toBe(sales - PRICE);
    expect(await system('refunds-due')).toBe(due + PRICE);
    expect((await api(t, listMyCards, { token })).data[0]?.daysLeft).toBe(0);
    t.clock.advance(2 * MINUTE_MS);
    expect((await sweep()).refunded).toBe(1);
    expect(await system('refunds-due')).toBe(due);
    expect(await refundOf(payment.id)).toMatchObject({ status: 'done', reason: 'order-cancelled', operator: 'ivy' });
    expect(provider.refunds.get(`refund-${payment.id}`)).toEqual({ paymentId: payment.id, amount: PRICE });
  });

  it('refunds once when operators cancel the same order at the same time', async () => {
    const { token, order } = await pendingOrder();
    const payment = await pay(token, order.id);
    await deliver(payment);
    const due = await system('refunds-due');
    const results = await Promise.allSettled(
      Array.from({ length: dialect === 'postgres' ? 6 : 3 }, (_, i) =>
        t.app.services.admin.payments.cancelPaidOrder(`op${i}`, order.id, 'Refund requested'),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(String(result.reason)).toContain('already cancelled');
    }
    expect(provider.refunds.size).toBe(1);
    expect(await system('refunds-due')).toBe(due);
    const actions = await t.db.selectFrom('operator_actions').selectAll().where('subject_id', '=', order.id).execute();
    expect(actions).toHaveLength(1);
  });

  it('refuses a pending or unknown order, changing nothing', async () => {
    const { order } = await pendingOrder();
    await expect(t.app.services.admin.payments.cancelPaidOrder('ivy', order.id, 'x')).rejects.toThrow('not paid');
    await expect(t.app.services.admin.payments.cancelPaidOrder('ivy', randomUUID(), 'x')).rejects.toThrow(
      'No membership order',
    );
    expect((await orderRow(order.id)).status).toBe('pending');
  });
});
