import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { STATEMENT_TYPES } from '../rules/ledger-types.js';
import {
  APP_ROUTES,
  DaySchema,
  IdParamsSchema,
  IdSchema,
  IdempotencyKeySchema,
  MoneySchema,
  PageQuerySchema,
  PointsSchema,
  TimestampSchema,
  pageOf,
  text,
  VersionSchema,
} from '../common.js';

export const MAX_DAILY_STEPS = 100_000;

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
  }),
  response: z.object({
    day: DaySchema,
    /** The stored count: a lower report than before leaves it unchanged. */
    steps: z.number().int(),
    /** Card cash back credited by this report (0 when nothing new was earned). */
    cashBack: MoneySchema,
  }),
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
    steps: z.number().int(),
    goal: z.number().int(),
    points: PointsSchema,
    balance: MoneySchema,
    /** Points today's steps have earned so far (multiplier applied, daily maximum applied). */
    earnedPoints: PointsSchema,
    /** Of those, already collected. */
    collectedPoints: PointsSchema,
    collectablePoints: PointsSchema,
    /** Best multiplier among active cards, e.g. 1.5; 1 without a card. */
    multiplier: z.number(),
    /** The active card with the highest target, or null. */
    activeCard: ActiveCardProgressSchema.nullable(),
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
    "Home's collect: credit what today's steps have earned so far; collecting again credits only the difference. Idempotent.",
  body: z.strictObject({ idempotencyKey: IdempotencyKeySchema }),
  response: z.object({ collected: PointsSchema, points: PointsSchema, cashBack: MoneySchema }),
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
  query: PageQuerySchema.extend({
    type: z.enum(STATEMENT_TYPES, { error: 'rule.statementType' }).optional(),
    /** Business days, inclusive. */
    from: DaySchema.optional(),
    to: DaySchema.optional(),
  }),
  response: pageOf(MoneyMovementSchema),
});

export type Banner = z.output<typeof BannerSchema>;
export type QuickEntry = z.output<typeof QuickEntrySchema>;
export type ActiveCardProgress = z.output<typeof ActiveCardProgressSchema>;
export type ExchangeRecord = z.output<typeof ExchangeRecordSchema>;
export type MoneyMovement = z.output<typeof MoneyMovementSchema>;

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

const HomeItemFieldsSchema = z.strictObject({
  title: text().trim().min(1).max(140),
  /** A banner: an image URL (`/media/...` from the image upload, or `https:`). An entry: an icon name or an image URL. */
  image: text().trim().min(1).max(2000),
  target: text().trim().min(1).max(500).refine(isHomeLinkTarget, { error: 'rule.homeLink' }),
  /** Order on home, smallest first. */
  position: z.number().int().min(0).max(10_000),
  active: z.boolean(),
});

export const ConsoleHomeItemSchema = z.object({
  id: IdSchema,
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
  body: z.strictObject({ version: VersionSchema }),
  response: z.object({ done: z.literal(true) }),
});

export type HomeItemKind = z.output<typeof HomeItemKindSchema>;
export type ConsoleHomeItem = z.output<typeof ConsoleHomeItemSchema>;
