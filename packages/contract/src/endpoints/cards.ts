import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  DaySchema,
  IdempotencyKeySchema,
  IdParamsSchema,
  IdSchema,
  LanguageSchema,
  MoneySchema,
  paged,
  PaymentPasswordSchema,
  PersonNameSchema,
  text,
  TimestampSchema,
  translationsSchema,
  VersionBodySchema,
  VersionSchema,
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
  /** Today's cash back held while the day is under review (target reached, paid if cleared); 0 otherwise. */
  todayCashBackPending: MoneySchema,
  /**
   * Today's cash back the service's daily cash cap held (docs/product/rules.md, Membership cards): paid by a later day's
   * settlement; 0 otherwise.
   */
  todayCashBackCapped: MoneySchema,
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
  ...paged(MembershipOrderSchema, { status: z.enum(['pending', 'paid', 'cancelled', 'expired']).optional() }),
});

export const buyCard = defineEndpoint({
  id: 'memberCard.buy',
  method: 'POST',
  path: '/api/member_card/buy',
  access: 'verified',
  summary:
    'Create a membership order and pay it by balance (with the payment password), or leave it pending for online payment.',
  body: z.strictObject({
    planId: IdSchema,
    payWith: z.enum(['balance', 'online']),
    idempotencyKey: IdempotencyKeySchema,
    /** Needed to pay by balance (docs/product/payment-password.md): 1019 without it, 1011 when wrong. */
    paymentPassword: PaymentPasswordSchema.optional(),
  }),
  response: MembershipOrderSchema,
});

export const cancelMembershipOrder = defineEndpoint({
  id: 'memberCard.orders.cancel',
  method: 'POST',
  path: '/api/member_card/orders/{id}/cancel',
  access: 'user',
  summary:
    'Cancels my pending membership order, closing its open payment at the provider first (decision 037). Cancelling again answers the cancelled order; a paid order is refused (1007), and so is one the provider says was paid meanwhile: it is paid, not cancelled. A provider that does not answer changes nothing (1014).',
  params: IdParamsSchema,
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
  summary: 'Claim a policy for oneself, or give it to a family member with the payment password.',
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
    /** Needed to give the policy to a family member (docs/product/payment-password.md): 1019 without it. */
    paymentPassword: PaymentPasswordSchema.optional(),
  }),
  response: PolicySchema,
});

export type CardPlan = z.output<typeof CardPlanSchema>;
export type MyCard = z.output<typeof MyCardSchema>;
export type MembershipOrder = z.output<typeof MembershipOrderSchema>;
export type Policy = z.output<typeof PolicySchema>;

// ---- Operator console: card plans (docs/console/plans-and-home.md, decision 025 "Card plans and the home page in the
// console") ----

/**
 * A plan's terms as an operator sets them. An edit never changes a sold card: it makes a new
 * version (a new plan row) that replaces the old one on sale; cards and orders keep the old row.
 */
export const CardPlanTranslationsSchema = translationsSchema({ name: text().trim().max(64) });

export const CardPlanTermsSchema = z
  .strictObject({
    name: text().trim().min(1).max(64),
    /** Minor units, at least 0.01 and at most 100,000.00. */
    price: MoneySchema.min(1).max(10_000_000),
    days: z.number().int().min(1).max(3650),
    dailyTarget: z.number().int().min(1).max(100_000),
    /** Minor units per day the target is reached; never more than the price in total. */
    dailyCashBack: MoneySchema.min(0).max(10_000_000),
    /** 120 means points ×1.2. */
    multiplierPercent: z.number().int().min(100).max(1000),
    /** Order on sale, smallest first. */
    position: z.number().int().min(0).max(10_000),
    /**
     * The language `name` is written in (decision 042 "Content in every language"); an edit without it keeps the
     * version's.
     */
    defaultLanguage: LanguageSchema.optional(),
    /** The name in other languages; an edit without it keeps the version's. */
    translations: CardPlanTranslationsSchema.optional(),
    /**
     * Finance confirms terms whose cash back over the whole term (daily cash back × days) is more than the price, so
     * that a card could pay back its whole price (docs/console/plans-and-home.md): without it they are refused (1007).
     * Not a term: the action record says it was given.
     */
    confirmLoss: z.boolean().optional(),
  })
  .refine((terms) => terms.dailyCashBack <= terms.price, {
    path: ['dailyCashBack'],
    error: 'rule.cashBackOverPrice',
  });

export const ConsoleCardPlanSchema = z.object({
  id: IdSchema,
  defaultLanguage: LanguageSchema,
  translations: CardPlanTranslationsSchema,
  /** Every version of one plan shares it (the id of its first version). */
  familyId: IdSchema,
  /** 1 for a new plan, +1 for each edit; sent back with an edit or a retirement (stale edits: 1017). */
  version: z.number().int(),
  name: z.string(),
  price: MoneySchema,
  days: z.number().int(),
  dailyTarget: z.number().int(),
  dailyCashBack: MoneySchema,
  multiplierPercent: z.number().int(),
  position: z.number().int(),
  status: z.enum(['onSale', 'retired']),
  createdAt: TimestampSchema,
  retiredAt: TimestampSchema.nullable(),
  /** The version that replaced this one on sale (null when retired without a successor, or on sale). */
  replacedBy: IdSchema.nullable(),
  /** Cards sold under this version. */
  cardsSold: z.number().int(),
  /** Online orders for this version still waiting for payment (they keep this version's terms). */
  pendingOrders: z.number().int(),
});

export const consoleCardPlans = defineEndpoint({
  id: 'console.plans.list',
  method: 'GET',
  path: '/api/console/card-plans',
  access: 'console',
  roles: ['finance'],
  summary: 'Card plans with their versions: on sale (default), retired, or all; with cards sold and pending orders.',
  query: z.strictObject({ status: z.enum(['onSale', 'retired', 'all']).default('onSale') }),
  response: z.array(ConsoleCardPlanSchema),
});

export const consoleCreateCardPlan = defineEndpoint({
  id: 'console.plans.create',
  method: 'POST',
  path: '/api/console/card-plans',
  access: 'console',
  roles: ['finance'],
  summary: 'Puts a new card plan on sale (version 1).',
  body: CardPlanTermsSchema,
  response: ConsoleCardPlanSchema,
});

export const consoleEditCardPlan = defineEndpoint({
  id: 'console.plans.edit',
  method: 'PUT',
  path: '/api/console/card-plans/{id}',
  access: 'console',
  roles: ['finance'],
  summary:
    'Replaces a plan on sale with a new version carrying these terms; the old version is retired, and cards and orders sold under it keep its terms. A version other than the current one answers 1017.',
  params: IdParamsSchema,
  body: z.strictObject({ version: VersionSchema, terms: CardPlanTermsSchema }),
  response: ConsoleCardPlanSchema,
});

export const consoleRetireCardPlan = defineEndpoint({
  id: 'console.plans.retire',
  method: 'POST',
  path: '/api/console/card-plans/{id}/retire',
  access: 'console',
  roles: ['finance'],
  summary:
    'Takes a plan off sale for good. Cards already sold keep running; online orders already created may still be paid until they expire. A stale version answers 1017.',
  params: IdParamsSchema,
  body: VersionBodySchema,
  response: ConsoleCardPlanSchema,
});

export type CardPlanTerms = z.output<typeof CardPlanTermsSchema>;
export type ConsoleCardPlan = z.output<typeof ConsoleCardPlanSchema>;
