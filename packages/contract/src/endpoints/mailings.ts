import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { IdParamsSchema, IdSchema, paged, TimestampSchema } from '../common.js';
import { ShippedToSchema } from './addresses.js';
import { ShipmentSchema } from './shop.js';

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
  summary: "What physical card mailing is, in the caller's language; open to anyone, logged in or not.",
  response: z.object({ description: z.string(), isFree: z.boolean() }),
});

export type Mailing = z.output<typeof MailingSchema>;

// The merchant's console (docs/console/merchant.md): physical card mailings to ship.

export const ConsoleMailingSchema = MailingSchema.extend({
  userId: IdSchema,
  /** The card holder's mobile number, first 3 and last 4 digits (decision 080 "A console a new operator can read"). */
  userMobileMasked: z.string(),
});

export const consoleMailings = defineEndpoint({
  id: 'console.mailings.list',
  method: 'GET',
  path: '/api/console/mailings',
  access: 'console',
  roles: ['merchant'],
  summary:
    'Physical card mailings waiting to ship (oldest first) or shipped (newest first), with the delivery address; the look is recorded.',
  ...paged(ConsoleMailingSchema, { status: z.enum(['requested', 'shipped']).default('requested') }),
});

export const consoleMailingShip = defineEndpoint({
  id: 'console.mailings.ship',
  method: 'POST',
  path: '/api/console/mailings/{id}/ship',
  access: 'console',
  roles: ['merchant'],
  summary: 'Ships a requested card mailing, once, with carrier and tracking number (1007 with what happened after).',
  params: IdParamsSchema,
  body: ShipmentSchema,
  response: MailingSchema,
});

export type ConsoleMailing = z.output<typeof ConsoleMailingSchema>;
