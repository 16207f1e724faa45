import { INVITE_SHARES } from '@stride/contract';
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
    INVITE_RING_SHARED: z
      .string()
      .default('device,card,address,network')
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(INVITE_SHARES)))
      .describe(
        'What an invitee shares with their inviter, or with an account further up the chain of invitations, that holds the invite reward for a reviewer (docs/product/referral-rings.md): any of `device` (a device reported steps for both), `card` (a payout card number), `address` (a delivery address), `network` (the /24 or /48 network block both signed up from), comma-separated; empty: none.',
      ),
    INVITE_RING_BURST_SIGNUPS: z.coerce
      .number()
      .int()
      .min(0)
      .default(5)
      .describe(
        "An invite reward is held when more than this many of the inviter's invitees (the invitee among them) signed up within `INVITE_RING_BURST_MINUTES`; 0: never.",
      ),
    INVITE_RING_BURST_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_080)
      .default(60)
      .describe('The window of a sign-up burst (`INVITE_RING_BURST_SIGNUPS`), in minutes.'),
    INVITE_RING_FEW_DEVICES_INVITEES: z.coerce
      .number()
      .int()
      .min(0)
      .default(5)
      .describe(
        "An invite reward is held when at least this many of the inviter's invitees reported steps from `INVITE_RING_FEW_DEVICES` devices or fewer; 0: never.",
      ),
    INVITE_RING_FEW_DEVICES: z.coerce
      .number()
      .int()
      .min(1)
      .default(2)
      .describe('The few devices of `INVITE_RING_FEW_DEVICES_INVITEES`.'),
    INVITE_RING_CHAIN_DEPTH: z.coerce
      .number()
      .int()
      .min(0)
      .max(10)
      .default(3)
      .describe(
        'How many accounts above the inviter, up the chain of invitations, are compared with the invitee (what `INVITE_RING_SHARED` lists); 0: none.',
      ),
  }),
  (e) => ({
    /** Both sides get `points` when the invitee first walks `steps` in a day; at most `maxPerYear` invitees per inviter. */
    invite: {
      points: e.INVITE_REWARD_POINTS,
      steps: e.INVITE_QUALIFYING_STEPS,
      maxPerYear: e.INVITE_MAX_PER_YEAR,
    },
    /** What holds an invite reward for a reviewer (docs/product/referral-rings.md). */
    inviteRings: {
      shared: e.INVITE_RING_SHARED,
      burstSignUps: e.INVITE_RING_BURST_SIGNUPS,
      burstMinutes: e.INVITE_RING_BURST_MINUTES,
      fewDevicesInvitees: e.INVITE_RING_FEW_DEVICES_INVITEES,
      fewDevices: e.INVITE_RING_FEW_DEVICES,
      chainDepth: e.INVITE_RING_CHAIN_DEPTH,
    },
  }),
);

export type InvitesSettings = ReturnType<typeof invitesSettings.read>;
