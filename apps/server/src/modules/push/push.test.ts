import {
  CODES,
  getPushPreferences,
  listPushSubscriptions,
  pushKey,
  reportSteps,
  savePushPreferences,
  subscribePush,
  unsubscribePush,
} from '@stride/contract';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startWebPushFake, type FakeSubscription } from '../../../fakes/web-push.js';
import {
  api,
  faceCheckedUser,
  raw,
  registerUser,
  rejectRolledBack,
  requestTestWithdrawal,
  useTestApp,
} from '../../../test/harness.js';
import { HOUR_MS } from '../../lib/clock.js';

const fake = await startWebPushFake();
afterAll(() => fake.close());

// The stand-in is named by its origin, as an operator names one (decision 048 "Web Push"): loopback is never allowed by
// mode.
const t = useTestApp({
  STEPS_DAILY_GOAL: '100',
  SMS_MAX_ATTEMPTS: '3',
  SMS_RETRY_BASE_SECONDS: '30',
  WEB_PUSH_ENDPOINT_HOSTS: `fcm.googleapis.com,${fake.url}`,
});

// Local noon on 22 November 2026 in the business time zone (UTC+8), as the harness's clock starts.
const NOON = Date.UTC(2026, 10, 22, 4, 0, 0);
const CHROME =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

const subscribe = (token: string, subscription: FakeSubscription, userAgent = CHROME) =>
  api(t, subscribePush, { token, body: subscription, headers: { 'user-agent': userAgent } });

const pushRows = () =>
  t.db.selectFrom('outbox_messages').selectAll().where('channel', '=', 'push').orderBy('created_at').execute();

beforeEach(() => {
  t.clock.set(NOON);
  fake.received.length = 0;
});

describe('push subscriptions', () => {
  it('gives the VAPID public key, saves a subscription once, lists only my own, and removes it', async () => {
    const me = await registerUser(t);
    const other = await registerUser(t);
    const key = await api(t, pushKey, { token: me.token });
    expect(key.data.publicKey).toBe(t.app.services.config.webPush.publicKey);
    expect(Buffer.from(key.data.publicKey, 'base64url')).toHaveLength(65);
    expect((await api(t, pushKey, {})).code).toBe(CODES.SESSION_INVALID);

    const browser = fake.subscribe();
    const saved = await subscribe(me.token, browser);
    expect(saved).toMatchObject({ code: 1, data: { label: 'Chrome · Android', failures: 0, lastSuccessAt: null } });
    expect(saved.data.host).toBe(new URL(fake.url).host);
    // Again from the same browser: the same row.
    expect((await subscribe(me.token, browser)).data.id).toBe(saved.data.id);
    await subscribe(other.token, fake.subscribe());

    const mine = await api(t, listPushSubscriptions, { token: me.token });
    expect(mine.data.map((row) => row.id)).toEqual([saved.data.id]);
    expect(JSON.stringify(mine.data)).not.toContain(browser.endpoint);

    // Another account cannot remove it: nothing of theirs has this endpoint.
    expect(await api(t, unsubscribePush, { token: other.token, body: { endpoint: browser.endpoint } })).toMatchObject({
      code: 1,
    });
    expect((await api(t, listPushSubscriptions, { token: me.token })).data).toHaveLength(1);
    expect((await api(t, unsubscribePush, { token: me.token, body: { endpoint: browser.endpoint } })).code).toBe(1);
    expect((await api(t, listPushSubscriptions, { token: me.token })).data).toEqual([]);
  });

  it("refuses another account's endpoint unless the same browser's keys come with it", async () => {
    const first = await registerUser(t);
    const second = await registerUser(t);
    const browser = fake.subscribe();
    const saved = await subscribe(first.token, browser);
    const stranger = fake.subscribe();
    const stolen = await subscribe(second.token, { endpoint: browser.endpoint, keys: stranger.keys });
    expect(stolen).toMatchObject({
      code: CODES.CONFLICT,
      message: 'This push subscription belongs to another account.',
    });
    expect((await api(t, listPushSubscriptions, { token: first.token })).data).toHaveLength(1);
    // The same browser signed in as the second account: it moves, with the same keys.
    const moved = await subscribe(second.token, browser);
    expect(moved.code).toBe(1);
    expect(moved.data.id).toBe(saved.data.id);
    expect((await api(t, listPushSubscriptions, { token: first.token })).data).toEqual([]);
    expect((await api(t, listPushSubscriptions, { token: second.token })).data).toHaveLength(1);
  });

  it('refuses every spelling of the server’s own host unless an operator named that very origin', async () => {
    const me = await registerUser(t);
    const { keys } = fake.subscribe();
    const port = new URL(fake.url).port;
    const other = String(Number(port) === 65_535 ? 1 : Number(port) + 1);
    for (const endpoint of [
      `http://127.0.0.1:${other}/push/1`,
      `https://127.0.0.1:${port}/push/1`,
      `http://localhost:${port}/push/1`,
      `http://127.1:${other}/push/1`,
      `http://2130706433:${other}/push/1`,
      `http://0x7f.1:${other}/push/1`,
      `http://[::1]:${port}/push/1`,
      'http://127.0.0.1/push/1',
      'https://localhost/push/1',
      'http://10.0.0.1/push/1',
    ]) {
      const answer = await api(t, subscribePush, { token: me.token, body: { endpoint, keys } });
      expect(answer, endpoint).toMatchObject({ code: CODES.VALIDATION_FAILED });
    }
    // The named origin, in any spelling that resolves to it, is the stand-in itself.
    const named = await api(t, subscribePush, {
      token: me.token,
      body: { endpoint: `http://127.1:${port}/push/x`, keys },
    });
    expect(named.code).toBe(1);
    expect((await api(t, listPushSubscriptions, { token: me.token })).data).toHaveLength(1);
  });

  it('refuses endpoints on other hosts or schemes, and keys no browser would give, in the caller’s language', async () => {
    const me = await registerUser(t);
    const { keys } = fake.subscribe();
    for (const endpoint of [
      'https://evil.example.com/push/1',
      'http://fcm.googleapis.com/fcm/send/1',
      'https://fcm.googleapis.com:8443/fcm/send/1',
      'https://user:pw@fcm.googleapis.com/fcm/send/1',
      'https://fcm.googleapis.com.evil.example/fcm/send/1',
      'ftp://127.0.0.1/push',
      'not a url',
    ]) {
      const answer = await api(t, subscribePush, { token: me.token, body: { endpoint, keys } });
      expect(answer, endpoint).toMatchObject({ code: CODES.VALIDATION_FAILED });
    }
    const french = await api(t, subscribePush, {
      token: me.token,
      body: { endpoint: 'https://evil.example.com/push/1', keys },
      language: 'fr',
    });
    expect(french.message).toBe('Ce serveur n’envoie pas de notifications au service de ce navigateur.');
    const accepted = await api(t, subscribePush, {
      token: me.token,
      body: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys },
    });
    expect(accepted.code).toBe(1);
    // Overlong and malformed keys, a wrong point, a wrong secret length: clear refusals, nothing saved.
    const endpoint = fake.subscribe().endpoint;
    for (const bad of [
      { p256dh: 'A'.repeat(129), auth: keys.auth },
      { p256dh: keys.p256dh, auth: 'A'.repeat(65) },
      { p256dh: 'not base64!', auth: keys.auth },
      { p256dh: Buffer.alloc(65, 7).toString('base64url'), auth: keys.auth },
      { p256dh: keys.p256dh, auth: Buffer.alloc(8).toString('base64url') },
    ]) {
      const answer = await api(t, subscribePush, { token: me.token, body: { endpoint, keys: bad } });
      expect(answer.code).toBe(CODES.VALIDATION_FAILED);
    }
    expect((await api(t, subscribePush, { token: me.token, body: raw({ endpoint }) })).code).toBe(
      CODES.VALIDATION_FAILED,
    );
    expect(
      (await api(t, subscribePush, { token: me.token, body: raw({ endpoint: 'x'.repeat(3000), keys }) })).code,
    ).toBe(CODES.VALIDATION_FAILED);
    expect((await api(t, listPushSubscriptions, { token: me.token })).data).toHaveLength(1);
  });
});

describe('savePushPreferences (PUT /api/push/preferences) and getPushPreferences (GET /api/push/preferences)', () => {
  it('defaults, saves, and refuses an unknown time zone or a malformed time', async () => {
    const me = await registerUser(t);
    expect((await api(t, getPushPreferences, { token: me.token })).data).toEqual({
      enabled: true,
      reminder: false,
      reminderTime: '20:00',
      timeZone: 'UTC',
    });
    const body = { enabled: true, reminder: true, reminderTime: '07:30', timeZone: 'Asia/Shanghai' };
    expect((await api(t, savePushPreferences, { token: me.token, body })).data).toEqual(body);
    expect((await api(t, getPushPreferences, { token: me.token })).data).toEqual(body);
    const zone = await api(t, savePushPreferences, { token: me.token, body: { ...body, timeZone: 'Mars/Olympus' } });
    expect(zone).toMatchObject({ code: CODES.VALIDATION_FAILED, message: 'Unknown time zone: Mars/Olympus' });
    for (const reminderTime of ['24:00', '7:30', '07:60', '']) {
      const answer = await api(t, savePushPreferences, { token: me.token, body: { ...body, reminderTime } });
      expect(answer.code, reminderTime).toBe(CODES.VALIDATION_FAILED);
    }
    expect((await api(t, getPushPreferences, { token: me.token })).data).toEqual(body);
  });
});

describe('push delivery through the outbox', () => {
  it('queues one row per subscription in the caller’s transaction, and delivers a decryptable, signed payload', async () => {
    const me = await registerUser(t);
    const phone = fake.subscribe();
    const laptop = fake.subscribe();
    await subscribe(me.token, phone);
    await subscribe(me.token, laptop);
    await api(t, savePushPreferences, {
      token: me.token,
      body: { enabled: true, reminder: false, reminderTime: '20:00', timeZone: 'UTC' },
      language: 'es',
    });
    const push = t.app.services.push;
    // A rollback queues nothing.
    await expect(
      t.db.transaction().execute(async (trx) => {
        await push.sendToUser(trx, me.userId, { title: 'x', body: 'y' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await pushRows()).toEqual([]);

    const queued = await t.db.transaction().execute((trx) =>
      push.sendToUser(trx, me.userId, {
        title: { key: 'push.reminderTitle' },
        body: 'Tu retiro fue pagado',
        url: '/pages-sub/withdrawal-detail/index?id=w1',
        tag: 'withdrawal-w1',
        urgency: 'high',
      }),
    );
    expect(queued).toBe(2);
    expect((await pushRows()).map((row) => row.status)).toEqual(['pending', 'pending']);
    expect(fake.received).toEqual([]);

    expect(await t.app.services.deliverer.deliverDue()).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(fake.received).toHaveLength(2);
    for (const received of fake.received) {
      expect(received).toMatchObject({
        status: 201,
        vapidVerified: true,
        vapidKey: t.app.services.config.webPush.publicKey,
        ttl: '86400',
        urgency: 'high',
      });
      expect(JSON.parse(received.payload ?? 'null')).toEqual({
        title: 'Hora de caminar',
        body: 'Tu retiro fue pagado',
        url: '/pages-sub/withdrawal-detail/index?id=w1',
        tag: 'withdrawal-w1',
      });
    }
    expect((await pushRows()).map((row) => row.status)).toEqual(['sent', 'sent']);
    const listed = await api(t, listPushSubscriptions, { token: me.token });
    expect(listed.data.map((row) => row.lastSuccessAt)).toEqual([
      new Date(NOON).toISOString(),
      new Date(NOON).toISOString(),
    ]);
  });

  it('sends nothing to a user who turned pushes off', async () => {
    const me = await registerUser(t);
    await subscribe(me.token, fake.subscribe());
    await api(t, savePushPreferences, {
      token: me.token,
      body: { enabled: false, reminder: false, reminderTime: '20:00', timeZone: 'UTC' },
    });
    const queued = await t.db
      .transaction()
      .execute((trx) => t.app.services.push.sendToUser(trx, me.userId, { title: 'a', body: 'b' }));
    expect(queued).toBe(0);
  });

  it('removes a subscription the push service answers 410 for, and fails its row for good', async () => {
    const me = await registerUser(t);
    const before = (await pushRows()).length;
    await subscribe(me.token, fake.subscribe());
    await t.db
      .transaction()
      .execute((trx) => t.app.services.push.sendToUser(trx, me.userId, { title: 'a', body: 'b' }));
    fake.answerNext(410);
    expect(await t.app.services.deliverer.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect((await api(t, listPushSubscriptions, { token: me.token })).data).toEqual([]);
    const rows = (await pushRows()).slice(before);
    expect(rows).toMatchObject([{ status: 'failed', attempts: 1 }]);
    expect(rows[0]?.error).toContain('410');
  });

  it('retries after a 500 with backoff, counting failures, then delivers', async () => {
    const me = await registerUser(t);
    await subscribe(me.token, fake.subscribe());
    const before = (await pushRows()).length;
    await t.db
      .transaction()
      .execute((trx) => t.app.services.push.sendToUser(trx, me.userId, { title: 'a', body: 'b' }));
    fake.answerNext(500);
    const deliverer = t.app.services.deliverer;
    expect(await deliverer.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await api(t, listPushSubscriptions, { token: me.token })).data[0]?.failures).toBe(1);
    // Not due again before the backoff.
    expect(await deliverer.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    t.clock.advance(30_000);
    expect(await deliverer.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [row] = (await pushRows()).slice(before);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await api(t, listPushSubscriptions, { token: me.token })).data[0]?.failures).toBe(0);
    expect(fake.received.map((received) => received.status)).toEqual([500, 201]);
  });
});

describe('the daily goal reminder', () => {
  it('pushes once a day at the chosen local time while the goal is not reached, and not when it is', async () => {
    // Only this test's users have the reminder on.
    await t.db.updateTable('push_preferences').set({ reminder_enabled: 0 }).execute();
    const walker = await registerUser(t);
    const idle = await registerUser(t);
    const silent = await registerUser(t);
    const prefs = { enabled: true, reminder: true, reminderTime: '20:00', timeZone: 'Asia/Shanghai' };
    for (const user of [walker, idle]) {
      await subscribe(user.token, fake.subscribe());
      await api(t, savePushPreferences, { token: user.token, body: prefs });
    }
    await subscribe(silent.token, fake.subscribe());
    await api(t, savePushPreferences, { token: silent.token, body: { ...prefs, reminder: false } });
    expect((await api(t, reportSteps, { token: walker.token, body: { day: '2026-11-22', steps: 150 } })).code).toBe(1);
    expect((await api(t, reportSteps, { token: idle.token, body: { day: '2026-11-22', steps: 40 } })).code).toBe(1);
    const push = t.app.services.push;
    const before = (await pushRows()).length;

    // 12:00 in Shanghai: too early.
    expect(await push.sweepReminders()).toEqual({ reminded: 0, reached: 0 });
    // 20:00 in Shanghai; two sweeps at once still remind once.
    t.clock.set(NOON + 8 * HOUR_MS);
    const [first, second] = await Promise.all([push.sweepReminders(), push.sweepReminders()]);
    expect(first.reminded + second.reminded).toBe(1);
    expect(first.reached + second.reached).toBe(1);
    t.clock.advance(HOUR_MS);
    expect(await push.sweepReminders()).toEqual({ reminded: 0, reached: 0 });
    const rows = (await pushRows()).slice(before);
    expect(rows).toHaveLength(1);

    await t.app.services.deliverer.deliverDue();
    expect(fake.received).toHaveLength(1);
    expect(JSON.parse(fake.received[0]?.payload ?? 'null')).toEqual({
      title: 'Time for a walk',
      body: '40 of 100 steps today: 60 to go.',
      url: '/pages-sub/steps/walk',
      tag: 'goal-reminder-2026-11-22',
    });

    // The next local day: again.
    t.clock.set(NOON + 32 * HOUR_MS);
    expect(await push.sweepReminders()).toEqual({ reminded: 2, reached: 0 });
  });
});

describe('notifications pushed', () => {
  /** A user with a pending withdrawal and one browser subscribed, pushes on or off, in French. */
  async function subscribedWithdrawer(enabled: boolean) {
    const user = await faceCheckedUser(t, 50_000);
    const withdrawalId = await requestTestWithdrawal(t, user.token, 10_000);
    const browser = fake.subscribe();
    const subscription = await subscribe(user.token, browser);
    await api(t, savePushPreferences, {
      token: user.token,
      body: { enabled, reminder: false, reminderTime: '20:00', timeZone: 'UTC' },
      language: 'fr',
    });
    return {
      ...user,
      withdrawalId,
      subscriptionId: subscription.data.id,
      browser: browser.endpoint.split('/').pop(),
    };
  }
  const rowsTo = async (subscriptionId: string) => (await pushRows()).filter((row) => row.recipient === subscriptionId);

  it('a rejected withdrawal is one push in the user’s language, opening the withdrawals; none with pushes off', async () => {
    const on = await subscribedWithdrawer(true);
    const off = await subscribedWithdrawer(false);
    const nudge = vi.spyOn(t.app.services.push, 'nudge');
    await t.app.services.admin.payouts.reject('finance', on.withdrawalId, 'Compte fermé');
    expect(nudge).toHaveBeenCalledTimes(1);
    nudge.mockRestore();
    await t.app.services.admin.payouts.reject('finance', off.withdrawalId, 'Compte fermé');

    const rows = await rowsTo(on.subscriptionId);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.body)).toMatchObject({
      title: 'Retrait refusé',
      url: '/pages-sub/withdrawal-detail/index',
      body: expect.stringContaining('Compte fermé') as string,
    });
    expect(await rowsTo(off.subscriptionId)).toEqual([]);
    // Its notification is in the inbox; a notification told again pushes nothing more.
    expect(
      await t.app.services.notifications.record(t.db, {
        userId: on.userId,
        kind: 'withdrawal.rejected',
        params: { amount: 10_000, reason: 'Compte fermé' },
        dedupeKey: `withdrawal.rejected:${on.withdrawalId}`,
        link: { path: '/pages-sub/withdrawal-detail/index' },
      }),
    ).toBeNull();
    expect(await rowsTo(on.subscriptionId)).toHaveLength(1);

    // Delivered: the browser decrypts the French text.
    await t.app.services.deliverer.deliverDue();
    const mine = fake.received.filter((received) => received.subscription === on.browser);
    expect(mine.map((received) => JSON.parse(received.payload ?? '{}') as { title: string })).toEqual([
      expect.objectContaining({ title: 'Retrait refusé' }),
    ]);
  });

  it('queues no push when the decision rolls back', async () => {
    const user = await subscribedWithdrawer(true);
    await rejectRolledBack(t, user.withdrawalId, 'Compte fermé');
    expect(await rowsTo(user.subscriptionId)).toEqual([]);
    await t.app.services.admin.payouts.reject('finance', user.withdrawalId, 'Compte fermé');
    expect(await rowsTo(user.subscriptionId)).toHaveLength(1);
  });
});
