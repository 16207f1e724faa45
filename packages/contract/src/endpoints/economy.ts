import { z } from 'zod';
import {
  DaySchema,
  IdSchema,
  IdempotencyKeySchema,
  MoneySchema,
  PointsSchema,
  TimestampSchema,
  text,
} from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { EarningRulesSchema } from './rules.js';

// The economy as finance sees it ahead (docs/console/economy.md, decision 100 "The economy page"): what the service
// owes against its reserve, what the last weeks cost, what the coming weeks will cost, and what other earning rules
// would have cost. Money in minor units; points are valued at today's exchange rate.

/** Points of one day or period by what issued them, and what they and the cash back cost in minor units. */
export const EconomyCostSchema = z.object({
  /** Points credited for steps (`points.collect`, released and held points included). */
  stepPoints: PointsSchema,
  /** Points credited as invite rewards (`invite.reward`), both sides. */
  invitePoints: PointsSchema,
  /** Points paid as challenge prizes (`challenge.prize`). */
  prizePoints: PointsSchema,
  /** Each kind's points at today's exchange rate, and the cash back paid (`card.cashback`), in minor units. */
  steps: MoneySchema,
  invites: MoneySchema,
  prizes: MoneySchema,
  cashBack: MoneySchema,
  total: MoneySchema,
});
export type EconomyCost = z.output<typeof EconomyCostSchema>;

export const EconomyDaySchema = EconomyCostSchema.extend({ day: DaySchema });

/** One week of the forecast: the recent daily cost of points at that pace, and the cash back active cards can pay. */
export const EconomyForecastWeekSchema = z.object({
  from: DaySchema,
  to: DaySchema,
  /** 7 × the average daily cost of step points, invite rewards and prizes over the basis days. */
  activity: MoneySchema,
  /** What active cards can still pay that week at most: each card's daily cash back on each of its days left. */
  cashBack: MoneySchema,
  total: MoneySchema,
});

/** A top-up of the reserve, as the ledger recorded it. */
export const EconomyDepositSchema = z.object({
  transferId: IdSchema,
  amount: MoneySchema,
  reference: z.string(),
  at: TimestampSchema,
});

export const EconomyOverviewSchema = z.object({
  generatedAt: TimestampSchema,
  today: DaySchema,
  /** Today's exchange: this many points buy `cashPerUnit` minor units (the earning rules in force today). */
  rate: z.object({ pointsPerUnit: z.number().int(), cashPerUnit: z.number().int() }),
  /** Today's points per step and daily maximum: where a simulation starts from. */
  rules: z.object({ stepsPerPoint: z.number().int(), pointsDailyMax: z.number().int() }),
  /**
   * The reserve: the ledger's `system:reserve:CNY`, which only finance's top-ups credit, less what was paid out to
   * users' banks (`withdraw.paid`) since its first top-up.
   */
  reserve: z.object({
    account: z.string(),
    deposited: MoneySchema,
    paidOut: MoneySchema,
    available: MoneySchema,
    firstDepositAt: TimestampSchema.nullable(),
    deposits: z.array(EconomyDepositSchema),
  }),
  /** What the service owes now. */
  owed: z.object({
    /** Users' cash balances. */
    cash: MoneySchema,
    /** Withdrawals requested and not yet paid or refused (`system:withdrawals-pending`). */
    pendingWithdrawals: MoneySchema,
    /** Users' points, and their value at today's rate. */
    points: PointsSchema,
    pointsValue: MoneySchema,
    /**
     * What active cards can still pay: per card, its daily cash back on each day left, never beyond its price, and
     * on the earlier days the daily cash cap held.
     */
    cashBackDue: MoneySchema,
    activeCards: z.number().int(),
    total: MoneySchema,
  }),
  /** The reserve available less everything owed: what is left for the costs to come (below zero: short). */
  headroom: MoneySchema,
  /** The last days, oldest first, today (not over yet) last. */
  days: z.array(EconomyDaySchema),
  forecast: z.object({
    /** The ended days the pace is read from (the last `basisDays` before today). */
    basisDays: z.number().int(),
    /** The average cost of a basis day, cash back included. */
    dailyCost: MoneySchema,
    /** 7 × `dailyCost`: the cost of a week at the current pace. */
    weeklyCost: MoneySchema,
    weeks: z.array(EconomyForecastWeekSchema),
  }),
  /**
   * Weeks the headroom lasts at `weeklyCost`, to one decimal (0 when there is none); null while nothing costs
   * anything. `alert` is set below `alertWeeks` (ECONOMY_ALERT_WEEKS; 0: never).
   */
  cover: z.object({ weeks: z.number().nullable(), alertWeeks: z.number().int(), alert: z.boolean() }),
  /**
   * The daily cap on points credited for steps across all users (ECONOMY_POINTS_DAILY_CAP; 0: off), and what today's
   * collections have taken of it (0 while it is off).
   */
  /** The daily caps (0: off) and what today has taken of each (docs/console/economy.md). */
  caps: z.object({
    pointsDaily: PointsSchema,
    pointsToday: PointsSchema,
    cashDaily: MoneySchema,
    cashToday: MoneySchema,
  }),
});
export type EconomyOverview = z.output<typeof EconomyOverviewSchema>;

export const consoleEconomy = defineEndpoint({
  id: 'console.economy.overview',
  method: 'GET',
  path: '/api/console/economy',
  access: 'console',
  roles: ['finance'],
  summary:
    'The economy ahead: what the service owes (cash, pending withdrawals, points at today’s rate, cash back active cards can still pay) against its reserve, the cost of each of the last 28 days by kind, a four-week forecast at the pace of the last 14 days, the weeks of cover, and the daily caps on points and cash back.',
  response: EconomyOverviewSchema,
});

/** The rules a simulation may change; those left out stay as they are today. */
const simulated = (rule: z.ZodNumber) => z.coerce.number().pipe(rule).optional();
const rules = EarningRulesSchema.shape;

export const consoleEconomySimulate = defineEndpoint({
  id: 'console.economy.simulate',
  method: 'GET',
  path: '/api/console/economy/simulate',
  access: 'console',
  roles: ['finance'],
  summary:
    'What the last 30 ended days would have cost with other points per step, daily points maximum or exchange: the stored step days (credited steps, the best card multiplier of each day, rejected days left out) earned again with the proposed rules, beside the same days at the rules in force then. Invite rewards and prizes are valued at the proposed exchange, cash back is as paid. Reads only; changes nothing.',
  query: z.strictObject({
    stepsPerPoint: simulated(rules.stepsPerPoint),
    pointsDailyMax: simulated(rules.pointsDailyMax),
    exchangePointsPerUnit: simulated(rules.exchangePointsPerUnit),
    exchangeCashPerUnit: simulated(rules.exchangeCashPerUnit),
  }),
  response: z.object({
    from: DaySchema,
    to: DaySchema,
    /** The proposed rules, those not given as they are today. */
    proposed: z.object({
      stepsPerPoint: z.number().int(),
      pointsDailyMax: z.number().int(),
      exchangePointsPerUnit: z.number().int(),
      exchangeCashPerUnit: z.number().int(),
    }),
    days: z.array(z.object({ day: DaySchema, actual: EconomyCostSchema, proposed: EconomyCostSchema })),
    actual: EconomyCostSchema,
    proposedTotal: EconomyCostSchema,
  }),
});

export const consoleEconomyDeposit = defineEndpoint({
  id: 'console.economy.deposit',
  method: 'POST',
  path: '/api/console/economy/deposits',
  access: 'console',
  roles: ['finance'],
  summary:
    'Records a top-up of the reserve (money the operator set aside for rewards, in minor units) as a ledger transfer from `system:deposits` to `system:reserve`, with the bank reference. Idempotent by `idempotencyKey`: the same key with the same amount and reference answers the first top-up, with another one 1005. Audited.',
  body: z.strictObject({
    amount: z.number().int().min(1).max(100_000_000_000),
    reference: text().trim().min(1).max(64),
    idempotencyKey: IdempotencyKeySchema,
  }),
  response: z.object({ deposit: EconomyDepositSchema, replayed: z.boolean() }),
});
