import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  IdSchema,
  IdempotencyKeySchema,
  MoneySchema,
  PageQuerySchema,
  PointsSchema,
  TimestampSchema,
  pageOf,
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
  query: PageQuerySchema.extend({ status: GoodsOrderStatusSchema.optional() }),
  response: pageOf(GoodsOrderSchema),
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
  query: PageQuerySchema.extend({
    status: z.enum(ORDER_STATUSES).optional(),
    kind: z.enum(['membership', 'goods']).optional(),
  }),
  response: pageOf(OrderSummarySchema),
});

export type GoodsCategory = z.output<typeof GoodsCategorySchema>;
export type Goods = z.output<typeof GoodsSchema>;
export type GoodsOrder = z.output<typeof GoodsOrderSchema>;
export type GoodsOrderStatus = z.output<typeof GoodsOrderStatusSchema>;
export type OrderSummary = z.output<typeof OrderSummarySchema>;
