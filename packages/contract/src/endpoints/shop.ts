import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  IdempotencyKeySchema,
  IdSchema,
  LanguageSchema,
  MoneySchema,
  multilineText,
  paged,
  pageOf,
  PageQuerySchema,
  PointsSchema,
  text,
  TimestampSchema,
  translationsSchema,
  VersionSchema,
} from '../common.js';
import { ShippedToSchema } from './addresses.js';

export const GoodsCategorySchema = z.object({ id: IdSchema, name: z.string() });

export const GoodsSchema = z.object({
  id: IdSchema,
  categoryId: IdSchema,
  name: z.string(),
  /** Image URLs: `https:` or `data:image/…` (demo goods carry small SVG data URLs). */
  images: z.array(z.string()),
  points: PointsSchema,
  stock: z.number().int(),
  description: z.string(),
});

export const listGoods = defineEndpoint({
  id: 'goods.list',
  method: 'GET',
  path: '/api/goods',
  access: 'user',
  summary: 'Goods of the points shop, paged, by category; `categories` lists every active category.',
  query: PageQuerySchema.extend({ categoryId: IdSchema.optional() }),
  response: pageOf(GoodsSchema).extend({ categories: z.array(GoodsCategorySchema) }),
});

export const GOODS_ORDER_STATUSES = ['to_ship', 'shipped', 'completed', 'cancelled'] as const;
export const GoodsOrderStatusSchema = z.enum(GOODS_ORDER_STATUSES);

export const GoodsOrderSchema = z.object({
  id: IdSchema,
  goods: GoodsSchema,
  quantity: z.number().int(),
  /** Points paid in total (unit price × quantity). */
  points: PointsSchema,
  status: GoodsOrderStatusSchema,
  address: ShippedToSchema,
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  createdAt: TimestampSchema,
  shippedAt: TimestampSchema.nullable(),
  completedAt: TimestampSchema.nullable(),
  cancelledAt: TimestampSchema.nullable(),
});

export const confirmOrder = defineEndpoint({
  id: 'order.confirm',
  method: 'POST',
  path: '/api/order/confirm',
  access: 'user',
  summary:
    'Order goods with points; points and stock move in one transaction (1012 without the points, 1007 out of stock).',
  body: z.strictObject({
    goodsId: IdSchema,
    quantity: z.number().int().min(1).max(99),
    addressId: IdSchema,
    idempotencyKey: IdempotencyKeySchema,
  }),
  response: GoodsOrderSchema,
});

export const cancelOrder = defineEndpoint({
  id: 'order.cancel',
  method: 'POST',
  path: '/api/order/cancel',
  access: 'user',
  summary:
    'Cancel a goods order before it ships: points refunded and stock restored once. Repeating it answers the cancelled order.',
  body: z.strictObject({ orderId: IdSchema }),
  response: GoodsOrderSchema,
});

export const listGoodsOrders = defineEndpoint({
  id: 'order.goods',
  method: 'GET',
  path: '/api/order/goods',
  access: 'user',
  summary: 'Exchanged goods, newest first, optionally by status.',
  ...paged(GoodsOrderSchema, { status: GoodsOrderStatusSchema.optional() }),
});

export const ORDER_STATUSES = ['pending', 'paid', 'expired', 'to_ship', 'shipped', 'completed', 'cancelled'] as const;

export const OrderSummarySchema = z.object({
  id: IdSchema,
  kind: z.enum(['membership', 'goods']),
  /** The plan's name or the goods' name. */
  title: z.string(),
  /** membership: pending, paid, expired, cancelled; goods: to_ship, shipped, completed, cancelled. */
  status: z.enum(ORDER_STATUSES),
  /** Money paid, minor units (membership orders; 0 for goods). */
  amount: MoneySchema,
  /** Points paid (goods orders; 0 for membership). */
  points: PointsSchema,
  quantity: z.number().int(),
  createdAt: TimestampSchema,
});

export const listOrders = defineEndpoint({
  id: 'order.list',
  method: 'GET',
  path: '/api/order',
  access: 'user',
  summary: 'All my orders, membership and goods, newest first; filter by status and kind.',
  ...paged(OrderSummarySchema, {
    status: z.enum(ORDER_STATUSES).optional(),
    kind: z.enum(['membership', 'goods']).optional(),
  }),
});

export type GoodsCategory = z.output<typeof GoodsCategorySchema>;
export type Goods = z.output<typeof GoodsSchema>;
export type GoodsOrder = z.output<typeof GoodsOrderSchema>;
export type GoodsOrderStatus = z.output<typeof GoodsOrderStatusSchema>;
export type OrderSummary = z.output<typeof OrderSummarySchema>;

// The merchant's console (docs/console/merchant.md): categories, goods and goods orders to ship.

/**
 * What an operator may set as a goods image: a catalogue image uploaded in the console
 * (`/media/<id>.<ext>`), an `https:` URL, or an image data URL (the demo goods carry small SVGs).
 * The server checks the same with `isAllowedImageUrl`.
 */
export function isCatalogueImage(value: string): boolean {
  return (
    /^\/media\/[0-9a-f-]{36}\.(jpg|png|webp)$/.test(value) ||
    /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(value) ||
    /^https:\/\/[^\s/]+/i.test(value)
  );
}

export const CatalogueImageSchema = text().max(200_000).refine(isCatalogueImage, { error: 'rule.imageUrl' });
export const CategoryNameSchema = text().trim().min(1).max(64);
export const GoodsNameSchema = text().trim().min(1).max(100);
export const PositionSchema = z.number().int().min(0).max(100_000);

export const CategoryTranslationsSchema = translationsSchema({ name: text().trim().max(64) });
export const GoodsTranslationsSchema = translationsSchema({
  name: text().trim().max(100),
  description: multilineText().trim().max(2_000),
});

export const ConsoleCategorySchema = z.object({
  id: IdSchema,
  defaultLanguage: LanguageSchema,
  translations: CategoryTranslationsSchema,
  name: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  version: z.number().int(),
  createdAt: TimestampSchema,
});

export const ConsoleGoodsSchema = GoodsSchema.extend({
  categoryName: z.string(),
  position: z.number().int(),
  /** On sale: listed in the shop (when its category is active too) and orderable. */
  onSale: z.boolean(),
  version: z.number().int(),
  updatedAt: TimestampSchema,
  defaultLanguage: LanguageSchema,
  translations: GoodsTranslationsSchema,
});

const GoodsFields = {
  categoryId: IdSchema,
  name: GoodsNameSchema,
  description: multilineText().trim().max(2_000),
  points: z.number().int().min(1).max(10_000_000),
  stock: z.number().int().min(0).max(1_000_000),
  images: z.array(CatalogueImageSchema).max(9),
  position: PositionSchema,
  onSale: z.boolean(),
  /** The language `name` and `description` are written in (decision 042 "Content in every language"). */
  defaultLanguage: LanguageSchema,
  /** Name and description in other languages. */
  translations: GoodsTranslationsSchema,
};

export const consoleShopCategories = defineEndpoint({
  id: 'console.shop.categories',
  method: 'GET',
  path: '/api/console/shop/categories',
  access: 'console',
  roles: ['merchant'],
  summary: 'Every goods category, active or not, by position, with its edit version.',
  response: z.array(ConsoleCategorySchema),
});

export const consoleShopCategoryCreate = defineEndpoint({
  id: 'console.shop.categories.create',
  method: 'POST',
  path: '/api/console/shop/categories',
  access: 'console',
  roles: ['merchant'],
  summary: 'Adds a goods category.',
  body: z.strictObject({
    name: CategoryNameSchema,
    position: PositionSchema.default(0),
    active: z.boolean().default(true),
    defaultLanguage: LanguageSchema.default('en'),
    translations: CategoryTranslationsSchema.default({}),
  }),
  response: ConsoleCategorySchema,
});

export const consoleShopCategoryUpdate = defineEndpoint({
  id: 'console.shop.categories.update',
  method: 'POST',
  path: '/api/console/shop/categories/{id}',
  access: 'console',
  roles: ['merchant'],
  summary: 'Changes the given fields of a category, if nobody saved it since `version` (1017 otherwise).',
  params: z.strictObject({ id: IdSchema }),
  body: z.strictObject({
    version: VersionSchema,
    name: CategoryNameSchema.optional(),
    position: PositionSchema.optional(),
    active: z.boolean().optional(),
    defaultLanguage: LanguageSchema.optional(),
    translations: CategoryTranslationsSchema.optional(),
  }),
  response: ConsoleCategorySchema,
});

export const consoleShopGoods = defineEndpoint({
  id: 'console.shop.goods',
  method: 'GET',
  path: '/api/console/shop/goods',
  access: 'console',
  roles: ['merchant'],
  summary: 'Goods on sale or not, paged, by category and by whether they are on sale.',
  ...paged(ConsoleGoodsSchema, {
    categoryId: IdSchema.optional(),
    onSale: z.enum(['true', 'false']).optional(),
  }),
});

export const consoleShopGoodsCreate = defineEndpoint({
  id: 'console.shop.goods.create',
  method: 'POST',
  path: '/api/console/shop/goods',
  access: 'console',
  roles: ['merchant'],
  summary: 'Adds goods to a category.',
  body: z.strictObject({
    ...GoodsFields,
    description: GoodsFields.description.default(''),
    images: GoodsFields.images.default([]),
    position: GoodsFields.position.default(0),
    onSale: GoodsFields.onSale.default(true),
    defaultLanguage: GoodsFields.defaultLanguage.default('en'),
    translations: GoodsFields.translations.default({}),
  }),
  response: ConsoleGoodsSchema,
});

export const consoleShopGoodsUpdate = defineEndpoint({
  id: 'console.shop.goods.update',
  method: 'POST',
  path: '/api/console/shop/goods/{id}',
  access: 'console',
  roles: ['merchant'],
  summary:
    'Changes the given fields of goods (name, description, points, stock, category, images, on sale), if nobody saved them since `version` (1017 otherwise).',
  params: z.strictObject({ id: IdSchema }),
  body: z.strictObject({
    version: VersionSchema,
    categoryId: GoodsFields.categoryId.optional(),
    name: GoodsFields.name.optional(),
    description: GoodsFields.description.optional(),
    points: GoodsFields.points.optional(),
    stock: GoodsFields.stock.optional(),
    images: GoodsFields.images.optional(),
    position: GoodsFields.position.optional(),
    onSale: GoodsFields.onSale.optional(),
    defaultLanguage: GoodsFields.defaultLanguage.optional(),
    translations: GoodsFields.translations.optional(),
  }),
  response: ConsoleGoodsSchema,
});

/** Where it goes and how: carrier and tracking number, as the user sees them on the order. */
export const ShipmentSchema = z.strictObject({
  carrier: text().trim().min(1).max(64),
  trackingNumber: text()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, { error: 'rule.trackingNumber' }),
});

export const ConsoleGoodsOrderSchema = GoodsOrderSchema.extend({
  userId: IdSchema,
  /** The buyer's mobile number, first 3 and last 4 digits (decision 080 "A console a new operator can read"). */
  userMobileMasked: z.string(),
});

export const consoleShopOrders = defineEndpoint({
  id: 'console.shop.orders',
  method: 'GET',
  path: '/api/console/shop/orders',
  access: 'console',
  roles: ['merchant'],
  summary:
    'Goods orders waiting to ship (oldest first) or shipped (newest first), with the delivery address; the look is recorded.',
  ...paged(ConsoleGoodsOrderSchema, { status: z.enum(['to_ship', 'shipped']).default('to_ship') }),
});

export const consoleShopOrderShip = defineEndpoint({
  id: 'console.shop.orders.ship',
  method: 'POST',
  path: '/api/console/shop/orders/{id}/ship',
  access: 'console',
  roles: ['merchant'],
  summary:
    'Ships a goods order waiting to ship, once, with carrier and tracking number (1007 with what happened after).',
  params: z.strictObject({ id: IdSchema }),
  body: ShipmentSchema,
  response: GoodsOrderSchema,
});

export type ConsoleCategory = z.output<typeof ConsoleCategorySchema>;
export type ConsoleGoods = z.output<typeof ConsoleGoodsSchema>;
export type ConsoleGoodsOrder = z.output<typeof ConsoleGoodsOrderSchema>;
export type Shipment = z.output<typeof ShipmentSchema>;
