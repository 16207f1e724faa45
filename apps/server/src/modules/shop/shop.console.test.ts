import {
  CODES,
  consoleShopCategoryCreate,
  consoleShopCategories,
  consoleShopCategoryUpdate,
  consoleShopGoodsCreate,
  consoleShopGoods,
  consoleShopGoodsUpdate,
  consoleShopOrders,
  consoleShopOrderShip,
  listGoods,
  listGoodsOrders,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, lastConsoleRecord, signIn } from '../../../test/console.js';
import { category, goodsItem, orderToShip } from '../../../test/console-roles/merchant.js';
import { api, raw, registerUser, useTestApp } from '../../../test/harness.js';

const t = useTestApp();

const goodsRow = (id: string) => t.db.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('categories in the merchant console', () => {
  it('creates, lists and edits a category, with the version raised and the record kept', async () => {
    const merchant = await signIn(t, ['merchant']);
    const created = await consoleApi(t, merchant, consoleShopCategoryCreate, {
      body: { name: '  Bottles ', position: 3 },
    });
    expect(created.data).toMatchObject({ name: 'Bottles', position: 3, active: true, version: 1 });
    const id = created.data.id;

    const list = await consoleApi(t, merchant, consoleShopCategories);
    expect(list.data.find((row) => row.id === id)).toMatchObject({ name: 'Bottles', version: 1 });

    const edited = await consoleApi(t, merchant, consoleShopCategoryUpdate, {
      params: { id },
      body: { version: 1, name: 'Flasks', active: false },
    });
    expect(edited.data).toMatchObject({ name: 'Flasks', position: 3, active: false, version: 2 });
    const record = await lastConsoleRecord(t, merchant, 'category.update', { type: 'goods-category', id });
    expect(JSON.parse(record?.before ?? '{}')).toMatchObject({ name: 'Bottles', active: true, version: 1 });
    expect(JSON.parse(record?.after ?? '{}')).toMatchObject({ name: 'Flasks', active: false, version: 2 });

    // The old version is stale now: refused, and nothing changes.
    const stale = await consoleApi(t, merchant, consoleShopCategoryUpdate, {
      params: { id },
      body: { version: 1, name: 'Jugs' },
    });
    expect(stale.code).toBe(CODES.STALE_EDIT);
    expect(stale.message).toBe('Someone changed this meanwhile. Reload it and make your change again.');
    expect((await consoleApi(t, merchant, consoleShopCategories)).data.find((row) => row.id === id)?.name).toBe(
      'Flasks',
    );
  });

  it('refuses a blank or overlong name and an unknown category, with the field named', async () => {
    const merchant = await signIn(t, ['merchant']);
    const blank = await consoleApi(t, merchant, consoleShopCategoryCreate, { body: { name: '   ' } });
    expect(blank.code).toBe(CODES.VALIDATION_FAILED);
    expect(blank.message).toBe('Name: is required');
    const long = await consoleApi(t, merchant, consoleShopCategoryCreate, { body: { name: 'x'.repeat(65) } });
    expect(long.message).toBe('Name: must be at most 64 characters');
    const missing = await consoleApi(t, merchant, consoleShopCategoryUpdate, {
      params: { id: 'no-such-category' },
      body: { version: 1, name: 'X' },
    });
    expect(missing.code).toBe(CODES.BUSINESS_RULE);
    expect(missing.message).toBe('No category no-such-category');
  });
});

describe('goods in the merchant console', () => {
  it('creates goods with an uploaded image; the shop lists them while on sale and not after', async () => {
    const merchant = await signIn(t, ['merchant']);
    const { id: categoryId } = await category(t);
    const image = `/media/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.jpg`;
    const created = await consoleApi(t, merchant, consoleShopGoodsCreate, {
      body: {
        categoryId,
        name: 'Towel',
        description: 'Soft\nand quick to dry',
        points: 800,
        stock: 12,
        images: [image],
      },
    });
    expect(created.code, created.message).toBe(CODES.OK);
    expect(created.data).toMatchObject({
      name: 'Towel',
      points: 800,
      stock: 12,
      images: [image],
      onSale: true,
      version: 1,
    });
    const [record] = await t.app.services.audit.list(1);
    expect(record).toMatchObject({ action: 'goods.create', subject_id: created.data.id, source: 'console' });
    expect(record?.before).toBeNull();
    expect(JSON.parse(record?.after ?? '{}')).toMatchObject({ name: 'Towel', points: 800, onSale: true });

    const user = await registerUser(t);
    const shopList = () => api(t, listGoods, { token: user.token, query: { categoryId } });
    expect((await shopList()).data.items.map((row) => row.id)).toEqual([created.data.id]);

    const off = await consoleApi(t, merchant, consoleShopGoodsUpdate, {
      params: { id: created.data.id },
      body: { version: 1, onSale: false },
    });
    expect(off.data).toMatchObject({ onSale: false, version: 2, name: 'Towel' });
    expect((await shopList()).data.items).toEqual([]);

    // The console's list filters by category and by on sale, paged.
    const offSale = await consoleApi(t, merchant, consoleShopGoods, {
      query: { categoryId, onSale: 'false', pageSize: 5 },
    });
    expect(offSale.data).toMatchObject({ total: 1, page: 1, pageSize: 5, hasMore: false });
    expect(offSale.data.items[0]?.id).toBe(created.data.id);
    expect(offSale.data.items[0]?.categoryName).toMatch(/^Gear/);
    const onSale = await consoleApi(t, merchant, consoleShopGoods, { query: { categoryId, onSale: 'true' } });
    expect(onSale.data.total).toBe(0);
  });

  it('two operators edit the same goods: the second is refused with 1017 and the row keeps the first edit', async () => {
    const first = await signIn(t, ['merchant']);
    const second = await signIn(t, ['merchant']);
    const goods = await goodsItem(t);
    // Both opened the goods at the same version.
    const read = await consoleApi(t, first, consoleShopGoods, { query: { categoryId: goods.categoryId } });
    const version = read.data.items[0]?.version ?? 0;
    expect(version).toBe(goods.version);

    const won = await consoleApi(t, first, consoleShopGoodsUpdate, {
      params: { id: goods.id },
      body: { version, name: 'Steel bottle', points: 150 },
    });
    expect(won.code).toBe(CODES.OK);
    const actions = (await t.app.services.audit.list(1000)).length;
    const lost = await consoleApi(t, second, consoleShopGoodsUpdate, {
      params: { id: goods.id },
      body: { version, name: 'Glass bottle', stock: 0 },
    });
    expect(lost.code).toBe(CODES.STALE_EDIT);
    expect(await goodsRow(goods.id)).toMatchObject({
      name: 'Steel bottle',
      points: 150,
      stock: 5,
      version: version + 1,
    });
    expect((await t.app.services.audit.list(1000)).length).toBe(actions);
  });

  it('two saves of the same version at the same moment: exactly one wins, the other gets 1017', async () => {
    const first = await signIn(t, ['merchant']);
    const second = await signIn(t, ['merchant']);
    const goods = await goodsItem(t);
    const answers = await Promise.all([
      consoleApi(t, first, consoleShopGoodsUpdate, {
        params: { id: goods.id },
        body: { version: goods.version, name: 'First' },
      }),
      consoleApi(t, second, consoleShopGoodsUpdate, {
        params: { id: goods.id },
        body: { version: goods.version, name: 'Second' },
      }),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([CODES.OK, CODES.STALE_EDIT]);
    const winner = answers.find((answer) => answer.code === CODES.OK);
    expect(await goodsRow(goods.id)).toMatchObject({ name: winner?.data.name, version: goods.version + 1 });
  });

  it('a command-line save also moves the version, so a console edit read before it is stale', async () => {
    const merchant = await signIn(t, ['merchant']);
    const goods = await goodsItem(t);
    await t.app.services.admin.shop.saveGoods('cli-op', goods.id, { stock: 50 });
    const stale = await consoleApi(t, merchant, consoleShopGoodsUpdate, {
      params: { id: goods.id },
      body: { version: goods.version, stock: 1 },
    });
    expect(stale.code).toBe(CODES.STALE_EDIT);
    expect((await goodsRow(goods.id)).stock).toBe(50);
  });

  it('validates goods by the contract, naming the field', async () => {
    const merchant = await signIn(t, ['merchant']);
    const { id: categoryId } = await category(t);
    const base = { categoryId, name: 'Cap', points: 100, stock: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ points: 0 }, 'points: must be at least 1'],
      [{ points: 1.5 }, 'points: must be a whole number'],
      [{ stock: -1 }, 'stock: must be at least 0'],
      [{ images: ['javascript:alert(1)'] }, 'images.0: must be an uploaded image or an https: address'],
      [{ images: ['http://example.com/a.png'] }, 'images.0: must be an uploaded image or an https: address'],
      [{ name: 'x'.repeat(101) }, 'Name: must be at most 100 characters'],
    ];
    for (const [change, message] of cases) {
      const answer = await consoleApi(t, merchant, consoleShopGoodsCreate, { body: raw({ ...base, ...change }) });
      expect(answer.code, message).toBe(CODES.VALIDATION_FAILED);
      expect(answer.message).toContain(message);
    }
    const unknown = await consoleApi(t, merchant, consoleShopGoodsCreate, {
      body: { ...base, categoryId: 'no-such-category' },
    });
    expect(unknown.code).toBe(CODES.BUSINESS_RULE);
    expect(unknown.message).toBe('No category no-such-category');
  });
});

describe('goods orders to ship in the merchant console', () => {
  it('lists the queue with addresses (a recorded look), ships once, and the user sees the tracking number', async () => {
    const merchant = await signIn(t, ['merchant']);
    const order = await orderToShip(t);
    // The setup's own records share the clock's instant; the look comes a moment later.
    t.clock.advance(1);
    const queue = await consoleApi(t, merchant, consoleShopOrders, { query: { status: 'to_ship' } });
    const row = queue.data.items.find((item) => item.id === order.id);
    expect(row).toMatchObject({
      userId: order.userId,
      // The console names the buyer by the masked mobile number (decision 080 "A console a new operator can read").
      userMobileMasked: expect.stringMatching(/^\d{3}\*+\d{4}$/) as unknown,
      status: 'to_ship',
      address: { name: 'Li Na', region: 'Beijing' },
    });
    const look = await lastConsoleRecord(t, merchant, 'goods-order.view-queue', { type: 'goods-order', id: 'to_ship' });
    expect((JSON.parse(look?.detail ?? '{}') as { orderIds: string[] }).orderIds).toContain(order.id);

    const shipped = await consoleApi(t, merchant, consoleShopOrderShip, {
      params: { id: order.id },
      body: { carrier: 'SF Express', trackingNumber: 'SF1234567890' },
    });
    expect(shipped.data).toMatchObject({ status: 'shipped', carrier: 'SF Express', trackingNumber: 'SF1234567890' });
    const [record] = await t.app.services.audit.list(1);
    expect(record).toMatchObject({
      action: 'goods-order.shipped',
      subject_id: order.id,
      operator_id: merchant.operatorId,
    });
    expect(JSON.parse(record?.before ?? '{}')).toEqual({ status: 'to_ship' });
    expect(JSON.parse(record?.after ?? '{}')).toEqual({
      status: 'shipped',
      carrier: 'SF Express',
      trackingNumber: 'SF1234567890',
    });

    // A second ship (another operator, or the same click twice) is refused with what happened.
    const other = await signIn(t, ['merchant']);
    const again = await consoleApi(t, other, consoleShopOrderShip, {
      params: { id: order.id },
      body: { carrier: 'EMS', trackingNumber: 'EMS1' },
    });
    expect(again.code).toBe(CODES.BUSINESS_RULE);
    expect(again.message).toBe(`Goods order ${order.id} is shipped, not to_ship`);

    const mine = await api(t, listGoodsOrders, { token: order.token });
    expect(mine.data.items[0]).toMatchObject({
      status: 'shipped',
      carrier: 'SF Express',
      trackingNumber: 'SF1234567890',
    });
    const shippedList = await consoleApi(t, merchant, consoleShopOrders, { query: { status: 'shipped' } });
    expect(shippedList.data.items.map((item) => item.id)).toContain(order.id);
    const waiting = await consoleApi(t, merchant, consoleShopOrders, { query: {} });
    expect(waiting.data.items.map((item) => item.id)).not.toContain(order.id);
  });

  it('refuses a tracking number with spaces or symbols, and a blank carrier', async () => {
    const merchant = await signIn(t, ['merchant']);
    const order = await orderToShip(t);
    const bad = await consoleApi(t, merchant, consoleShopOrderShip, {
      params: { id: order.id },
      body: { carrier: ' ', trackingNumber: 'SF 12<3>' },
    });
    expect(bad.code).toBe(CODES.VALIDATION_FAILED);
    expect(bad.message).toContain('trackingNumber: letters, digits and hyphens only');
  });
});
