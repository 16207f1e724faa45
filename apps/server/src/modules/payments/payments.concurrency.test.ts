import { CODES, createPayment, getPayment } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  api,
  deliverSandbox,
  idempotencyKey,
  pendingOrder as newPendingOrder,
  useTestApp,
} from '../../../test/harness.js';
import { MINUTE_MS } from '../../lib/clock.js';

const t = useTestApp();

async function pendingOrder() {
  const { order, ...user } = await newPendingOrder(t);
  return { ...user, orderId: order.id };
}

const pay = (token: string, orderId: string) =>
  api(t, createPayment, { token, body: { orderId, idempotencyKey: idempotencyKey() } });

const deliver = (payment: { id: string; amount: number }) => deliverSandbox(t, payment);

const openPayments = (orderId: string) =>
  t.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).where('status', '=', 'pending').execute();
const gateway = () => t.app.services.ledger.balance({ kind: 'system', name: 'gateway-sandbox', asset: 'CNY' });

describe('one open payment per order, under concurrent pay calls', () => {
  it('answers 12 parallel calls with different keys with one and the same open payment, charged once', async () => {
    const { token, orderId } = await pendingOrder();
    const answers = await Promise.all(Array.from({ length: 12 }, () => pay(token, orderId)));
    expect(answers.map((answer) => answer.code)).toEqual(Array(12).fill(CODES.OK));
    const ids = new Set(answers.map((answer) => answer.data.id));
    expect(ids.size).toBe(1);
    expect(new Set(answers.map((answer) => answer.data.payUrl)).size).toBe(1);
    expect(await openPayments(orderId)).toHaveLength(1);

    // Whatever the user taps, only one payment exists to be paid: the order is charged once.
    const before = await gateway();
    const first = answers[0]!.data;
    await Promise.all([deliver(first), deliver(first)]);
    expect(await gateway()).toBe(before - 9_900);
    expect((await api(t, getPayment, { params: { id: first.id }, token })).data.status).toBe('paid');
  });

  it('starts a new payment once the open one has expired, still one open at a time', async () => {
    const { token, orderId } = await pendingOrder();
    const first = await pay(token, orderId);
    t.clock.advance(t.config.payments.expiryMinutes * MINUTE_MS + 1);
    const answers = await Promise.all(Array.from({ length: 12 }, () => pay(token, orderId)));
    const live = answers.filter((answer) => answer.code === CODES.OK);
    expect(live.length).toBeGreaterThan(0);
    expect(new Set(live.map((answer) => answer.data.id)).size).toBe(1);
    expect(live[0]!.data.id).not.toBe(first.data.id);
    expect(await openPayments(orderId)).toHaveLength(1);
    const old = await t.db.selectFrom('payments').select('status').where('id', '=', first.data.id).executeTakeFirst();
    expect(old?.status).toBe('expired');
  });
});
