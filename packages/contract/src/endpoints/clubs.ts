import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  IdParamsSchema,
  IdSchema,
  TimestampSchema,
  text,
  DoneSchema,
  pageOf,
  PageQuerySchema,
  VersionSchema,
  VersionBodySchema,
} from '../common.js';
import { FriendBoardEntrySchema, FriendPersonSchema, FRIEND_BOARD_PERIODS } from './friends.js';
import { ReasonSchema } from './operators.js';

export const CLUB_NAME_MIN = 2;
export const CLUB_NAME_MAX = 30;
/** What a club's name refuses, as a nickname does: control characters, line separators, direction marks. */
export const CLUB_NAME_PATTERN = /^[^\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]{2,30}$/u;
/** Clubs one user may own, and belong to. */
export const CLUBS_OWNED_MAX = 5;
export const CLUBS_JOINED_MAX = 20;
/** A club's board shows its first places, and always mine. */
export const CLUB_BOARD_SHOWN = 100;

/** A club's name as the server takes it (trimmed), for the app's form, which loads no schemas. */
export function isClubName(value: string): boolean {
  return CLUB_NAME_PATTERN.test(value.trim());
}

export const ClubNameSchema = text().trim().regex(CLUB_NAME_PATTERN, { error: 'rule.clubName' });

/** A club as its members see it (docs/product/clubs.md). */
export const ClubSchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** Checked by the operators: a badge beside the name. */
  verified: z.boolean(),
  members: z.number().int(),
  owner: FriendPersonSchema,
  /** I own it. */
  isOwner: z.boolean(),
  /** The code to join by, and a link that opens the Clubs page with it filled in. */
  code: z.string(),
  link: z.string(),
});

/** A member as the club's list shows them; `me` marks the reader's own row (offered no report). */
export const ClubMemberSchema = FriendPersonSchema.extend({
  joinedAt: TimestampSchema,
  owner: z.boolean(),
  me: z.boolean(),
});

export const listMyClubs = defineEndpoint({
  id: 'club.list',
  method: 'GET',
  path: '/api/clubs',
  access: 'user',
  summary: 'The clubs I belong to, the ones I own first.',
  response: z.object({ clubs: z.array(ClubSchema) }),
});

export const createClub = defineEndpoint({
  id: 'club.create',
  method: 'POST',
  path: '/api/clubs',
  access: 'user',
  summary: 'Start a club with a name; I own it and am its first member. At most 5 owned and 20 joined (1007).',
  body: z.strictObject({ name: ClubNameSchema }),
  response: ClubSchema,
});

export const joinClub = defineEndpoint({
  id: 'club.join',
  method: 'POST',
  path: '/api/clubs/join',
  access: 'user',
  summary:
    'Join a club by its code. Joining again changes nothing; a closed or unknown club answers 1004; a full club (CLUB_MEMBERS_MAX members), or one whose owner removed me, 1007.',
  body: z.strictObject({ code: text().trim().min(1).max(32) }),
  response: ClubSchema,
});

export const getClub = defineEndpoint({
  id: 'club.get',
  method: 'GET',
  path: '/api/clubs/{id}',
  access: 'user',
  summary: 'A club I belong to, with a page of its members (the owner first, then by joining). Anyone else: 1004.',
  params: IdParamsSchema,
  query: PageQuerySchema,
  response: z.object({ club: ClubSchema, members: pageOf(ClubMemberSchema) }),
});

export const getClubBoard = defineEndpoint({
  id: 'club.board',
  method: 'GET',
  path: '/api/clubs/{id}/board',
  access: 'user',
  summary:
    'The board of a club I belong to: its members who share their steps, today or this week, the first 100 places and mine. Empty, with `sharing: false`, while I do not share mine.',
  params: IdParamsSchema,
  query: z.strictObject({ period: z.enum(FRIEND_BOARD_PERIODS).default('today') }),
  response: z.object({
    period: z.enum(FRIEND_BOARD_PERIODS),
    from: z.iso.date(),
    to: z.iso.date(),
    sharing: z.boolean(),
    /** How many are on the board in all. */
    ranked: z.number().int(),
    entries: z.array(FriendBoardEntrySchema.omit({ likes: true, likedByMe: true })),
  }),
});

export const leaveClub = defineEndpoint({
  id: 'club.leave',
  method: 'POST',
  path: '/api/clubs/{id}/leave',
  access: 'user',
  summary: 'Leave a club. Its owner hands it over first (1007) unless alone in it, when the club closes.',
  params: IdParamsSchema,
  response: DoneSchema,
});

const MemberParamsSchema = z.strictObject({ id: IdSchema, userId: IdSchema });

export const removeClubMember = defineEndpoint({
  id: 'club.member.remove',
  method: 'POST',
  path: '/api/clubs/{id}/members/{userId}/remove',
  access: 'user',
  summary: 'The owner removes a member, who cannot join again by the code. Anyone but the owner: 1004.',
  params: MemberParamsSchema,
  response: DoneSchema,
});

export const handOverClub = defineEndpoint({
  id: 'club.hand-over',
  method: 'POST',
  path: '/api/clubs/{id}/members/{userId}/hand-over',
  access: 'user',
  summary: 'The owner makes a member the owner. Anyone but the owner, or someone not a member: 1004.',
  params: MemberParamsSchema,
  response: ClubSchema,
});

/** A club as operators see it (docs/console/clubs.md): its owner by masked number, its state and `version`. */
export const ConsoleClubSchema = z.object({
  id: IdSchema,
  name: z.string(),
  code: z.string(),
  ownerId: IdSchema,
  /** The owner's mobile number, first 3 and last 4 digits. */
  ownerMobileMasked: z.string(),
  members: z.number().int(),
  verified: z.boolean(),
  verifiedAt: TimestampSchema.nullable(),
  createdAt: TimestampSchema,
  closedAt: TimestampSchema.nullable(),
  /** Why it closed: the operator's reason, or `empty` when its last member left. */
  closedReason: z.string().nullable(),
  version: z.number().int(),
});

export const CLUB_STATES = ['open', 'closed'] as const;

export const consoleClubs = defineEndpoint({
  id: 'console.clubs.list',
  method: 'GET',
  path: '/api/console/clubs',
  access: 'console',
  roles: ['editor'],
  summary:
    'Clubs, newest first, paged; `q` finds a club by its code (any case) or a part of its name; `state` keeps the open or the closed ones.',
  query: PageQuerySchema.extend({
    q: text().trim().min(1).max(CLUB_NAME_MAX).optional(),
    state: z.enum(CLUB_STATES).optional(),
  }),
  response: pageOf(ConsoleClubSchema),
});

export const consoleClubVerify = defineEndpoint({
  id: 'console.clubs.verify',
  method: 'POST',
  path: '/api/console/clubs/{id}/verify',
  access: 'console',
  roles: ['editor'],
  summary: 'Gives an open club the verified badge, if it is still at `version` (else 1017).',
  params: IdParamsSchema,
  body: VersionBodySchema,
  response: ConsoleClubSchema,
});

export const consoleClubUnverify = defineEndpoint({
  id: 'console.clubs.unverify',
  method: 'POST',
  path: '/api/console/clubs/{id}/unverify',
  access: 'console',
  roles: ['editor'],
  summary: 'Removes the verified badge of an open club, if it is still at `version` (else 1017).',
  params: IdParamsSchema,
  body: VersionBodySchema,
  response: ConsoleClubSchema,
});

export const consoleClubClose = defineEndpoint({
  id: 'console.clubs.close',
  method: 'POST',
  path: '/api/console/clubs/{id}/close',
  access: 'console',
  roles: ['editor'],
  summary:
    'Closes a club that breaks the rules, with a reason its members are told in their inbox, if it is still at `version` (else 1017). It then answers 1004 to its members and cannot be joined.',
  params: IdParamsSchema,
  body: z.strictObject({ version: VersionSchema, reason: ReasonSchema }),
  response: ConsoleClubSchema,
});

export type Club = z.output<typeof ClubSchema>;
export type ConsoleClub = z.output<typeof ConsoleClubSchema>;
export type ClubMember = z.output<typeof ClubMemberSchema>;
