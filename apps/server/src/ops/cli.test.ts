import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CODES,
  applyCardMailing,
  confirmOrder,
  createPayment,
  getIdentity,
  listCommunityChannels,
  listGoodsOrders,
  saveAddress,
  submitFace,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  api,
  balanceOf,
  buyPlan,
  createPlan,
  deliverSandbox,
  fundUser,
  idempotencyKey,
  mailingApplicant,
  pendingOrder,
  registerUser,
  testJpeg,
  uploadFile,
  useTestApp,
  verifiedUser,
} from '../../test/harness.js';
import { MINUTE_MS } from '../lib/clock.js';
import { pendingIdentity } from '../../test/console.js';
import { opsOn, withdrawingUser } from '../../test/ops.js';
import { SCRIPTED_SECRET, ScriptedProvider } from '../../test/scripted-provider.js';
import { REFUND_ATTEMPTS } from '../modules/payments/payments.service.js';

// The provider is scripted so that a refund through it can fail for good (decision 037 "The payment lifecycle").
const provider = new ScriptedProvider(SCRIPTED_SECRET);
const t = useTestApp(
  { IDENTITY_REVIEW: 'operator', PAYMENT_SANDBOX_SECRET: SCRIPTED_SECRET },
  { paymentProvider: provider },
);

const ops = opsOn(t);

/** Goods of 100 points in a new category, and a user with 100 points and an address to send them to. */
async function goodsAndBuyer(category: string, name: string) {
  const categoryId = (await t.app.services.admin.shop.saveCategory('setup', { name: category })).id;
  const goods = await t.app.services.admin.shop.saveGoods('setup', undefined, {
    categoryId,
    name,
    points: 100,
    stock: 3,
    images: [],
    description: '',
  });
  const user = await registerUser(t);
  await fundUser(t, user.userId, 100, 'POINTS');
  const address = await api(t, saveAddress, {
    token: user.token,
    body: { name: 'Li Na', phone: '13800001111', region: 'Beijing', detail: 'No. 1' },
  });
  expect(address.code).toBe(CODES.OK);
  return { goods, user, address };
}

const actionsFor = (subjectId: string) =>
  t.db.selectFrom('operator_actions').selectAll().where('subject_id', '=', subjectId).execute();

describe('the ops command line', () => {
  it('prints usage with --help, and exits 2 on a usage error', async () => {
    const help = await ops('--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('withdrawals pay <withdrawalId> --reference TEXT --operator NAME --yes');
    expect((await ops()).code).toBe(2);
    const unknown = await ops('identity', 'explode');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown command "identity explode"');
    expect((await ops('identity', 'list', '--bogus')).code).toBe(2);
    expect((await ops('withdrawals', 'list', '--status', 'lost')).code).toBe(2);
  });

  it('lists pending identity checks with masked ID numbers and approves one, recording who and when', async () => {
    const { userId, token } = await pendingIdentity(t);
    const list = await ops('identity', 'list', '--json');
    const rows = JSON.parse(list.out) as { userId: string; idNumber: string }[];
    expect(rows.find((row) => row.userId === userId)?.idNumber).toMatch(/^110\*+\d{4}$/);
    expect((await ops('identity', 'approve', userId, '--yes')).code).toBe(2);
    const unconfirmed = await ops('identity', 'approve', userId, '--operator', 'anna');
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.err).toContain('without --yes');
    expect(await actionsFor(userId)).toEqual([]);
    const approved = await ops('identity', 'approve', userId, '--operator', 'anna', '--yes');
    expect(approved.code).toBe(0);
    expect((await api(t, getIdentity, { token })).data.status).toBe('verified');
    expect(await actionsFor(userId)).toEqual([
      expect.objectContaining({ operator: 'anna', action: 'identity.approve', created_at: t.clock.now() }),
    ]);
    expect((await ops('identity', 'approve', userId, '--operator', 'anna', '--yes')).code).toBe(1);
  });

  it('rejects an identity check with a reason the user sees', async () => {
    const { userId, token } = await pendingIdentity(t);
    expect((await ops('identity', 'reject', userId, '--operator', 'ben', '--yes')).code).toBe(2);
    const rejected = await ops(
      'identity',
      'reject',
      userId,
      '--reason',
      'Name does not match',
      '--operator',
      'ben',
      '--yes',
    );
    expect(rejected.code).toBe(0);
    const identity = await api(t, getIdentity, {
      token,
    });
    expect(identity.data).toMatchObject({ status: 'rejected', rejectReason: 'Name does not match' });
    const [action] = await actionsFor(userId);
    expect(action).toMatchObject({ operator: 'ben', action: 'identity.reject' });
    expect(JSON.parse(action?.detail ?? '{}')).toEqual({ reason: 'Name does not match' });
  });

  it('marks a withdrawal paid once, moving pending money to payouts and fees', async () => {
    const { withdrawalId } = await withdrawingUser(t, 5_000);
    expect((await ops('withdrawals', 'list')).out).toContain(withdrawalId);
    expect((await ops('withdrawals', 'pay', withdrawalId, '--reference', 'BANK-REF-1', '--operator', 'cai')).code).toBe(
      1,
    );
    const paid = await ops(
      'withdrawals',
      'pay',
      withdrawalId,
      '--reference',
      'BANK-REF-1',
      '--operator',
      'cai',
      '--yes',
    );
    expect(paid).toMatchObject({ code: 0, out: `withdrawal ${withdrawalId}: paid 49.00 by cai` });
    const ledger = t.app.services.ledger;
    expect(await ledger.balance({ kind: 'system', name: 'payouts', asset: 'CNY' })).toBe(4_900);
    expect(await ledger.balance({ kind: 'system', name: 'withdrawal-fees', asset: 'CNY' })).toBe(100);
    expect(
      (await ops('withdrawals', 'pay', withdrawalId, '--reference', 'BANK-REF-1', '--operator', 'cai', '--yes')).code,
    ).toBe(1);
    expect((await ops('withdrawals', 'reject', withdrawalId, '--reason', 'x', '--operator', 'cai', '--yes')).code).toBe(
      1,
    );
    expect((await actionsFor(withdrawalId)).map((row) => row.action)).toEqual(['withdrawal.paid']);
  });

  it('rejects a withdrawal, refunding it in full exactly once', async () => {
    const { withdrawalId, userId } = await withdrawingUser(t, 5_000);
    expect(await balanceOf(t, userId)).toBe(5_000);
    const argv = ['withdrawals', 'reject', withdrawalId, '--reason', 'Card closed', '--operator', 'dora', '--yes'];
    expect((await ops(...argv)).code).toBe(0);
    expect(await balanceOf(t, userId)).toBe(10_000);
    expect((await ops(...argv)).code).toBe(1);
    expect(await balanceOf(t, userId)).toBe(10_000);
    expect(await actionsFor(withdrawalId)).toEqual([
      expect.objectContaining({ operator: 'dora', action: 'withdrawal.reject' }),
    ]);
  });

  it('shows the full account number to pay to, and saves a private image, recording both looks', async () => {
    const { withdrawalId, token } = await withdrawingUser(t, 2_000);
    const shown = await ops('withdrawals', 'show', withdrawalId, '--operator', 'eve', '--json');
    const [row] = JSON.parse(shown.out) as { account: string; pay: string }[];
    expect(row?.account).toMatch(/^62220212\d{11}$/);
    expect(row?.pay).toBe('19.00');
    const image = await uploadFile(t, token, await testJpeg(), { purpose: 'id_front' });
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'stride-ops-')), 'front.jpg');
    expect((await ops('files', 'get', image.data.fileId, '--out', out)).code).toBe(2);
    t.clock.advance(1_000);
    expect((await ops('files', 'get', image.data.fileId, '--out', out, '--operator', 'eve')).code).toBe(0);
    expect(existsSync(out) && readFileSync(out).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await actionsFor(withdrawalId)).map((a) => a.action)).toEqual(['withdrawal.view-account']);
    expect((await actionsFor(image.data.fileId)).map((a) => a.action)).toEqual(['file.view']);
    expect((await ops('actions', 'list', '--limit', '5')).out).toContain('file.view');
  });

  it('approves a manual face check', async () => {
    const { userId, token } = await pendingIdentity(t);
    await ops('identity', 'approve', userId, '--operator', 'fay', '--yes');
    await api(t, submitFace, { token, body: { method: 'manual' } });
    expect((await ops('face', 'list')).out).toContain(userId);
    expect((await ops('face', 'approve', userId, '--operator', 'fay', '--yes')).code).toBe(0);
    const identity = await api(t, getIdentity, { token });
    expect(identity.data.faceVerified).toBe(true);
  });
});

describe('the ops command line: shop, mailings, notices, community', () => {
  const lastLine = (text: string) => text.split('\n').pop() ?? '';
  const idIn = (text: string) => /([0-9a-f-]{36})/.exec(text)?.[1] ?? '';

  it('adds a category and goods (an image file becomes a data URL), changes stock, and records each action', async () => {
    expect((await ops('categories', 'set', '--name', 'Gear', '--operator', 'gus')).code).toBe(1);
    const category = await ops('categories', 'set', '--name', 'Gear', '--operator', 'gus', '--yes');
    expect(category.code).toBe(0);
    const categoryId = idIn(category.out);
    const dir = mkdtempSync(path.join(tmpdir(), 'stride-ops-'));
    const svgFile = path.join(dir, 'bottle.svg');
    writeFileSync(svgFile, '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const added = await ops(
      'goods',
      'set',
      '--category',
      categoryId,
      '--name',
      'Bottle',
      '--points',
      '300',
      '--stock',
      '4',
      '--image',
      svgFile,
      '--image',
      'https://example.com/b.png',
      '--operator',
      'gus',
      '--yes',
    );
    expect(added.code).toBe(0);
    const goodsId = idIn(added.out);
    expect((await ops('goods', 'set', goodsId, '--stock', '9', '--operator', 'gus', '--yes')).code).toBe(0);
    const refused = await ops(
      'goods',
      'set',
      goodsId,
      '--image',
      'http://plain.example/x.png',
      '--operator',
      'gus',
      '--yes',
    );
    expect(refused.code).toBe(2);
    const row = await t.db.selectFrom('goods').selectAll().where('id', '=', goodsId).executeTakeFirstOrThrow();
    expect(row.stock).toBe(9);
    expect(JSON.parse(row.images)).toEqual([
      expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      'https://example.com/b.png',
    ]);
    expect((await actionsFor(goodsId)).map((a) => [a.action, a.operator])).toEqual([
      ['goods.create', 'gus'],
      ['goods.update', 'gus'],
    ]);
    expect((await actionsFor(categoryId)).map((a) => a.action)).toEqual(['category.create']);
    expect((await ops('goods', 'list')).out).toContain('Bottle');
  });

  it('ships and completes a goods order, refusing a second shipment, and records who and when', async () => {
    const { goods, user, address } = await goodsAndBuyer('Ops', 'Cap');
    const order = await api(t, confirmOrder, {
      token: user.token,
      body: { goodsId: goods.id, quantity: 1, addressId: address.data.id, idempotencyKey: idempotencyKey() },
    });
    expect((await ops('orders', 'list')).out).toContain(order.data.id);
    expect((await ops('orders', 'ship', order.data.id, '--carrier', 'SF', '--operator', 'hal', '--yes')).code).toBe(2);
    t.clock.advance(1_000);
    const ship = () =>
      ops('orders', 'ship', order.data.id, '--carrier', 'SF', '--tracking', 'SF9', '--operator', 'hal', '--yes');
    const shipped = await ship();
    expect(shipped.code).toBe(0);
    const again = await ship();
    expect(again).toMatchObject({ code: 1 });
    expect(again.err).toContain('is shipped, not to_ship');
    expect((await ops('orders', 'complete', order.data.id, '--operator', 'hal', '--yes')).code).toBe(0);
    const list = await api(t, listGoodsOrders, {
      token: user.token,
    });
    expect(list.data.items[0]).toMatchObject({ status: 'completed', trackingNumber: 'SF9' });
    const actions = await actionsFor(order.data.id);
    expect(actions.map((a) => [a.action, a.operator])).toEqual([
      ['goods-order.shipped', 'hal'],
      ['goods-order.completed', 'hal'],
    ]);
    expect(actions[0]!.created_at).toBe(t.clock.now());
  });

  it('shows control characters in user values visibly, so they cannot rewrite the operator’s screen', async () => {
    const { goods, user, address } = await goodsAndBuyer('Esc', 'Mug');
    // The API refuses control characters now (decision 016 "Malformed requests and security headers"); rows written
    // before that still hold them.
    await t.db
      .updateTable('delivery_addresses')
      .set({ detail: 'No. 1\u001b[2J\rstatus=completed \u009b31m \u202eevil' })
      .where('id', '=', address.data.id)
      .execute();
    const order = await api(t, confirmOrder, {
      token: user.token,
      body: { goodsId: goods.id, quantity: 1, addressId: address.data.id, idempotencyKey: idempotencyKey() },
    });
    expect(order.code).toBe(CODES.OK);
    for (const argv of [
      ['orders', 'list'],
      ['orders', 'list', '--json'],
    ]) {
      const listed = await ops(...argv);
      const line = listed.out.split('\n').find((l) => l.includes(order.data.id)) ?? listed.out;
      // No control character or bidi override reaches the terminal, in either output.
      // eslint-disable-next-line no-control-regex -- looking for control characters
      expect(listed.out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
      if (argv.includes('--json')) {
        const rows = JSON.parse(listed.out) as { id: string; shipTo: string }[];
        expect(rows.find((row) => row.id === order.data.id)?.shipTo).toContain(
          'No. 1\u001b[2J\rstatus=completed \u009b31m \u202eevil',
        );
      } else {
        expect(line).toContain('No. 1\\x1b[2J\\x0dstatus=completed \\x9b31m \\u202eevil');
      }
    }
  });

  it('ships and delivers a physical card', async () => {
    const user = await mailingApplicant(t);
    const mailing = await api(t, applyCardMailing, {
      token: user.token,
      body: { cardId: user.cardId, addressId: user.addressId },
    });
    expect((await ops('mailings', 'list')).out).toContain(mailing.data.id);
    expect((await ops('mailings', 'deliver', mailing.data.id, '--operator', 'ivy', '--yes')).code).toBe(1);
    const byEms = ['--carrier', 'EMS', '--tracking', 'E7'];
    expect((await ops('mailings', 'ship', mailing.data.id, ...byEms, '--operator', 'ivy', '--yes')).code).toBe(0);
    expect((await ops('mailings', 'deliver', mailing.data.id, '--operator', 'ivy', '--yes')).code).toBe(0);
    expect((await actionsFor(mailing.data.id)).map((a) => a.action)).toEqual([
      'card-mailing.shipped',
      'card-mailing.delivered',
    ]);
  });

  it('publishes a sanitized notice from a file, and changes community channels', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stride-ops-'));
    const bodyFile = path.join(dir, 'notice.html');
    writeFileSync(bodyFile, '<p>Hi</p><script>alert(1)</script><img src=x onerror=alert(2)>');
    expect(
      (await ops('notices', 'publish', '--title', 'Hello', '--body-file', bodyFile, '--operator', 'jo')).code,
    ).toBe(1);
    const published = await ops(
      'notices',
      'publish',
      '--title',
      'Hello',
      '--body-file',
      bodyFile,
      '--operator',
      'jo',
      '--yes',
    );
    expect(published.code).toBe(0);
    const noticeId = idIn(published.out);
    const stored = await t.db.selectFrom('notices').selectAll().where('id', '=', noticeId).executeTakeFirstOrThrow();
    expect(stored.body).toBe('<p>Hi</p>');
    expect((await actionsFor(noticeId)).map((a) => [a.action, a.operator])).toEqual([['notice.publish', 'jo']]);

    const added = await ops(
      'community',
      'set',
      '--name',
      'Walkers',
      '--url',
      'https://example.com/w',
      '--operator',
      'jo',
      '--yes',
    );
    const channelId = idIn(added.out);
    expect(
      (
        await ops(
          'community',
          'set',
          channelId,
          '--qr-image',
          'https://example.com/qr.png',
          '--operator',
          'jo',
          '--yes',
        )
      ).code,
    ).toBe(0);
    const channels = await api(t, listCommunityChannels);
    expect(channels.data.find((c) => c.id === channelId)?.qrImage).toBe('https://example.com/qr.png');
    expect((await actionsFor(channelId)).map((a) => a.action)).toEqual(['community.create', 'community.update']);
    expect(lastLine((await ops('community', 'list')).out)).toContain('Walkers');
  });
});

describe('the ops command line: the books and held payments', () => {
  const refundsDue = () => t.app.services.ledger.balance({ kind: 'system', name: 'refunds-due', asset: 'CNY' });

  const deliverPaid = (payment: { id: string; amount: number }) => deliverSandbox(t, payment);

  /**
   * An order paid twice: the second payment's money is held in refunds-due; its refund through
   * the provider failed at every attempt, so it waits for an operator.
   */
  async function heldPayment(price = 2_500) {
    const { order, ...user } = await pendingOrder(t, price);
    const first = await api(t, createPayment, {
      token: user.token,
      body: { orderId: order.id, idempotencyKey: idempotencyKey() },
    });
    expect((await deliverPaid(first.data)).statusCode).toBe(200);
    // A second payment of the same order, as when two provider checkouts were both completed
    // (only one may be pending at a time, so it opens once the first is paid).
    const second = { id: randomUUID(), amount: price };
    await t.db
      .insertInto('payments')
      .values({
        id: second.id,
        user_id: user.userId,
        order_id: order.id,
        provider: 'sandbox',
        amount: price,
        status: 'pending',
        pay_url: 'https://pay.example/second',
        idempotency_key: `${user.userId}:pay:second-${second.id}`,
        created_at: t.clock.now(),
        expires_at: t.clock.now() + 30 * MINUTE_MS,
        completed_at: null,
        checked_at: null,
      })
      .execute();
    provider.failNext('refund', REFUND_ATTEMPTS, second.id);
    expect((await deliverPaid(second)).statusCode).toBe(200);
    for (let attempt = 1; attempt < REFUND_ATTEMPTS; attempt += 1) {
      t.clock.advance(61 * MINUTE_MS);
      await t.app.services.payments.sweep();
    }
    const refund = await t.db
      .selectFrom('provider_refunds')
      .select('status')
      .where('payment_id', '=', second.id)
      .executeTakeFirst();
    expect(refund?.status).toBe('failed');
    return { ...user, paymentId: second.id, paidId: first.data.id, amount: price };
  }

  it('checks the books: invariants, what users hold and each system account; exit 1 when they fail', async () => {
    const user = await registerUser(t);
    await fundUser(t, user.userId, 12_345);
    await fundUser(t, user.userId, 678, 'POINTS');
    const sums = await t.db
      .selectFrom('ledger_accounts')
      .select(['asset', (eb) => eb.fn.sum<number>('balance').as('total')])
      .where('user_id', 'is not', null)
      .groupBy('asset')
      .execute();
    const total = (asset: string) => Number(sums.find((row) => row.asset === asset)?.total ?? 0);
    const books = await ops('books', 'check');
    expect(books.code).toBe(0);
    expect(books.out).toContain('ledger invariants: ok');
    expect(books.out).toContain(`users' cash (CNY): ${(total('CNY') / 100).toFixed(2)}`);
    expect(books.out).toContain(`users' points: ${total('POINTS')}`);
    const funding = await t.app.services.ledger.balance({ kind: 'system', name: 'funding', asset: 'CNY' });
    expect(books.out).toContain(`  system:funding:CNY  ${(funding / 100).toFixed(2)}`);
    const json = JSON.parse((await ops('books', 'check', '--json')).out) as {
      ok: boolean;
      liabilities: { users: { CNY: number; POINTS: number } };
    };
    expect(json).toMatchObject({ ok: true, liabilities: { users: { CNY: total('CNY'), POINTS: total('POINTS') } } });

    // A balance that no longer equals its entries: reported, exit 1; then put back.
    const code = `user:${user.userId}:CNY`;
    const drift = (delta: number) =>
      t.db
        .updateTable('ledger_accounts')
        .set((eb) => ({ balance: eb('balance', '+', delta) }))
        .where('code', '=', code)
        .execute();
    await drift(1);
    try {
      const failed = await ops('books', 'check');
      expect(failed.code).toBe(1);
      expect(failed.out).toContain('ledger invariants: FAILED');
      expect(failed.out).toContain(`driftedAccounts: ${code}`);
    } finally {
      await drift(-1);
    }
  });

  it('refunds money held for an operator to its payer once, recorded; a second run refuses', async () => {
    const held = await heldPayment();
    const before = await balanceOf(t, held.userId);
    const due = await refundsDue();
    const listed = await ops('payments', 'held');
    expect(listed.out).toContain(`paymentId=${held.paymentId}`);
    expect(listed.out).toContain('providerRefund=failed');
    expect(listed.out).not.toContain(held.paidId);
    expect((await ops('payments', 'refund', held.paymentId, '--operator', 'ivy')).code).toBe(1);
    expect(await balanceOf(t, held.userId)).toBe(before);

    const refunded = await ops('payments', 'refund', held.paymentId, '--operator', 'ivy', '--yes');
    expect(refunded).toMatchObject({
      code: 0,
      out: `payment ${held.paymentId}: 25.00 refunded to the balance of ${held.userId} by ivy`,
    });
    expect(await balanceOf(t, held.userId)).toBe(before + held.amount);
    expect(await refundsDue()).toBe(due - held.amount);
    const again = await ops('payments', 'refund', held.paymentId, '--operator', 'ivy', '--yes');
    expect(again.code).toBe(1);
    expect(again.err).toContain('already refunded');
    expect(await balanceOf(t, held.userId)).toBe(before + held.amount);
    expect((await ops('payments', 'held')).out).not.toContain(held.paymentId);
    expect((await ops('payments', 'held', '--status', 'refunded')).out).toContain('by=ivy');
    const actions = await actionsFor(held.paymentId);
    expect(actions).toEqual([expect.objectContaining({ operator: 'ivy', action: 'payment.refund' })]);
    expect(JSON.parse(actions[0]?.detail ?? '{}')).toMatchObject({ amount: held.amount });

    // Money that is not held (the payment that paid the order), and no payment at all, are refused.
    const paid = await ops('payments', 'refund', held.paidId, '--operator', 'ivy', '--yes');
    expect(paid).toMatchObject({ code: 1, err: `Payment ${held.paidId} has no money held for a refund.` });
    expect((await ops('payments', 'refund', 'no-such', '--operator', 'ivy', '--yes')).err).toBe('No payment no-such');
  });

  it('refunds once when many runs race', async () => {
    const held = await heldPayment(1_800);
    const before = await balanceOf(t, held.userId);
    const due = await refundsDue();
    const runs = await Promise.all(
      Array.from({ length: 8 }, () => ops('payments', 'refund', held.paymentId, '--operator', 'jo', '--yes')),
    );
    expect(runs.filter((run) => run.code === 0)).toHaveLength(1);
    for (const run of runs.filter((r) => r.code !== 0)) expect(run.err).toContain('already refunded');
    expect(await balanceOf(t, held.userId)).toBe(before + 1_800);
    expect(await refundsDue()).toBe(due - 1_800);
    expect(await actionsFor(held.paymentId)).toHaveLength(1);
    const refunds = await t.db
      .selectFrom('payment_refunds')
      .selectAll()
      .where('payment_id', '=', held.paymentId)
      .execute();
    expect(refunds).toEqual([expect.objectContaining({ amount: 1_800, operator: 'jo', user_id: held.userId })]);
  });

  it('cancels a paid membership order with a full refund to the balance, once, recorded with the reason', async () => {
    const planId = await createPlan(t, { price: 3_000 });
    const user = await verifiedUser(t, 3_000);
    const order = await buyPlan(t, user.token, planId);
    expect(await balanceOf(t, user.userId)).toBe(0);
    const refused = await ops('payments', 'cancel-order', order.data.id, '--operator', 'ivy', '--yes');
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('--reason');
    const done = await ops(
      'payments',
      'cancel-order',
      order.data.id,
      '--reason',
      'Asked by phone',
      '--operator',
      'ivy',
      '--yes',
    );
    expect(done).toMatchObject({
      code: 0,
      out: `order ${order.data.id}: cancelled by ivy; 30.00 refunded to the balance of ${user.userId}`,
    });
    expect(await balanceOf(t, user.userId)).toBe(3_000);
    const again = await ops(
      'payments',
      'cancel-order',
      order.data.id,
      '--reason',
      'Again',
      '--operator',
      'ivy',
      '--yes',
    );
    expect(again).toMatchObject({ code: 1, err: `Order ${order.data.id} was already cancelled; nothing was changed.` });
    expect(await balanceOf(t, user.userId)).toBe(3_000);
    const actions = await actionsFor(order.data.id);
    expect(actions).toEqual([expect.objectContaining({ operator: 'ivy', action: 'card-order.cancel' })]);
    expect(JSON.parse(actions[0]?.detail ?? '{}')).toMatchObject({ reason: 'Asked by phone', to: 'balance' });
  });

  it('runs one pass of the payments sweep', async () => {
    const result = await ops('payments', 'sweep');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^payments sweep: \d+ expired, \d+ credited, \d+ refunded, \d+ orders expired$/);
  });

  it('lists the background jobs and runs one pass of one by name', async () => {
    const listed = await ops('jobs', 'list');
    expect(listed.code).toBe(0);
    expect(listed.out.split('\n')).toEqual([
      // In the order of the modules that declare them (modules/index.ts).
      'outbox.deliver  off  retries 3',
      'files.cleanup  every 60 min  retries 2',
      'files.stray-objects  every 1440 min  retries 2',
      'rules.tell  off  retries 3',
      'challenges.pass  off  retries 3',
      'cards.cash-back  off  retries 5',
      'notifications.sweep  off  retries 3',
      // Off: points never expire unless POINTS_EXPIRY_DAYS is set (docs/product/points-expiry.md).
      'points.expiry  off  retries 3',
      // Off: no wearable provider is configured here (decision 086 "Connected wearable accounts").
      'steps.connections-sync  off  retries 2',
      'payments.sweep  off  retries 3',
      'push.reminders  off  retries 3',
    ]);
    const ran = await ops('jobs', 'run', 'cards.cash-back');
    expect(ran.code).toBe(0);
    expect(ran.out).toMatch(
      /^cards\.cash-back: \{"days":\["\d{4}-\d{2}-\d{2}","\d{4}-\d{2}-\d{2}"\],"users":\d+,"credited":\d+\}$/,
    );
    const unknown = await ops('jobs', 'run', 'no.such');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain(
      'Name a job: outbox.deliver, files.cleanup, files.stray-objects, rules.tell, challenges.pass, cards.cash-back',
    );
  });
});
