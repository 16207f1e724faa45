import {
  CODES,
  cancelOrder,
  confirmOrder,
  listGoods,
  listGoodsOrders,
  listOrders,
  saveAddress,
  type BodyOf,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  api,
  balanceOf,
  cardHolder,
  fundUser,
  idempotencyKey,
  registerUser,
  useTestApp,
} from '../../../test/harness.js';

const t = useTestApp();

let categoryId = '';
async function goods(points: number, stock: number) {
  if (!categoryId) categoryId = (await t.app.services.admin.shop.saveCategory('test', { name: 'Gear' })).id;
  return t.app.services.admin.shop.saveGoods('test', undefined, {
    categoryId,
    name: `Bottle ${points}/${stock}`,
    points,
    stock,
    images: ['https://example.com/bottle.png'],
    description: 'A bottle',
  });
}

async function shopper(points = 0) {
  const user = await registerUser(t);
  if (points > 0) await fundUser(t, user.userId, points, 'POINTS');
  const address = await api(t, saveAddress, {
    token: user.token,
    body: { name: 'Li Na', phone: '13800001111', region: 'Beijing', detail: '1 Walk Street' },
  });
  return { ...user, addressId: address.data.id };
}

type OrderBody = BodyOf<typeof confirmOrder>;
const order = (token: string, body: Omit<OrderBody, 'quantity' | 'idempotencyKey'> & Partial<OrderBody>) =>
  api(t, confirmOrder, {
    token,
    body: { quantity: 1, idempotencyKey: idempotencyKey(), ...body },
  });
const stockOf = async (goodsId: string) =>
  (await t.db.selectFrom('goods').select('stock').where('id', '=', goodsId).executeTakeFirstOrThrow()).stock;

describe('goods', () => {
  it('lists goods by category with the categories, paged', async () => {
    const { token } = await registerUser(t);
    const item = await goods(300, 3);
    const other = await t.app.services.admin.shop.saveCategory('test', { name: 'Other' });
    await t.app.services.admin.shop.saveGoods('test', undefined, {
      categoryId: other.id,
      name: 'Mug',
      points: 100,
      stock: 1,
      images: [],
      description: '',
    });
    const byCategory = await api(t, listGoods, { token, query: { categoryId: other.id } });
    expect(byCategory.data.items.map((g) => g.name)).toEqual(['Mug']);
    expect(byCategory.data.categories.map((c) => c.name)).toEqual(expect.arrayContaining(['Gear', 'Other']));
    const all = await api(t, listGoods, { token, query: { pageSize: '1' } });
    expect(all.data.items).toHaveLength(1);
    expect(all.data.total).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(item.images)).toEqual(['https://example.com/bottle.png']);
  });
});

describe('placing an order', () => {
  it('debits the points and the stock together, and a replay of the key answers the first order', async () => {
    const item = await goods(400, 10);
    const user = await shopper(1_000);
    const key = idempotencyKey();
    const first = await order(user.token, {
      goodsId: item.id,
      quantity: 2,
      addressId: user.addressId,
      idempotencyKey: key,
    });
    expect(first).toMatchObject({
      code: CODES.OK,
      data: { status: 'to_ship', points: 800, quantity: 2, address: { name: 'Li Na', region: 'Beijing' } },
    });
    const replay = await order(user.token, {
      goodsId: item.id,
      quantity: 2,
      addressId: user.addressId,
      idempotencyKey: key,
    });
    expect(replay.data.id).toBe(first.data.id);
    const reuse = await order(user.token, {
      goodsId: item.id,
      quantity: 1,
      addressId: user.addressId,
      idempotencyKey: key,
    });
    expect(reuse.code).toBe(CODES.CONFLICT);
    expect(await balanceOf(t, user.userId, 'POINTS')).toBe(200);
    expect(await stockOf(item.id)).toBe(8);
  });

  it('with stock 5, 20 parallel orders: exactly 5 succeed and the stock ends at 0', async () => {
    const item = await goods(100, 5);
    const users: Awaited<ReturnType<typeof shopper>>[] = [];
    for (let i = 0; i < 4; i += 1) users.push(await shopper(10_000));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const user = users[i % users.length]!;
        return order(user.token, { goodsId: item.id, addressId: user.addressId });
      }),
    );
    expect(results.filter((r) => r.code === CODES.OK)).toHaveLength(5);
    expect(results.filter((r) => r.code !== CODES.OK).every((r) => r.code === CODES.BUSINESS_RULE)).toBe(true);
    expect(await stockOf(item.id)).toBe(0);
    let spent = 0;
    for (const user of users) spent += 10_000 - (await balanceOf(t, user.userId, 'POINTS'));
    expect(spent).toBe(500);
  });

  it('parallel orders never overdraw the points: a balance for 3 buys exactly 3', async () => {
    const item = await goods(300, 100);
    const user = await shopper(900);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => order(user.token, { goodsId: item.id, addressId: user.addressId })),
    );
    expect(results.filter((r) => r.code === CODES.OK)).toHaveLength(3);
    const refused = results.filter((r) => r.code !== CODES.OK);
    expect(refused.every((r) => r.code === CODES.INSUFFICIENT_FUNDS)).toBe(true);
    expect(new Set(refused.map((r) => r.message))).toEqual(new Set(['You do not have enough points']));
    expect(await balanceOf(t, user.userId, 'POINTS')).toBe(0);
    // A refused order gives its stock back with the rolled-back transaction.
    expect(await stockOf(item.id)).toBe(97);
  });

  it("refuses an order to another user's address as not found, and nothing moves", async () => {
    const item = await goods(100, 5);
    const owner = await shopper();
    const buyer = await shopper(1_000);
    const refused = await order(buyer.token, { goodsId: item.id, addressId: owner.addressId });
    const missing = await order(buyer.token, { goodsId: item.id, addressId: 'no-such-address' });
    expect(refused).toMatchObject({ code: CODES.NOT_FOUND, data: null });
    expect(refused.message).toBe(missing.message);
    expect(await balanceOf(t, buyer.userId, 'POINTS')).toBe(1_000);
    expect(await stockOf(item.id)).toBe(5);
  });

  it('answers not found for unknown goods and refuses a quantity beyond the stock', async () => {
    const item = await goods(100, 2);
    const user = await shopper(1_000);
    expect((await order(user.token, { goodsId: 'nope', addressId: user.addressId })).code).toBe(CODES.NOT_FOUND);
    const tooMany = await order(user.token, { goodsId: item.id, quantity: 3, addressId: user.addressId });
    expect(tooMany).toMatchObject({ code: CODES.BUSINESS_RULE, message: 'Not enough stock left for this quantity' });
    expect(await balanceOf(t, user.userId, 'POINTS')).toBe(1_000);
  });
});

describe('cancelling', () => {
  it('refunds once and restores the stock once, however often it is called', async () => {
    const item = await goods(250, 4);
    const user = await shopper(1_000);
    const placed = await order(user.token, { goodsId: item.id, quantity: 2, addressId: user.addressId });
    expect(await balanceOf(t, user.userId, 'POINTS')).toBe(500);
    const cancels = await Promise.all(
      Array.from({ length: 3 }, () => api(t, cancelOrder, { token: user.token, body: { orderId: placed.data.id } })),
    );
    expect(cancels.every((c) => c.code === CODES.OK && c.data.status === 'cancelled')).toBe(true);
    const again = await api(t, cancelOrder, {
      token: user.token,
      body: { orderId: placed.data.id },
    });
    expect(again.data.status).toBe('cancelled');
    expect(await balanceOf(t, user.userId, 'POINTS')).toBe(1_000);
    expect(await stockOf(item.id)).toBe(4);
    const refunds = await t.db.selectFrom('ledger_transfers').select('id').where('kind', '=', 'shop.refund').execute();
    const mine = await t.db
      .selectFrom('goods_orders')
      .select('refund_transfer_id')
      .where('id', '=', placed.data.id)
      .executeTakeFirstOrThrow();
    expect(refunds.filter((r) => r.id === mine.refund_transfer_id)).toHaveLength(1);
  });

  it('is refused once shipped, and another user cannot cancel (not found)', async () => {
    const item = await goods(100, 4);
    const user = await shopper(1_000);
    const other = await shopper();
    const placed = await order(user.token, { goodsId: item.id, addressId: user.addressId });
    const foreign = await api(t, cancelOrder, {
      token: other.token,
      body: { orderId: placed.data.id },
    });
    expect(foreign.code).toBe(CODES.NOT_FOUND);
    await t.app.services.admin.shop.shipOrder('test', placed.data.id, { carrier: 'SF', trackingNumber: 'SF123' });
    const late = await api(t, cancelOrder, {
      token: user.token,
      body: { orderId: placed.data.id },
    });
    expect(late).toMatchObject({ code: CODES.BUSINESS_RULE });
    expect(await balanceOf(t, user.userId, 'POINTS')).toBe(900);
    const list = await api(t, listGoodsOrders, {
      token: user.token,
      query: { status: 'shipped' },
    });
    expect(list.data.items).toEqual([
      expect.objectContaining({ id: placed.data.id, carrier: 'SF', trackingNumber: 'SF123' }),
    ]);
  });
});

describe('order lists', () => {
  it('answer only my own orders: goods and membership together, newest first, by status and kind', async () => {
    const item = await goods(100, 50);
    const me = await shopper(1_000);
    const other = await shopper(1_000);
    const first = await order(me.token, { goodsId: item.id, addressId: me.addressId });
    t.clock.advance(1_000);
    const { bought } = await cardHolder(t, { cash: 50_000, user: me });
    expect(bought.code).toBe(CODES.OK);
    t.clock.advance(1_000);
    const second = await order(me.token, { goodsId: item.id, addressId: me.addressId });
    await api(t, cancelOrder, { token: me.token, body: { orderId: second.data.id } });
    await order(other.token, { goodsId: item.id, addressId: other.addressId });

    const all = await api(t, listOrders, {
      token: me.token,
    });
    expect(all.data.items.map((o) => [o.id, o.kind, o.status])).toEqual([
      [second.data.id, 'goods', 'cancelled'],
      [bought.data.id, 'membership', 'paid'],
      [first.data.id, 'goods', 'to_ship'],
    ]);
    expect(all.data.total).toBe(3);
    const goodsOnly = await api(t, listOrders, {
      token: me.token,
      query: { kind: 'goods' },
    });
    expect(goodsOnly.data.items.map((o) => o.id)).toEqual([second.data.id, first.data.id]);
    const cancelled = await api(t, listOrders, {
      token: me.token,
      query: { status: 'cancelled' },
    });
    expect(cancelled.data.items.map((o) => o.id)).toEqual([second.data.id]);
    const mine = await api(t, listGoodsOrders, { token: me.token });
    expect(mine.data.items.map((o) => o.id)).toEqual([second.data.id, first.data.id]);
    const theirs = await api(t, listGoodsOrders, { token: other.token });
    expect(theirs.data.items.map((o) => o.id)).not.toContain(first.data.id);
    expect(theirs.data.total).toBe(1);
  });
});
