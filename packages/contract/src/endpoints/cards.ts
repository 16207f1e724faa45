import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  DaySchema,
  IdSchema,
  IdempotencyKeySchema,
  MoneySchema,
  PersonNameSchema,
  TimestampSchema,
} from '../common.js';

export const CardPlanSchema = z.object({
  id: IdSchema,
  name: z.string(),
  price: MoneySchema,
  days: z.number().int(),
  dailyTarget: z.number().int(),
  dailyCashBack: MoneySchema,
  pointsMultiplier: z.number(),
});

export const listCardPlans = defineEndpoint({
  id: 'memberCard.list',
  method: 'GET',
  path: '/api/member_card',
  access: 'user',
  summary: 'The membership card plans on sale.',
  response: z.array(CardPlanSchema),
});

export const MyCardSchema = z.object({
  id: IdSchema,
  plan: CardPlanSchema,
  status: z.enum(['active', 'expired']),
  startsOn: DaySchema,
  endsOn: DaySchema,
  daysLeft: z.number().int(),
  todaySteps: z.number().int(),
  todayCashBackEarned: z.boolean(),
});

export const listMyCards = defineEndpoint({
  id: 'memberCard.my',
  method: 'GET',
  path: '/api/member_card/my',
  access: 'user',
  summary: 'Card wallet: active and expired cards with today’s progress.',
  response: z.array(MyCardSchema),
});

export const MembershipOrderSchema = z.object({
  id: IdSchema,
  planId: IdSchema,
  amount: MoneySchema,
  status: z.enum(['pending', 'paid', 'cancelled', 'expired']),
  createdAt: TimestampSchema,
});

export const buyCard = defineEndpoint({
  id: 'memberCard.buy',
  method: 'POST',
  path: '/api/member_card/buy',
  access: 'verified',
  summary: 'Create a membership order and pay it by balance, or leave it pending for online payment.',
  body: z.strictObject({
    planId: IdSchema,
    payWith: z.enum(['balance', 'online']),
    idempotencyKey: IdempotencyKeySchema,
  }),
  response: MembershipOrderSchema,
});

export const PaymentSchema = z.object({
  id: IdSchema,
  orderId: IdSchema,
  status: z.enum(['pending', 'paid', 'failed', 'expired']),
  payUrl: z.string(),
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

export const PolicySchema = z.object({
  id: IdSchema,
  cardId: IdSchema,
  policyNumber: z.string().nullable(),
  status: z.enum(['unclaimed', 'active', 'expired']),
  coverage: MoneySchema,
  insuredName: z.string().nullable(),
  relation: z.string().nullable(),
  startsOn: DaySchema,
  endsOn: DaySchema,
});

export const listPolicies = defineEndpoint({
  id: 'insure.list',
  method: 'GET',
  path: '/api/insure',
  access: 'user',
  summary: 'Each card’s complimentary walking-accident policy.',
  query: z.strictObject({ status: z.enum(['unclaimed', 'active', 'expired']).optional() }),
  response: z.array(PolicySchema),
});

export const claimPolicy = defineEndpoint({
  id: 'insure.give',
  method: 'POST',
  path: '/api/insure/give',
  access: 'verified',
  summary: 'Claim a policy for oneself or give it to a family member.',
  body: z.strictObject({
    policyId: IdSchema,
    insured: z.discriminatedUnion('who', [
      z.strictObject({ who: z.literal('self') }),
      z.strictObject({
        who: z.literal('family'),
        name: PersonNameSchema,
        idNumber: z.string().trim().min(6).max(32),
        relation: z.enum(['spouse', 'parent', 'child', 'sibling']),
      }),
    ]),
  }),
  response: PolicySchema,
});
