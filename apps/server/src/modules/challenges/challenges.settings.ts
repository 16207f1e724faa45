import { z } from 'zod';
import { defineSettings } from '../../config.js';

export const challengesSettings = defineSettings(
  z.object({
    CHALLENGES_REFRESH_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(3600)
      .default(60)
      .describe(
        "How often the challenges' pass runs (seconds; 0: never on a timer): boards brought up to date from the days that changed, the participants told of starts, halves and last days, and ended challenges settled.",
      ),
    CHALLENGE_SETTLE_AFTER_DAYS: z.coerce
      .number()
      .int()
      .min(0)
      .max(14)
      .default(1)
      .describe(
        'Whole service days after its last day that a challenge waits for late steps before it is settled (and then for every held day of its period to be decided).',
      ),
  }),
  (e) => ({
    challengesRefreshSeconds: e.CHALLENGES_REFRESH_SECONDS,
    challengeSettleAfterDays: e.CHALLENGE_SETTLE_AFTER_DAYS,
  }),
);

export type ChallengesSettings = ReturnType<typeof challengesSettings.read>;
