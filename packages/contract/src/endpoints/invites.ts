import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  DaySchema,
  IdParamsSchema,
  IdSchema,
  PointsSchema,
  TimestampSchema,
  multilineText,
  paged,
  text,
} from '../common.js';

/**
 * An invite reward (docs/product/referral-rings.md): `paid` to both sides (at once, or released by a reviewer), `held`
 * while a reviewer decides it, `refused` by one (nothing paid).
 */
export const INVITE_REWARD_STATUSES = ['paid', 'held', 'refused'] as const;
export const InviteRewardStatusSchema = z.enum(INVITE_REWARD_STATUSES);

export const InviteeSchema = z.object({
  /** Masked: first 3 and last 4 digits. */
  account: z.string(),
  joinedAt: TimestampSchema,
  /** Whether they have completed their first qualifying walk. */
  qualified: z.boolean(),
  qualifiedAt: TimestampSchema.nullable(),
  /**
   * Not qualified yet, but walked the qualifying steps on a day that waits for review, or their invite reward is held
   * for review (docs/product/referral-rings.md).
   */
  waitingForReview: z.boolean(),
  /** Walked the qualifying steps, but a reviewer refused the invite reward: nothing was paid. */
  rewardRefused: z.boolean(),
  /** Points this invitee earned me (0 before qualifying or beyond the yearly limit). */
  rewardPoints: PointsSchema,
});

/** My own invitation's reward, as the invitee: held while it waits for review, or refused (nothing paid). */
export const OwnInviteRewardSchema = z.object({ status: InviteRewardStatusSchema, points: PointsSchema });

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
    /** The reward of my own invitation (I was invited and walked the qualifying steps), or null. */
    // `inviteeId` (mine) is what an appeal of a held or refused reward names (docs/product/appeals.md).
    ownReward: OwnInviteRewardSchema.extend({ inviteeId: IdSchema }).nullable(),
  }),
});

// Referral rings (docs/product/referral-rings.md; docs/console/reviewer.md, Invite rings).

/**
 * What two accounts may share: a device that reported steps for both, a payout card (its number), a delivery address
 * (normalised), the network block they signed up from (/24 of IPv4, /48 of IPv6).
 */
export const INVITE_SHARES = ['device', 'card', 'address', 'network'] as const;
export const InviteShareSchema = z.enum(INVITE_SHARES);

/**
 * Why an invite reward is held: `shared`, the invitee shares something with the inviter; `burst`, the inviter's
 * invitees signed up in a burst; `fewDevices`, many of the inviter's invitees report from few devices; `chain`, the
 * invitee shares something with an account further up the chain of invitations.
 */
export const INVITE_RING_SIGNALS = ['shared', 'burst', 'fewDevices', 'chain'] as const;
export const InviteRingSignalSchema = z.enum(INVITE_RING_SIGNALS);

/** An account as the console names it: its id and its masked mobile number. */
export const RingAccountSchema = z.object({ userId: IdSchema, mobile: z.string() });

/** One signal that held a reward, with the accounts it concerns (the evidence as it was when the reward was held). */
export const RingSignalSchema = z.object({
  signal: InviteRingSignalSchema,
  /** `shared` and `chain`: what the two ends share. */
  shares: z.array(InviteShareSchema),
  /**
   * `shared`: the invitee and the inviter; `chain`: the invitee up to the account it shares with; `burst`: the invitees
   * who signed up in the burst; `fewDevices`: the invitees on those devices.
   */
  accounts: z.array(RingAccountSchema),
  /** How many accounts it concerns (`accounts` names at most 50). */
  count: z.number().int(),
  /** `fewDevices`: how many devices they report from. */
  devices: z.number().int().nullable(),
  /** `burst`: the window the sign-ups fell in, in minutes. */
  minutes: z.number().int().nullable(),
});

/** A held (or decided) invite reward in the reviewers' queue; its id is the invitee's. */
export const ConsoleInviteRewardSchema = z.object({
  id: IdSchema,
  invitee: RingAccountSchema,
  inviter: RingAccountSchema,
  /** The day whose steps completed the invitation. */
  day: DaySchema,
  /** What it pays each side when released. */
  points: PointsSchema,
  status: InviteRewardStatusSchema,
  signals: z.array(RingSignalSchema),
  heldAt: TimestampSchema,
  decidedAt: TimestampSchema.nullable(),
});

export const consoleInviteRewards = defineEndpoint({
  id: 'console.invite-rewards',
  method: 'GET',
  path: '/api/console/invite-rewards',
  access: 'console',
  roles: ['reviewer'],
  summary:
    'Invite rewards a referral ring held (oldest first), or those decided (newest first), paged, with the signals that held each and the accounts they concern, masked.',
  ...paged(ConsoleInviteRewardSchema, { status: z.enum(['held', 'decided']).default('held') }),
});

export const INVITE_DECISION_NOTE_MAX = 500;

export const consoleDecideInviteReward = defineEndpoint({
  id: 'console.invite-rewards.decide',
  method: 'POST',
  path: '/api/console/invite-rewards/{id}/decide',
  access: 'console',
  roles: ['reviewer'],
  summary:
    'Releases a held invite reward (both sides are credited, once) or refuses it (nothing is paid); both sides are told. Once: a reward decided already answers 1017.',
  params: IdParamsSchema,
  body: z.strictObject({
    decision: z.enum(['release', 'refuse']),
    note: multilineText().trim().max(INVITE_DECISION_NOTE_MAX).optional(),
  }),
  response: ConsoleInviteRewardSchema,
});

/** A masked mobile number as the console shows it (first 3 and last 4 characters), or a user id. */
export const RingSearchSchema = text()
  .trim()
  .regex(/^([+0-9][0-9]{2}\*+[0-9]{4}|[0-9a-fA-F-]{36})$/, { error: 'rule.ringSearch' });

/** An account in the invite graph: who invited it, and its own reward as an invitee. */
export const InviteGraphNodeSchema = z.object({
  userId: IdSchema,
  mobile: z.string(),
  /** Its inviter, when in the graph too (null for the graph's top). */
  invitedBy: IdSchema.nullable(),
  joinedAt: TimestampSchema,
  reward: OwnInviteRewardSchema.nullable(),
});

/** Two accounts of the graph that share something. */
export const InviteGraphLinkSchema = z.object({ a: IdSchema, b: IdSchema, shares: z.array(InviteShareSchema) });

export const InviteGraphSchema = z.object({
  /** The account it was asked for. */
  focus: IdSchema,
  nodes: z.array(InviteGraphNodeSchema),
  links: z.array(InviteGraphLinkSchema),
  /** More accounts lie beyond the depth or the size shown. */
  truncated: z.boolean(),
});

/** An inviter with held rewards: the largest first. */
export const InviteClusterSchema = z.object({
  inviter: RingAccountSchema,
  held: z.number().int(),
  invitees: z.number().int(),
});

export const consoleInviteGraph = defineEndpoint({
  id: 'console.invite-graph',
  method: 'GET',
  path: '/api/console/invite-graph',
  access: 'console',
  roles: ['reviewer'],
  summary:
    'The invite tree around an account (by id, or by its masked number as the console shows it), a few levels up and down and at most 60 accounts, with what accounts in it share; without `q`, the inviters with the most held rewards. A masked number of several accounts answers them to choose from. A recorded look.',
  query: z.strictObject({ q: RingSearchSchema.optional() }),
  response: z.object({
    matches: z.array(RingAccountSchema),
    clusters: z.array(InviteClusterSchema),
    graph: InviteGraphSchema.nullable(),
  }),
});

export type Invitee = z.output<typeof InviteeSchema>;
export type InviteShare = z.output<typeof InviteShareSchema>;
export type InviteRingSignal = z.output<typeof InviteRingSignalSchema>;
export type InviteRewardStatus = z.output<typeof InviteRewardStatusSchema>;
export type RingSignal = z.output<typeof RingSignalSchema>;
export type RingAccount = z.output<typeof RingAccountSchema>;
export type ConsoleInviteReward = z.output<typeof ConsoleInviteRewardSchema>;
export type InviteGraph = z.output<typeof InviteGraphSchema>;
export type InviteCluster = z.output<typeof InviteClusterSchema>;
