import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  IdParamsSchema,
  IdSchema,
  IdempotencyKeySchema,
  MoneySchema,
  TimestampSchema,
  text,
  paged,
} from '../common.js';

export const PaymentSchema = z.object({
  id: IdSchema,
  orderId: IdSchema,
  status: z.enum(['pending', 'paid', 'failed', 'expired']),
  amount: MoneySchema,
  payUrl: z.string(),
  expiresAt: TimestampSchema,
});

export const createPayment = defineEndpoint({
  id: 'pay.create',
  method: 'POST',
  path: '/api/pay',
  access: 'user',
  summary: 'Start an online payment for a pending order; answers the pay URL and the payment id.',
  body: z.strictObject({ orderId: IdSchema, idempotencyKey: IdempotencyKeySchema }),
  response: PaymentSchema,
});

export const getPayment = defineEndpoint({
  id: 'pay.get',
  method: 'GET',
  path: '/api/pay/{id}',
  access: 'user',
  summary: 'One of my payments and its status, which the web app polls every 5 s until it is paid, failed or expired.',
  params: z.strictObject({ id: IdSchema }),
  response: PaymentSchema,
});

export type Payment = z.output<typeof PaymentSchema>;

// ---- Operator console: membership orders and their refunds (docs/console/finance.md, decision 037 "The payment
// lifecycle") ----

export const MEMBERSHIP_ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'expired'] as const;

/** A provider refund: due until the provider confirms; failed after its last attempt; superseded by a refund to the balance. */
export const ProviderRefundSchema = z.object({
  id: z.string(),
  status: z.enum(['due', 'done', 'failed', 'superseded']),
  reason: z.enum(['duplicate', 'order-cancelled']),
  amount: MoneySchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: TimestampSchema,
  completedAt: TimestampSchema.nullable(),
});

export const ConsoleMembershipOrderSchema = z.object({
  id: IdSchema,
  userId: IdSchema,
  /** The buyer's mobile number, first 3 and last 4 digits (decision 080 "A console a new operator can read"). */
  userMobileMasked: z.string(),
  planName: z.string(),
  amount: MoneySchema,
  payWith: z.enum(['balance', 'online']),
  status: z.enum(MEMBERSHIP_ORDER_STATUSES),
  createdAt: TimestampSchema,
  paidAt: TimestampSchema.nullable(),
  cancelledAt: TimestampSchema.nullable(),
  /** The payment that paid an online order. */
  paymentId: IdSchema.nullable(),
  /** The refund through the provider of a cancelled online order. */
  refund: ProviderRefundSchema.nullable(),
});

export const consoleMembershipOrders = defineEndpoint({
  id: 'console.membershipOrders.list',
  method: 'GET',
  path: '/api/console/membership-orders',
  access: 'console',
  roles: ['finance'],
  summary: 'Membership orders, newest first: of one status (paid by default), one user or one order.',
  ...paged(ConsoleMembershipOrderSchema, {
    status: z.enum(MEMBERSHIP_ORDER_STATUSES).default('paid'),
    userId: IdSchema.optional(),
    orderId: IdSchema.optional(),
  }),
});

export const consoleCancelMembershipOrder = defineEndpoint({
  id: 'console.membershipOrders.cancel',
  method: 'POST',
  path: '/api/console/membership-orders/{id}/cancel',
  access: 'console',
  roles: ['finance'],
  summary:
    'Cancels a paid membership order with a full refund, once: the card ends now; the price goes back to the balance (paid by balance) or through the provider (paid online, retried while it fails). Recorded with the reason.',
  params: IdParamsSchema,
  body: z.strictObject({ reason: text().trim().min(1).max(200) }),
  response: ConsoleMembershipOrderSchema,
});

export type ConsoleMembershipOrder = z.output<typeof ConsoleMembershipOrderSchema>;
export type ProviderRefund = z.output<typeof ProviderRefundSchema>;
