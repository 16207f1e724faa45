import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  DaySchema,
  IdSchema,
  IdempotencyKeySchema,
  MoneySchema,
  PageQuerySchema,
  PersonNameSchema,
  TimestampSchema,
  pageOf,
  text,
} from '../common.js';

export const CardPlanSchema = z.object({
  id: IdSchema,
  name: z.string(),
  price: MoneySchema,
  days: z.number().int(),
  dailyTarget: z.number().int(),
  dailyCashBack: MoneySchema,
  pointsMultiplier: z.number(),
  insuranceCoverage: MoneySchema,
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
  /** Cash back credited on this card so far; never more than the price. */
  cashBackTotal: MoneySchema,
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
  planName: z.string(),
  amount: MoneySchema,
  payWith: z.enum(['balance', 'online']),
  status: z.enum(['pending', 'paid', 'cancelled', 'expired']),
  createdAt: TimestampSchema,
  paidAt: TimestampSchema.nullable(),
  /** A pending order can be paid (again) until then. */
  expiresAt: TimestampSchema,
});

export const listMembershipOrders = defineEndpoint({
  id: 'memberCard.orders',
  method: 'GET',
  path: '/api/member_card/orders',
  access: 'user',
  summary: 'My membership orders, newest first, optionally by status: what the membership orders page lists.',
  query: PageQuerySchema.extend({ status: z.enum(['pending', 'paid', 'cancelled', 'expired']).optional() }),
  response: pageOf(MembershipOrderSchema),
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

export const PolicySchema = z.object({
  id: IdSchema,
  cardId: IdSchema,
  policyNumber: z.string().nullable(),
  status: z.enum(['unclaimed', 'active', 'expired']),
  coverage: MoneySchema,
  insuredName: z.string().nullable(),
  /** Masked: first 3 and last 4 characters. */
  insuredIdNumber: z.string().nullable(),
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
        idNumber: text().trim().min(6).max(32),
        relation: z.enum(['spouse', 'parent', 'child', 'sibling']),
      }),
    ]),
  }),
  response: PolicySchema,
});

export type CardPlan = z.output<typeof CardPlanSchema>;
export type MyCard = z.output<typeof MyCardSchema>;
export type MembershipOrder = z.output<typeof MembershipOrderSchema>;
export type Policy = z.output<typeof PolicySchema>;
