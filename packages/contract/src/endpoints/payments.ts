import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { IdSchema, IdempotencyKeySchema, MoneySchema, TimestampSchema } from '../common.js';

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
  summary: 'Payment status, polled by the client every 5 s (an addition to SPEC.md).',
  params: z.strictObject({ id: IdSchema }),
  response: PaymentSchema,
});

export type Payment = z.output<typeof PaymentSchema>;
