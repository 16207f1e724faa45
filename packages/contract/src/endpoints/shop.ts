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
} from '../common.js';

export const GoodsSchema = z.object({
  id: IdSchema,
  categoryId: IdSchema,
  name: z.string(),
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
  summary: 'Goods of the points shop, paged, by category.',
  query: PageQuerySchema.extend({ categoryId: IdSchema.optional() }),
  response: pageOf(GoodsSchema).extend({
    categories: z.array(z.object({ id: IdSchema, name: z.string() })),
  }),
});

export const GoodsOrderSchema = z.object({
  id: IdSchema,
  goods: GoodsSchema,
  quantity: z.number().int(),
  points: PointsSchema,
  status: z.enum(['to_ship', 'shipped', 'completed', 'cancelled']),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  createdAt: TimestampSchema,
});

export const confirmOrder = defineEndpoint({
  id: 'order.confirm',
  method: 'POST',
  path: '/api/order/confirm',
  access: 'user',
  summary: 'Order goods with points; points and stock move in one transaction.',
  body: z.strictObject({
    goodsId: IdSchema,
    quantity: z.number().int().min(1).max(99),
    addressId: IdSchema,
    idempotencyKey: IdempotencyKeySchema,
  }),
  response: GoodsOrderSchema,
});

export const listGoodsOrders = defineEndpoint({
  id: 'order.goods',
  method: 'GET',
  path: '/api/order/goods',
  access: 'user',
  summary: 'Exchanged goods.',
  query: PageQuerySchema,
  response: pageOf(GoodsOrderSchema),
});

export const listOrders = defineEndpoint({
  id: 'order.list',
  method: 'GET',
  path: '/api/order',
  access: 'user',
  summary: 'All my orders, membership and goods.',
  query: PageQuerySchema.extend({ status: z.string().max(32).optional() }),
  response: pageOf(
    z.object({
      id: IdSchema,
      kind: z.enum(['membership', 'goods']),
      title: z.string(),
      status: z.string(),
      amount: MoneySchema,
      points: PointsSchema,
      createdAt: TimestampSchema,
    }),
  ),
});

export const MailingSchema = z.object({
  id: IdSchema,
  cardId: IdSchema,
  status: z.enum(['requested', 'shipped', 'delivered']),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  createdAt: TimestampSchema,
});

export const applyCardMailing = defineEndpoint({
  id: 'order.apply',
  method: 'POST',
  path: '/api/order/apply',
  access: 'verified',
  summary: 'Apply for a physical card to be mailed.',
  body: z.strictObject({ cardId: IdSchema, addressId: IdSchema }),
  response: MailingSchema,
});

export const listCardMailings = defineEndpoint({
  id: 'post.record',
  method: 'GET',
  path: '/api/post/record',
  access: 'user',
  summary: 'My physical card mailing applications.',
  response: z.array(MailingSchema),
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
    region: z.string().trim().min(1).max(140),
    detail: z.string().trim().min(1).max(140),
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

export const getInvite = defineEndpoint({
  id: 'invite.get',
  method: 'GET',
  path: '/api/invite',
  access: 'user',
  summary: 'My invite code, link, invitees and rewards.',
  response: z.object({
    code: z.string(),
    link: z.string(),
    rewardPoints: PointsSchema,
    invitees: z.array(z.object({ account: z.string(), joinedAt: TimestampSchema, qualified: z.boolean() })),
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
  summary: 'The companion package: version, version code and URL.',
  response: z.object({ version: z.string(), versionCode: z.number().int(), url: z.string() }),
});

export const listCommunityChannels = defineEndpoint({
  id: 'community.list',
  method: 'GET',
  path: '/api/community',
  access: 'none',
  summary: 'Official community channels (an addition to SPEC.md).',
  response: z.array(
    z.object({ id: IdSchema, name: z.string(), description: z.string(), url: z.string(), qrImage: z.string() }),
  ),
});
