import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { PaymentPasswordSchema, text, TimestampSchema } from '../common.js';
import { SmsCodeSentSchema } from './accounts.js';

// The payment password (docs/product/payment-password.md): six digits the user sets once with an SMS code to their
// number, asked before money leaves their balance (a card bought by balance, a withdrawal) and before an insurance
// policy is given to someone else.

export const PaymentPasswordStatusSchema = z.object({
  isSet: z.boolean(),
  setAt: TimestampSchema.nullable(),
  /** While locked after PAYMENT_PASSWORD_MAX_TRIES wrong ones: when it opens again; null otherwise. */
  lockedUntil: TimestampSchema.nullable(),
  /** Wrong tries left before the lock (PAYMENT_PASSWORD_MAX_TRIES after a right one). */
  triesLeft: z.number().int(),
});
export type PaymentPasswordStatus = z.output<typeof PaymentPasswordStatusSchema>;

export const getPaymentPassword = defineEndpoint({
  id: 'paymentPassword.get',
  method: 'GET',
  path: '/api/payment_password',
  access: 'user',
  summary: 'Whether my payment password is set, since when, and whether wrong tries have locked it.',
  response: PaymentPasswordStatusSchema,
});

export const requestPaymentPasswordCode = defineEndpoint({
  id: 'paymentPassword.code',
  method: 'POST',
  path: '/api/payment_password/code',
  access: 'user',
  summary:
    "Send a 6-digit code to my account's number, to set or reset the payment password; limited as every SMS code (1006).",
  body: z.strictObject({}),
  response: SmsCodeSentSchema,
});

export const setPaymentPassword = defineEndpoint({
  id: 'paymentPassword.set',
  method: 'POST',
  path: '/api/payment_password',
  access: 'user',
  summary:
    'Set or reset the payment password with the code sent to my number: six digits, not all the same nor a run (123456); unlocks it.',
  body: z.strictObject({
    code: text().regex(/^[0-9]{6}$/, { error: 'rule.resetCode' }),
    password: PaymentPasswordSchema,
  }),
  response: PaymentPasswordStatusSchema,
});
