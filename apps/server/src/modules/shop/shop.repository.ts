import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { newestFirst, oldestFirst, pageOf, updatedOne } from '../../db/queries.js';
import type { GoodsCategoriesTable, GoodsOrdersTable, GoodsTable } from '../../db/schema.js';
import { ShipmentQueries } from '../shipping/shipping.queries.js';

export type CategoryRow = Selectable<GoodsCategoriesTable>;
export type GoodsRow = Selectable<GoodsTable>;
export type GoodsOrderRow = GoodsOrdersTable;
export type GoodsOrderWithGoodsRow = GoodsOrderRow & { goods: GoodsRow };

/** One line of "all my orders": membership and goods orders share these columns. */
export interface OrderLineRow {
  id: string;
  kind: 'membership' | 'goods';
  title: string;
  status: string;
  amount: number;
  points: number;
  quantity: number;
  created_at: number;
  /** The plan's or goods' languages, for `title` (decision 042 "Content in every language"). */
  default_language: string;
  translations: string;
}

/** The catalogue, and goods orders: the shipments' shared queries (status moves, counts, export, erasure) and more. */
export class ShopRepository extends ShipmentQueries<'goods_orders'> {
  constructor() {
    super('goods_orders', 'to_ship', {
      own: ['goods_id', 'quantity', 'points'],
      later: ['completed_at', 'cancelled_at'],
    });
  }

  /**
   * The goods order each transfer paid or refunded (the points statement's links, decision 081 "One points statement").
   */
  async orderIdsByTransfer(db: Executor, transferIds: readonly string[]): Promise<Map<string, string>> {
    const links = new Map<string, string>();
    if (transferIds.length === 0) return links;
    const rows = await db
      .selectFrom('goods_orders')
      .select(['id', 'transfer_id', 'refund_transfer_id'])
      .where((eb) => eb.or([eb('transfer_id', 'in', transferIds), eb('refund_transfer_id', 'in', transferIds)]))
      .execute();
    for (const row of rows) {
      links.set(row.transfer_id, row.id);
      if (row.refund_transfer_id !== null) links.set(row.refund_transfer_id, row.id);
    }
    return links;
  }

  listCategories(db: Executor, options: { includeInactive?: boolean } = {}): Promise<CategoryRow[]> {
    let query = db.selectFrom('goods_categories').selectAll();
    if (!options.includeInactive) query = query.where('is_active', '=', 1);
    return query.orderBy('position').orderBy('created_at').execute();
  }

  findCategory(db: Executor, id: string): Promise<CategoryRow | undefined> {
    return db.selectFrom('goods_categories').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertCategory(db: Executor, row: Insertable<GoodsCategoriesTable>): Promise<void> {
    await db.insertInto('goods_categories').values(row).execute();
  }

  async updateCategory(db: Executor, id: string, values: Updateable<GoodsCategoriesTable>): Promise<void> {
    await db.updateTable('goods_categories').set(values).where('id', '=', id).execute();
  }

  /** An operator's save: the given fields and version + 1, only if the row is still at `version`. */
  async updateCategoryAt(
    db: Executor,
    id: string,
    version: number | undefined,
    values: Updateable<GoodsCategoriesTable>,
  ): Promise<boolean> {
    let query = db
      .updateTable('goods_categories')
      .set({ ...values, version: sql`version + 1` })
      .where('id', '=', id);
    if (version !== undefined) query = query.where('version', '=', version);
    return updatedOne(query);
  }

  /** Active goods in active categories, by position. */
  listGoods(
    db: Executor,
    filter: { categoryId?: string | undefined; includeInactive?: boolean; onSale?: boolean | undefined },
    page: { limit: number; offset: number },
  ): Promise<{ rows: GoodsRow[]; total: number }> {
    let query = db.selectFrom('goods as g').innerJoin('goods_categories as c', 'c.id', 'g.category_id');
    if (!filter.includeInactive) query = query.where('g.is_active', '=', 1).where('c.is_active', '=', 1);
    if (filter.onSale !== undefined) query = query.where('g.is_active', '=', filter.onSale ? 1 : 0);
    if (filter.categoryId) query = query.where('g.category_id', '=', filter.categoryId);
    return pageOf(query, page, (found) =>
      oldestFirst(found.selectAll('g').orderBy('c.position').orderBy('g.position'), 'g.created_at', 'g.id'),
    );
  }

  findGoods(db: Executor, id: string): Promise<GoodsRow | undefined> {
    return db.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertGoods(db: Executor, row: Insertable<GoodsTable>): Promise<void> {
    await db.insertInto('goods').values(row).execute();
  }

  /** An operator's save: the given fields and version + 1, only if the row is still at `version`. */
  async updateGoodsAt(
    db: Executor,
    id: string,
    version: number | undefined,
    values: Updateable<GoodsTable>,
  ): Promise<boolean> {
    let query = db
      .updateTable('goods')
      .set({ ...values, version: sql`version + 1` })
      .where('id', '=', id);
    if (version !== undefined) query = query.where('version', '=', version);
    return updatedOne(query);
  }

  /**
   * Takes `quantity` from stock only if that much is there: the check and the write are one
   * statement (and take the row's lock), so parallel orders can never oversell.
   */
  async takeStock(db: Executor, goodsId: string, quantity: number): Promise<boolean> {
    const row = await db
      .updateTable('goods')
      .set({ stock: sql`stock - ${quantity}` })
      .where('id', '=', goodsId)
      .where('is_active', '=', 1)
      .where(sql<boolean>`stock >= ${quantity}`)
      .returning('stock')
      .executeTakeFirst();
    return row !== undefined;
  }

  async returnStock(db: Executor, goodsId: string, quantity: number): Promise<void> {
    await db
      .updateTable('goods')
      .set({ stock: sql`stock + ${quantity}` })
      .where('id', '=', goodsId)
      .execute();
  }

  findOrderByKey(db: Executor, key: string): Promise<GoodsOrderRow | undefined> {
    return db.selectFrom('goods_orders').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
  }

  async insertOrder(db: Executor, row: GoodsOrderRow): Promise<void> {
    await db.insertInto('goods_orders').values(row).execute();
  }

  async findOrder(db: Executor, id: string): Promise<GoodsOrderWithGoodsRow | undefined> {
    const row = await db.selectFrom('goods_orders').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const goods = await this.findGoods(db, row.goods_id);
    return goods ? { ...row, goods } : undefined;
  }

  async listOrders(
    db: Executor,
    filter: { userId?: string | undefined; status?: string | undefined },
    page: { limit: number; offset: number },
    order: 'desc' | 'asc' = 'desc',
  ): Promise<{ rows: GoodsOrderWithGoodsRow[]; total: number }> {
    let query = db.selectFrom('goods_orders');
    if (filter.userId) query = query.where('user_id', '=', filter.userId);
    if (filter.status) query = query.where('status', '=', filter.status);
    const [rows, total] = await Promise.all([
      query
        .selectAll()
        .orderBy('created_at', order)
        .orderBy('id', order)
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      this.count(db, filter),
    ]);
    const goodsIds = [...new Set(rows.map((row) => row.goods_id))];
    const goods =
      goodsIds.length === 0 ? [] : await db.selectFrom('goods').selectAll().where('id', 'in', goodsIds).execute();
    const byId = new Map(goods.map((item) => [item.id, item]));
    return {
      rows: rows.flatMap((row) => {
        const item = byId.get(row.goods_id);
        return item ? [{ ...row, goods: item }] : [];
      }),
      total,
    };
  }

  /** Membership and goods orders of one user, newest first, in one query (a union). */
  async listOrderLines(
    db: Executor,
    filter: { userId: string; status?: string | undefined; kind?: 'membership' | 'goods' | undefined },
    page: { limit: number; offset: number },
  ): Promise<{ rows: OrderLineRow[]; total: number }> {
    const membership = db
      .selectFrom('membership_orders as o')
      .innerJoin('card_plans as p', 'p.id', 'o.plan_id')
      .where('o.user_id', '=', filter.userId)
      .select([
        'o.id as id',
        sql<'membership' | 'goods'>`'membership'`.as('kind'),
        'p.name as title',
        'p.default_language as default_language',
        'p.translations as translations',
        'o.status as status',
        'o.amount as amount',
        sql<number>`0`.as('points'),
        sql<number>`1`.as('quantity'),
        'o.created_at as created_at',
      ]);
    const goods = db
      .selectFrom('goods_orders as o')
      .innerJoin('goods as g', 'g.id', 'o.goods_id')
      .where('o.user_id', '=', filter.userId)
      .select([
        'o.id as id',
        sql<'membership' | 'goods'>`'goods'`.as('kind'),
        'g.name as title',
        'g.default_language as default_language',
        'g.translations as translations',
        'o.status as status',
        sql<number>`0`.as('amount'),
        'o.points as points',
        'o.quantity as quantity',
        'o.created_at as created_at',
      ]);
    const union =
      filter.kind === 'membership' ? membership : filter.kind === 'goods' ? goods : membership.unionAll(goods);
    let query = db.selectFrom(union.as('lines'));
    if (filter.status) query = query.where('lines.status', '=', filter.status);
    const { rows, total } = await pageOf(query, page, (found) =>
      newestFirst(found.selectAll(), 'lines.created_at', 'lines.id'),
    );
    return {
      rows: rows.map((row) => ({
        ...row,
        amount: Number(row.amount),
        points: Number(row.points),
        quantity: Number(row.quantity),
      })),
      total,
    };
  }
}
