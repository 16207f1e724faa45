import {
  buyCard,
  claimPolicy,
  CODES,
  getPaymentPassword,
  listPolicies,
  PAYMENT_PASSWORD_MAX_TRIES,
  requestPaymentPasswordCode,
  requestWithdrawal,
  setPaymentPassword,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  addBankCard,
  api,
  balanceOf,
  cardHolder,
  createPlan,
  faceCheckedUser,
  idempotencyKey,
  PAYMENT_PASSWORD,
  readSmsCode,
  useTestApp,
} from '../../../test/harness.js';
import { MINUTE_MS } from '../../lib/clock.js';

// The payment password (docs/product/payment-password.md, decision 104 "A payment password").
const t = useTestApp();

/** A user with ¥500.00 and a bank card, face-checked, whose payment password is removed: set through the API here. */
async function payer() {
  const user = await faceCheckedUser(t, 50_000);
  await t.db.deleteFrom('payment_passwords').where('user_id', '=', user.userId).execute();
  const card = await addBankCard(t, user.token);
  // A minute after the sign-up's code: one code a minute to a number.
  t.clock.advance(MINUTE_MS);
  return { ...user, bankCardId: card.data.id };
}

async function setWithCode(user: { token: string; account: string }, password: string) {
  const sent = await api(t, requestPaymentPasswordCode, { token: user.token, body: {} });
  expect(sent.code, sent.message).toBe(CODES.OK);
  const code = await readSmsCode(t, user.account, 'payment');
  return api(t, setPaymentPassword, { token: user.token, body: { code, password } });
}

const withdraw = (user: { token: string; bankCardId: string }, paymentPassword?: string) =>
  api(t, requestWithdrawal, {
    token: user.token,
    body: {
      amount: 10_000,
      bankCardId: user.bankCardId,
      idempotencyKey: idempotencyKey(),
      ...(paymentPassword === undefined ? {} : { paymentPassword }),
    },
  });

describe('the payment password', () => {
  it('is needed before money leaves: none set, none given, then set with an SMS code and asked each time', async () => {
    const user = await payer();
    expect((await api(t, getPaymentPassword, { token: user.token })).data).toEqual({
      isSet: false,
      setAt: null,
      lockedUntil: null,
      triesLeft: PAYMENT_PASSWORD_MAX_TRIES,
    });
    expect(await withdraw(user, '258036')).toMatchObject({
      code: CODES.PAYMENT_PASSWORD_REQUIRED,
      message: 'Set a payment password first (My → Account & security → Payment password)',
    });

    // Too simple, or a wrong code: refused, nothing set.
    const simple = await setWithCode(user, '123456');
    expect(simple).toMatchObject({ code: CODES.VALIDATION_FAILED });
    expect(simple.message).toContain('harder to guess');
    const wrongCode = await api(t, setPaymentPassword, {
      token: user.token,
      body: { code: '000000', password: '258036' },
    });
    expect(wrongCode.code).toBe(CODES.VALIDATION_FAILED);
    expect((await api(t, getPaymentPassword, { token: user.token })).data.isSet).toBe(false);

    t.clock.advance(MINUTE_MS);
    const set = await setWithCode(user, '258036');
    expect(set.code, set.message).toBe(CODES.OK);
    expect(set.data).toMatchObject({ isSet: true, lockedUntil: null, triesLeft: PAYMENT_PASSWORD_MAX_TRIES });
    // The hash, never the digits.
    const row = await t.db
      .selectFrom('payment_passwords')
      .select('password_hash')
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    expect(await withdraw(user)).toMatchObject({
      code: CODES.PAYMENT_PASSWORD_REQUIRED,
      message: 'Enter your payment password',
    });
    const wrong = await withdraw(user, '111222');
    expect(wrong).toMatchObject({ code: CODES.CREDENTIALS_INVALID, message: 'Wrong payment password: 4 tries left' });
    expect(await balanceOf(t, user.userId)).toBe(50_000);
    const right = await withdraw(user, '258036');
    expect(right.code, right.message).toBe(CODES.OK);
    expect(await balanceOf(t, user.userId)).toBe(40_000);
    // A right one starts the count again.
    expect((await api(t, getPaymentPassword, { token: user.token })).data.triesLeft).toBe(PAYMENT_PASSWORD_MAX_TRIES);
  });

  it('asks before a card is bought by balance and before a policy is given away, not for an online order or one’s own policy', async () => {
    const { bought, ...holder } = await cardHolder(t, { cash: 20_000 });
    expect(bought.code).toBe(CODES.OK);
    const planId = await createPlan(t, { price: 5_000 });
    const buy = (payWith: 'balance' | 'online', paymentPassword?: string) =>
      api(t, buyCard, {
        token: holder.token,
        body: { planId, payWith, idempotencyKey: idempotencyKey(), ...(paymentPassword ? { paymentPassword } : {}) },
      });
    expect((await buy('balance')).code).toBe(CODES.PAYMENT_PASSWORD_REQUIRED);
    expect((await buy('balance', '999000')).code).toBe(CODES.CREDENTIALS_INVALID);
    expect(await balanceOf(t, holder.userId)).toBe(20_000 - 9_900);
    expect((await buy('online')).code).toBe(CODES.OK);
    expect((await buy('balance', PAYMENT_PASSWORD)).code).toBe(CODES.OK);
    expect(await balanceOf(t, holder.userId)).toBe(20_000 - 9_900 - 5_000);

    const [policy] = (await api(t, listPolicies, { token: holder.token })).data;
    const family = {
      policyId: policy?.id ?? '',
      insured: { who: 'family' as const, name: 'Li Na', idNumber: '110101199003071233', relation: 'parent' as const },
    };
    expect((await api(t, claimPolicy, { token: holder.token, body: family })).code).toBe(
      CODES.PAYMENT_PASSWORD_REQUIRED,
    );
    const given = await api(t, claimPolicy, {
      token: holder.token,
      body: { ...family, paymentPassword: PAYMENT_PASSWORD },
    });
    expect(given.code, given.message).toBe(CODES.OK);
    const second = (await api(t, listPolicies, { token: holder.token })).data.find((item) => item.id !== policy?.id);
    const own = await api(t, claimPolicy, {
      token: holder.token,
      body: { policyId: second?.id ?? '', insured: { who: 'self' } },
    });
    expect(own.code, own.message).toBe(CODES.OK);
  });

  it('locks after five wrong ones, counted once each even when sent at once; a reset with an SMS code unlocks it', async () => {
    const user = await payer();
    expect((await setWithCode(user, '370415')).code).toBe(CODES.OK);
    // Eight guesses at the same moment: five are checked, the rest find it locked.
    const guesses = await Promise.all(Array.from({ length: 8 }, () => withdraw(user, '000111')));
    const codes = guesses.map((answer) => answer.code);
    expect(codes.filter((code) => code === CODES.CREDENTIALS_INVALID)).toHaveLength(PAYMENT_PASSWORD_MAX_TRIES - 1);
    expect(codes.filter((code) => code === CODES.RATE_LIMITED)).toHaveLength(8 - (PAYMENT_PASSWORD_MAX_TRIES - 1));
    // Locked: the right one is refused too, and its message says for how long.
    const locked = await withdraw(user, '370415');
    expect(locked).toMatchObject({ code: CODES.RATE_LIMITED });
    expect(locked.message).toContain('15 minutes');
    const status = (await api(t, getPaymentPassword, { token: user.token })).data;
    expect(status).toMatchObject({ isSet: true, triesLeft: 0 });
    expect(status.lockedUntil).not.toBeNull();
    expect(await balanceOf(t, user.userId)).toBe(50_000);

    // Set again with a code: unlocked at once.
    t.clock.advance(MINUTE_MS);
    expect((await setWithCode(user, '604829')).data).toMatchObject({ lockedUntil: null, triesLeft: 5 });
    expect((await withdraw(user, '370415')).code).toBe(CODES.CREDENTIALS_INVALID);
    expect((await withdraw(user, '604829')).code).toBe(CODES.OK);
  });

  it('opens again by itself when the lock ends', async () => {
    const user = await payer();
    expect((await setWithCode(user, '481620')).code).toBe(CODES.OK);
    for (let index = 0; index < PAYMENT_PASSWORD_MAX_TRIES; index += 1) await withdraw(user, '000999');
    expect((await withdraw(user, '481620')).code).toBe(CODES.RATE_LIMITED);
    t.clock.advance(15 * MINUTE_MS);
    expect((await api(t, getPaymentPassword, { token: user.token })).data).toMatchObject({
      lockedUntil: null,
      triesLeft: PAYMENT_PASSWORD_MAX_TRIES,
    });
    expect((await withdraw(user, '481620')).code).toBe(CODES.OK);
  });
});
