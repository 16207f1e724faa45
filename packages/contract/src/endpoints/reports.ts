import { z } from 'zod';
import { DaySchema, MoneySchema, PointsSchema, TimestampSchema } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

/** Read-only figures for operators (decision 027 "The console's dashboard"): the console's dashboard. */

/** One business day's figures (the day in the service's configured business time zone). */
export const DashboardDaySchema = z.object({
  day: DaySchema,
  /** Users with a step count above zero that day. */
  activeWalkers: z.number().int(),
  steps: z.number().int(),
  /** Points credited to users (collections, invite rewards), net of nothing. */
  pointsIssued: PointsSchema,
  /** Points users spent (exchanges, goods), less goods refunds. */
  pointsRedeemed: PointsSchema,
  cashBackPaid: MoneySchema,
  cardSales: z.number().int(),
  cardSalesAmount: MoneySchema,
  withdrawalsPaid: z.number().int(),
  /** What the bank received (the withdrawals' amounts less fees). */
  withdrawalsPaidAmount: MoneySchema,
});

/** A queue of work for operators and how many items wait in it. */
export const DashboardQueueSchema = z.object({
  /**
   * identity, face, withdrawals, goods-orders, card-mailings, corrections, flagged-days, appeals, appeals-overdue (open
   * appeals past their due time, highlighted): one entry per queue.
   */
  key: z.string(),
  count: z.number().int(),
});

/**
 * Walking together, counted now: friends, clubs and challenges (docs/console/dashboard.md), each part its own object.
 */
export const DashboardSocialSchema = z.object({
  friends: z.object({
    /** Pairs of users who are friends. */
    friendships: z.number().int(),
    /** Users with at least one friend who reported a step day this week (Monday to today, service days). */
    activeThisWeek: z.number().int(),
  }),
  clubs: z.object({
    open: z.number().int(),
    /** Open clubs with the verified badge. */
    verified: z.number().int(),
  }),
  challenges: z.object({
    /** Challenges under way today: started, not yet ended, not called off. */
    running: z.number().int(),
    /** Who takes part in those (those who left are not counted). */
    participants: z.number().int(),
  }),
});

/**
 * The weeks of cover of the economy (docs/console/economy.md) and the cost of a week at the current pace they are
 * reckoned by; `weeks` is null while nothing costs anything.
 */
export const DashboardEconomySchema = z.object({
  weeks: z.number().nullable(),
  alertWeeks: z.number().int(),
  alert: z.boolean(),
  weeklyCost: MoneySchema,
});
export type DashboardEconomy = z.output<typeof DashboardEconomySchema>;

export const DashboardSummarySchema = z.object({
  generatedAt: TimestampSchema,
  today: DaySchema,
  /** The business time zone as minutes east of UTC. */
  utcOffsetMinutes: z.number().int(),
  /** The last 30 days, oldest first, today last; days without activity are zeros. */
  days: z.array(DashboardDaySchema),
  /** What the platform owes its users now, summed from the ledger's entries. */
  liabilities: z.object({ cash: MoneySchema, points: PointsSchema }),
  queues: z.array(DashboardQueueSchema),
  social: DashboardSocialSchema,
  /**
   * The weeks of cover of the economy (docs/console/economy.md): `alert` set when they are fewer than
   * ECONOMY_ALERT_WEEKS.
   */
  economy: DashboardEconomySchema,
});

export const consoleDashboardSummary = defineEndpoint({
  id: 'console.dashboard.summary',
  method: 'GET',
  path: '/api/console/dashboard',
  access: 'console',
  roles: ['admin', 'finance'],
  summary:
    "The dashboard: today and the last 30 days (walkers, steps, points issued and redeemed, cash back, card sales, withdrawals paid), users' balances summed from the ledger, the count of every operator queue, and friends and clubs now.",
  response: DashboardSummarySchema,
});

export type DashboardDay = z.output<typeof DashboardDaySchema>;
export type DashboardQueue = z.output<typeof DashboardQueueSchema>;
export type DashboardSocial = z.output<typeof DashboardSocialSchema>;
export type DashboardSummary = z.output<typeof DashboardSummarySchema>;
