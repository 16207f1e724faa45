import {
  consoleCardPlans,
  consoleCreateCardPlan,
  consoleCreateHomeItem,
  consoleEditCardPlan,
  consoleEditHomeItem,
  consoleHomeItems,
  consoleRemoveHomeItem,
  consoleRetireCardPlan,
  type CardPlanTerms,
} from '@stride/contract';
import type { TestApp } from '../harness.js';
import type { RoleCase } from './case.js';

const TERMS: CardPlanTerms = {
  name: 'Role case plan',
  price: 9_900,
  days: 30,
  dailyTarget: 6_000,
  dailyCashBack: 300,
  multiplierPercent: 120,
  position: 0,
};

const ITEM = {
  title: 'Role case banner',
  image: 'https://cdn.example.com/banner.jpg',
  target: '/pages/invest/index',
  position: 0,
  active: true,
};

async function planId(t: TestApp): Promise<string> {
  return (await t.app.services.admin.cards.createPlan('setup', TERMS)).id;
}

async function homeItemId(t: TestApp): Promise<string> {
  return (await t.app.services.admin.walking.createHomeItem('setup', 'banner', ITEM)).id;
}

/** Card plans (finance) and home's banners and quick entries (editors). */
export const PLANS_CASES: readonly RoleCase[] = [
  { endpoint: consoleCardPlans, input: async (t) => (await planId(t), { query: { status: 'all' } }) },
  { endpoint: consoleCreateCardPlan, input: () => Promise.resolve({ body: TERMS }) },
  {
    endpoint: consoleEditCardPlan,
    input: async (t) => ({ params: { id: await planId(t) }, body: { version: 1, terms: { ...TERMS, price: 12_900 } } }),
  },
  { endpoint: consoleRetireCardPlan, input: async (t) => ({ params: { id: await planId(t) }, body: { version: 1 } }) },
  { endpoint: consoleHomeItems, input: async (t) => (await homeItemId(t), {}) },
  { endpoint: consoleCreateHomeItem, input: () => Promise.resolve({ body: { ...ITEM, kind: 'banner' } }) },
  {
    endpoint: consoleEditHomeItem,
    input: async (t) => ({ params: { id: await homeItemId(t) }, body: { ...ITEM, title: 'Edited', version: 1 } }),
  },
  {
    endpoint: consoleRemoveHomeItem,
    input: async (t) => ({ params: { id: await homeItemId(t) }, body: { version: 1 } }),
  },
];
