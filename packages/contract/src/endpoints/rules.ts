import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { DaySchema, IdSchema, TimestampSchema } from '../common.js';

// Earning rules as published, versioned records (docs/product/earning-rules.md, decision 098 "Earning rules as
// published versions").

/**
 * The rules a version fixes, each a whole number: points per step and per day, the points-to-cash exchange, the invite
 * reward, and the withdrawal's fee and limits. Amounts of money are in minor units.
 */
export const EarningRulesSchema = z.strictObject({
  /** 1 point per this many steps, before the best card's multiplier. */
  stepsPerPoint: z.number().int().min(1).max(100_000),
  /** The most points from steps in a day, before the best card's multiplier. */
  pointsDailyMax: z.number().int().min(0).max(1_000_000),
  /** This many points buy `exchangeCashPerUnit` minor units; exchanges are whole units. */
  exchangePointsPerUnit: z.number().int().min(1).max(1_000_000),
  exchangeCashPerUnit: z.number().int().min(1).max(1_000_000),
  exchangeMinPoints: z.number().int().min(1).max(100_000_000),
  /** Points each side receives when an invitee's steps first reach `inviteQualifyingSteps` in a day. */
  inviteRewardPoints: z.number().int().min(0).max(1_000_000),
  inviteQualifyingSteps: z.number().int().min(1).max(100_000),
  /** The withdrawal fee: this many thousandths of the amount, at least `withdrawFeeMin`. */
  withdrawFeePermille: z.number().int().min(0).max(1000),
  withdrawFeeMin: z.number().int().min(0).max(100_000_000),
  withdrawMin: z.number().int().min(1).max(100_000_000),
  withdrawDailyMax: z.number().int().min(1).max(1_000_000_000),
});
export type EarningRules = z.output<typeof EarningRulesSchema>;
export const EARNING_RULE_NAMES = Object.keys(EarningRulesSchema.shape) as (keyof EarningRules)[];

/** One rule a version changed from the one before it, and whether the change is worse for users. */
export const RuleChangeSchema = z.object({
  rule: z.enum(EARNING_RULE_NAMES as [keyof EarningRules, ...(keyof EarningRules)[]]),
  from: z.number().int(),
  to: z.number().int(),
  worse: z.boolean(),
});

export const RULE_VERSION_STATES = ['past', 'current', 'upcoming'] as const;

/**
 * A published version: the first day it applies to (a service day), when it was published, its rules, what it changed
 * from the version before it (none for the first), and whether any change is worse for users.
 */
export const RuleVersionSchema = z.object({
  id: IdSchema,
  effectiveOn: DaySchema,
  publishedAt: TimestampSchema,
  state: z.enum(RULE_VERSION_STATES),
  rules: EarningRulesSchema,
  changes: z.array(RuleChangeSchema),
  worse: z.boolean(),
});
export type RuleVersion = z.output<typeof RuleVersionSchema>;

export const listRuleVersions = defineEndpoint({
  id: 'rules.versions',
  method: 'GET',
  path: '/api/rules/versions',
  access: 'none',
  summary:
    'Every published version of the earning rules, the newest first: those upcoming with the day they apply from, the one in force today, and the past ones. A change worse for users applies no sooner than `noticeDays` after it was published, and never to days before it.',
  response: z.object({
    today: DaySchema,
    noticeDays: z.number().int(),
    versions: z.array(RuleVersionSchema),
  }),
});

/** The versions as the finance operators see them, with the book's `version` that a new one must name. */
export const ConsoleRuleVersionSchema = RuleVersionSchema.extend({
  publishedBy: z.string(),
  /** When its users were all told (in the inbox, and by push where allowed); null while being told. */
  toldAt: TimestampSchema.nullable(),
});

export const consoleRuleVersions = defineEndpoint({
  id: 'console.rules.list',
  method: 'GET',
  path: '/api/console/rules',
  access: 'console',
  roles: ['finance'],
  summary:
    'The earning rules’ versions, the newest first, the notice period a worse change needs, and the book’s `version` a new version must name.',
  response: z.object({
    today: DaySchema,
    noticeDays: z.number().int(),
    bookVersion: z.number().int(),
    versions: z.array(ConsoleRuleVersionSchema),
  }),
});

export const consolePublishRules = defineEndpoint({
  id: 'console.rules.publish',
  method: 'POST',
  path: '/api/console/rules',
  access: 'console',
  roles: ['finance'],
  summary:
    'Publishes a version of the earning rules from `effectiveOn` (a service day): a change worse for users no sooner than the notice period after today (1007), a better one from today; never in the past (1007), never the same rules again (1007), one version per day (1007). `bookVersion` is the one the list answered; another version published meanwhile answers 1017. Every user is told in the inbox and by push.',
  body: z.strictObject({
    effectiveOn: DaySchema,
    rules: EarningRulesSchema,
    bookVersion: z.number().int().min(0),
  }),
  response: ConsoleRuleVersionSchema,
});
