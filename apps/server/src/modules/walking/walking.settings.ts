import { z } from 'zod';
import { defineSettings } from '../../config.js';

export const walkingSettings = defineSettings(
  z.object({
    STEPS_DAILY_CAP: z.coerce
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(100_000)
      .describe('Most steps stored for one day (at most 100,000).'),
    STEPS_MAX_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .default(300)
      .describe('Largest plausible increase per minute since the last report (or since local midnight).'),
    STEPS_DAILY_GOAL: z.coerce
      .number()
      .int()
      .min(1)
      .default(6_000)
      .describe("Home's goal without an active card (with one, the card's target)."),
    STEP_FLAG_RHYTHM_MIN_INTERVALS: z.coerce
      .number()
      .int()
      .min(2)
      .default(200)
      .describe(
        'A report whose step rhythm has at least this many intervals, and a coefficient of variation below `STEP_FLAG_RHYTHM_MAX_CV`, flags the day for review.',
      ),
    STEP_FLAG_RHYTHM_MAX_CV: z.coerce
      .number()
      .min(0)
      .max(1)
      .default(0.01)
      .describe(
        "A report's step rhythm with a coefficient of variation below this (and at least `STEP_FLAG_RHYTHM_MIN_INTERVALS` intervals) flags the day for review: people walk with a CV of a few percent; a shaking machine is far more regular.",
      ),
    STEP_FLAG_DISAGREE_RATIO: z.coerce
      .number()
      .min(1)
      .default(2)
      .describe(
        "A day whose highest source is more than this many times an all-day source's count (and `STEP_FLAG_DISAGREE_MIN_STEPS` above it) is flagged for review.",
      ),
    STEP_FLAG_DISAGREE_MIN_STEPS: z.coerce
      .number()
      .int()
      .min(0)
      .default(5_000)
      .describe(
        "A day whose highest source is this many steps above an all-day source's count (and more than `STEP_FLAG_DISAGREE_RATIO` times it) is flagged for review.",
      ),
    STEP_FLAG_SHARED_DEVICE_ACCOUNTS: z.coerce
      .number()
      .int()
      .min(1)
      .default(3)
      .describe('A day is flagged when its counting device has counted for more than this many other accounts.'),
    STEP_FLAG_SHARED_ADDRESS_ACCOUNTS: z.coerce
      .number()
      .int()
      .min(1)
      .default(3)
      .describe(
        "A day that reaches its goal is flagged when the user's delivery address (region, detail and phone) is also an address of more than this many other accounts.",
      ),
    STEP_REVIEW_EXPECTED_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(720)
      .default(24)
      .describe(
        'How many hours a flagged day usually waits for its review (1–720): the app says "usually decided within N hours" beside the points and cash back that wait (decision 078). It promises nothing by itself; it should match how the reviewers work.',
      ),
    STEP_LENGTH_CM: z.coerce
      .number()
      .int()
      .min(30)
      .max(150)
      .default(70)
      .describe("One step's length in centimetres (30–150): history's distance and the distance milestones."),
    POINTS_STEPS_PER_POINT: z.coerce
      .number()
      .int()
      .min(1)
      .default(100)
      .describe(
        '1 point per this many steps (at most `POINTS_DAILY_MAX` a day), before the best card multiplier. Only the first version of the earning rules: later ones are published in the console (decision 098).',
      ),
    POINTS_DAILY_MAX: z.coerce
      .number()
      .int()
      .min(0)
      .default(200)
      .describe(
        'The most points from steps in a day, before the best card multiplier. Only the first version of the earning rules: later ones are published in the console (decision 098).',
      ),
    POINTS_EXPIRY_DAYS: z.coerce
      .number()
      .int()
      .min(0)
      .max(3650)
      .refine((days) => days === 0 || days > 30, '0 (points never expire), or more than 30 days')
      .default(0)
      .describe(
        'Points expire this many whole days after the day they were credited, oldest first, each user told 30 and 7 days before (docs/product/points-expiry.md); `0`, the default, keeps them for ever. Either 0 or 31–3650. Points credited before it was set expire no sooner than 30 days after the first start with it (decision 099).',
      ),
    EXCHANGE_POINTS_PER_UNIT: z.coerce
      .number()
      .int()
      .min(1)
      .default(100)
      .describe(
        'This many points buy `EXCHANGE_CASH_PER_UNIT` minor units (100 points = ¥1.00); exchanges are whole units (the web app reads both from `GET /api/rules`). Only the first version of the earning rules: later ones are published in the console (decision 098).',
      ),
    EXCHANGE_CASH_PER_UNIT: z.coerce
      .number()
      .int()
      .min(1)
      .default(100)
      .describe(
        'The minor units `EXCHANGE_POINTS_PER_UNIT` points buy (100 points = ¥1.00; the web app reads it from `GET /api/rules`). Only the first version of the earning rules: later ones are published in the console (decision 098).',
      ),
    EXCHANGE_MIN_POINTS: z.coerce
      .number()
      .int()
      .min(1)
      .default(100)
      .describe(
        'Smallest exchange (the web app reads it from `GET /api/rules`). Only the first version of the earning rules: later ones are published in the console (decision 098).',
      ),
  }),
  (e) => ({
    /** `lengthCm`: one step's length, for the distance history and milestones show. */
    steps: {
      dailyCap: e.STEPS_DAILY_CAP,
      maxPerMinute: e.STEPS_MAX_PER_MINUTE,
      dailyGoal: e.STEPS_DAILY_GOAL,
      lengthCm: e.STEP_LENGTH_CM,
    },
    /**
     * When a day is flagged for review (docs/product/rules.md, Steps and points): a report's
     * rhythm of at least `rhythmMinIntervals` intervals with a coefficient of variation below
     * `rhythmMaxCv`; a highest source more than `disagreeRatio` times an all-day source and
     * `disagreeMinSteps` above it; a device or an address shared with more than the given number
     * of other accounts.
     */
    stepFlags: {
      rhythmMinIntervals: e.STEP_FLAG_RHYTHM_MIN_INTERVALS,
      rhythmMaxCv: e.STEP_FLAG_RHYTHM_MAX_CV,
      disagreeRatio: e.STEP_FLAG_DISAGREE_RATIO,
      disagreeMinSteps: e.STEP_FLAG_DISAGREE_MIN_STEPS,
      sharedDeviceAccounts: e.STEP_FLAG_SHARED_DEVICE_ACCOUNTS,
      sharedAddressAccounts: e.STEP_FLAG_SHARED_ADDRESS_ACCOUNTS,
      /**
       * How soon a flagged day is usually decided, as the user is told (decision 078 "A held step day is never a dead
       * end").
       */
      reviewExpectedHours: e.STEP_REVIEW_EXPECTED_HOURS,
    },
    points: { stepsPerPoint: e.POINTS_STEPS_PER_POINT, dailyMax: e.POINTS_DAILY_MAX },
    /** Days after the day of their credit that points expire; 0: never (docs/product/points-expiry.md). */
    pointsExpiryDays: e.POINTS_EXPIRY_DAYS,
    /** `pointsPerUnit` points buy `cashPerUnit` minor units; amounts are whole units. */
    exchange: {
      pointsPerUnit: e.EXCHANGE_POINTS_PER_UNIT,
      cashPerUnit: e.EXCHANGE_CASH_PER_UNIT,
      minPoints: e.EXCHANGE_MIN_POINTS,
    },
  }),
);

export type WalkingSettings = ReturnType<typeof walkingSettings.read>;
