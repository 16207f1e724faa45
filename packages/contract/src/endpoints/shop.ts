import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  DoneSchema,
  IdParamsSchema,
  IdSchema,
  IdempotencyKeySchema,
  MobileSchema,
  MoneySchema,
  PageQuerySchema,
  PersonNameSchema,
  PointsSchema,
  TimestampSchema,
  pageOf,
  text,
} from '../common.js';

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

/** The delivery address as it was when the order was placed (later edits do not change it). */
export const ShippedToSchema = z.object({
  name: z.string(),
  phone: z.string(),
  region: z.string(),
  detail: z.string(),
});

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
    'Cancel a goods order before it ships: points refunded and stock restored once (an addition to SPEC.md). Repeating it answers the cancelled order.',
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

export const MailingSchema = z.object({
  id: IdSchema,
  cardId: IdSchema,
  /** The card plan's name. */
  cardName: z.string(),
  status: z.enum(['requested', 'shipped', 'delivered']),
  address: ShippedToSchema,
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  createdAt: TimestampSchema,
  shippedAt: TimestampSchema.nullable(),
  deliveredAt: TimestampSchema.nullable(),
});

export const applyCardMailing = defineEndpoint({
  id: 'order.apply',
  method: 'POST',
  path: '/api/order/apply',
  access: 'verified',
  summary: 'Apply for a physical card to be mailed: one of my active member cards, once per card (1005 after).',
  body: z.strictObject({ cardId: IdSchema, addressId: IdSchema }),
  response: MailingSchema,
});

export const listCardMailings = defineEndpoint({
  id: 'post.record',
  method: 'GET',
  path: '/api/post/record',
  access: 'user',
  summary: 'My physical card mailing applications, newest first.',
  response: z.array(MailingSchema),
});

export const getCardMailingInfo = defineEndpoint({
  id: 'post.info',
  method: 'GET',
  path: '/api/post/info',
  access: 'none',
  summary: "What physical card mailing is, for anyone (an addition to SPEC.md); in the caller's language.",
  response: z.object({ description: z.string(), isFree: z.boolean() }),
});

export const AddressSchema = z.object({
  id: IdSchema,
  name: z.string(),
  phone: z.string(),
  region: z.string(),
  detail: z.string(),
  isDefault: z.boolean(),
});

export const listAddresses = defineEndpoint({
  id: 'address.list',
  method: 'GET',
  path: '/api/delivery_info',
  access: 'user',
  summary: 'My delivery addresses.',
  response: z.array(AddressSchema),
});

export const saveAddress = defineEndpoint({
  id: 'address.save',
  method: 'POST',
  path: '/api/delivery_info',
  access: 'user',
  summary: 'Add a delivery address, or edit one when `id` is given. At most 20.',
  body: z.strictObject({
    id: IdSchema.optional(),
    name: PersonNameSchema,
    phone: MobileSchema,
    region: text().trim().min(1).max(140),
    detail: text().trim().min(1).max(140),
    isDefault: z.boolean().default(false),
  }),
  response: AddressSchema,
});

export const deleteAddress = defineEndpoint({
  id: 'address.delete',
  method: 'DELETE',
  path: '/api/delivery_info/{id}',
  access: 'user',
  summary: 'Delete one of my delivery addresses.',
  params: IdParamsSchema,
  response: DoneSchema,
});

export const InviteeSchema = z.object({
  /** Masked: first 3 and last 4 digits. */
  account: z.string(),
  joinedAt: TimestampSchema,
  /** Whether they have completed their first qualifying walk. */
  qualified: z.boolean(),
  qualifiedAt: TimestampSchema.nullable(),
  /** Points this invitee earned me (0 before qualifying or beyond the yearly limit). */
  rewardPoints: PointsSchema,
});

export const getInvite = defineEndpoint({
  id: 'invite.get',
  method: 'GET',
  path: '/api/invite',
  access: 'user',
  summary: 'My invite code, link and its QR code, invitees and rewards, and the reward rule.',
  response: z.object({
    code: z.string(),
    link: z.string(),
    /** A data URL (SVG) of the link as a QR code. */
    qrImage: z.string(),
    /** All invite rewards I have earned, as inviter or invitee. */
    rewardPoints: PointsSchema,
    rule: z.object({
      points: PointsSchema,
      steps: z.number().int(),
      maxPerYear: z.number().int(),
      rewardedThisYear: z.number().int(),
    }),
    invitees: z.array(InviteeSchema),
  }),
});

export const NoticeSummarySchema = z.object({ id: IdSchema, title: z.string(), publishedAt: TimestampSchema });

export const listNotices = defineEndpoint({
  id: 'notice.list',
  method: 'GET',
  path: '/api/notices',
  access: 'user',
  summary: 'Published notices, newest first.',
  query: PageQuerySchema,
  response: pageOf(NoticeSummarySchema),
});

export const getNotice = defineEndpoint({
  id: 'notice.get',
  method: 'GET',
  path: '/api/notice',
  access: 'user',
  summary: 'One notice; its body is sanitized HTML.',
  query: z.strictObject({ id: IdSchema }),
  response: NoticeSummarySchema.extend({ body: z.string() }),
});

export const getDownload = defineEndpoint({
  id: 'download.get',
  method: 'GET',
  path: '/api/download',
  access: 'none',
  summary:
    'The companion package: version, version code and URL (1010 when none is configured; the version code is also at /download/version-code.txt).',
  response: z.object({ version: z.string(), versionCode: z.number().int(), url: z.string() }),
});

export const listCommunityChannels = defineEndpoint({
  id: 'community.list',
  method: 'GET',
  path: '/api/community',
  access: 'none',
  summary: 'Official community channels (an addition to SPEC.md).',
  response: z.array(
    z.object({
      id: IdSchema,
      name: z.string(),
      description: z.string(),
      url: z.string(),
      /** The configured image, or a QR code (SVG data URL) generated from `url`. */
      qrImage: z.string(),
    }),
  ),
});

export type GoodsCategory = z.output<typeof GoodsCategorySchema>;
export type Goods = z.output<typeof GoodsSchema>;
export type GoodsOrder = z.output<typeof GoodsOrderSchema>;
export type GoodsOrderStatus = z.output<typeof GoodsOrderStatusSchema>;
export type OrderSummary = z.output<typeof OrderSummarySchema>;
export type Mailing = z.output<typeof MailingSchema>;
export type Address = z.output<typeof AddressSchema>;
export type Invitee = z.output<typeof InviteeSchema>;
export type NoticeSummary = z.output<typeof NoticeSummarySchema>;
