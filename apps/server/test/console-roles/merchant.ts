import {
  applyCardMailing,
  CODES,
  confirmOrder,
  consoleMailingShip,
  consoleMailings,
  consoleShopGoods,
  consoleShopGoodsCreate,
  consoleShopGoodsUpdate,
  consoleShopCategories,
  consoleShopCategoryCreate,
  consoleShopCategoryUpdate,
  consoleShopOrders,
  consoleShopOrderShip,
  listMyCards,
  saveAddress,
} from '@stride/contract';
import { expect } from 'vitest';
import { api, cardHolder, fundUser, idempotencyKey, registerUser, type TestApp } from '../harness.js';
import type { RoleCase } from './case.js';

/** Merchant fixtures, shared by the role cases and the shop and mailings console tests. */

let counter = 0;

export async function category(t: TestApp, name = 'Gear'): Promise<{ id: string; version: number }> {
  counter += 1;
  const row = await t.app.services.admin.shop.saveCategory('setup', { name: `${name} ${counter}` });
  return { id: row.id, version: row.version };
}

export async function goodsItem(t: TestApp, stock = 5): Promise<{ id: string; version: number; categoryId: string }> {
  const { id: categoryId } = await category(t);
  const row = await t.app.services.admin.shop.saveGoods('setup', undefined, {
    categoryId,
    name: 'Water bottle',
    points: 100,
    stock,
    images: ['https://example.com/bottle.png'],
    description: 'Keeps water cold',
  });
  return { id: row.id, version: row.version, categoryId };
}

const ADDRESS = { name: 'Li Na', phone: '13800001111', region: 'Beijing', detail: '1 Walk Street' };

/** A user's goods order paid with points, waiting to ship. */
export async function orderToShip(t: TestApp): Promise<{ id: string; userId: string; token: string }> {
  const goods = await goodsItem(t);
  const user = await registerUser(t);
  await fundUser(t, user.userId, 1_000, 'POINTS');
  const address = await api(t, saveAddress, { token: user.token, body: ADDRESS });
  const order = await api(t, confirmOrder, {
    token: user.token,
    body: { goodsId: goods.id, quantity: 1, addressId: address.data.id, idempotencyKey: idempotencyKey() },
  });
  expect(order.code, order.message).toBe(CODES.OK);
  return { id: order.data.id, userId: user.userId, token: user.token };
}

/** A member card holder's physical card mailing, requested and waiting to ship. */
export async function mailingToShip(t: TestApp): Promise<{ id: string; userId: string; token: string }> {
  const { bought, planId: _planId, ...user } = await cardHolder(t, { cash: 100_000, plan: { days: 30 } });
  expect(bought.code, bought.message).toBe(CODES.OK);
  const cards = await api(t, listMyCards, { token: user.token });
  const address = await api(t, saveAddress, { token: user.token, body: ADDRESS });
  const mailing = await api(t, applyCardMailing, {
    token: user.token,
    body: { cardId: cards.data[0]?.id ?? '', addressId: address.data.id },
  });
  expect(mailing.code, mailing.message).toBe(CODES.OK);
  return { id: mailing.data.id, userId: user.userId, token: user.token };
}

const SHIPMENT = { carrier: 'SF Express', trackingNumber: 'SF1234567890' };

/** The merchant's console: categories, goods, goods orders and card mailings to ship. */
export const MERCHANT_CASES: readonly RoleCase[] = [
  { endpoint: consoleShopCategories, input: async (t) => (await category(t), {}) },
  { endpoint: consoleShopCategoryCreate, input: () => Promise.resolve({ body: { name: 'Towels' } }) },
  {
    endpoint: consoleShopCategoryUpdate,
    input: async (t) => {
      const { id, version } = await category(t);
      return { params: { id }, body: { version, name: 'Renamed', active: false } };
    },
  },
  { endpoint: consoleShopGoods, input: async (t) => (await goodsItem(t), { query: {} }) },
  {
    endpoint: consoleShopGoodsCreate,
    input: async (t) => ({ body: { categoryId: (await category(t)).id, name: 'Cap', points: 300, stock: 4 } }),
  },
  {
    endpoint: consoleShopGoodsUpdate,
    input: async (t) => {
      const { id, version } = await goodsItem(t);
      return { params: { id }, body: { version, stock: 9, onSale: false } };
    },
  },
  { endpoint: consoleShopOrders, input: async (t) => (await orderToShip(t), { query: {} }) },
  {
    endpoint: consoleShopOrderShip,
    input: async (t) => ({ params: { id: (await orderToShip(t)).id }, body: SHIPMENT }),
  },
  { endpoint: consoleMailings, input: async (t) => (await mailingToShip(t), { query: {} }) },
  {
    endpoint: consoleMailingShip,
    input: async (t) => ({ params: { id: (await mailingToShip(t)).id }, body: SHIPMENT }),
  },
];
