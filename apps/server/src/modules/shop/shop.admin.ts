import { randomUUID } from 'node:crypto';
import type { Goods, GoodsOrder, GoodsOrderStatus } from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { isAllowedImageUrl } from '../../lib/image-url.js';
import { OperatorError } from '../operators/operator-error.js';
import type { OperatorsService } from '../operators/operators.service.js';
import type { CategoryRow, ShopRepository } from './shop.repository.js';
import { toGoods, toGoodsOrder } from './shop.service.js';

export interface GoodsInput {
  categoryId: string;
  name: string;
  points: number;
  stock: number;
  images: string[];
  description: string;
  isActive: boolean;
}

/** Operators' side of the shop: shipping and completing goods orders, the catalogue. */
export class ShopAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: ShopRepository,
    private readonly operators: OperatorsService,
    private readonly clock: Clock,
  ) {}

  listOrdersForOperators(status: string | undefined, limit = 100) {
    return this.repository.listOrders(this.db, { status }, { limit, offset: 0 });
  }

  shipOrder(
    operator: string,
    orderId: string,
    shipment: { carrier: string; trackingNumber: string },
  ): Promise<GoodsOrder> {
    return this.move(operator, orderId, 'to_ship', 'shipped', (now) => ({
      status: 'shipped',
      carrier: shipment.carrier,
      tracking_number: shipment.trackingNumber,
      shipped_at: now,
    }));
  }

  completeOrder(operator: string, orderId: string): Promise<GoodsOrder> {
    return this.move(operator, orderId, 'shipped', 'completed', (now) => ({
      status: 'completed',
      completed_at: now,
    }));
  }

  private move(
    operator: string,
    orderId: string,
    from: GoodsOrderStatus,
    to: GoodsOrderStatus,
    values: (now: number) => Parameters<ShopRepository['transition']>[3],
  ): Promise<GoodsOrder> {
    return this.operators.changeState({
      operator,
      change: (trx, now) => this.repository.transition(trx, orderId, from, values(now)),
      reread: (trx) => this.repository.findOrder(trx, orderId),
      missing: `No goods order ${orderId}`,
      lost: (current) => `Goods order ${orderId} is ${current.status}, not ${from}`,
      apply: async (trx) => {
        const updated = await this.repository.findOrder(trx, orderId);
        if (!updated) throw new OperatorError(`No goods order ${orderId}`);
        return toGoodsOrder(updated);
      },
      record: (_order, now) => {
        const change = values(now);
        return {
          action: `goods-order.${to}`,
          subjectType: 'goods-order',
          subjectId: orderId,
          detail: {
            from,
            to,
            carrier: change.carrier ?? undefined,
            trackingNumber: change.tracking_number ?? undefined,
          },
        };
      },
    });
  }

  listCategoriesForOperators() {
    return this.repository.listCategories(this.db, { includeInactive: true });
  }

  listGoodsForOperators(limit = 500) {
    return this.repository.listGoods(this.db, { includeInactive: true }, { limit, offset: 0 });
  }

  async saveCategory(
    operator: string,
    input: {
      id?: string | undefined;
      name?: string | undefined;
      position?: number | undefined;
      isActive?: boolean | undefined;
    },
  ): Promise<CategoryRow> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      let id = input.id;
      if (id) {
        const current = await this.repository.findCategory(trx, id);
        if (!current) throw new OperatorError(`No category ${id}`);
        await this.repository.updateCategory(trx, id, {
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.position === undefined ? {} : { position: input.position }),
          ...(input.isActive === undefined ? {} : { is_active: input.isActive ? 1 : 0 }),
        });
      } else {
        if (!input.name) throw new OperatorError('A new category needs --name.');
        id = randomUUID();
        await this.repository.insertCategory(trx, {
          id,
          name: input.name,
          position: input.position ?? 0,
          is_active: input.isActive === false ? 0 : 1,
          created_at: now,
        });
      }
      await this.operators.record(trx, {
        operator,
        action: input.id ? 'category.update' : 'category.create',
        subjectType: 'goods-category',
        subjectId: id,
        detail: { name: input.name, position: input.position, isActive: input.isActive },
        now,
      });
      const saved = await this.repository.findCategory(trx, id);
      if (!saved) throw new OperatorError(`No category ${id}`);
      return saved;
    });
  }

  /** Creates goods (every field needed) or changes the given fields of existing goods. */
  async saveGoods(
    operator: string,
    id: string | undefined,
    input: Partial<GoodsInput> & { position?: number | undefined },
  ): Promise<Goods> {
    for (const image of input.images ?? []) {
      if (!isAllowedImageUrl(image)) throw new OperatorError('Images must be https: URLs or image files.');
    }
    if (input.points !== undefined && (!Number.isSafeInteger(input.points) || input.points < 1)) {
      throw new OperatorError('--points must be a whole number of at least 1.');
    }
    if (input.stock !== undefined && (!Number.isSafeInteger(input.stock) || input.stock < 0)) {
      throw new OperatorError('--stock must be a whole number of at least 0.');
    }
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      if (input.categoryId && !(await this.repository.findCategory(trx, input.categoryId))) {
        throw new OperatorError(`No category ${input.categoryId}`);
      }
      let goodsId = id;
      if (goodsId) {
        if (!(await this.repository.findGoods(trx, goodsId))) throw new OperatorError(`No goods ${goodsId}`);
        await this.repository.updateGoods(trx, goodsId, {
          ...(input.categoryId === undefined ? {} : { category_id: input.categoryId }),
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.points === undefined ? {} : { points: input.points }),
          ...(input.stock === undefined ? {} : { stock: input.stock }),
          ...(input.images === undefined ? {} : { images: JSON.stringify(input.images) }),
          ...(input.description === undefined ? {} : { description: input.description }),
          ...(input.position === undefined ? {} : { position: input.position }),
          ...(input.isActive === undefined ? {} : { is_active: input.isActive ? 1 : 0 }),
          updated_at: now,
        });
      } else {
        const { categoryId, name, points, stock } = input;
        if (!categoryId || !name || points === undefined || stock === undefined) {
          throw new OperatorError('New goods need --category, --name, --points and --stock.');
        }
        goodsId = randomUUID();
        await this.repository.insertGoods(trx, {
          id: goodsId,
          category_id: categoryId,
          name,
          images: JSON.stringify(input.images ?? []),
          points,
          stock,
          description: input.description ?? '',
          position: input.position ?? 0,
          is_active: input.isActive === false ? 0 : 1,
          created_at: now,
          updated_at: now,
        });
      }
      await this.operators.record(trx, {
        operator,
        action: id ? 'goods.update' : 'goods.create',
        subjectType: 'goods',
        subjectId: goodsId,
        detail: {
          name: input.name,
          points: input.points,
          stock: input.stock,
          categoryId: input.categoryId,
          images: input.images?.length,
          isActive: input.isActive,
        },
        now,
      });
      const saved = await this.repository.findGoods(trx, goodsId);
      if (!saved) throw new OperatorError(`No goods ${goodsId}`);
      return toGoods(saved);
    });
  }
}
