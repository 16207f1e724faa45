import {
  buyCard,
  CODES,
  listMyCards,
  listNotifications,
  readAllNotifications,
  readNotification,
  reportSteps,
  saveAddress,
  getInvite,
  unreadNotificationCount,
  applyCardMailing,
  submitFace,
} from '@stride/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  api,
  createPlan,
  createTestApp,
  faceCheckedUser,
  fundUser,
  GOOD_PASSWORD,
  idempotencyKey,
  placeGoodsOrder,
  registerUser,
  rejectRolledBack,
  requestTestWithdrawal,
  type TestApp,
  uniqueAccount,
  useTestApp,
  verifyIdentity,
  verifyUser,
  PAYMENT_PASSWORD,
} from '../../../test/harness.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../lib/clock.js';

const t = useTestApp();

const inbox = async (token: string, query: { page?: number; pageSize?: number } = {}, language?: string) =>
  (await api(t, listNotifications, { token, query, ...(language ? { language } : {}) })).data;
const unread = async (token: string) => (await api(t, unreadNotificationCount, { token })).data.unread;
const rowsOf = (app: TestApp, userId: string) =>
  app.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).execute();
const today = () => t.app.services.calendar.dayOf(t.clock.now());

/** A user who can withdraw: verified name and face, a bank card, cash. */
async function withdrawer(cash = 50_000) {
  const user = await faceCheckedUser(t, cash);
  return { ...user, withdrawalId: await requestTestWithdrawal(t, user.token, 10_000) };
}

describe('withdrawal decided', () => {
  it('a rejection is one notification with the reason, in the reader language, opening the withdrawals', async () => {
    const user = await withdrawer();
    expect(await unread(user.token)).toBe(0);
    await t.app.services.admin.payouts.reject('finance', user.withdrawalId, 'Account closed');
    await expect(t.app.services.admin.payouts.reject('finance', user.withdrawalId, 'Again')).rejects.toThrow(
      /already settled/,
    );
    expect(await unread(user.token)).toBe(1);
    const page = await inbox(user.token);
    expect(page).toMatchObject({ total: 1, hasMore: false });
    expect(page.items[0]).toMatchObject({
      kind: 'withdrawal.rejected',
      title: 'Withdrawal rejected',
      body: 'Your withdrawal of ¥100.00 was rejected: Account closed. The whole amount is back in your balance.',
      link: { path: '/pages-sub/withdrawal-detail/index', query: {} },
      noticeId: null,
      read: false,
    });
    // The same row reads in the language the reader uses now.
    const chinese = await inbox(user.token, {}, 'zh-Hans');
    expect(chinese.items[0]).toMatchObject({
      title: '提现被驳回',
      body: '您提现的 ¥100.00 被驳回：Account closed。全部金额已退回余额。',
    });
    expect(await rowsOf(t, user.userId)).toHaveLength(1);
  });

  it('paid is one notification with the amount received', async () => {
    const user = await withdrawer();
    await t.app.services.admin.payouts.markPaid('finance', user.withdrawalId, 'BANK-1');
    await expect(t.app.services.admin.payouts.markPaid('finance', user.withdrawalId, 'BANK-2')).rejects.toThrow();
    const page = await inbox(user.token);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ kind: 'withdrawal.paid', title: 'Withdrawal paid' });
    expect(page.items[0]!.body).toMatch(/^Your withdrawal of ¥100\.00 was paid: ¥\d+\.\d\d is on its way/);
  });

  it('leaves none when the decision rolls back after the notification was written', async () => {
    const user = await withdrawer();
    await rejectRolledBack(t, user.withdrawalId, 'Account closed');
    expect(await rowsOf(t, user.userId)).toEqual([]);
    expect(await unread(user.token)).toBe(0);
    // Decided again, it is told once.
    await t.app.services.admin.payouts.reject('finance', user.withdrawalId, 'Account closed');
    expect(await rowsOf(t, user.userId)).toHaveLength(1);
  });
});

describe('reading the inbox', () => {
  it('pages newest first, marks one read, marks all read, and refuses another user’s item as not found', async () => {
    const user = await registerUser(t);
    for (let index = 0; index < 5; index += 1) {
      t.clock.advance(MINUTE_MS);
      await t.db.transaction().execute((trx) =>
        t.app.services.notifications.record(trx, {
          userId: user.userId,
          kind: 'withdrawal.rejected',
          params: { amount: 100 * (index + 1), reason: `reason ${index}` },
          dedupeKey: `withdrawal.rejected:test-${index}`,
          link: { path: '/pages-sub/withdrawal-detail/index' },
        }),
      );
    }
    const again = await t.app.services.notifications.record(t.db, {
      userId: user.userId,
      kind: 'withdrawal.rejected',
      params: { amount: 100, reason: 'reason 0' },
      dedupeKey: 'withdrawal.rejected:test-0',
      link: null,
    });
    expect(again).toBeNull();

    const first = await inbox(user.token, { page: 1, pageSize: 2 });
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2, hasMore: true });
    expect(first.items.map((item) => item.body)).toEqual([
      expect.stringContaining('reason 4'),
      expect.stringContaining('reason 3'),
    ]);
    const last = await inbox(user.token, { page: 3, pageSize: 2 });
    expect(last).toMatchObject({ hasMore: false });
    expect(last.items.map((item) => item.body)).toEqual([expect.stringContaining('reason 0')]);
    expect(await unread(user.token)).toBe(5);

    const target = first.items[0]!;
    const other = await registerUser(t);
    const foreign = await api(t, readNotification, { token: other.token, params: { id: target.id } });
    expect(foreign.code).toBe(CODES.NOT_FOUND);
    const missing = await api(t, readNotification, { token: other.token, params: { id: 'no-such-notification' } });
    expect(missing).toMatchObject({ code: CODES.NOT_FOUND, message: foreign.message });
    expect(await unread(user.token)).toBe(5);

    const read = await api(t, readNotification, { token: user.token, params: { id: target.id } });
    expect(read).toMatchObject({ code: CODES.OK, data: { id: target.id, read: true } });
    expect((await api(t, readNotification, { token: user.token, params: { id: target.id } })).data.read).toBe(true);
    expect(await unread(user.token)).toBe(4);

    expect((await api(t, readAllNotifications, { token: user.token })).data).toEqual({ marked: 4 });
    expect(await unread(user.token)).toBe(0);
    expect((await api(t, readAllNotifications, { token: user.token })).data).toEqual({ marked: 0 });
    expect((await inbox(user.token)).items.every((item) => item.read)).toBe(true);
    expect((await api(t, listNotifications, { query: {} })).code).toBe(CODES.SESSION_INVALID);
  });

  it('joins published notices when read, one row per user, and drops one that is unpublished', async () => {
    const user = await registerUser(t);
    t.clock.advance(MINUTE_MS);
    const notice = await t.app.services.admin.notices.publish('editor', { title: 'Maintenance', body: '<p>Soon</p>' });
    await t.app.services.admin.notices.publish('editor', { title: 'Draft', body: '<p>Later</p>' }, { draft: true });
    expect(await unread(user.token)).toBe(1);
    expect(await unread(user.token)).toBe(1);
    const page = await inbox(user.token);
    expect(page.items).toEqual([
      expect.objectContaining({
        kind: 'notice',
        title: 'New notice',
        body: 'Maintenance',
        noticeId: notice.id,
        link: null,
      }),
    ]);
    expect(await rowsOf(t, user.userId)).toHaveLength(1);
    await api(t, readNotification, { token: user.token, params: { id: page.items[0]!.id } });
    expect(await unread(user.token)).toBe(0);
    // Every other user gets it too when they read; none was written at publish time.
    const later = await registerUser(t);
    expect(await rowsOf(t, later.userId)).toEqual([]);
    await t.app.services.admin.notices.unpublish('editor', notice.id);
    expect((await inbox(user.token)).items).toEqual([]);
  });
});

describe('shipping, cards, invites', () => {
  async function shopperWithOrder() {
    const user = await registerUser(t);
    await fundUser(t, user.userId, 1_000, 'POINTS');
    return { ...user, ...(await placeGoodsOrder(t, user)) };
  }

  it('a goods order shipped is told once with carrier and tracking number; none when the ship rolls back', async () => {
    const user = await shopperWithOrder();
    const record = vi.spyOn(t.app.services.audit, 'record').mockRejectedValueOnce(new Error('failed step'));
    await expect(
      t.app.services.admin.shop.shipOrder('ops', user.orderId, { carrier: 'SF', trackingNumber: 'SF123' }),
    ).rejects.toThrow(/failed step/);
    record.mockRestore();
    expect(await rowsOf(t, user.userId)).toEqual([]);
    await t.app.services.admin.shop.shipOrder('ops', user.orderId, { carrier: 'SF', trackingNumber: 'SF123' });
    await expect(
      t.app.services.admin.shop.shipOrder('ops', user.orderId, { carrier: 'SF', trackingNumber: 'SF123' }),
    ).rejects.toThrow();
    const page = await inbox(user.token, {}, 'fr');
    expect(page.items).toEqual([
      expect.objectContaining({
        kind: 'goods-order.shipped',
        title: 'Votre commande est expédiée',
        body: 'Transporteur : SF. Numéro de suivi : SF123.',
        link: { path: '/pages-sub/order/shop', query: {} },
      }),
    ]);
  });

  it('a card bought, its cash back, its mailing shipped and its end in 3 days are each told once', async () => {
    const user = await registerUser(t);
    await verifyUser(t, user.userId);
    await fundUser(t, user.userId, 100_000);
    const planId = await createPlan(t, { days: 5 });
    const key = idempotencyKey();
    await api(t, buyCard, {
      token: user.token,
      body: { planId, payWith: 'balance', idempotencyKey: key, paymentPassword: PAYMENT_PASSWORD },
    });
    await api(t, buyCard, {
      token: user.token,
      body: { planId, payWith: 'balance', idempotencyKey: key, paymentPassword: PAYMENT_PASSWORD },
    });
    const cardId = (await api(t, listMyCards, { token: user.token })).data[0]!.id;
    let page = await inbox(user.token);
    expect(page.items).toEqual([
      expect.objectContaining({ kind: 'card.bought', link: { path: '/pages-sub/card/index', query: {} } }),
    ]);
    expect(page.items[0]!.body).toMatch(/^Your Plan \d+ card is active until 2026-11-26\.$/);

    // Cash back: the day's target reached, reported twice.
    await api(t, reportSteps, { token: user.token, body: { day: today(), steps: 6_100 } });
    t.clock.advance(MINUTE_MS);
    await api(t, reportSteps, { token: user.token, body: { day: today(), steps: 6_500 } });
    page = await inbox(user.token);
    const cashBacks = page.items.filter((item) => item.kind === 'card.cash-back');
    expect(cashBacks).toHaveLength(1);
    expect(cashBacks[0]!.body).toMatch(/paid ¥3\.00 cash back for 2026-11-22\.$/);

    // The mailing shipped.
    const address = await api(t, saveAddress, {
      token: user.token,
      body: { name: 'Li Na', phone: '13800001111', region: 'Beijing', detail: 'Card Street 1' },
    });
    const mailing = await api(t, applyCardMailing, { token: user.token, body: { cardId, addressId: address.data.id } });
    await t.app.services.admin.mailings.ship('ops', mailing.data.id, { carrier: 'EMS', trackingNumber: 'E1' });
    page = await inbox(user.token, {}, 'zh-Hans');
    expect(page.items.filter((item) => item.kind === 'card-mailing.shipped')).toEqual([
      expect.objectContaining({ title: '您的实体卡已寄出', body: '快递公司：EMS。运单号：E1。' }),
    ]);

    // The card ends on 2026-11-26: the sweep tells it on 11-23, once however often it runs.
    expect(await t.app.services.notificationSweep.run()).toMatchObject({ cardsEnding: 0 });
    t.clock.advance(DAY_MS);
    expect(await t.app.services.notificationSweep.run()).toMatchObject({ cardsEnding: 1 });
    expect(await t.app.services.notificationSweep.run()).toMatchObject({ cardsEnding: 0 });
    page = await inbox(user.token);
    const ending = page.items.filter((item) => item.kind === 'card.ending');
    expect(ending).toMatchObject([{ title: 'Your card ends soon' }]);
    expect(ending[0]!.body).toMatch(/ends on 2026-11-26, in 3 days/);
    expect(await rowsOf(t, user.userId)).toHaveLength(4);
  });

  it('points waiting are reminded once a day from the reminder hour, not when collected', async () => {
    const walker = await registerUser(t);
    const collector = await registerUser(t);
    t.clock.set(Date.UTC(2026, 11, 1, 4, 0, 0)); // 12:00 in the business day
    const day = today();
    await api(t, reportSteps, { token: walker.token, body: { day, steps: 3_000 } });
    await api(t, reportSteps, { token: collector.token, body: { day, steps: 3_000 } });
    await t.app.services.walkingRewards.collectPoints(collector.userId, idempotencyKey());
    expect(await t.app.services.notificationSweep.run()).toMatchObject({ pointsWaiting: 0 });
    t.clock.advance(8 * HOUR_MS); // 20:00
    expect(await t.app.services.notificationSweep.run()).toMatchObject({ pointsWaiting: 1 });
    expect(await t.app.services.notificationSweep.run()).toMatchObject({ pointsWaiting: 0 });
    expect((await inbox(walker.token)).items).toEqual([
      expect.objectContaining({
        kind: 'points.waiting',
        body: 'Your steps today earned 30 points not collected yet. Collect them on Home before midnight.',
        link: { path: '/pages/index/index', query: {} },
      }),
    ]);
    expect(await rowsOf(t, collector.userId)).toEqual([]);
  });

  it('an invite reward tells both sides once', async () => {
    const inviter = await registerUser(t);
    const code = (await api(t, getInvite, { token: inviter.token })).data.code;
    const invitee = await registerUser(t, uniqueAccount(), GOOD_PASSWORD, code);
    await api(t, reportSteps, { token: invitee.token, body: { day: today(), steps: 5_000 } });
    t.clock.advance(10 * MINUTE_MS);
    await api(t, reportSteps, { token: invitee.token, body: { day: today(), steps: 6_000 } });
    expect((await inbox(inviter.token)).items).toEqual([
      expect.objectContaining({
        kind: 'invite.reward',
        title: 'Invite reward',
        link: { path: '/pages/invite/index', query: {} },
      }),
    ]);
    expect((await inbox(invitee.token)).items.filter((item) => item.kind === 'invite.reward')).toEqual([
      expect.objectContaining({ title: 'Welcome reward' }),
    ]);
  });
});

describe('identity and face decided by an operator', () => {
  let reviewed: TestApp;
  beforeAll(async () => {
    reviewed = await createTestApp({ IDENTITY_REVIEW: 'operator' });
  });
  afterAll(() => reviewed.close());

  it('each decision is one notification; a rejection carries its reason', async () => {
    const { token, userId } = await registerUser(reviewed);
    await verifyIdentity(reviewed, token);
    await reviewed.app.services.admin.identity.review('ops', userId, { approve: false, reason: 'Photo is blurred' });
    await expect(
      reviewed.app.services.admin.identity.review('ops', userId, { approve: false, reason: 'Photo is blurred' }),
    ).rejects.toThrow(/not pending/);
    let items = (await api(reviewed, listNotifications, { token, query: {} })).data.items;
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'identity.rejected',
        body: 'Reason: Photo is blurred. Please correct it and submit again.',
        link: { path: '/pages-sub/realname/index', query: {} },
      }),
    ]);
    await reviewed.db.updateTable('identities').set({ status: 'pending' }).where('user_id', '=', userId).execute();
    reviewed.clock.advance(MINUTE_MS);
    await reviewed.app.services.admin.identity.review('ops', userId, { approve: true });
    await api(reviewed, submitFace, { token, body: { method: 'manual' } });
    reviewed.clock.advance(MINUTE_MS);
    await reviewed.app.services.admin.identity.reviewFace('ops', userId, { approve: true });
    items = (await api(reviewed, listNotifications, { token, query: {} })).data.items;
    expect(items.map((item) => item.kind)).toEqual(['face.approved', 'identity.approved', 'identity.rejected']);
    expect(await rowsOf(reviewed, userId)).toHaveLength(3);
  });
});
