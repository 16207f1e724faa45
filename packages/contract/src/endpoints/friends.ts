import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { DoneSchema, IdParamsSchema, IdSchema, MobileSchema, TimestampSchema, text } from '../common.js';

/**
 * Another user as the caller may see them (docs/product/friends.md): their nickname, or their
 * number masked (first 3 and last 4 digits) when they have none. Never their full number.
 */
export const FriendPersonSchema = z.object({
  /** Their user id: the handle of every friend call. */
  id: IdSchema,
  name: z.string(),
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
});

export const FRIENDS_MAX = 1000;
export const FRIEND_REQUESTS_PENDING_MAX = 50;

export const getFriends = defineEndpoint({
  id: 'friend.list',
  method: 'GET',
  path: '/api/friends',
  access: 'user',
  summary:
    'My friends (with today’s steps where they share them), requests to me and from me, the people I blocked, my settings and my friend code.',
  response: z.object({
    settings: FriendSettingsSchema,
    /** My friend code: the same code as my invite code. */
    code: z.string(),
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
  summary: 'Choose whether others can find me by number and whether my friends see today’s steps.',
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

export type Friend = z.output<typeof FriendSchema>;
export type FriendRequest = z.output<typeof FriendRequestSchema>;
export type FriendPerson = z.output<typeof FriendPersonSchema>;
export type FriendSettings = z.output<typeof FriendSettingsSchema>;
