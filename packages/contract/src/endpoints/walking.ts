import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { STATEMENT_TYPES } from '../rules/ledger-types.js';
import {
  APP_ROUTES,
  DaySchema,
  IdempotencyKeySchema,
  IdParamsSchema,
  IdSchema,
  LanguageSchema,
  MoneySchema,
  paged,
  pageOf,
  PageQuerySchema,
  PointsSchema,
  text,
  TimestampSchema,
  translationsSchema,
  VersionBodySchema,
  VersionSchema,
} from '../common.js';

export const MAX_DAILY_STEPS = 100_000;

/** A device's own id: letters, digits, `_` and `-`. */
export const DeviceIdSchema = text().regex(/^[A-Za-z0-9_-]{8,64}$/);

/**
 * The cadence of the steps counted since the previous report: how many intervals were measured and
 * their coefficient of variation (standard deviation / mean). People walk with a CV of a few percent;
 * a machine shaking a phone is far more regular.
 */
export const StepRhythmSchema = z.strictObject({
  intervals: z.number().int().min(1).max(MAX_DAILY_STEPS),
  cv: z.number().min(0).max(10),
});

/** Why a day's rewards wait for an operator (docs/product/rules.md, Steps and points). */
export const STEP_FLAG_REASONS = ['regularRhythm', 'sourcesDisagree', 'sharedDevice', 'sharedAddress'] as const;
export const StepFlagReasonSchema = z.enum(STEP_FLAG_REASONS);

/** `flagged`: waiting for an operator; `cleared`: rewards paid after review; `rejected`: none paid. */
export const StepReviewStatusSchema = z.enum(['flagged', 'cleared', 'rejected']);

export const StepReviewSchema = z.object({
  status: StepReviewStatusSchema,
  reasons: z.array(StepFlagReasonSchema),
  flaggedAt: TimestampSchema,
  decidedAt: TimestampSchema.nullable(),
  /** How many hours a flagged day is usually decided within (the server's setting), e.g. 24. */
  expectedHours: z.number().int(),
});

/**
 * What a day's steps earned that its review holds (`flagged`: waits for the decision) or held back
 * (`rejected`: not paid): points not collected and the cash back its cards would pay.
 */
export const HeldRewardsSchema = z.object({ points: PointsSchema, cashBack: MoneySchema });

export const StepReportResultSchema = z.object({
  day: DaySchema,
  /** The day's credited count (the highest trustworthy source): a lower report leaves it unchanged. */
  steps: z.number().int(),
  /** This source's stored count for the day. */
  sourceSteps: z.number().int(),
  /** Card cash back credited by this report (0 when nothing new was earned). */
  cashBack: MoneySchema,
  /** Set when the day waits for an operator: its points and cash back are held until then. */
  review: StepReviewSchema.nullable(),
});

export const reportSteps = defineEndpoint({
  id: 'steps.report',
  method: 'POST',
  path: '/api/steps',
  access: 'user',
  summary:
    "Report today's or yesterday's step count, from the web app's motion-sensor counter or a companion app. Per day, steps only grow.",
  body: z.strictObject({
    day: DaySchema,
    steps: z.number().int().min(0).max(MAX_DAILY_STEPS),
    source: z.enum(['web', 'companion']).default('web'),
    /**
     * The counting installation (the web app keeps one random id per browser). Each device is its
     * own source: its count only grows, and the day credits the highest source, never the sum.
     */
    device: DeviceIdSchema.optional(),
    /** How regular the counted steps were since the previous report (docs/product/rules.md, Steps and points). */
    rhythm: StepRhythmSchema.optional(),
  }),
  response: StepReportResultSchema,
});

export const BannerSchema = z.object({ id: IdSchema, image: z.string(), title: z.string(), url: z.string() });

/** A shortcut on home: `path` is an app route such as `/pages/invest/index`. */
export const QuickEntrySchema = z.object({ id: IdSchema, icon: z.string(), title: z.string(), path: z.string() });

export const ActiveCardProgressSchema = z.object({
  cardId: IdSchema,
  name: z.string(),
  dailyTarget: z.number().int(),
  dailyCashBack: MoneySchema,
  cashBackEarned: z.boolean(),
  /** Today's cash back this card holds while the day is under review (target reached, not paid yet); 0 otherwise. */
  cashBackPending: MoneySchema,
  /** Today's cash back the service's daily cash cap held: paid by a later day's settlement; 0 otherwise. */
  cashBackCapped: MoneySchema,
  daysLeft: z.number().int(),
});

export const getHome = defineEndpoint({
  id: 'home.get',
  method: 'GET',
  path: '/api/home',
  access: 'user',
  summary: "Today's steps and goal, balances, collectable points, active card progress, banners, latest notices.",
  response: z.object({
    day: DaySchema,
    /**
     * The business time zone as a fixed offset from UTC in minutes: days begin at its midnight
     * (docs/product/rules.md, Steps and points). The web app's step counter uses it to move to the
     * next day at midnight.
     */
    utcOffsetMinutes: z.number().int(),
    steps: z.number().int(),
    goal: z.number().int(),
    points: PointsSchema,
    balance: MoneySchema,
    /** Points today's steps have earned so far (multiplier applied, daily maximum applied). */
    earnedPoints: PointsSchema,
    /** Of those, already collected. */
    collectedPoints: PointsSchema,
    /** What a collection credits now: today's points not collected (unless held) and `releasedPoints`. */
    collectablePoints: PointsSchema,
    /** Points of earlier days that a review cleared and the user has not collected yet (part of `collectablePoints`). */
    releasedPoints: PointsSchema,
    /** Today's points and cash back held by its review (flagged: waiting; rejected: not paid), or null. */
    held: HeldRewardsSchema.nullable(),
    /**
     * The nearest day within the next 30 (today included) on which some of the points expire, and how many as things
     * stand (docs/product/points-expiry.md); null when none do, or when points never expire.
     */
    expiringPoints: z.object({ points: PointsSchema, day: DaySchema }).nullable(),
    /** Best multiplier among active cards, e.g. 1.5; 1 without a card. */
    multiplier: z.number(),
    /** The active card with the highest target, or null. */
    activeCard: ActiveCardProgressSchema.nullable(),
    /** Every active card, the highest target first (the first is `activeCard`). */
    activeCards: z.array(ActiveCardProgressSchema),
    /** Set when today waits for an operator ("under review"): nothing is collectable until it is cleared. */
    review: StepReviewSchema.nullable(),
    banners: z.array(BannerSchema),
    quickEntries: z.array(QuickEntrySchema),
    notices: z.array(z.object({ id: IdSchema, title: z.string(), publishedAt: TimestampSchema })),
  }),
});

export const collectPoints = defineEndpoint({
  id: 'points.collect',
  method: 'POST',
  path: '/api/points/collect',
  access: 'user',
  summary:
    "Home's collect: credit what today's steps have earned so far and the points reviews released from earlier days; collecting again credits only the difference. Past the service's daily points cap (ECONOMY_POINTS_DAILY_CAP), what is left of it is credited and the rest is `capped`, credited by a collection on a later day. Idempotent.",
  body: z.strictObject({ idempotencyKey: IdempotencyKeySchema }),
  response: z.object({
    /** Everything credited, `released` included. */
    collected: PointsSchema,
    /** Of those, points of earlier days that a review cleared. */
    released: PointsSchema,
    /** Of those, points of earlier days that the service's daily points cap held back (docs/console/economy.md). */
    earlier: PointsSchema,
    /**
     * Today's points the service's daily points cap held back: not credited now, collectable from tomorrow (0 without a
     * cap, or below it).
     */
    capped: PointsSchema,
    points: PointsSchema,
    cashBack: MoneySchema,
  }),
});

export const exchangePoints = defineEndpoint({
  id: 'exchange.create',
  method: 'POST',
  path: '/api/exchange',
  access: 'user',
  summary: 'Convert points to cash at the configured rate.',
  body: z.strictObject({ points: z.number().int().min(1), idempotencyKey: IdempotencyKeySchema }),
  response: z.object({ id: IdSchema, points: PointsSchema, amount: MoneySchema, createdAt: TimestampSchema }),
});

export const ExchangeRecordSchema = z.object({
  id: IdSchema,
  points: PointsSchema,
  amount: MoneySchema,
  createdAt: TimestampSchema,
});

export const listExchanges = defineEndpoint({
  id: 'exchange.statement',
  method: 'GET',
  path: '/api/exchange/statement',
  access: 'user',
  summary: 'Points-to-cash exchange records, newest first.',
  query: PageQuerySchema,
  response: pageOf(ExchangeRecordSchema),
});

export const MoneyMovementSchema = z.object({
  id: IdSchema,
  /** One of STATEMENT_TYPES; a client shows a type it does not know as written. */
  type: z.string(),
  /** A movement that came from walking (card cash back): the day whose receipt explains it. */
  receiptDay: DaySchema.nullable(),
  amount: MoneySchema,
  balanceAfter: MoneySchema,
  createdAt: TimestampSchema,
});

export const listMoneyStatement = defineEndpoint({
  id: 'money.statement',
  method: 'GET',
  path: '/api/user/money/statement',
  access: 'user',
  summary: 'Every movement of the cash balance, newest first.',
  ...paged(MoneyMovementSchema, {
    type: z.enum(STATEMENT_TYPES, { error: 'rule.statementType' }).optional(),
    /** Business days, inclusive. */
    from: DaySchema.optional(),
    to: DaySchema.optional(),
  }),
});

/** One movement of the points balance (decision 081 "One points statement"): a ledger entry, with what it links to. */
export const PointsMovementSchema = z.object({
  id: IdSchema,
  /** One of POINTS_STATEMENT_TYPES; a client shows a type it does not know as written. */
  type: z.string(),
  /** Signed: positive credited, negative spent. */
  amount: PointsSchema,
  balanceAfter: PointsSchema,
  /** Points collected for walking (`points.collect`, `points.release`): the service day whose receipt explains them. */
  receiptDay: DaySchema.nullable(),
  /** Goods bought or refunded (`shop.order`, `shop.refund`): the goods order. */
  orderId: IdSchema.nullable(),
  /** Points exchanged for cash (`exchange`): the exchange record. */
  exchangeId: IdSchema.nullable(),
  createdAt: TimestampSchema,
});

export const listPointsStatement = defineEndpoint({
  id: 'points.statement',
  method: 'GET',
  path: '/api/user/points/statement',
  access: 'user',
  summary:
    'Every movement of my points balance, newest first: collected, released, invite rewards, goods bought and refunded, exchanged, corrections.',
  query: PageQuerySchema,
  response: pageOf(PointsMovementSchema),
});

export type Banner = z.output<typeof BannerSchema>;
export type QuickEntry = z.output<typeof QuickEntrySchema>;
export type ActiveCardProgress = z.output<typeof ActiveCardProgressSchema>;
export type ExchangeRecord = z.output<typeof ExchangeRecordSchema>;
export type MoneyMovement = z.output<typeof MoneyMovementSchema>;
export type PointsMovement = z.output<typeof PointsMovementSchema>;

// ---- Operator console: home banners and quick entries (docs/console/plans-and-home.md) ----

/** The icons the web app draws for a quick entry; a quick entry may also show an image instead. */
export const QUICK_ENTRY_ICONS = ['card', 'wallet', 'shield', 'exchange', 'invite', 'shop'] as const;

/**
 * Where a banner or quick entry may lead (docs/product/client.md, Pages): one of the app's own
 * pages (`/pages/...`, also written `#/pages/...`, with an optional query) or an `https:` page.
 * Nothing else: no `http:`, no `javascript:`, no other host's path.
 */
export function isHomeLinkTarget(target: string): boolean {
  if (target.startsWith('https://')) {
    try {
      const url = new URL(target);
      return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }
  const route = target.startsWith('#') ? target.slice(1) : target;
  const [path = '', query] = route.split('?', 2);
  const routes: readonly string[] = APP_ROUTES;
  return routes.includes(path) && (query === undefined || /^[\w.~%=&+-]*$/.test(query));
}

export const HomeItemKindSchema = z.enum(['banner', 'entry']);

/**
 * A home item's title in other languages and, for a banner, its picture in other languages (a
 * picture with words in it is drawn per language; decision 084 "Content per language"). A language without its own
 * picture shows the item's `image`.
 */
export const HomeItemTranslationsSchema = translationsSchema({
  title: text().trim().max(140),
  image: text().trim().max(2000),
});

const HomeItemFieldsSchema = z.strictObject({
  title: text().trim().min(1).max(140),
  /** A banner: an image URL (`/media/...` from the image upload, or `https:`). An entry: an icon name or an image URL. */
  image: text().trim().min(1).max(2000),
  target: text().trim().min(1).max(500).refine(isHomeLinkTarget, { error: 'rule.homeLink' }),
  /** Order on home, smallest first. */
  position: z.number().int().min(0).max(10_000),
  active: z.boolean(),
  /**
   * The language `title` is written in (decision 042 "Content in every language"); an edit without it keeps the item's.
   */
  defaultLanguage: LanguageSchema.optional(),
  /** The title (and a banner's image) in other languages; an edit without it keeps the item's. */
  translations: HomeItemTranslationsSchema.optional(),
});

export const ConsoleHomeItemSchema = z.object({
  id: IdSchema,
  defaultLanguage: LanguageSchema,
  translations: HomeItemTranslationsSchema,
  kind: HomeItemKindSchema,
  title: z.string(),
  image: z.string(),
  target: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  /** Sent back with an edit or a removal: another version answers 1017. */
  version: z.number().int(),
});

export const consoleHomeItems = defineEndpoint({
  id: 'console.home.list',
  method: 'GET',
  path: '/api/console/home-items',
  access: 'console',
  roles: ['editor'],
  summary: "Home's banners and quick entries, active or not, in their order.",
  response: z.array(ConsoleHomeItemSchema),
});

export const consoleCreateHomeItem = defineEndpoint({
  id: 'console.home.create',
  method: 'POST',
  path: '/api/console/home-items',
  access: 'console',
  roles: ['editor'],
  summary: 'Adds a banner or a quick entry to home.',
  body: HomeItemFieldsSchema.extend({ kind: HomeItemKindSchema }),
  response: ConsoleHomeItemSchema,
});

export const consoleEditHomeItem = defineEndpoint({
  id: 'console.home.edit',
  method: 'PUT',
  path: '/api/console/home-items/{id}',
  access: 'console',
  roles: ['editor'],
  summary: 'Changes a banner or quick entry (deactivate with `active: false`). A stale version answers 1017.',
  params: IdParamsSchema,
  body: HomeItemFieldsSchema.extend({ version: VersionSchema }),
  response: ConsoleHomeItemSchema,
});

export const consoleRemoveHomeItem = defineEndpoint({
  id: 'console.home.remove',
  method: 'POST',
  path: '/api/console/home-items/{id}/remove',
  access: 'console',
  roles: ['editor'],
  summary: 'Removes a banner or quick entry for good. A stale version answers 1017.',
  params: IdParamsSchema,
  body: VersionBodySchema,
  response: z.object({ done: z.literal(true) }),
});

export type HomeItemKind = z.output<typeof HomeItemKindSchema>;
export type ConsoleHomeItem = z.output<typeof ConsoleHomeItemSchema>;

// ---- History, streaks and achievements, and a receipt for every day (docs/product/rules.md, Steps and points) ----

/**
 * Where a day's count came from. `device`: a step-source token; imports fill history; `huawei` and
 * `fitbit`: a connected wearable account (docs/product/step-sources.md, Connected accounts).
 */
export const STEP_SOURCE_KINDS = [
  'web',
  'companion',
  'device',
  'appleHealth',
  'googleFit',
  'huawei',
  'fitbit',
] as const;
export const StepSourceKindSchema = z.enum(STEP_SOURCE_KINDS);

/** The longest range one history call answers. */
export const HISTORY_MAX_DAYS = 400;

export const HistoryDaySchema = z.object({
  day: DaySchema,
  /** The credited count. */
  steps: z.number().int(),
  /** The goal that day: the highest target among the cards active then, else the default goal. */
  goal: z.number().int(),
  goalMet: z.boolean(),
  reviewStatus: StepReviewStatusSchema.nullable(),
});

export const getStepHistory = defineEndpoint({
  id: 'steps.history',
  method: 'GET',
  path: '/api/steps/history',
  access: 'user',
  summary: `Days with steps between two business days (inclusive, at most ${HISTORY_MAX_DAYS} days), oldest first; days without steps are left out.`,
  query: z.strictObject({ from: DaySchema, to: DaySchema }),
  response: z.object({
    from: DaySchema,
    to: DaySchema,
    /** The goal of a day without a card. */
    defaultGoal: z.number().int(),
    /**
     * The runs of days in the range whose goal is not the default (a card's target while it was
     * active), oldest first: with them every day has its goal, steps or not, as home and the
     * streaks count it.
     */
    goals: z.array(z.object({ from: DaySchema, to: DaySchema, goal: z.number().int() })),
    /** The account's first business day: days before it are not counted or shown. */
    firstDay: DaySchema,
    days: z.array(HistoryDaySchema),
    summary: z.object({
      totalSteps: z.number().int(),
      /** Total over the days of the range from the account's first day up to today (days without steps count as 0), rounded down. */
      averageSteps: z.number().int(),
      goalDays: z.number().int(),
      best: z.object({ day: DaySchema, steps: z.number().int() }).nullable(),
    }),
  }),
});

/** Milestones a user reaches once; `target` is in the milestone's own unit (steps, metres, days). */
export const MILESTONES = [
  'firstGoal',
  'first10k',
  'first20k',
  'streak7',
  'streak30',
  'distance100km',
  'distance1000km',
  'steps1m',
] as const;
export const MilestoneKeySchema = z.enum(MILESTONES);

export const getAchievements = defineEndpoint({
  id: 'steps.achievements',
  method: 'GET',
  path: '/api/steps/achievements',
  access: 'user',
  summary:
    'Current and longest streak of goal days (in the business time zone), totals, and milestones with the day each was reached.',
  response: z.object({
    /** The business day it is now: the day history and the streak end on. */
    today: DaySchema,
    /** Consecutive goal days ending today, or yesterday while today is still short of its goal. */
    currentStreak: z.number().int(),
    longestStreak: z.number().int(),
    /** Today already counts in the current streak. */
    todayMet: z.boolean(),
    goalDays: z.number().int(),
    totalSteps: z.number().int(),
    /** Estimated from steps with the configured step length. */
    totalDistanceMeters: z.number().int(),
    milestones: z.array(
      z.object({
        key: MilestoneKeySchema,
        target: z.number().int(),
        progress: z.number().int(),
        reachedOn: DaySchema.nullable(),
      }),
    ),
  }),
});

/**
 * Why a report was not credited: over the per-minute rate, over the daily cap, for a day no longer
 * open, an hourly bucket typed in by hand (`manual`), or a connected account that lowered a day it
 * had reported (`lowered`: the higher count it reported first stays, nothing is paid twice).
 */
export const STEP_REFUSAL_REASONS = ['rate', 'cap', 'late', 'manual', 'lowered'] as const;
export const StepRefusalReasonSchema = z.enum(STEP_REFUSAL_REASONS);

export const StepReceiptSchema = z.object({
  /** A service day: the business day at `utcOffsetMinutes` (docs/product/client.md, Step day receipt). */
  day: DaySchema,
  /** The business time zone's offset from UTC, that the day and its label are in. */
  utcOffsetMinutes: z.number().int(),
  goal: z.number().int(),
  /** The day's credited count: the highest trustworthy source. */
  steps: z.number().int(),
  sources: z.array(
    z.object({
      kind: StepSourceKindSchema,
      /** A step-source token's name or a connected account's name, or null. */
      name: z.string().nullable(),
      steps: z.number().int(),
      reportedAt: TimestampSchema,
      /** The source whose count the day credits. */
      credited: z.boolean(),
    }),
  ),
  refusals: z.array(
    z.object({
      kind: StepSourceKindSchema,
      name: z.string().nullable(),
      /** The count the source reported. */
      steps: z.number().int(),
      reason: StepRefusalReasonSchema,
      /** `rate`: the most the source could have reached then; `cap`: the daily cap; `lowered`: the count kept. */
      limit: z.number().int().nullable(),
      at: TimestampSchema,
    }),
  ),
  review: StepReviewSchema.nullable(),
  /** What the review holds (flagged) or held back (rejected): points not collected and the cash back not paid; null otherwise. */
  held: HeldRewardsSchema.nullable(),
  /** Points the day's clearing released that are not collected yet; 0 otherwise. */
  releasedPoints: PointsSchema,
  points: z.object({
    /** Earned by the credited steps: floor(min(steps / stepsPerPoint, daily maximum) × multiplier). */
    earned: PointsSchema,
    collected: PointsSchema,
    /** Integer percent, 100 without a card. */
    multiplierPercent: z.number().int(),
    /** The card that gave the multiplier, or null. */
    multiplierCard: z.string().nullable(),
  }),
  cashBack: z.array(z.object({ cardId: IdSchema, cardName: z.string(), amount: MoneySchema })),
  /**
   * The day's cash back the service's daily cash cap held (docs/product/rules.md, Membership cards): not paid yet, paid by a
   * later day's settlement, oldest days first; 0 otherwise.
   */
  cashBackCapped: MoneySchema,
  /** Points credited to this user when this day's steps completed an invitation, or null. */
  inviteReward: z.object({ points: PointsSchema }).nullable(),
});

export const getStepReceipt = defineEndpoint({
  id: 'steps.receipt',
  method: 'GET',
  path: '/api/steps/days/{day}',
  access: 'user',
  summary:
    "A day's receipt: what each source reported, what was refused and why, what was credited, points, multiplier, cash back per card and any invite reward.",
  params: z.strictObject({ day: DaySchema }),
  response: StepReceiptSchema,
});

// ---- Operator console: flagged days (docs/console/flagged-days.md) ----

export const ConsoleFlaggedDaySchema = z.object({
  id: IdSchema,
  userId: IdSchema,
  /** Masked as everywhere in the console. */
  mobile: z.string(),
  day: DaySchema,
  steps: z.number().int(),
  status: StepReviewStatusSchema,
  reasons: z.array(StepFlagReasonSchema),
  sources: z.array(z.object({ kind: StepSourceKindSchema, name: z.string().nullable(), steps: z.number().int() })),
  /** Points the day's steps earned and cash back the active cards would pay, held until a decision. */
  heldPoints: PointsSchema,
  heldCashBack: MoneySchema,
  flaggedAt: TimestampSchema,
  decidedAt: TimestampSchema.nullable(),
  note: z.string().nullable(),
  version: z.number().int(),
});

export const consoleFlaggedDays = defineEndpoint({
  id: 'console.steps.flagged',
  method: 'GET',
  path: '/api/console/flagged-days',
  access: 'console',
  roles: ['reviewer'],
  summary: 'Days whose rewards wait for a decision (or decided ones), oldest first.',
  ...paged(ConsoleFlaggedDaySchema, { status: StepReviewStatusSchema.default('flagged') }),
});

export const consoleDecideFlaggedDay = defineEndpoint({
  id: 'console.steps.decide',
  method: 'POST',
  path: '/api/console/flagged-days/{id}/decide',
  access: 'console',
  roles: ['reviewer'],
  summary:
    'Clears a flagged day (its held points and cash back are credited now) or rejects it (nothing is paid). Once: a decided day or a stale version answers 1017.',
  params: IdParamsSchema,
  body: z.strictObject({
    decision: z.enum(['clear', 'reject']),
    note: text().trim().max(500).optional(),
    version: VersionSchema,
  }),
  response: ConsoleFlaggedDaySchema,
});

export type StepReview = z.output<typeof StepReviewSchema>;
export type HeldRewards = z.output<typeof HeldRewardsSchema>;
export type StepSourceKind = z.output<typeof StepSourceKindSchema>;
export type HistoryDay = z.output<typeof HistoryDaySchema>;
export type StepReceipt = z.output<typeof StepReceiptSchema>;
export type MilestoneKey = z.output<typeof MilestoneKeySchema>;
export type ConsoleFlaggedDay = z.output<typeof ConsoleFlaggedDaySchema>;
export type StepRefusalReason = z.output<typeof StepRefusalReasonSchema>;
export type StepFlagReason = z.output<typeof StepFlagReasonSchema>;
