import { randomUUID } from 'node:crypto';
import {
  CODES,
  consoleCardPlans,
  consoleCreateCardPlan,
  consoleEditCardPlan,
  consoleRetireCardPlan,
  createPayment,
  listCardPlans,
  listMyCards,
  reportSteps,
  type CardPlanTerms,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, lastConsoleRecord, signIn, type ConsoleSession } from '../../../test/console.js';
import {
  api,
  balanceOf,
  buyPlan,
  deliverSandbox,
  idempotencyKey,
  raw,
  registerUser,
  useTestApp,
  verifiedUser as newVerifiedUser,
} from '../../../test/harness.js';

const t = useTestApp();

const NOON = Date.UTC(2026, 10, 22, 4, 0, 0);

let counter = 0;
function terms(overrides: Partial<CardPlanTerms> = {}): CardPlanTerms {
  counter += 1;
  return {
    name: `Walker ${counter}`,
    price: 9_900,
    days: 30,
    dailyTarget: 6_000,
    dailyCashBack: 300,
    multiplierPercent: 120,
    position: counter,
    ...overrides,
  };
}

const verifiedUser = (cash = 0) => newVerifiedUser(t, cash);
const buy = (token: string, planId: string, payWith: 'balance' | 'online' = 'balance') =>
  buyPlan(t, token, planId, payWith);

async function create(finance: ConsoleSession, overrides: Partial<CardPlanTerms> = {}) {
  const created = await consoleApi(t, finance, consoleCreateCardPlan, { body: terms(overrides) });
  expect(created.code, created.message).toBe(CODES.OK);
  return created.data;
}

describe('card plans in the console', () => {
  it('creates a plan on sale, lists it, and records the creation', async () => {
    const finance = await signIn(t, ['finance']);
    const plan = await create(finance, { name: 'Morning walker', price: 12_300, multiplierPercent: 150 });
    expect(plan).toMatchObject({
      name: 'Morning walker',
      price: 12_300,
      version: 1,
      familyId: plan.id,
      status: 'onSale',
      cardsSold: 0,
      pendingOrders: 0,
    });
    const { token } = await registerUser(t);
    const onSale = await api(t, listCardPlans, { token });
    expect(onSale.data.find((row) => row.id === plan.id)).toMatchObject({ price: 12_300, pointsMultiplier: 1.5 });
    const listed = await consoleApi(t, finance, consoleCardPlans, { query: {} });
    expect(listed.data.map((row) => row.id)).toContain(plan.id);

    const record = await lastConsoleRecord(
      t,
      finance,
      'card-plan.create',
      { type: 'card-plan', id: plan.id },
      { before: null },
    );
    expect(JSON.parse(record?.after ?? '{}')).toMatchObject({ price: 12_300, onSale: true, version: 1 });
  });

  it('refuses terms whose daily cash back is more than the price, and changes nothing', async () => {
    const finance = await signIn(t, ['finance']);
    const before = (await t.app.services.audit.list(1000)).length;
    const refused = await consoleApi(t, finance, consoleCreateCardPlan, {
      body: terms({ price: 100, dailyCashBack: 101 }),
    });
    expect(refused.code).toBe(CODES.VALIDATION_FAILED);
    expect(refused.message).toContain('price');
    expect((await consoleApi(t, finance, consoleCreateCardPlan, { body: raw({ ...terms(), price: 1.5 }) })).code).toBe(
      CODES.VALIDATION_FAILED,
    );
    expect((await t.app.services.audit.list(1000)).length).toBe(before);
  });

  it('refuses a plan whose cash back over its term is more than its price unless finance confirms it, and records the confirmation', async () => {
    const finance = await signIn(t, ['finance']);
    const admin = await signIn(t, ['admin']);
    const records = async () => (await t.app.services.audit.list(1000)).length;
    const before = await records();
    // ¥2.00 a day for 30 days is ¥60.00: more than the ¥50.00 price, so a card could pay back all it cost.
    const losing = terms({ price: 5_000, days: 30, dailyCashBack: 200 });
    const refused = await consoleApi(t, finance, consoleCreateCardPlan, { body: losing });
    expect(refused).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message:
        'Over its 30 days this plan’s cash back adds up to ¥60.00, more than its price of ¥50.00: a card could pay back its whole price. Finance must confirm it (confirmLoss) to save it',
    });
    const chinese = await consoleApi(t, finance, consoleCreateCardPlan, { body: losing, language: 'zh-Hans' });
    expect(chinese.message).toBe(
      '该方案 30 天的返现合计 ¥60.00，高于价格 ¥50.00：一张卡可能返还全部价格。须由财务确认（confirmLoss）后才能保存',
    );
    // An operator without finance cannot confirm it (nor reach plans at all).
    const byAdmin = await consoleApi(t, admin, consoleCreateCardPlan, { body: { ...losing, confirmLoss: true } });
    expect(byAdmin.code).toBe(CODES.FORBIDDEN);
    expect(await records()).toBe(before);
    expect((await t.app.services.admin.cards.listPlans('all')).map((plan) => plan.name)).not.toContain(losing.name);
    // The service itself refuses a confirmation from anyone but finance.
    await expect(
      t.app.services.admin.cards.createPlan(admin.name, { ...losing, confirmLoss: true }, ['admin']),
    ).rejects.toMatchObject({ code: CODES.FORBIDDEN });

    const confirmed = await consoleApi(t, finance, consoleCreateCardPlan, { body: { ...losing, confirmLoss: true } });
    expect(confirmed.code, confirmed.message).toBe(CODES.OK);
    const created = await lastConsoleRecord(t, finance, 'card-plan.create', {
      type: 'card-plan',
      id: confirmed.data.id,
    });
    expect(JSON.parse(created?.detail ?? '{}')).toEqual({ lossConfirmed: { cashBackOverTerm: 6_000, price: 5_000 } });

    // Exactly the price over the term needs no confirmation; an edit past it does, and is recorded with it.
    const even = await create(finance, { price: 6_000, days: 30, dailyCashBack: 200 });
    expect(even.price).toBe(6_000);
    const longer = terms({ name: even.name, price: 6_000, days: 31, dailyCashBack: 200 });
    const edit = (body: { version: number; terms: CardPlanTerms }) =>
      consoleApi(t, finance, consoleEditCardPlan, { params: { id: even.id }, body });
    expect((await edit({ version: 1, terms: longer })).code).toBe(CODES.BUSINESS_RULE);
    expect((await t.app.services.admin.cards.listPlans('onSale')).find((plan) => plan.id === even.id)?.days).toBe(30);
    const edited = await edit({ version: 1, terms: { ...longer, confirmLoss: true } });
    expect(edited.code, edited.message).toBe(CODES.OK);
    expect(edited.data).toMatchObject({ version: 2, days: 31 });
    const record = await lastConsoleRecord(t, finance, 'card-plan.edit', { type: 'card-plan', id: even.id });
    expect(JSON.parse(record?.detail ?? '{}')).toEqual({
      replaced: even.id,
      by: edited.data.id,
      lossConfirmed: { cashBackOverTerm: 6_200, price: 6_000 },
    });
    expect(JSON.parse(record?.after ?? '{}')).not.toHaveProperty('confirmLoss');
  });

  it('an edit makes a new version on sale; a card sold before keeps its price, cash back and duration', async () => {
    t.clock.set(NOON);
    const finance = await signIn(t, ['finance']);
    const plan = await create(finance, { price: 9_900, days: 30, dailyTarget: 6_000, dailyCashBack: 300 });
    const { token, userId } = await verifiedUser(20_000);
    expect((await buy(token, plan.id)).data).toMatchObject({ status: 'paid', amount: 9_900 });
    expect(await balanceOf(t, userId)).toBe(10_100);

    const edited = await consoleApi(t, finance, consoleEditCardPlan, {
      params: { id: plan.id },
      body: {
        version: 1,
        terms: terms({ name: plan.name, price: 14_900, days: 28, dailyTarget: 8_000, dailyCashBack: 500 }),
      },
    });
    expect(edited.code, edited.message).toBe(CODES.OK);
    expect(edited.data).toMatchObject({ version: 2, familyId: plan.id, price: 14_900, status: 'onSale' });
    expect(edited.data.id).not.toBe(plan.id);

    // On sale: only the new version.
    const onSale = (await api(t, listCardPlans, { token })).data;
    expect(onSale.map((row) => row.id)).toContain(edited.data.id);
    expect(onSale.map((row) => row.id)).not.toContain(plan.id);
    const retired = await consoleApi(t, finance, consoleCardPlans, { query: { status: 'retired' } });
    expect(retired.data.find((row) => row.id === plan.id)).toMatchObject({
      status: 'retired',
      replacedBy: edited.data.id,
      cardsSold: 1,
    });
    // The old version is no longer for sale.
    expect((await buy(token, plan.id)).code).toBe(CODES.NOT_FOUND);

    // The card keeps the terms it was sold with: price, duration, target and cash back.
    const [card] = (await api(t, listMyCards, { token })).data;
    expect(card).toMatchObject({
      plan: { id: plan.id, price: 9_900, days: 30, dailyTarget: 6_000, dailyCashBack: 300 },
      endsOn: '2026-12-21',
    });
    // 6,000 steps reach the old target (not the new 8,000) and credit the old 3.00.
    const report = await api(t, reportSteps, { token, body: { day: '2026-11-22', steps: 6_500 } });
    expect(report.data.cashBack).toBe(300);
    expect(await balanceOf(t, userId)).toBe(10_400);

    const [record] = await t.app.services.audit.list(1);
    expect(record).toMatchObject({ action: 'card-plan.edit', subject_type: 'card-plan', subject_id: plan.id });
    expect(JSON.parse(record?.before ?? '{}')).toMatchObject({ price: 9_900, version: 1, onSale: true });
    expect(JSON.parse(record?.after ?? '{}')).toMatchObject({ price: 14_900, version: 2, onSale: true });
  });

  it('a pending online order for the old version is paid at its own price and gives the old terms', async () => {
    t.clock.set(NOON);
    const finance = await signIn(t, ['finance']);
    const plan = await create(finance, { price: 9_900, days: 30 });
    const { token } = await verifiedUser();
    const order = (await buy(token, plan.id, 'online')).data;
    expect(order).toMatchObject({ status: 'pending', amount: 9_900 });
    const listed = await consoleApi(t, finance, consoleCardPlans, { query: {} });
    expect(listed.data.find((row) => row.id === plan.id)?.pendingOrders).toBe(1);

    await consoleApi(t, finance, consoleEditCardPlan, {
      params: { id: plan.id },
      body: { version: 1, terms: terms({ price: 19_900, days: 60 }) },
    });

    const payment = await api(t, createPayment, {
      token,
      body: { orderId: order.id, idempotencyKey: idempotencyKey() },
    });
    expect(payment.data).toMatchObject({ amount: 9_900, status: 'pending' });
    const delivered = await deliverSandbox(t, payment.data);
    expect(delivered.statusCode).toBe(200);
    const [card] = (await api(t, listMyCards, { token })).data;
    expect(card).toMatchObject({ plan: { id: plan.id, price: 9_900, days: 30 }, endsOn: '2026-12-21' });
  });

  it('refuses a stale edit or retirement with 1017 and changes nothing', async () => {
    const finance = await signIn(t, ['finance']);
    const other = await signIn(t, ['finance']);
    const plan = await create(finance);
    const first = await consoleApi(t, finance, consoleEditCardPlan, {
      params: { id: plan.id },
      body: { version: 1, terms: terms({ price: 11_100 }) },
    });
    expect(first.code).toBe(CODES.OK);
    const records = (await t.app.services.audit.list(1000)).length;
    const plans = (await consoleApi(t, finance, consoleCardPlans, { query: { status: 'all' } })).data;

    // The second operator still holds version 1 of the first row.
    const stale = await consoleApi(t, other, consoleEditCardPlan, {
      params: { id: plan.id },
      body: { version: 1, terms: terms({ price: 22_200 }) },
    });
    expect(stale.code).toBe(CODES.STALE_EDIT);
    expect(stale.message).toMatch(/reload/i);
    expect(
      (await consoleApi(t, other, consoleRetireCardPlan, { params: { id: plan.id }, body: { version: 1 } })).code,
    ).toBe(CODES.STALE_EDIT);
    // The right row with a wrong version is stale too.
    expect(
      (await consoleApi(t, other, consoleRetireCardPlan, { params: { id: first.data.id }, body: { version: 1 } })).code,
    ).toBe(CODES.STALE_EDIT);
    expect(
      (await consoleApi(t, other, consoleRetireCardPlan, { params: { id: randomUUID() }, body: { version: 1 } })).code,
    ).toBe(CODES.NOT_FOUND);
    expect((await t.app.services.audit.list(1000)).length).toBe(records);
    expect((await consoleApi(t, finance, consoleCardPlans, { query: { status: 'all' } })).data).toEqual(plans);
  });

  it('of two simultaneous edits of one version, exactly one wins', async () => {
    const finance = await signIn(t, ['finance']);
    const plan = await create(finance);
    const answers = await Promise.all(
      [11_100, 22_200, 33_300].map((price) =>
        consoleApi(t, finance, consoleEditCardPlan, {
          params: { id: plan.id },
          body: { version: 1, terms: terms({ price }) },
        }),
      ),
    );
    expect(answers.map((answer) => answer.code).sort()).toEqual([CODES.OK, CODES.STALE_EDIT, CODES.STALE_EDIT].sort());
    const family = (await consoleApi(t, finance, consoleCardPlans, { query: { status: 'all' } })).data.filter(
      (row) => row.familyId === plan.id,
    );
    expect(family.filter((row) => row.status === 'onSale')).toHaveLength(1);
    expect(family).toHaveLength(2);
  });

  it('retires a plan: no longer for sale, its cards keep running, recorded', async () => {
    t.clock.set(NOON);
    const finance = await signIn(t, ['finance']);
    const plan = await create(finance);
    const { token } = await verifiedUser(10_000);
    await buy(token, plan.id);
    const retired = await consoleApi(t, finance, consoleRetireCardPlan, {
      params: { id: plan.id },
      body: { version: 1 },
    });
    expect(retired.data).toMatchObject({ status: 'retired', replacedBy: null, cardsSold: 1 });
    expect((await api(t, listCardPlans, { token })).data.map((row) => row.id)).not.toContain(plan.id);
    expect((await buy(token, plan.id)).code).toBe(CODES.NOT_FOUND);
    expect((await api(t, listMyCards, { token })).data).toMatchObject([{ plan: { id: plan.id }, status: 'active' }]);
    // A retired plan cannot be edited back on sale.
    expect(
      (
        await consoleApi(t, finance, consoleEditCardPlan, {
          params: { id: plan.id },
          body: { version: 1, terms: terms() },
        })
      ).code,
    ).toBe(CODES.STALE_EDIT);
    const [record] = await t.app.services.audit.list(1);
    expect(record).toMatchObject({ action: 'card-plan.retire', subject_id: plan.id, operator: finance.name });
    expect(JSON.parse(record?.after ?? '{}')).toMatchObject({ onSale: false });
  });
});
