import {
  CODES,
  buyCard,
  claimPolicy,
  getIdentity,
  getUserInfo,
  requestWithdrawal,
  resubmitIdentity,
  saveBankCard,
  submitFace,
  submitIdentity,
} from '@stride/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CLEAN_LEDGER,
  REAL_NAME,
  call,
  createPlan,
  createTestApp,
  fundUser,
  idempotencyKey,
  ledgerReport,
  registerUser,
  residentId,
  testJpeg,
  uploadFile,
  verifyIdentity,
  type TestApp,
  api,
  raw,
  PAYMENT_PASSWORD,
} from '../../../test/harness.js';

let t: TestApp;
let reviewed: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  reviewed = await createTestApp({ IDENTITY_REVIEW: 'operator' });
});
afterAll(async () => {
  await t.close();
  await reviewed.close();
});
afterEach(async () => {
  expect(await ledgerReport(t)).toEqual(CLEAN_LEDGER);
  expect(await ledgerReport(reviewed)).toEqual(CLEAN_LEDGER);
});

const identityOf = async (app: TestApp, token: string) => (await api(app, getIdentity, { token })).data;

async function photos(app: TestApp, token: string) {
  const image = await testJpeg();
  return {
    frontImageId: (await uploadFile(app, token, image, { purpose: 'id_front' })).data.fileId,
    backImageId: (await uploadFile(app, token, image, { purpose: 'id_back' })).data.fileId,
  };
}

describe('real-name verification (demo: automatic review)', () => {
  it('starts at none, and a valid resident ID is verified at once, masked in the answer', async () => {
    const { token } = await registerUser(t);
    expect(await identityOf(t, token)).toMatchObject({ status: 'none', name: null, faceVerified: false });
    const { idNumber, answer } = await verifyIdentity(t, token);
    expect(answer).toMatchObject({
      code: CODES.OK,
      data: { status: 'verified', name: REAL_NAME, idNumberMasked: `110***********${idNumber.slice(-4)}` },
    });
    expect(JSON.stringify(answer)).not.toContain(idNumber);
    const info = await api(t, getUserInfo, { token });
    expect(info.data.realNameStatus).toBe('verified');
  });

  it('unlocks every action that needs a verified name (1002 before)', async () => {
    const { token, userId } = await registerUser(t);
    await fundUser(t, userId, 50_000);
    const planId = await createPlan(t);
    const gated = () =>
      Promise.all([
        api(t, saveBankCard, {
          token,
          body: { bank: 'B', holderName: REAL_NAME, accountNumber: '6222021234567890128' },
        }),
        api(t, requestWithdrawal, {
          token,
          body: { amount: 1_000, bankCardId: 'x', idempotencyKey: idempotencyKey(), paymentPassword: PAYMENT_PASSWORD },
        }),
        api(t, buyCard, {
          token,
          body: { planId, payWith: 'balance', idempotencyKey: idempotencyKey(), paymentPassword: PAYMENT_PASSWORD },
        }),
        api(t, claimPolicy, { token, body: { policyId: 'x', insured: { who: 'self' } } }),
        api(t, submitFace, { token, body: { method: 'manual' } }),
      ]);
    for (const answer of await gated()) expect(answer.code).toBe(CODES.REAL_NAME_REQUIRED);
    await verifyIdentity(t, token);
    for (const answer of await gated()) expect(answer.code).not.toBe(CODES.REAL_NAME_REQUIRED);
  });

  it('refuses a wrong checksum or birth date, foreign or missing photos, and a second POST', async () => {
    const { token } = await registerUser(t);
    const other = await registerUser(t);
    const mine = await photos(t, token);
    const good = residentId();
    const wrongCheck = `${good.slice(0, 17)}${good[17] === '0' ? '1' : '0'}`;
    const submit = (body: Record<string, string>) => api(t, submitIdentity, { token, body: raw(body) });
    expect(await submit({ name: REAL_NAME, idNumber: wrongCheck, ...mine })).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: 'ID number: not a valid ID number (check the digits and the date of birth)',
    });
    const theirs = await photos(t, other.token);
    expect((await submit({ name: REAL_NAME, idNumber: good, ...theirs })).code).toBe(CODES.VALIDATION_FAILED);
    const swapped = { frontImageId: mine.backImageId, backImageId: mine.frontImageId };
    expect((await submit({ name: REAL_NAME, idNumber: good, ...swapped })).code).toBe(CODES.VALIDATION_FAILED);
    expect(await identityOf(t, token)).toMatchObject({ status: 'none' });
    expect((await submit({ name: REAL_NAME, idNumber: good, ...mine })).code).toBe(CODES.OK);
    expect(await submit({ name: REAL_NAME, idNumber: good, ...mine })).toMatchObject({ code: CODES.BUSINESS_RULE });
    const put = await api(t, resubmitIdentity, {
      token,
      body: { name: REAL_NAME, idNumber: good, ...mine },
    });
    expect(put.code).toBe(CODES.BUSINESS_RULE);
  });

  it('refuses an ID number already verified on another account', async () => {
    const first = await registerUser(t);
    const { idNumber } = await verifyIdentity(t, first.token);
    const second = await registerUser(t);
    const { answer } = await verifyIdentity(t, second.token, idNumber);
    expect(answer).toMatchObject({
      code: CODES.CONFLICT,
      message: 'This ID number is already verified on another account',
    });
  });

  it('accepts the face check once and deletes the face image', async () => {
    const { token } = await registerUser(t);
    await verifyIdentity(t, token);
    const face = await uploadFile(t, token, await testJpeg(), { purpose: 'face' });
    const notFace = await uploadFile(t, token, await testJpeg(), { purpose: 'other' });
    const wrong = await api(t, submitFace, {
      token,
      body: { method: 'face', imageId: notFace.data.fileId },
    });
    expect(wrong.code).toBe(CODES.VALIDATION_FAILED);
    const answer = await api(t, submitFace, {
      token,
      body: { method: 'face', imageId: face.data.fileId },
    });
    expect(answer.data).toMatchObject({ faceStatus: 'verified', faceVerified: true });
    const row = await t.db.selectFrom('files').selectAll().where('id', '=', face.data.fileId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ storage_key: null });
    expect(row.deleted_at).not.toBeNull();
    expect((await call(t.app, 'GET', face.data.url, { token })).code).toBe(CODES.NOT_FOUND);
  });
});

describe('real-name verification (operator review)', () => {
  it('stays pending until an operator rejects; PUT resubmits; approval verifies', async () => {
    const { token, userId } = await registerUser(reviewed);
    const { answer } = await verifyIdentity(reviewed, token);
    expect(answer.data).toMatchObject({ status: 'pending' });
    await reviewed.app.services.admin.identity.review('ops-anna', userId, {
      approve: false,
      reason: 'Photo is blurred',
    });
    expect(await identityOf(reviewed, token)).toMatchObject({ status: 'rejected', rejectReason: 'Photo is blurred' });
    const again = await api(reviewed, resubmitIdentity, {
      token,
      body: { name: REAL_NAME, idNumber: 'E12345678', ...(await photos(reviewed, token)) },
    });
    expect(again.data).toMatchObject({ status: 'pending', rejectReason: null, idNumberMasked: 'E12**5678' });
    await reviewed.app.services.admin.identity.review('ops-anna', userId, { approve: true });
    expect(await identityOf(reviewed, token)).toMatchObject({ status: 'verified' });
    const manual = await api(reviewed, submitFace, { token, body: { method: 'manual' } });
    expect(manual.data).toMatchObject({ faceStatus: 'pending', faceVerified: false });
    expect((await api(reviewed, submitFace, { token, body: { method: 'manual' } })).code).toBe(CODES.BUSINESS_RULE);
  });
});
