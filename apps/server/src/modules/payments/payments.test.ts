import { randomUUID } from 'node:crypto';
import { CODES, createPayment, getInvite, getPayment, listMembershipOrders, listMyCards } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  api,
  buyPlan,
  createPlan,
  deliverSandbox,
  idempotencyKey,
  pendingOrder as newPendingOrder,
  raw,
  registerUser,
  useTestApp,
} from '../../../test/harness.js';
import { MINUTE_MS } from '../../lib/clock.js';
import { SANDBOX_CALLBACK_PATH } from './payments.routes.js';
import { sandboxCallback } from './sandbox-provider.js';

const t = useTestApp();

async function pendingOrder(price = 9_900) {
  const { planId: _planId, ...pending } = await newPendingOrder(t, price);
  expect(pending.order).toMatchObject({ status: 'pending', payWith: 'online' });
  return pending;
}

const pay = (token: string, orderId: string, key = idempotencyKey()) =>
  api(t, createPayment, { token, body: { orderId, idempotencyKey: key } });
const poll = (token: string, id: string) => api(t, getPayment, { params: { id }, token });

const deliver = (payment: { id: string; amount: number }, options: Parameters<typeof deliverSandbox>[2] = {}) =>
  deliverSandbox(t, payment, options);

const cardsOf = async (token: string) => (await api(t, listMyCards, { token })).data;
const salesBalance = () => t.app.services.ledger.balance({ kind: 'system', name: 'sales', asset: 'CNY' });

describe('online payment with the sandbox provider', () => {
  it('answers a pay URL; only the signed callback marks it paid, activating the card', async () => {
    const { token, order } = await pendingOrder();
    const payment = await pay(token, order.id);
    expect(payment).toMatchObject({ code: 1, data: { status: 'pending', amount: 9_900, orderId: order.id } });
    const expires = Date.parse(payment.data.expiresAt);
    expect(payment.data.payUrl).toMatch(
      new RegExp(
        `^http://127\\.0\\.0\\.1:8080/sandbox/pay/${payment.data.id}\\?expires=${expires}&sig=[\\w-]{43}&lang=en$`,
      ),
    );
    expect((await poll(token, payment.data.id)).data.status).toBe('pending');
    expect(await cardsOf(token)).toEqual([]);

    const sales = await salesBalance();
    const response = await deliver(payment.data);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect((await poll(token, payment.data.id)).data.status).toBe('paid');
    expect(await cardsOf(token)).toHaveLength(1);
    expect(await salesBalance()).toBe(sales + 9_900);
    const orders = await api(t, listMembershipOrders, { token });
    expect(orders.data.items).toMatchObject([{ id: order.id, status: 'paid' }]);
    // A paid order cannot be paid again.
    expect((await pay(token, order.id)).code).toBe(CODES.BUSINESS_RULE);
  });

  it('pays once for a repeated callback and for a second event about the same payment', async () => {
    const { token, order } = await pendingOrder();
    const payment = (await pay(token, order.id)).data;
    const sales = await salesBalance();
    const eventId = randomUUID();
    const deliveries = await Promise.all(Array.from({ length: 5 }, () => deliver(payment, { eventId })));
    expect(deliveries.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await deliver(payment)).statusCode).toBe(200);
    expect(await salesBalance()).toBe(sales + 9_900);
    expect(await cardsOf(token)).toHaveLength(1);
    const events = await t.db.selectFrom('payment_events').selectAll().where('payment_id', '=', payment.id).execute();
    expect(events.map((e) => e.outcome).sort()).toEqual(['ignored', 'paid']);
  });

  it('changes nothing for a bad signature, a stale timestamp or a tampered body', async () => {
    const { token, order } = await pendingOrder();
    const payment = (await pay(token, order.id)).data;
    const sales = await salesBalance();
    expect((await deliver(payment, { secret: 'not-the-secret-not-the-secret-xx' })).statusCode).toBe(400);
    expect((await deliver(payment, { timestamp: t.clock.now() - 6 * MINUTE_MS })).statusCode).toBe(400);
    const signed = sandboxCallback(
      t.config.payments.sandboxSecret,
      { eventId: randomUUID(), paymentId: payment.id, outcome: 'paid', amount: 1 },
      t.clock.now(),
    );
    const tampered = await t.app.inject({
      method: 'POST',
      url: SANDBOX_CALLBACK_PATH,
      headers: signed.headers,
      payload: signed.body.replace('"amount":1', '"amount":9900'),
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: SANDBOX_CALLBACK_PATH,
      payload: { paymentId: payment.id },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await poll(token, payment.id)).data.status).toBe('pending');
    expect(await salesBalance()).toBe(sales);
    expect(await t.db.selectFrom('payment_events').selectAll().where('payment_id', '=', payment.id).execute()).toEqual(
      [],
    );
  });

  it('keeps the order pending after a cancelled payment, so it can be paid again', async () => {
    const { token, order } = await pendingOrder();
    const first = (await pay(token, order.id)).data;
    expect((await deliver(first, { outcome: 'failed' })).statusCode).toBe(200);
    expect((await poll(token, first.id)).data.status).toBe('failed');
    const pending = await api(t, listMembershipOrders, {
      token,
      query: { status: 'pending' },
    });
    expect(pending.data.items.map((o) => o.id)).toEqual([order.id]);
    const second = (await pay(token, order.id)).data;
    expect(second.id).not.toBe(first.id);
    await deliver(second);
    expect((await poll(token, second.id)).data.status).toBe('paid');
  });

  it('expires an unpaid payment after 30 minutes and ignores a late callback; the order later expires', async () => {
    const { token, order } = await pendingOrder();
    const payment = (await pay(token, order.id)).data;
    t.clock.advance(30 * MINUTE_MS);
    expect((await poll(token, payment.id)).data.status).toBe('expired');
    expect((await deliver(payment)).statusCode).toBe(200);
    expect((await poll(token, payment.id)).data.status).toBe('expired');
    expect(await cardsOf(token)).toEqual([]);
    t.clock.advance(24 * 60 * MINUTE_MS);
    const orders = await api(t, listMembershipOrders, {
      token,
      query: { status: 'expired' },
    });
    expect(orders.data.items.map((o) => o.id)).toEqual([order.id]);
    expect(await pay(token, order.id)).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'This order can no longer be paid',
    });
  });

  it('answers the same payment for a repeated key or while one is open; a key for another order conflicts', async () => {
    const { token, order } = await pendingOrder();
    const key = idempotencyKey();
    const first = (await pay(token, order.id, key)).data;
    expect((await pay(token, order.id, key)).data).toEqual(first);
    expect((await pay(token, order.id)).data.id).toBe(first.id);
    const planId = await createPlan(t, { price: 100 });
    const other = await buyPlan(t, token, planId, 'online');
    expect((await pay(token, other.data.id, key)).code).toBe(CODES.CONFLICT);
  });

  it('never shows or pays another user’s payment or order', async () => {
    const { token, order } = await pendingOrder();
    const payment = (await pay(token, order.id)).data;
    const stranger = await registerUser(t);
    expect((await poll(stranger.token, payment.id)).code).toBe(CODES.NOT_FOUND);
    expect((await poll(token, 'no-such-payment')).code).toBe(CODES.NOT_FOUND);
    expect((await pay(stranger.token, order.id)).code).toBe(CODES.NOT_FOUND);
    expect((await api(t, createPayment, { token, body: raw({ orderId: order.id }) })).code).toBe(
      CODES.VALIDATION_FAILED,
    );
  });
});

describe('the sandbox checkout page', () => {
  it('shows Pay and Cancel, and Pay posts a signed callback to this server over HTTP', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { token, order } = await pendingOrder();
    const payment = (await pay(token, order.id)).data;
    const link = new URL(payment.payUrl);
    const pageUrl = `/sandbox/pay/${payment.id}`;
    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('¥99.00');
    expect(page.body).toContain('>Pay ¥99.00</button>');
    expect(page.body).toContain('>Cancel payment</button>');

    expect(page.body).toContain(`action="${pageUrl}/pay${link.search.replace(/&/g, '&#38;')}"`);
    const paid = await t.app.inject({
      method: 'POST',
      url: `${pageUrl}/pay${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('Payment complete');
    expect((await poll(token, payment.id)).data.status).toBe('paid');
    expect(await cardsOf(token)).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: `${pageUrl}${link.search}` })).body).toContain('Payment complete');
  });

  it('speaks the app’s language, else the browser’s, and leads back to the app’s membership orders', async () => {
    // Pay posts its callback over HTTP: the server listens (already, when the test before ran).
    if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { token, order } = await pendingOrder();
    // The app sends its language when it starts the payment; the link carries it to the page.
    const payment = (
      await api(t, createPayment, {
        token,
        language: 'zh-Hans',
        body: { orderId: order.id, idempotencyKey: idempotencyKey() },
      })
    ).data;
    const link = new URL(payment.payUrl);
    expect(link.searchParams.get('lang')).toBe('zh-Hans');
    // Opened in a browser set to English, the page still speaks the app's language.
    const page = await t.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(page.body).toContain('<html lang="zh-Hans">');
    expect(page.body).toContain('>确认支付 ¥99.00</button>');
    expect(page.body).toContain('>取消支付</button>');
    expect(page.body).toContain('<a class="button quiet" href="/#/pages-sub/order/member">返回我的订单</a>');
    expect(page.body).not.toContain('Pay');
    // Without a language in the link (or with one the product does not have), the browser's.
    const unnamed = new URL(link);
    unnamed.searchParams.set('lang', 'de');
    const french = await t.app.inject({
      method: 'GET',
      url: `${unnamed.pathname}${unnamed.search}`,
      headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
    });
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('>Payer ¥99.00</button>');
    // The page's forms keep the language, so the answer and the way back are in it too.
    expect(page.body).toContain('&#38;lang=zh-Hans"');
    const paid = await t.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${payment.id}/pay${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('<h1>支付成功</h1>');
    expect(paid.body).toContain('<a class="button primary" href="/#/pages-sub/order/member">返回我的订单</a>');
    expect((await poll(token, payment.id)).data.status).toBe('paid');
    // A refused link answers in the language too, with the same way back.
    const refused = await t.app.inject({ method: 'GET', url: `/sandbox/pay/${payment.id}?lang=zh-Hant` });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('付款連結無效或已過期');
    expect(refused.body).toContain('href="/#/pages-sub/order/member"');
  });

  it('serves the app’s look: its colours and font stack, a column that fits 360 px', async () => {
    const css = (await t.app.inject({ method: 'GET', url: '/sandbox/pay.css' })).body;
    expect(css).toContain('--primary:#0e6ae8');
    expect(css).toContain("'Noto Sans CJK SC'");
    expect(css).toContain('main{max-width:375px');
  });

  it('Cancel reports a failed payment', async () => {
    const { token, order } = await pendingOrder();
    const payment = (await pay(token, order.id)).data;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${payment.id}/cancel${new URL(payment.payUrl).search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(cancelled.body).toContain('Payment cancelled');
    expect((await poll(token, payment.id)).data.status).toBe('failed');
  });

  it('refuses a missing, tampered, borrowed or expired link on the page and both actions, changing nothing', async () => {
    const { token, order } = await pendingOrder();
    const payment = (await pay(token, order.id)).data;
    const other = await pendingOrder();
    const otherLink = new URL((await pay(other.token, other.order.id)).data.payUrl);
    const link = new URL(payment.payUrl);
    const sig = link.searchParams.get('sig') ?? '';
    const expires = link.searchParams.get('expires') ?? '';
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const base = `/sandbox/pay/${payment.id}`;
    const bad = [
      '',
      `?expires=${expires}`,
      `?sig=${sig}`,
      `?expires=${expires}&sig=${flipped}`,
      `?expires=${Number(expires) + 60_000}&sig=${sig}`,
      // Another payment's good signature does not open this one.
      otherLink.search,
    ];
    const sales = await salesBalance();
    for (const query of bad) {
      const shown = await t.app.inject({ method: 'GET', url: `${base}${query}` });
      expect(shown.statusCode).toBe(403);
      expect(shown.body).toContain('This payment link is not valid or has expired');
      expect(shown.body).not.toContain('¥99.00');
      for (const action of ['pay', 'cancel']) {
        const posted = await t.app.inject({
          method: 'POST',
          url: `${base}/${action}${query}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: '',
        });
        expect(posted.statusCode).toBe(403);
      }
    }
    // A payment id that does not exist is refused the same way, without saying so.
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/pay/nothing' })).statusCode).toBe(403);
    expect((await poll(token, payment.id)).data.status).toBe('pending');
    expect(await salesBalance()).toBe(sales);
    expect(await t.db.selectFrom('payment_events').selectAll().where('payment_id', '=', payment.id).execute()).toEqual(
      [],
    );
    // The good link stops working when the payment expires.
    expect((await t.app.inject({ method: 'GET', url: `${base}${link.search}` })).statusCode).toBe(200);
    t.clock.advance(30 * MINUTE_MS);
    expect((await t.app.inject({ method: 'GET', url: `${base}${link.search}` })).statusCode).toBe(403);
  });

  it('builds the pay link from the configured origin, never from a forged Host header', async () => {
    const { token, order } = await pendingOrder();
    const answer = await api(t, createPayment, {
      token,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      body: { orderId: order.id, idempotencyKey: idempotencyKey() },
    });
    expect(answer.code).toBe(CODES.OK);
    expect(answer.data.payUrl).not.toContain('evil.example');
    // HOST and the port listened on (this file's app listens since the test above).
    const bound = t.app.server.address();
    const port = typeof bound === 'object' && bound ? bound.port : t.config.port;
    expect(new URL(answer.data.payUrl).origin).toBe(`http://127.0.0.1:${port}`);
    // Invite links come from the same origin.
    const invite = await api(t, getInvite, {
      token,
      headers: { host: 'evil.example' },
    });
    expect(invite.data.link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/#/`));
  });
});
