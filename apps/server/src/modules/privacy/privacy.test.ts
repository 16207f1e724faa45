import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  CODES,
  DATA_EXPORT_SECTIONS,
  DELETE_CONFIRMATION,
  checkAccountDeletion,
  confirmOrder,
  createDeviceToken,
  deleteMyAccount,
  exportMyData,
  getUserInfo,
  login,
  postDeviceSteps,
  requestWithdrawal,
  saveAddress,
  saveBankCard,
  subscribePush,
  updateProfile,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { databaseSnapshot } from '../../../test/console.js';
import { EXPORTS_PER_HOUR } from './privacy.service.js';
import {
  addBankCard,
  api,
  balanceOf,
  cardNumber,
  dialect,
  faceCheckedUser,
  fundUser,
  GOOD_PASSWORD,
  idempotencyKey,
  passFaceCheck,
  registerUser,
  residentId,
  useTestApp,
  verifyIdentity,
  PAYMENT_PASSWORD,
} from '../../../test/harness.js';

// docs/product/rules.md, Your data; decision 047 "Your data".
// The push subscriptions point at a port nobody listens on, named as an operator names a stand-in (decision 048 "Web
// Push").
const t = useTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '4', WEB_PUSH_ENDPOINT_HOSTS: 'http://127.0.0.1:9' });

let personCounter = 0;

/**
 * A user with something in every section: a nickname, a browser subscribed to pushes, a consent
 * from a client address, a verified identity and face check, a bank card, an address, a shipped
 * goods order and a paid withdrawal (each a notification, pushed), a step-source token, steps,
 * cash and points.
 */
async function fullUser() {
  personCounter += 1;
  const person = {
    name: `Qiao Xingyue${'abcdefghij'[personCounter % 10]}`,
    idNumber: residentId(),
    bankAccount: cardNumber(),
    addressName: `Wen Shuhua${'abcdefghij'[personCounter % 10]}`,
    addressPhone: `1371234${String(5000 + personCounter).padStart(4, '0')}`,
    addressDetail: `Unit ${700 + personCounter} Quiet Willow Lane`,
    nickname: `Amble${'abcdefghij'[personCounter % 10]}rwood`,
    pushEndpoint: `http://127.0.0.1:9/push/${randomUUID()}`,
    clientAddress: `198.51.100.${100 + personCounter}`,
    trackingNumber: `SF${800_000 + personCounter}`,
  };
  const user = await registerUser(t);
  expect((await api(t, updateProfile, { token: user.token, body: { nickname: person.nickname } })).code).toBe(CODES.OK);
  const browserKey = createECDH('prime256v1');
  browserKey.generateKeys();
  const subscribed = await api(t, subscribePush, {
    token: user.token,
    body: {
      endpoint: person.pushEndpoint,
      keys: { p256dh: browserKey.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    },
  });
  expect(subscribed.code).toBe(CODES.OK);
  await t.app.services.policies.grant(user.userId, 'face', person.clientAddress);
  await verifyIdentity(t, user.token, person.idNumber, person.name);
  await passFaceCheck(t, user.token);
  await fundUser(t, user.userId, 20_000);
  await fundUser(t, user.userId, 900, 'POINTS');
  const card = await api(t, saveBankCard, {
    token: user.token,
    body: { bank: 'Bank of Walking', holderName: person.name, accountNumber: person.bankAccount },
  });
  expect(card.code).toBe(CODES.OK);
  const withdrawal = await api(t, requestWithdrawal, {
    token: user.token,
    body: {
      amount: 5_000,
      bankCardId: card.data.id,
      idempotencyKey: idempotencyKey(),
      paymentPassword: PAYMENT_PASSWORD,
    },
  });
  expect(withdrawal.code).toBe(CODES.OK);
  await t.app.services.admin.payouts.markPaid('setup', withdrawal.data.id, 'BANK-REF-1');
  const address = await api(t, saveAddress, {
    token: user.token,
    body: { name: person.addressName, phone: person.addressPhone, region: 'Beijing', detail: person.addressDetail },
  });
  const categoryId = (await t.app.services.admin.shop.saveCategory('setup', { name: `Gear ${personCounter}` })).id;
  const goods = await t.app.services.admin.shop.saveGoods('setup', undefined, {
    categoryId,
    name: 'Bottle',
    points: 100,
    stock: 10,
    images: ['https://example.com/bottle.png'],
    description: 'A bottle',
  });
  const order = await api(t, confirmOrder, {
    token: user.token,
    body: { goodsId: goods.id, quantity: 1, addressId: address.data.id, idempotencyKey: idempotencyKey() },
  });
  expect(order.code).toBe(CODES.OK);
  await t.app.services.admin.shop.shipOrder('setup', order.data.id, {
    carrier: 'SF',
    trackingNumber: person.trackingNumber,
  });
  const device = await api(t, createDeviceToken, { token: user.token, body: { name: 'Watch' } });
  await api(t, postDeviceSteps, { token: device.data.token, body: { steps: 4_321 } });
  return { ...user, person, deviceToken: device.data.token };
}

const exportOf = (token: string, password = GOOD_PASSWORD) => api(t, exportMyData, { token, body: { password } });

const deleteAccount = (
  token: string,
  body: Partial<{ password: string; confirmation: string; forfeit: boolean }> = {},
) =>
  api(t, deleteMyAccount, {
    token,
    body: { password: GOOD_PASSWORD, confirmation: DELETE_CONFIRMATION, forfeit: true, ...body },
  });

async function storageKeysOf(userId: string): Promise<string[]> {
  const rows = await t.db.selectFrom('files').select('storage_key').where('user_id', '=', userId).execute();
  return rows.map((row) => row.storage_key).filter((key): key is string => key !== null);
}

describe('exportMyData (POST /api/user/data-export)', () => {
  it('names the service day it was made on, not the UTC date (docs/product/rules.md, Your data)', async () => {
    // 23:30 UTC on 1 December is 07:30 on 2 December in the business time zone (UTC+8).
    t.clock.set(Date.parse('2026-12-01T23:30:00Z'));
    const user = await registerUser(t);
    const answer = await exportOf(user.token);
    expect(answer.code, answer.message).toBe(CODES.OK);
    expect(answer.data).toMatchObject({ exportedAt: '2026-12-01T23:30:00.000Z', serviceDay: '2026-12-02' });
  });

  it('has every section, the user’s own data, masked numbers and nothing of another user', async () => {
    const user = await fullUser();
    const other = await fullUser();
    const answer = await exportOf(user.token);
    expect(answer.code).toBe(CODES.OK);
    expect(Object.keys(answer.data.sections)).toEqual([...DATA_EXPORT_SECTIONS]);
    expect(answer.data).toMatchObject({ format: 'stride-data-export/1', userId: user.userId });
    const text = JSON.stringify(answer.data);
    // Its own data, each in its section.
    expect(answer.data.sections.profile).toMatchObject({
      id: user.userId,
      mobile: user.account,
      nickname: user.person.nickname,
    });
    expect(answer.data.sections.notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'withdrawal.paid', title: 'Withdrawal paid' }),
        expect.objectContaining({ kind: 'goods-order.shipped', link: expect.any(String) as string }),
      ]),
    );
    expect(answer.data.sections.consents).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'face', clientAddress: user.person.clientAddress })]),
    );
    expect(answer.data.sections.push).toMatchObject({
      subscriptions: [{ endpoint: user.person.pushEndpoint }],
      preferences: null,
    });
    expect(answer.data.sections.identity).toMatchObject({ status: 'verified', name: user.person.name });
    for (const value of [user.person.addressDetail, user.person.addressPhone, user.person.trackingNumber, 'Watch']) {
      expect(text).toContain(value);
    }
    const ledger = answer.data.sections.ledger as { balances: { cash: number; points: number }; entries: unknown[] };
    expect(ledger.balances).toEqual({
      cash: await balanceOf(t, user.userId),
      points: await balanceOf(t, user.userId, 'POINTS'),
    });
    expect(ledger.entries.length).toBeGreaterThanOrEqual(4);
    const steps = answer.data.sections.steps as { days: { steps: number }[] };
    expect(steps.days[0]?.steps).toBe(4_321);
    const payouts = answer.data.sections.payouts as {
      bankCards: { accountMasked: string }[];
      withdrawals: { status: string }[];
    };
    expect(payouts.withdrawals).toMatchObject([{ status: 'paid' }]);
    expect(payouts.bankCards[0]?.accountMasked).toContain(user.person.bankAccount.slice(-4));
    const uploads = answer.data.sections.uploads as { purpose: string }[];
    expect(uploads.map((upload) => upload.purpose).sort()).toEqual(['face', 'id_back', 'id_front']);
    // No plaintext ID or account number, no image bytes, nothing of the other user.
    expect(text).not.toContain(user.person.idNumber);
    expect(text).not.toContain(user.person.bankAccount);
    expect(text).not.toContain('storageKey');
    for (const value of [other.userId, other.account, other.person.name, other.person.addressDetail]) {
      expect(text).not.toContain(value);
    }
  });

  it('needs the current password and is rate limited', async () => {
    const user = await registerUser(t);
    const wrong = await exportOf(user.token, 'not-my-password1');
    expect(wrong.code).toBe(CODES.CREDENTIALS_INVALID);
    expect(wrong.data ?? null).toBeNull();
    for (let attempt = 0; attempt < 3; attempt += 1) await exportOf(user.token, 'not-my-password1');
    expect((await exportOf(user.token)).code).toBe(CODES.RATE_LIMITED);
    t.clock.advance(16 * 60_000);
    expect((await exportOf(user.token)).code).toBe(CODES.OK);
  });

  it('is made at most EXPORTS_PER_HOUR times an hour per user', async () => {
    t.clock.advance(60 * 60_000);
    const user = await registerUser(t);
    for (let made = 0; made < EXPORTS_PER_HOUR; made += 1) expect((await exportOf(user.token)).code).toBe(CODES.OK);
    expect((await exportOf(user.token)).code).toBe(CODES.RATE_LIMITED);
    t.clock.advance(60 * 60_000);
    expect((await exportOf(user.token)).code).toBe(CODES.OK);
  });
});

describe('deleteMyAccount (POST /api/user/account-deletion)', () => {
  it('states what would be forfeited and what blocks it, and refuses while a withdrawal is pending', async () => {
    const user = await registerUser(t);
    await verifyIdentity(t, user.token);
    await passFaceCheck(t, user.token);
    await fundUser(t, user.userId, 12_000);
    await fundUser(t, user.userId, 50, 'POINTS');
    const card = await addBankCard(t, user.token);
    await api(t, requestWithdrawal, {
      token: user.token,
      body: {
        amount: 5_000,
        bankCardId: card.data.id,
        idempotencyKey: idempotencyKey(),
        paymentPassword: PAYMENT_PASSWORD,
      },
    });
    const check = await api(t, checkAccountDeletion, { token: user.token });
    expect(check.data).toEqual({
      cash: 7_000,
      points: 50,
      blockers: { pendingWithdrawals: 1, unpaidOrders: 0, unshippedOrders: 0, unshippedMailings: 0 },
      canDelete: false,
    });
    const before = await databaseSnapshot(t);
    const refused = await deleteAccount(user.token);
    expect(refused.code).toBe(CODES.BUSINESS_RULE);
    expect(refused.message).toMatch(/withdrawal/);
    expect((await api(t, getUserInfo, { token: user.token })).code).toBe(CODES.OK);
    const after = await databaseSnapshot(t);
    // Only the attempts counter of the password check may have moved.
    delete before.rate_counters;
    delete after.rate_counters;
    expect(after).toEqual(before);
  });

  it('asks for the password, the typed word and the forfeit of a balance', async () => {
    const user = await registerUser(t);
    await fundUser(t, user.userId, 300);
    expect((await deleteAccount(user.token, { password: 'not-my-password1' })).code).toBe(CODES.CREDENTIALS_INVALID);
    const typo = await deleteAccount(user.token, { confirmation: 'delete me' });
    expect(typo).toMatchObject({ code: CODES.VALIDATION_FAILED });
    expect(typo.message).toContain(DELETE_CONFIRMATION);
    expect((await deleteAccount(user.token, { forfeit: false })).code).toBe(CODES.BUSINESS_RULE);
    expect(await balanceOf(t, user.userId)).toBe(300);
    expect((await api(t, getUserInfo, { token: user.token })).code).toBe(CODES.OK);
  });

  it('erases the person, keeps the ledger whole, revokes sessions and tokens, frees the number and the ID', async () => {
    const user = await fullUser();
    const keys = await storageKeysOf(user.userId);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    const cash = await balanceOf(t, user.userId);
    const points = await balanceOf(t, user.userId, 'POINTS');
    const forfeitedBefore = await t.app.services.ledger.balance({ kind: 'system', name: 'forfeited', asset: 'CNY' });
    const entriesBefore = (await t.db.selectFrom('ledger_entries').select('id').execute()).length;

    const person = user.person;
    const personal = [
      user.account,
      person.name,
      person.idNumber,
      person.bankAccount,
      person.addressName,
      person.addressPhone,
      person.addressDetail,
      person.nickname,
      person.pushEndpoint,
      person.clientAddress,
    ];
    const notificationIds = (
      await t.db.selectFrom('notifications').select('id').where('user_id', '=', user.userId).execute()
    ).map((row) => row.id);
    expect(notificationIds.length).toBeGreaterThanOrEqual(2);
    personal.push(...notificationIds);
    // The notifications were pushed: queued to the browser, their text in the outbox.
    const subscriptionIds = (
      await t.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', user.userId).execute()
    ).map((row) => row.id);
    const pushed = () =>
      t.db
        .selectFrom('outbox_messages')
        .select('body')
        .where('channel', '=', 'push')
        .where('recipient', 'in', subscriptionIds)
        .execute();
    expect((await pushed()).some((row) => row.body.includes(person.trackingNumber))).toBe(true);
    // The dump finds the person before (the ID and account numbers only under their keyed hashes).
    const dumpBefore = JSON.stringify(await databaseSnapshot(t));
    for (const value of [
      user.account,
      person.name,
      person.addressPhone,
      person.addressDetail,
      person.nickname,
      person.pushEndpoint,
      person.clientAddress,
      ...notificationIds,
    ]) {
      expect(dumpBefore).toContain(value);
    }

    const deleted = await deleteAccount(user.token);
    expect(deleted).toMatchObject({ code: CODES.OK, data: { done: true, forfeited: { cash, points } } });

    // Unfindable: no table holds the mobile, the names, the ID or account number, the address.
    const dump = JSON.stringify(await databaseSnapshot(t));
    for (const value of personal) {
      expect(dump).not.toContain(value);
    }
    // The pushes queued to the browser went with it; the consent records stay, without the address.
    expect(await pushed()).toEqual([]);
    expect(
      await t.db.selectFrom('consents').select(['kind', 'client_address']).where('user_id', '=', user.userId).execute(),
    ).toEqual(expect.arrayContaining([{ kind: 'face', client_address: '' }]));
    const uploadsDir = t.config.uploads.dir;
    for (const key of keys) expect(existsSync(path.join(uploadsDir, key))).toBe(false);
    expect(await storageKeysOf(user.userId)).toEqual([]);

    // The ledger: nothing removed, the balance moved to the forfeit account by one transfer.
    expect((await t.db.selectFrom('ledger_entries').select('id').execute()).length).toBe(entriesBefore + 4);
    expect(await balanceOf(t, user.userId)).toBe(0);
    expect(await balanceOf(t, user.userId, 'POINTS')).toBe(0);
    expect(await t.app.services.ledger.balance({ kind: 'system', name: 'forfeited', asset: 'CNY' })).toBe(
      forfeitedBefore + cash,
    );
    expect(await t.db.selectFrom('users').select('id').where('id', '=', user.userId).executeTakeFirst()).toBeDefined();

    // Sessions and step-source tokens refused, the old login fails.
    expect((await api(t, getUserInfo, { token: user.token })).code).toBe(CODES.SESSION_INVALID);
    expect((await api(t, postDeviceSteps, { token: user.deviceToken, body: { steps: 10 } })).code).toBe(
      CODES.SESSION_INVALID,
    );
    expect((await api(t, login, { body: { account: user.account, password: GOOD_PASSWORD } })).code).toBe(
      CODES.CREDENTIALS_INVALID,
    );

    // The number signs up again, and the same ID number verifies on the new account.
    const again = await registerUser(t, user.account);
    const verified = await verifyIdentity(t, again.token, person.idNumber, person.name);
    expect(verified.answer.code).toBe(CODES.OK);
    const fresh = await exportOf(again.token);
    expect(fresh.data.sections.payouts).toEqual({ bankCards: [], withdrawals: [] });
  });

  // The race matters on PostgreSQL; on SQLite the two run one after the other and must agree too.
  it(`with a withdrawal at the same moment: never a negative balance nor a half-deleted user (${dialect})`, async () => {
    for (let round = 0; round < 4; round += 1) {
      const user = await faceCheckedUser(t, 10_000);
      const card = await addBankCard(t, user.token);
      const [withdrawal, deletion] = await Promise.all([
        api(t, requestWithdrawal, {
          token: user.token,
          body: {
            amount: 10_000,
            bankCardId: card.data.id,
            idempotencyKey: idempotencyKey(),
            paymentPassword: PAYMENT_PASSWORD,
          },
        }),
        deleteAccount(user.token),
      ]);
      const row = await t.db
        .selectFrom('users')
        .select('account')
        .where('id', '=', user.userId)
        .executeTakeFirstOrThrow();
      const identity = await t.db
        .selectFrom('identities')
        .select('user_id')
        .where('user_id', '=', user.userId)
        .execute();
      if (deletion.code === CODES.OK) {
        // The withdrawal came second (refused) or not at all: the account is gone entirely.
        expect(withdrawal.code).not.toBe(CODES.OK);
        expect(row.account).toMatch(/^deleted:/);
        expect(identity).toEqual([]);
        expect(deletion.data.forfeited.cash).toBe(10_000);
      } else {
        // The withdrawal came first: the deletion is refused and nothing of it happened.
        expect(withdrawal.code).toBe(CODES.OK);
        expect(deletion.code).toBe(CODES.BUSINESS_RULE);
        expect(row.account).toBe(user.account);
        expect(identity).toHaveLength(1);
      }
      expect(await balanceOf(t, user.userId)).toBe(0);
    }
  });
});
