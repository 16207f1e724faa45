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
  summary: 'One of my payments and its status, which the web app polls every 5 s until it is paid, failed or expired.',
  params: z.strictObject({ id: IdSchema }),
  response: PaymentSchema,
});

export type Payment = z.output<typeof PaymentSchema>;
