import {
  CODES,
  buyCard,
  claimPolicy,
  collectPoints,
  listCardPlans,
  listMembershipOrders,
  listMoneyStatement,
  listMyCards,
  listPolicies,
  reportSteps,
  type BodyOf,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  createPlan,
  fundUser,
  idempotencyKey,
  REAL_NAME,
  registerUser,
  useTestApp,
  verifiedUser as newVerifiedUser,
  verifyIdentity,
  api,
  raw,
  PAYMENT_PASSWORD,
} from '../../../test/harness.js';
import { DAY_MS, MINUTE_MS } from '../../lib/clock.js';

const t = useTestApp();

const NOON = Date.UTC(2026, 10, 22, 4, 0, 0);

const verifiedUser = (cash = 0) => newVerifiedUser(t, cash);

const buy = (
  token: string,
  planId: string,
  key = idempotencyKey(),
  payWith: BodyOf<typeof buyCard>['payWith'] = 'balance',
) => api(t, buyCard, { token, body: { planId, payWith, idempotencyKey: key, paymentPassword: PAYMENT_PASSWORD } });

const wallet = async (token: string) => (await api(t, listMyCards, { token })).data;
const report = (token: string, day: string, steps: number) => api(t, reportSteps, { token, body: { day, steps } });

describe('card plans and buying by balance', () => {
  it('lists the plans on sale', async () => {
    const planId = await createPlan(t, { price: 29_900, multiplier_percent: 150 });
    const { token } = await registerUser(t);
    const plans = await api(t, listCardPlans, { token });
    expect(plans.data.find((plan) => plan.id === planId)).toMatchObject({
      price: 29_900,
      pointsMultiplier: 1.5,
      insuranceCoverage: 10_000_000,
    });
  });

  it('needs a verified real name', async () => {
    const planId = await createPlan(t);
    const { token, userId } = await registerUser(t);
    await fundUser(t, userId, 10_000);
    expect((await buy(token, planId)).code).toBe(CODES.REAL_NAME_REQUIRED);
    expect(await balanceOf(t, userId)).toBe(10_000);
  });

  it('pays by balance in one transaction: order paid, card active from today, policy unclaimed', async () => {
    t.clock.set(NOON);
    const planId = await createPlan(t, { price: 9_900, days: 30 });
    const { token, userId } = await verifiedUser(10_000);
    const order = await buy(token, planId);
    expect(order).toMatchObject({ code: 1, data: { status: 'paid', amount: 9_900, payWith: 'balance' } });
    expect(order.data.paidAt).not.toBeNull();
    expect(await balanceOf(t, userId)).toBe(100);
    expect(await wallet(token)).toMatchObject([
      { status: 'active', startsOn: '2026-11-22', endsOn: '2026-12-21', daysLeft: 30, todayCashBackEarned: false },
    ]);
    const policies = await api(t, listPolicies, { token });
    expect(policies.data).toMatchObject([{ status: 'unclaimed', coverage: 10_000_000, policyNumber: null }]);
    const statement = await api(t, listMoneyStatement, { token });
    expect(statement.data.items[0]).toMatchObject({ type: 'card.buy', amount: -9_900 });
  });

  it('refuses a purchase the balance does not cover, and an unknown plan, changing nothing', async () => {
    const planId = await createPlan(t, { price: 9_900 });
    const { token, userId } = await verifiedUser(9_899);
    expect((await buy(token, planId)).code).toBe(CODES.INSUFFICIENT_FUNDS);
    expect((await buy(token, 'no-such-plan')).code).toBe(CODES.NOT_FOUND);
    expect((await buy(token, planId, 'short')).code).toBe(CODES.VALIDATION_FAILED);
    expect(await balanceOf(t, userId)).toBe(9_899);
    expect(await wallet(token)).toEqual([]);
    const orders = await api(t, listMembershipOrders, { token });
    expect(orders.data.total).toBe(0);
  });

  it('answers a repeated key with the first order, and a changed request with a conflict', async () => {
    const planId = await createPlan(t, { price: 1_000 });
    const otherPlan = await createPlan(t, { price: 1_000 });
    const { token, userId } = await verifiedUser(5_000);
    const key = idempotencyKey();
    const first = await buy(token, planId, key);
    const again = await buy(token, planId, key);
    expect(again.data).toEqual(first.data);
    expect((await buy(token, otherPlan, key)).code).toBe(CODES.CONFLICT);
    expect((await buy(token, planId, key, 'online')).code).toBe(CODES.CONFLICT);
    expect(await balanceOf(t, userId)).toBe(4_000);
    expect(await wallet(token)).toHaveLength(1);
  });

  it('lets exactly 10 of 50 parallel purchases through against a balance for 10', async () => {
    const planId = await createPlan(t, { price: 1_000 });
    const { token, userId } = await verifiedUser(10_000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => buy(token, planId)));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(10);
    expect(answers.filter((a) => a.code === CODES.INSUFFICIENT_FUNDS)).toHaveLength(40);
    expect(await balanceOf(t, userId)).toBe(0);
    expect(await wallet(token)).toHaveLength(10);
    const orders = await api(t, listMembershipOrders, { token });
    expect(orders.data.total).toBe(10);
  });
});

describe('reportSteps (POST /api/steps) and collectPoints (POST /api/points/collect): a card’s daily cash back', () => {
  it('credits a card’s cash back once per day when steps reach its target', async () => {
    t.clock.set(NOON);
    const planId = await createPlan(t, { price: 9_900, daily_target: 6_000, daily_cash_back: 300 });
    const { token, userId } = await verifiedUser(9_900);
    await buy(token, planId);
    expect((await report(token, '2026-11-22', 5_999)).data.cashBack).toBe(0);
    t.clock.advance(MINUTE_MS);
    expect((await report(token, '2026-11-22', 6_000)).data.cashBack).toBe(300);
    t.clock.advance(MINUTE_MS);
    expect((await report(token, '2026-11-22', 6_200)).data.cashBack).toBe(0);
    const collected = await api(t, collectPoints, {
      token,
      body: { idempotencyKey: idempotencyKey() },
    });
    expect(collected.data.cashBack).toBe(0);
    expect(await balanceOf(t, userId)).toBe(300);
    expect(await wallet(token)).toMatchObject([{ todaySteps: 6_200, todayCashBackEarned: true, cashBackTotal: 300 }]);

    t.clock.advance(DAY_MS);
    expect(await wallet(token)).toMatchObject([{ todaySteps: 0, todayCashBackEarned: false, daysLeft: 29 }]);
    expect((await report(token, '2026-11-23', 7_000)).data.cashBack).toBe(300);
    expect(await balanceOf(t, userId)).toBe(600);
  });

  it('credits cash back on collect for steps reported before the card was bought', async () => {
    t.clock.set(NOON);
    const planId = await createPlan(t, { daily_target: 6_000, daily_cash_back: 300 });
    const { token, userId } = await verifiedUser(9_900);
    await report(token, '2026-11-22', 8_000);
    await buy(token, planId);
    const collected = await api(t, collectPoints, {
      token,
      body: { idempotencyKey: idempotencyKey() },
    });
    expect(collected.data.cashBack).toBe(300);
    expect(await balanceOf(t, userId)).toBe(300);
  });

  it('never pays back more than the card’s price, and expires the card after its term', async () => {
    t.clock.set(NOON);
    const planId = await createPlan(t, { price: 500, days: 3, daily_target: 1_000, daily_cash_back: 300 });
    const { token, userId } = await verifiedUser(500);
    await buy(token, planId);
    expect((await report(token, '2026-11-22', 1_000)).data.cashBack).toBe(300);
    t.clock.advance(DAY_MS);
    expect((await report(token, '2026-11-23', 1_000)).data.cashBack).toBe(200);
    t.clock.advance(DAY_MS);
    expect((await report(token, '2026-11-24', 1_000)).data.cashBack).toBe(0);
    expect(await balanceOf(t, userId)).toBe(500);
    expect(await wallet(token)).toMatchObject([{ status: 'active', daysLeft: 1, cashBackTotal: 500 }]);
    t.clock.advance(DAY_MS);
    expect(await wallet(token)).toMatchObject([{ status: 'expired', daysLeft: 0 }]);
  });
});

describe('wallet', () => {
  it('shows only the caller’s own cards, orders and policies', async () => {
    const planId = await createPlan(t, { price: 100 });
    const owner = await verifiedUser(100);
    await buy(owner.token, planId);
    const other = await registerUser(t);
    expect(await wallet(other.token)).toEqual([]);
    expect((await api(t, listPolicies, { token: other.token })).data).toEqual([]);
    expect((await api(t, listMembershipOrders, { token: other.token })).data.total).toBe(0);
  });
});

describe('insurance', () => {
  async function holderWithPolicy(days = 30) {
    t.clock.set(NOON);
    const planId = await createPlan(t, { price: 100, days });
    const user = await verifiedUser(100);
    await buy(user.token, planId);
    const [policy] = (await api(t, listPolicies, { token: user.token })).data;
    if (!policy) throw new Error('no policy');
    return { ...user, policy };
  }

  it('claims a policy for oneself, once, assigning a policy number', async () => {
    const { token, policy } = await holderWithPolicy();
    const claimed = await api(t, claimPolicy, {
      token,
      body: { policyId: policy.id, insured: { who: 'self' } },
    });
    expect(claimed).toMatchObject({ code: 1, data: { status: 'active', relation: 'self', endsOn: '2026-12-21' } });
    expect(claimed.data.policyNumber).toMatch(/^SP20261122\d{8}$/);
    const again = await api(t, claimPolicy, {
      token,
      body: { policyId: policy.id, insured: { who: 'self' } },
    });
    expect(again).toMatchObject({ code: CODES.BUSINESS_RULE, message: 'This policy has already been claimed' });
    const active = await api(t, listPolicies, { token, query: { status: 'active' } });
    expect(active.data).toHaveLength(1);
    const unclaimed = await api(t, listPolicies, { token, query: { status: 'unclaimed' } });
    expect(unclaimed.data).toHaveLength(0);
  });

  it('names the holder, by the verified real name, on a policy claimed for oneself', async () => {
    t.clock.set(NOON);
    const planId = await createPlan(t, { price: 100, days: 30 });
    const user = await registerUser(t);
    expect((await verifyIdentity(t, user.token)).answer.data.status).toBe('verified');
    await fundUser(t, user.userId, 100);
    await buy(user.token, planId);
    const [policy] = (await api(t, listPolicies, { token: user.token })).data;
    expect(policy?.insuredName).toBeNull();
    const claimed = await api(t, claimPolicy, {
      token: user.token,
      body: { policyId: policy?.id ?? '', insured: { who: 'self' } },
    });
    expect(claimed.data).toMatchObject({ relation: 'self', insuredName: REAL_NAME, insuredIdNumber: null });
    const listed = await api(t, listPolicies, { token: user.token });
    expect(listed.data).toMatchObject([{ relation: 'self', insuredName: REAL_NAME }]);
  });

  it('gives a policy to a family member, masking and encrypting the ID number', async () => {
    const { token, policy } = await holderWithPolicy();
    const given = await api(t, claimPolicy, {
      token,
      body: {
        policyId: policy.id,
        insured: { who: 'family', name: 'Li Na', idNumber: '110101199003071233', relation: 'parent' },
        paymentPassword: PAYMENT_PASSWORD,
      },
    });
    expect(given.data).toMatchObject({
      insuredName: 'Li Na',
      insuredIdNumber: '110***********1233',
      relation: 'parent',
    });
    const row = await t.db
      .selectFrom('insurance_policies')
      .select('insured_id_encrypted')
      .where('id', '=', policy.id)
      .executeTakeFirstOrThrow();
    expect(row.insured_id_encrypted).not.toContain('110101199003071233');
    expect(t.app.services.cipher.decrypt(row.insured_id_encrypted ?? '')).toBe('110101199003071233');
  });

  it('refuses other users’ policies, expired policies, bad input and unverified callers', async () => {
    const { token, policy } = await holderWithPolicy(2);
    const stranger = await verifiedUser();
    const body: BodyOf<typeof claimPolicy> = { policyId: policy.id, insured: { who: 'self' } };
    expect((await api(t, claimPolicy, { token: stranger.token, body })).code).toBe(CODES.NOT_FOUND);
    const unverified = await registerUser(t);
    expect((await api(t, claimPolicy, { token: unverified.token, body })).code).toBe(CODES.REAL_NAME_REQUIRED);
    const badRelation = await api(t, claimPolicy, {
      token,
      body: raw({
        policyId: policy.id,
        insured: { who: 'family', name: 'A', idNumber: '1234567', relation: 'friend' },
      }),
    });
    expect(badRelation.code).toBe(CODES.VALIDATION_FAILED);
    // The ID number rule of real-name: an 18-digit resident ID with a wrong check character is refused.
    const badChecksum = await api(t, claimPolicy, {
      token,
      body: {
        policyId: policy.id,
        insured: { who: 'family', name: 'Li Na', idNumber: '110101199003071234', relation: 'parent' },
        paymentPassword: PAYMENT_PASSWORD,
      },
    });
    expect(badChecksum).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: 'ID number: not a valid ID number (check the digits and the date of birth)',
    });
    t.clock.advance(2 * DAY_MS);
    expect((await api(t, claimPolicy, { token, body })).code).toBe(CODES.BUSINESS_RULE);
    const expired = await api(t, listPolicies, { token, query: { status: 'expired' } });
    expect(expired.data).toHaveLength(1);
  });
});
