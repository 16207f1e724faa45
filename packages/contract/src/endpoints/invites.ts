import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { PointsSchema, TimestampSchema } from '../common.js';

export const InviteeSchema = z.object({
  /** Masked: first 3 and last 4 digits. */
  account: z.string(),
  joinedAt: TimestampSchema,
  /** Whether they have completed their first qualifying walk. */
  qualified: z.boolean(),
  qualifiedAt: TimestampSchema.nullable(),
  /** Not qualified yet, but walked the qualifying steps on a day that waits for review. */
  waitingForReview: z.boolean(),
  /** Points this invitee earned me (0 before qualifying or beyond the yearly limit). */
  rewardPoints: PointsSchema,
});

export const getInvite = defineEndpoint({
  id: 'invite.get',
  method: 'GET',
  path: '/api/invite',
  access: 'user',
  summary: 'My invite code, link and its QR code, invitees and rewards, and the reward rule.',
  response: z.object({
    code: z.string(),
    link: z.string(),
    /** A data URL (SVG) of the link as a QR code. */
    qrImage: z.string(),
    /** All invite rewards I have earned, as inviter or invitee. */
    rewardPoints: PointsSchema,
    rule: z.object({
      points: PointsSchema,
      steps: z.number().int(),
      maxPerYear: z.number().int(),
      rewardedThisYear: z.number().int(),
    }),
    invitees: z.array(InviteeSchema),
  }),
});

export type Invitee = z.output<typeof InviteeSchema>;
