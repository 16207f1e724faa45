import { z } from 'zod';
import { IdSchema, PageQuerySchema, pageOf, text, TimestampSchema } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

/**
 * The outbox (decisions 026 "User care in the operator console", 034 "SMS delivery and codes"): the messages the
 * service queued, sent, or failed to send, to people.
 */

/**
 * `pending`: waiting for (another) delivery attempt; `sent`; `failed` after the last attempt (decision 034 "SMS
 * delivery and codes").
 */
export const OutboxStatusSchema = z.enum(['pending', 'sent', 'failed']);

export const OutboxMessageSchema = z.object({
  id: IdSchema,
  channel: z.string(),
  /** The mobile number; first 3 and last 4 digits only when `masked`. */
  recipient: z.string(),
  /** The text with every code in it (runs of 4 or more digits) masked: a live code is never shown. */
  body: z.string(),
  status: OutboxStatusSchema,
  /** Why the (last) delivery attempt failed. */
  error: z.string().nullable(),
  /** Delivery attempts made so far. */
  attempts: z.number().int(),
  createdAt: TimestampSchema,
});

export const consoleOutbox = defineEndpoint({
  id: 'console.outbox.list',
  method: 'GET',
  path: '/api/console/outbox',
  access: 'console',
  roles: ['support', 'admin'],
  summary:
    'Messages pending, sent or failed, newest first, paged; filter by recipient (digits matched anywhere in the number) and status. Codes are masked; recipients too for support. A recorded look.',
  query: PageQuerySchema.extend({
    recipient: text()
      .trim()
      .regex(/^\+?[0-9]{3,15}$/, { error: 'rule.userSearch' })
      .optional(),
    status: OutboxStatusSchema.optional(),
  }),
  response: pageOf(OutboxMessageSchema).extend({ masked: z.boolean() }),
});
