import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { createPayment, getPayment, listMyCards } from '@stride/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CLEAN_LEDGER,
  api,
  createTestApp,
  idempotencyKey,
  ledgerReport,
  pendingOrder,
  type TestApp,
} from '../../../test/harness.js';
import { generateAlipayKeys, startAlipayGateway, type AlipayGateway } from '../../../fakes/alipay-gateway.js';
import { MINUTE_MS } from '../../lib/clock.js';
import { ALIPAY_NOTIFY_PATH, AlipayProvider, alipayTime, toOutTradeNo } from './alipay-provider.js';
import { ProviderError } from './payment-provider.js';

const APP_ID = '2021000000000042';
const appKeys = generateAlipayKeys();
const TIMEOUT_MS = 400;

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

let t: TestApp;
let gateway: AlipayGateway;

beforeAll(async () => {
  gateway = await startAlipayGateway({
    appId: APP_ID,
    appPublicKey: appKeys.publicKey,
    now: () => t.clock.now(),
    // Notifications reach the app in-process: the test app does not listen on a port.
    post: async (url, body, headers) => {
      const response = await t.app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body });
      return { status: response.statusCode, body: response.body };
    },
  });
  t = await createTestApp(
    {
      PAYMENT_PROVIDER: 'alipay',
      ALIPAY_APP_ID: APP_ID,
      ALIPAY_PRIVATE_KEY: appKeys.privateKey,
      ALIPAY_PUBLIC_KEY: gateway.publicKey,
      ALIPAY_GATEWAY: gateway.gatewayUrl,
      ALIPAY_TIMEOUT_MS: String(TIMEOUT_MS),
      LOG_LEVEL: 'info',
    },
    { logStream },
  );
});
afterAll(async () => {
  await t?.close();
  await gateway?.close();
});
afterEach(async () => {
  gateway.behave({ notify: 'send', notifyTimeOffsetMs: 0, api: 'answer' });
  expect(await ledgerReport(t)).toEqual(CLEAN_LEDGER);
});

const provider = () => t.app.services.payments.provider as AlipayProvider;
const salesBalance = () => t.app.services.ledger.balance({ kind: 'system', name: 'sales', asset: 'CNY' });
const cardsOf = async (token: string) => (await api(t, listMyCards, { token })).data;
const statusOf = async (token: string, id: string) => (await api(t, getPayment, { params: { id }, token })).data.status;

/** A verified user's online order, its payment, and the payer's tab on the fake's pay page. */
async function openTrade(price = 9_900, options: { open?: boolean } = {}) {
  const { order, ...user } = await pendingOrder(t, price);
  const payment = await api(t, createPayment, {
    token: user.token,
    body: { orderId: order.id, idempotencyKey: idempotencyKey() },
  });
  expect(payment.code).toBe(1);
  if (options.open !== false) {
    const page = await fetch(payment.data.payUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Pay ¥${(price / 100).toFixed(2)}`);
  }
  return { token: user.token, payment: payment.data, outTradeNo: toOutTradeNo(payment.data.id) };
}

/** Presses a button of the fake's pay page, as the payer does. */
async function press(outTradeNo: string, button: 'pay' | 'cancel') {
  const response = await fetch(`${gateway.url}/pay/${outTradeNo}/${button}`, { method: 'POST' });
  expect(response.status).toBe(200);
  return response.text();
}

const notify = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: ALIPAY_NOTIFY_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: body,
  });

const eventsOf = (paymentId: string) =>
  t.db.selectFrom('payment_events').select(['outcome']).where('payment_id', '=', paymentId).execute();

describe('Alipay: the pay link', () => {
  it('is a signed alipay.trade.wap.pay link to the gateway with our trade number, amount, expiry and addresses', async () => {
    const { payment, outTradeNo } = await openTrade(12_345, { open: false });
    const link = new URL(payment.payUrl);
    expect(`${link.origin}${link.pathname}`).toBe(gateway.gatewayUrl);
    const query = Object.fromEntries(link.searchParams);
    expect(query).toMatchObject({
      method: 'alipay.trade.wap.pay',
      app_id: APP_ID,
      sign_type: 'RSA2',
      charset: 'utf-8',
      version: '1.0',
      timestamp: alipayTime(t.clock.now()),
      notify_url: `http://127.0.0.1:8080${ALIPAY_NOTIFY_PATH}`,
      return_url: 'http://127.0.0.1:8080/#/pages-sub/order/member',
    });
    expect(JSON.parse(query.biz_content ?? '')).toEqual({
      out_trade_no: outTradeNo,
      total_amount: '123.45',
      subject: 'Stride member card',
      product_code: 'QUICK_WAP_WAY',
      time_expire: alipayTime(Date.parse(payment.expiresAt)),
      quit_url: 'http://127.0.0.1:8080/#/pages-sub/order/member',
    });
    expect(outTradeNo).toMatch(/^[0-9a-f]{32}$/);
    // Opening it is the first the gateway hears of the trade; it checked our signature.
    expect(gateway.trades.has(outTradeNo)).toBe(false);
    expect((await fetch(payment.payUrl)).status).toBe(200);
    expect(gateway.trades.get(outTradeNo)).toMatchObject({ totalAmount: '123.45', status: 'WAIT_BUYER_PAY' });
    // A link changed after signing is refused by the gateway.
    link.searchParams.set('biz_content', (query.biz_content ?? '').replace('123.45', '0.01'));
    expect((await fetch(link)).status).toBe(400);
  });
});

describe('Alipay: the asynchronous notification', () => {
  it('a paid notification activates the card once, and its replay changes nothing more', async () => {
    const { token, payment, outTradeNo } = await openTrade();
    const sales = await salesBalance();
    expect(await press(outTradeNo, 'pay')).toContain('Payment complete');
    expect(gateway.notifications.at(-1)?.answer).toEqual({ status: 200, body: 'success' });
    expect(await statusOf(token, payment.id)).toBe('paid');
    expect(await cardsOf(token)).toHaveLength(1);
    expect(await salesBalance()).toBe(sales + 9_900);

    const replay = await notify(gateway.notifications.at(-1)?.body ?? '');
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe('success');
    expect(await cardsOf(token)).toHaveLength(1);
    expect(await salesBalance()).toBe(sales + 9_900);
    expect(await eventsOf(payment.id)).toEqual([{ outcome: 'paid' }]);
  });

  it('pays once when Alipay sends the same notification twice', async () => {
    const { token, payment, outTradeNo } = await openTrade();
    const sales = await salesBalance();
    gateway.behave({ notify: 'twice' });
    await press(outTradeNo, 'pay');
    const [first, second] = gateway.notifications.slice(-2);
    expect(first?.fields.notify_id).toBe(second?.fields.notify_id);
    expect([first?.answer?.body, second?.answer?.body]).toEqual(['success', 'success']);
    expect(await cardsOf(token)).toHaveLength(1);
    expect(await salesBalance()).toBe(sales + 9_900);
    expect(await statusOf(token, payment.id)).toBe('paid');
  });

  it('pays once for the same notification, other notifications and the query all arriving at once', async () => {
    const { token, payment, outTradeNo } = await openTrade();
    const sales = await salesBalance();
    gateway.behave({ notify: 'drop' });
    await press(outTradeNo, 'pay');
    const same = gateway.notification(outTradeNo).body;
    const event = await provider().query(payment);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => notify(same)),
      ...Array.from({ length: 3 }, () => notify(gateway.notification(outTradeNo).body)),
      t.app.services.payments.handleEvent('alipay', event!),
    ]);
    expect(answers.slice(0, 7).map((answer) => typeof answer !== 'string' && answer.body)).toEqual(
      Array.from({ length: 7 }, () => 'success'),
    );
    expect(await cardsOf(token)).toHaveLength(1);
    expect(await salesBalance()).toBe(sales + 9_900);
    const outcomes = (await eventsOf(payment.id)).map((row) => row.outcome).sort();
    expect(outcomes.filter((outcome) => outcome === 'paid')).toEqual(['paid']);
  });

  it('refuses a forged signature, another app id, a stale or future time, a malformed amount or a changed body; all logged', async () => {
    const { token, payment, outTradeNo } = await openTrade();
    const sales = await salesBalance();
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const refusedBefore = logLines.filter((line) => line.includes('payment callback refused')).length;
    const bodies = [
      gateway.notification(outTradeNo, { signWith: stranger }).body,
      gateway.notification(outTradeNo, { fields: { app_id: '2021000000009999' } }).body,
      gateway.notification(outTradeNo, { fields: { notify_time: alipayTime(t.clock.now() - 11 * MINUTE_MS) } }).body,
      gateway.notification(outTradeNo, { fields: { notify_time: alipayTime(t.clock.now() + 11 * MINUTE_MS) } }).body,
      gateway.notification(outTradeNo, { fields: { total_amount: '99.001' } }).body,
      gateway.notification(outTradeNo, { fields: { trade_status: 'WAIT_BUYER_PAY' } }).body,
      gateway.notification(outTradeNo, { fields: { sign_type: 'RSA' } }).body,
      // Signed for 0.01, then changed to the full amount.
      gateway.notification(outTradeNo, { fields: { total_amount: '0.01' } }).body.replace('0.01', '99.00'),
      // A field sent twice.
      `${gateway.notification(outTradeNo).body}&trade_status=TRADE_SUCCESS`,
      'not a form at all',
    ];
    for (const body of bodies) {
      const answer = await notify(body);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toBe('fail');
    }
    expect(await statusOf(token, payment.id)).toBe('pending');
    expect(await salesBalance()).toBe(sales);
    expect(await cardsOf(token)).toEqual([]);
    expect(await eventsOf(payment.id)).toEqual([]);
    expect(logLines.filter((line) => line.includes('payment callback refused')).length).toBe(
      refusedBefore + bodies.length,
    );
    // The same notification, unchanged, is accepted: each refusal above was for its own reason.
    expect((await notify(gateway.notification(outTradeNo).body)).body).toBe('success');
    expect(await statusOf(token, payment.id)).toBe('paid');
  });

  it('changes nothing for a signed notification about an unknown order or with the wrong amount (logged as ignored)', async () => {
    const { token, payment, outTradeNo } = await openTrade();
    const sales = await salesBalance();
    const unknown = randomUUID();
    const wrongAmount = await notify(gateway.notification(outTradeNo, { fields: { total_amount: '0.99' } }).body);
    const unknownOrder = await notify(gateway.notification(toOutTradeNo(unknown)).body);
    expect([wrongAmount.body, unknownOrder.body]).toEqual(['success', 'success']);
    expect(await statusOf(token, payment.id)).toBe('pending');
    expect(await salesBalance()).toBe(sales);
    expect(await cardsOf(token)).toEqual([]);
    expect(await eventsOf(payment.id)).toEqual([{ outcome: 'ignored' }]);
    expect(await eventsOf(unknown)).toEqual([{ outcome: 'ignored' }]);
    const ignored = logLines.filter((line) => line.includes('"outcome":"ignored"'));
    expect(ignored.some((line) => line.includes(payment.id))).toBe(true);
    expect(ignored.some((line) => line.includes(unknown))).toBe(true);
  });

  it('TRADE_CLOSED fails the payment (the payer cancelled)', async () => {
    const { token, payment, outTradeNo } = await openTrade();
    expect(await press(outTradeNo, 'cancel')).toContain('Payment cancelled');
    expect(gateway.notifications.at(-1)?.fields.trade_status).toBe('TRADE_CLOSED');
    expect(gateway.notifications.at(-1)?.answer?.body).toBe('success');
    expect(await statusOf(token, payment.id)).toBe('failed');
    expect(await cardsOf(token)).toEqual([]);
  });

  it('a late notification within the tolerance pays; one past it is refused and the query finds the payment', async () => {
    const first = await openTrade();
    gateway.behave({ notify: 'hold' });
    await press(first.outTradeNo, 'pay');
    expect(await statusOf(first.token, first.payment.id)).toBe('pending');
    t.clock.advance(3 * MINUTE_MS);
    await gateway.releaseHeld();
    expect(await statusOf(first.token, first.payment.id)).toBe('paid');

    const second = await openTrade();
    await press(second.outTradeNo, 'pay');
    t.clock.advance(11 * MINUTE_MS);
    await gateway.releaseHeld();
    expect(gateway.notifications.at(-1)?.answer).toEqual({ status: 400, body: 'fail' });
    // The refused notification changed nothing; the app's next read of the payment asks Alipay
    // (its callback is late, decision 037 "The payment lifecycle"), which answers it paid: credited once.
    const queries = gateway.calls.filter((call) => call.method === 'alipay.trade.query').length;
    expect(await statusOf(second.token, second.payment.id)).toBe('paid');
    expect(gateway.calls.filter((call) => call.method === 'alipay.trade.query').length).toBe(queries + 1);
    expect(await cardsOf(second.token)).toHaveLength(1);
  });
});

describe('Alipay: query, close and refund', () => {
  it('query: unknown to Alipay and waiting are null; a dropped notification is found paid, once', async () => {
    const { token, payment, outTradeNo } = await openTrade(9_900, { open: false });
    expect(await provider().query(payment)).toBeNull();
    await fetch(payment.payUrl);
    expect(await provider().query(payment)).toBeNull();
    gateway.behave({ notify: 'drop' });
    await press(outTradeNo, 'pay');
    expect(await statusOf(token, payment.id)).toBe('pending');
    const event = await provider().query(payment);
    expect(event).toEqual({
      eventId: `query:${gateway.trades.get(outTradeNo)?.tradeNo}:paid`,
      paymentId: payment.id,
      outcome: 'paid',
      amount: 9_900,
    });
    const sales = await salesBalance();
    expect(await t.app.services.payments.handleEvent('alipay', event!)).toBe('paid');
    expect(await t.app.services.payments.handleEvent('alipay', (await provider().query(payment))!)).toBe('duplicate');
    expect(await salesBalance()).toBe(sales + 9_900);
    expect(await cardsOf(token)).toHaveLength(1);
    const queries = gateway.calls.filter((call) => call.method === 'alipay.trade.query');
    expect(queries.at(-1)).toEqual({
      method: 'alipay.trade.query',
      appId: APP_ID,
      signType: 'RSA2',
      bizContent: { out_trade_no: outTradeNo },
    });
  });

  it('close: a trade never opened and a waiting one close; a closed trade queries as failed; a paid one refuses', async () => {
    const never = await openTrade(9_900, { open: false });
    await expect(provider().close(never.payment)).resolves.toBeUndefined();

    const waiting = await openTrade();
    await provider().close(waiting.payment);
    expect(gateway.trades.get(waiting.outTradeNo)?.status).toBe('TRADE_CLOSED');
    expect(await provider().query(waiting.payment)).toMatchObject({ outcome: 'failed', amount: 9_900 });
    // Closing again: Alipay refuses the state, the query shows it closed, so it counts as closed.
    await expect(provider().close(waiting.payment)).resolves.toBeUndefined();
    // The payer's page no longer pays.
    const page = await fetch(waiting.payment.payUrl);
    expect(await page.text()).toContain('Trade TRADE_CLOSED');

    const paid = await openTrade();
    await press(paid.outTradeNo, 'pay');
    await expect(provider().close(paid.payment)).rejects.toBeInstanceOf(ProviderError);
    expect(gateway.trades.get(paid.outTradeNo)?.status).toBe('TRADE_SUCCESS');
    expect(gateway.calls.filter((call) => call.method === 'alipay.trade.close').map((c) => c.bizContent)).toEqual([
      { out_trade_no: never.outTradeNo },
      { out_trade_no: waiting.outTradeNo },
      { out_trade_no: waiting.outTradeNo },
      { out_trade_no: paid.outTradeNo },
    ]);
  });

  it('refund: out_request_no is the refund id, so running it again never pays twice; too much is refused', async () => {
    const { payment, outTradeNo } = await openTrade();
    await press(outTradeNo, 'pay');
    const refund = { id: randomUUID(), amount: 9_900, reason: 'order cancelled by an operator' };
    await provider().refund(payment, refund);
    await provider().refund(payment, refund);
    const trade = gateway.trades.get(outTradeNo);
    expect([...(trade?.refunds ?? [])]).toEqual([[refund.id, 9_900]]);
    expect(trade?.status).toBe('TRADE_CLOSED');
    expect(gateway.calls.filter((call) => call.method === 'alipay.trade.refund').map((c) => c.bizContent)).toEqual([
      { out_trade_no: outTradeNo, refund_amount: '99.00', out_request_no: refund.id, refund_reason: refund.reason },
      { out_trade_no: outTradeNo, refund_amount: '99.00', out_request_no: refund.id, refund_reason: refund.reason },
    ]);
    await expect(provider().refund(payment, { ...refund, id: randomUUID(), amount: 1 })).rejects.toBeInstanceOf(
      ProviderError,
    );
    const unpaid = await openTrade();
    await expect(provider().refund(unpaid.payment, { ...refund, id: randomUUID() })).rejects.toBeInstanceOf(
      ProviderError,
    );
  });

  it('every call is signed with our key: a wrong key or app id is refused by the gateway and becomes ProviderError', async () => {
    const { payment } = await openTrade();
    expect(gateway.refused).toEqual([]);
    const settings = t.config.payments.alipay!;
    const strangerKeys = generateAlipayKeys();
    const wrongKey = new AlipayProvider({ ...settings, privateKey: strangerKeys.privateKey }, t.clock);
    await expect(wrongKey.query(payment)).rejects.toBeInstanceOf(ProviderError);
    const wrongApp = new AlipayProvider({ ...settings, appId: '2021000000009999' }, t.clock);
    await expect(wrongApp.close(payment)).rejects.toBeInstanceOf(ProviderError);
    expect(gateway.refused).toEqual([
      { method: 'alipay.trade.query', subCode: 'isv.invalid-signature' },
      { method: 'alipay.trade.close', subCode: 'isv.invalid-app-id' },
      // A refused close asks what became of the trade before it gives up.
      { method: 'alipay.trade.query', subCode: 'isv.invalid-app-id' },
    ]);
    gateway.refused.length = 0;
  });

  it.each(['error', 'badSign', 'unsigned', 'hang'] as const)(
    'a gateway that answers %s makes every call a ProviderError, within the timeout',
    async (behaviour) => {
      const { payment, outTradeNo } = await openTrade();
      gateway.behave({ api: behaviour });
      const started = Date.now();
      const refund = { id: randomUUID(), amount: 9_900, reason: 'test' };
      for (const attempt of [
        () => provider().query(payment),
        () => provider().close(payment),
        () => provider().refund(payment, refund),
      ]) {
        await expect(attempt()).rejects.toBeInstanceOf(ProviderError);
      }
      expect(Date.now() - started).toBeLessThan(3 * (TIMEOUT_MS + 2_000));
      // The provider assumed nothing; once the gateway answers again, so does the provider.
      gateway.behave({ api: 'answer' });
      await expect(provider().query(payment)).resolves.not.toBeUndefined();
      if (behaviour === 'hang' || behaviour === 'error') {
        expect(gateway.trades.get(outTradeNo)?.status).toBe('WAIT_BUYER_PAY');
      }
    },
  );
});
