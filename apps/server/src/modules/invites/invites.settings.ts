import { z } from 'zod';
import { defineSettings } from '../../config.js';

export const invitesSettings = defineSettings(
  z.object({
    INVITE_REWARD_POINTS: z.coerce
      .number()
      .int()
      .min(0)
      .default(500)
      .describe(
        'Invite reward: points to both sides, once, when an invitee first walks `INVITE_QUALIFYING_STEPS` in a day. Only the first version of the earning rules: later ones are published in the console (decision 098).',
      ),
    INVITE_QUALIFYING_STEPS: z.coerce
      .number()
      .int()
      .min(1)
      .default(5_000)
      .describe(
        'The steps in one day with which an invitee first earns both sides the invite reward. Only the first version of the earning rules: later ones are published in the console (decision 098).',
      ),
    INVITE_MAX_PER_YEAR: z.coerce
      .number()
      .int()
      .min(0)
      .default(50)
      .describe('At most this many rewarded invitees per inviter per calendar year (single level).'),
  }),
  (e) => ({
    /** Both sides get `points` when the invitee first walks `steps` in a day; at most `maxPerYear` invitees per inviter. */
    invite: {
      points: e.INVITE_REWARD_POINTS,
      steps: e.INVITE_QUALIFYING_STEPS,
      maxPerYear: e.INVITE_MAX_PER_YEAR,
    },
  }),
);

export type InvitesSettings = ReturnType<typeof invitesSettings.read>;
