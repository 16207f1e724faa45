import { randomUUID } from 'node:crypto';
import type { GoodsOrder } from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { languageColumns, type LanguageInput } from '../../lib/content-language.js';
import { isAllowedImageUrl } from '../../lib/image-url.js';
import { OperatorError } from '../../http/operator-error.js';
import type { AuditService } from '../audit/audit.service.js';
import { NOTIFICATION_PAGES, type NotificationsService } from '../notifications/notifications.service.js';
import { AppError } from '../../http/errors.js';
import { queueOrder } from '../shipping/shipping.js';
import { ShippingAdmin } from '../shipping/shipping.admin.js';
import type { CategoryRow, GoodsOrderWithGoodsRow, GoodsRow, ShopRepository } from './shop.repository.js';
import { GOODS_ORDERS, toGoods, toGoodsOrder } from './shop.service.js';

export interface GoodsInput {
  categoryId: string;
  name: string;
  points: number;
  stock: number;
  images: string[];
  description: string;
  isActive: boolean;
  /** The language of name and description, and the other languages (decision 042 "Content in every language"). */
  languages: LanguageInput;
}

/** Operators' side of the shop: shipping and completing goods orders, the catalogue. */
export class ShopAdmin {
  /** Shipping its orders, the steps every kind of shipment takes. */
  readonly shipping: ShippingAdmin<GoodsOrderWithGoodsRow, GoodsOrder>;

  constructor(
    private readonly db: Db,
    private readonly repository: ShopRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    notifications: NotificationsService,
  ) {
    this.shipping = new ShippingAdmin(audit, notifications, {
      ...GOODS_ORDERS,
      find: (db, id) => repository.findOrder(db, id),
      transition: (db, id, from, values) => repository.transition(db, id, from, values),
      toItem: (row) => toGoodsOrder(row),
      notice: { path: NOTIFICATION_PAGES.goodsOrders, params: (row) => ({ orderId: row.id }) },
    });
  }

  /** Goods orders by status; those waiting to ship oldest first (the console's queue), else newest first. */
  listOrdersForOperators(status: string | undefined, limit = 100, offset = 0) {
    return this.repository.listOrders(this.db, { status }, { limit, offset }, queueOrder(GOODS_ORDERS, status));
  }

  shipOrder(
    operator: string,
    orderId: string,
    shipment: { carrier: string; trackingNumber: string },
  ): Promise<GoodsOrder> {
    return this.shipping.ship(operator, orderId, shipment);
  }

  completeOrder(operator: string, orderId: string): Promise<GoodsOrder> {
    return this.shipping.arrive(operator, orderId);
  }

  listCategoriesForOperators() {
    return this.repository.listCategories(this.db, { includeInactive: true });
  }

  listGoodsForOperators(
    limit = 500,
    filter: { categoryId?: string | undefined; onSale?: boolean | undefined } = {},
    offset = 0,
  ) {
    return this.repository.listGoods(this.db, { includeInactive: true, ...filter }, { limit, offset });
  }

  /**
   * Creates a category, or changes the given fields of one. With `version` (the console), the
   * save is refused with 1017 when someone saved the row since that version; the command line
   * saves over whatever is there. Every save raises the version.
   */
  async saveCategory(
    operator: string,
    input: {
      id?: string | undefined;
      version?: number | undefined;
      name?: string | undefined;
      position?: number | undefined;
      isActive?: boolean | undefined;
      /** The language of the name, and the name in other languages (decision 042 "Content in every language"). */
      languages?: LanguageInput | undefined;
    },
  ): Promise<CategoryRow> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      let id = input.id;
      let before: CategoryRow | undefined;
      if (id) {
        before = await this.repository.findCategory(trx, id);
        if (!before) throw new OperatorError(`No category ${id}`);
        const saved = await this.repository.updateCategoryAt(trx, id, input.version, {
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.position === undefined ? {} : { position: input.position }),
          ...(input.isActive === undefined ? {} : { is_active: input.isActive ? 1 : 0 }),
          ...languageColumns(input.languages ?? {}, before),
        });
        if (!saved) throw new AppError('STALE_EDIT', 'staleEdit');
      } else {
        if (!input.name) throw new OperatorError('A new category needs --name.');
        id = randomUUID();
        await this.repository.insertCategory(trx, {
          id,
          name: input.name,
          position: input.position ?? 0,
          is_active: input.isActive === false ? 0 : 1,
          created_at: now,
          ...languageColumns(input.languages ?? {}),
        });
      }
      const saved = await this.repository.findCategory(trx, id);
      if (!saved) throw new OperatorError(`No category ${id}`);
      await this.audit.record(trx, {
        operator,
        action: input.id ? 'category.update' : 'category.create',
        subjectType: 'goods-category',
        subjectId: id,
        detail: { name: input.name, position: input.position, isActive: input.isActive },
        ...(before ? { before: categoryState(before) } : {}),
        after: categoryState(saved),
        now,
      });
      return saved;
    });
  }

  /**
   * Creates goods (every field needed) or changes the given fields of existing goods. With
   * `version` (the console), the save is refused with 1017 when someone saved the goods since.
   */
  async saveGoods(
    operator: string,
    id: string | undefined,
    input: Partial<GoodsInput> & { position?: number | undefined; version?: number | undefined },
  ): Promise<GoodsRow> {
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
      let before: GoodsRow | undefined;
      if (goodsId) {
        before = await this.repository.findGoods(trx, goodsId);
        if (!before) throw new OperatorError(`No goods ${goodsId}`);
        const saved = await this.repository.updateGoodsAt(trx, goodsId, input.version, {
          ...(input.categoryId === undefined ? {} : { category_id: input.categoryId }),
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.points === undefined ? {} : { points: input.points }),
          ...(input.stock === undefined ? {} : { stock: input.stock }),
          ...(input.images === undefined ? {} : { images: JSON.stringify(input.images) }),
          ...(input.description === undefined ? {} : { description: input.description }),
          ...(input.position === undefined ? {} : { position: input.position }),
          ...(input.isActive === undefined ? {} : { is_active: input.isActive ? 1 : 0 }),
          ...languageColumns(input.languages ?? {}, before),
          updated_at: now,
        });
        if (!saved) throw new AppError('STALE_EDIT', 'staleEdit');
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
          ...languageColumns(input.languages ?? {}),
        });
      }
      const saved = await this.repository.findGoods(trx, goodsId);
      if (!saved) throw new OperatorError(`No goods ${goodsId}`);
      await this.audit.record(trx, {
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
        ...(before ? { before: goodsState(before) } : {}),
        after: goodsState(saved),
        now,
      });
      return saved;
    });
  }
}

/** What the record keeps of a category before and after a save. */
function categoryState(row: CategoryRow): Record<string, unknown> {
  return {
    name: row.name,
    position: row.position,
    active: row.is_active === 1,
    version: row.version,
    defaultLanguage: row.default_language,
    translations: row.translations,
  };
}

/** What the record keeps of goods before and after a save (images by count, not their bytes). */
function goodsState(row: GoodsRow): Record<string, unknown> {
  const images = toGoods(row).images;
  return {
    categoryId: row.category_id,
    name: row.name,
    points: row.points,
    stock: row.stock,
    images: images.map((image) => (image.startsWith('data:') ? 'data:…' : image)),
    description: row.description,
    position: row.position,
    onSale: row.is_active === 1,
    version: row.version,
    defaultLanguage: row.default_language,
    translations: row.translations,
  };
}
