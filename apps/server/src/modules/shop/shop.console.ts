import {
  consoleShopCategories,
  consoleShopCategoryCreate,
  consoleShopCategoryUpdate,
  consoleShopGoods,
  consoleShopGoodsCreate,
  consoleShopGoodsUpdate,
  consoleShopOrderShip,
  consoleShopOrders,
  type ConsoleCategory,
  type ConsoleGoods,
} from '@stride/contract';
import { pageResult, pageWindow } from '../../db/retry.js';
import { isoTime } from '../../lib/clock.js';
import { contentLanguages } from '../../lib/content-language.js';
import { consoleRoutes } from '../../http/console-handler.js';
import type { AuditService } from '../audit/audit.service.js';
import { shipmentQueue } from '../shipping/shipping.console.js';
import type { ShopAdmin } from './shop.admin.js';
import type { CategoryRow, GoodsRow } from './shop.repository.js';
import { GOODS_ORDERS, toGoods, toGoodsOrder } from './shop.service.js';

function toConsoleCategory(row: CategoryRow): ConsoleCategory {
  return {
    id: row.id,
    name: row.name,
    ...contentLanguages(row),
    position: row.position,
    active: row.is_active === 1,
    version: row.version,
    createdAt: isoTime(row.created_at),
  };
}

function toConsoleGoods(row: GoodsRow, categories: Map<string, string>): ConsoleGoods {
  return {
    ...toGoods(row),
    categoryName: categories.get(row.category_id) ?? '',
    position: row.position,
    onSale: row.is_active === 1,
    version: row.version,
    updatedAt: isoTime(row.updated_at),
    ...contentLanguages(row),
  };
}

/**
 * The merchant's console (docs/console/merchant.md): the catalogue, edited with stale-edit
 * refusal, and the goods orders to ship, through the same ShopAdmin as `npm run ops`.
 */
export const registerShopConsoleRoutes = consoleRoutes('shop', (handle, shop: ShopAdmin, audit: AuditService) => {
  const categoryNames = async () =>
    new Map((await shop.listCategoriesForOperators()).map((row) => [row.id, row.name] as const));

  handle(consoleShopCategories, async () => (await shop.listCategoriesForOperators()).map(toConsoleCategory));

  handle(consoleShopCategoryCreate, async ({ operator, body }) =>
    toConsoleCategory(
      await shop.saveCategory(operator.name, {
        name: body.name,
        position: body.position,
        isActive: body.active,
        languages: { defaultLanguage: body.defaultLanguage, translations: body.translations },
      }),
    ),
  );

  handle(consoleShopCategoryUpdate, async ({ operator, params, body }) =>
    toConsoleCategory(
      await shop.saveCategory(operator.name, {
        id: params.id,
        version: body.version,
        name: body.name,
        position: body.position,
        isActive: body.active,
        languages: { defaultLanguage: body.defaultLanguage, translations: body.translations },
      }),
    ),
  );

  handle(consoleShopGoods, async ({ query }) => {
    const onSale = query.onSale === undefined ? undefined : query.onSale === 'true';
    const window = pageWindow(query);
    const [{ rows, total }, names] = await Promise.all([
      shop.listGoodsForOperators(window.limit, { categoryId: query.categoryId, onSale }, window.offset),
      categoryNames(),
    ]);
    return pageResult(
      rows.map((row) => toConsoleGoods(row, names)),
      query,
      total,
    );
  });

  handle(consoleShopGoodsCreate, async ({ operator, body }) => {
    const saved = await shop.saveGoods(operator.name, undefined, {
      categoryId: body.categoryId,
      name: body.name,
      description: body.description,
      points: body.points,
      stock: body.stock,
      images: body.images,
      position: body.position,
      isActive: body.onSale,
      languages: { defaultLanguage: body.defaultLanguage, translations: body.translations },
    });
    return toConsoleGoods(saved, await categoryNames());
  });

  handle(consoleShopGoodsUpdate, async ({ operator, params, body }) => {
    const saved = await shop.saveGoods(operator.name, params.id, {
      version: body.version,
      categoryId: body.categoryId,
      name: body.name,
      description: body.description,
      points: body.points,
      stock: body.stock,
      images: body.images,
      position: body.position,
      isActive: body.onSale,
      languages: { defaultLanguage: body.defaultLanguage, translations: body.translations },
    });
    return toConsoleGoods(saved, await categoryNames());
  });

  handle(
    consoleShopOrders,
    shipmentQueue(audit, {
      kind: GOODS_ORDERS,
      shown: 'orderIds',
      page: (status, window) => shop.listOrdersForOperators(status, window.limit, window.offset),
      toItem: (row) => toGoodsOrder(row),
    }),
  );

  handle(consoleShopOrderShip, ({ operator, params, body }) => shop.shipOrder(operator.name, params.id, body));
});
