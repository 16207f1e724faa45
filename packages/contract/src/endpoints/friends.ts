import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { DaySchema, DoneSchema, IdParamsSchema, IdSchema, MobileSchema, TimestampSchema, text } from '../common.js';

/**
 * Another user as the caller may see them (docs/product/friends.md): their nickname, or their
 * number masked (first 3 and last 4 digits) when they have none. Never their full number.
 */
export const FriendPersonSchema = z.object({
  /** Their user id: the handle of every friend call. */
  id: IdSchema,
  name: z.string(),
  /**
   * Their avatar, for friends (and myself) where they chose to show it: an authenticated API path
   * (`/api/friends/{id}/avatar`, loaded with the bearer token); otherwise null.
   */
  avatarUrl: z.string().nullable(),
});

export const FriendSchema = FriendPersonSchema.extend({
  since: TimestampSchema,
  /**
   * Today's credited steps (the service day), when they share their steps with friends; null when
   * they do not. A day waiting for review shows its count with `pending`.
   */
  today: z.object({ steps: z.number().int(), pending: z.boolean() }).nullable(),
});

export const FriendRequestSchema = FriendPersonSchema.extend({ sentAt: TimestampSchema });

export const FriendSettingsSchema = z.object({
  /** Others may send a request by typing my mobile number (off by default). */
  findableByMobile: z.boolean(),
  /** My friends see today's steps (off by default). */
  shareSteps: z.boolean(),
  /** My friends see my avatar (off by default). */
  showAvatar: z.boolean(),
});

export const FRIENDS_MAX = 1000;
export const FRIEND_REQUESTS_PENDING_MAX = 50;

export const getFriends = defineEndpoint({
  id: 'friend.list',
  method: 'GET',
  path: '/api/friends',
  access: 'user',
  summary:
    'My friends (with today’s steps where they share them), requests to me and from me, the people I blocked, my settings, and my friend code with its link and QR code.',
  response: z.object({
    settings: FriendSettingsSchema,
    /** My friend code: the same code as my invite code. */
    code: z.string(),
    /** A link that opens the app's Friends page with my code filled in. */
    link: z.string(),
    /** A data URL (SVG) of the link as a QR code, to scan with another phone. */
    qrImage: z.string(),
    friends: z.array(FriendSchema),
    incoming: z.array(FriendRequestSchema),
    outgoing: z.array(FriendRequestSchema),
    blocked: z.array(FriendPersonSchema),
    /** The person whose invite I signed up with, when one tap can make us friends; otherwise null. */
    inviter: FriendPersonSchema.nullable(),
  }),
});

export const saveFriendSettings = defineEndpoint({
  id: 'friend.settings',
  method: 'POST',
  path: '/api/friends/settings',
  access: 'user',
  summary: 'Choose whether others can find me by number, and whether my friends see today’s steps and my avatar.',
  body: FriendSettingsSchema.strict(),
  response: FriendSettingsSchema,
});

export const requestFriend = defineEndpoint({
  id: 'friend.request',
  method: 'POST',
  path: '/api/friends/requests',
  access: 'user',
  summary:
    'Ask someone to be my friend, by their friend code, by their mobile number (only where they allow it), or my inviter (friends at once). A request to someone who has asked me accepts theirs. Anyone not found, not findable or blocked answers alike (1004).',
  body: z.discriminatedUnion('by', [
    z.strictObject({ by: z.literal('code'), code: text().trim().min(1).max(32) }),
    z.strictObject({ by: z.literal('mobile'), mobile: MobileSchema }),
    z.strictObject({ by: z.literal('inviter') }),
  ]),
  response: z.object({ status: z.enum(['requested', 'friends']), person: FriendPersonSchema }),
});

/* @__NO_SIDE_EFFECTS__ */
const friendAction = (id: string, path: string, summary: string) =>
  defineEndpoint({
    id,
    method: 'POST',
    path,
    access: 'user',
    summary,
    params: IdParamsSchema,
    response: DoneSchema,
  });

export const acceptFriend = friendAction(
  'friend.accept',
  '/api/friends/requests/{id}/accept',
  'Accept the request this user sent me.',
);
export const declineFriend = friendAction(
  'friend.decline',
  '/api/friends/requests/{id}/decline',
  'Decline the request this user sent me; they are not told.',
);
export const cancelFriendRequest = friendAction(
  'friend.cancel',
  '/api/friends/requests/{id}/cancel',
  'Withdraw my request to this user.',
);
export const removeFriend = friendAction(
  'friend.remove',
  '/api/friends/{id}/remove',
  'Stop being friends with this user.',
);
export const blockUser = friendAction(
  'friend.block',
  '/api/friends/{id}/block',
  'Block a friend or someone who sent me a request: the friendship and requests end, and they can no longer find or reach me.',
);
export const unblockUser = friendAction('friend.unblock', '/api/friends/{id}/unblock', 'Unblock this user.');

export const getFriendAvatar = defineEndpoint({
  id: 'friend.avatar',
  method: 'GET',
  path: '/api/friends/{id}/avatar',
  access: 'user',
  summary:
    'The avatar of a friend who shows it to friends (or my own). Success is the image itself, not an envelope; anyone else, or no avatar, answers 1004.',
  params: IdParamsSchema,
  response: z.string(),
  binary: true,
});

export const FRIEND_BOARD_PERIODS = ['today', 'week'] as const;

/** One person's place on a friends' board. */
export const FriendBoardEntrySchema = FriendPersonSchema.extend({
  /** 1 for the most steps; people with the same count share a place. */
  rank: z.number().int().min(1),
  /** Credited steps of the period: what ranks. */
  steps: z.number().int(),
  /** Steps of days a review still holds: shown, ranked only once cleared. */
  pendingSteps: z.number().int(),
  /** Likes of this person's steps today. */
  likes: z.number().int(),
  /** I liked this person's steps today. */
  likedByMe: z.boolean(),
  me: z.boolean(),
});

export const getFriendBoard = defineEndpoint({
  id: 'friend.board',
  method: 'GET',
  path: '/api/friends/board',
  access: 'user',
  summary:
    'Today’s or this week’s (Monday to today, service days) credited steps of me and my friends who share theirs, ranked, with today’s likes. Empty, with `sharing: false`, while I do not share mine.',
  query: z.strictObject({ period: z.enum(FRIEND_BOARD_PERIODS).default('today') }),
  response: z.object({
    period: z.enum(FRIEND_BOARD_PERIODS),
    from: DaySchema,
    to: DaySchema,
    /** I share my steps with friends: only then is there a board to see. */
    sharing: z.boolean(),
    /** Everyone on the board, by rank, me among them. */
    entries: z.array(FriendBoardEntrySchema),
  }),
});

export const likeFriend = defineEndpoint({
  id: 'friend.like',
  method: 'POST',
  path: '/api/friends/{id}/like',
  access: 'user',
  summary:
    'Like a friend’s steps today: once per friend per day (a second like changes nothing). Only a friend on my board (both of us share our steps); anyone else answers 1004.',
  params: IdParamsSchema,
  response: z.object({ likes: z.number().int(), likedByMe: z.literal(true) }),
});

export type FriendBoardEntry = z.output<typeof FriendBoardEntrySchema>;
export type FriendBoardPeriod = (typeof FRIEND_BOARD_PERIODS)[number];
export type Friend = z.output<typeof FriendSchema>;
export type FriendRequest = z.output<typeof FriendRequestSchema>;
export type FriendPerson = z.output<typeof FriendPersonSchema>;
export type FriendSettings = z.output<typeof FriendSettingsSchema>;
