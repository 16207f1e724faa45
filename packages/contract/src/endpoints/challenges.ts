import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  DaySchema,
  DoneSchema,
  IdParamsSchema,
  IdSchema,
  multilineText,
  paged,
  PointsSchema,
  text,
  TimestampSchema,
  VersionSchema,
} from '../common.js';
import { FriendPersonSchema } from './friends.js';

/**
 * Challenges (docs/product/challenges.md): timed, with their rules shown before joining.
 * - `daily-goal`: reach `dailySteps` credited steps a day on `daysNeeded` days of the period; everyone who does finishes.
 * - `most-steps`: the most credited steps in the period; the first `winners` places win (ties share a place).
 * - `team-total`: clubs against clubs; a club's total is its participants' credited steps; the first `winners` clubs win.
 */
export const CHALLENGE_KINDS = ['daily-goal', 'most-steps', 'team-total'] as const;
export const ChallengeKindSchema = z.enum(CHALLENGE_KINDS);
export type ChallengeKind = (typeof CHALLENGE_KINDS)[number];

/**
 * Who may join: `friends`, whoever has its code (a user made it); `club`, the members of its club (its owner made it);
 * `public`, anyone (the operators made it, and only they may put a prize on it).
 */
export const CHALLENGE_SCOPES = ['friends', 'club', 'public'] as const;
export const ChallengeScopeSchema = z.enum(CHALLENGE_SCOPES);

/**
 * Where a challenge is: before its first day, during it, after its last day while results wait for held days to be
 * decided (or for late steps, the day after the end), settled with its results, or ended early without results.
 */
export const CHALLENGE_STATES = ['upcoming', 'running', 'deciding', 'settled', 'cancelled'] as const;
export const ChallengeStateSchema = z.enum(CHALLENGE_STATES);
export type ChallengeState = (typeof CHALLENGE_STATES)[number];

export const CHALLENGE_TITLE_MIN = 2;
export const CHALLENGE_TITLE_MAX = 40;
/** What a challenge's title refuses, as a club's name does: control characters, line separators, direction marks. */
export const CHALLENGE_TITLE_PATTERN = /^[^\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]{2,40}$/u;
/** The longest period a user's challenge may run, and an operator's. */
export const CHALLENGE_USER_DAYS_MAX = 31;
export const CHALLENGE_OPERATOR_DAYS_MAX = 92;
/** How far ahead a challenge may start. */
export const CHALLENGE_START_AHEAD_DAYS_MAX = 60;
export const CHALLENGE_DAILY_STEPS_MIN = 1_000;
export const CHALLENGE_DAILY_STEPS_MAX = 100_000;
export const CHALLENGE_WINNERS_MAX = 100;
/** Challenges of users: at most this many not yet ended that one user made, and this many joined. */
export const CHALLENGES_CREATED_OPEN_MAX = 5;
export const CHALLENGES_JOINED_MAX = 20;
/** A challenge's board shows its first places, and always mine. */
export const CHALLENGE_BOARD_SHOWN = 100;
export const CHALLENGE_PRIZE_MAX = 100_000_000;

/** A challenge's title as the server takes it (trimmed), for the app's form, which loads no schemas. */
export function isChallengeTitle(value: string): boolean {
  return CHALLENGE_TITLE_PATTERN.test(value.trim());
}

export const ChallengeTitleSchema = text().trim().regex(CHALLENGE_TITLE_PATTERN, { error: 'rule.challengeTitle' });

/** A club as a challenge shows it. */
export const ChallengeClubSchema = z.object({ id: IdSchema, name: z.string(), verified: z.boolean() });

/** What a challenge asks, the same for every kind: the fields a kind does not use are null. */
const ChallengeRulesShape = {
  kind: ChallengeKindSchema,
  /** The first and last service days that count, both included. */
  startsOn: DaySchema,
  endsOn: DaySchema,
  /** `daily-goal`: the steps a day, and on how many days of the period. */
  dailySteps: z.number().int().nullable(),
  daysNeeded: z.number().int().nullable(),
  /** `most-steps` and `team-total`: how many places win. */
  winners: z.number().int().nullable(),
  /** The prize pool in points, shared equally by the finishers or winners when the challenge is settled; 0: none. */
  prizePoints: PointsSchema,
};

/** My part in a challenge I joined, as the last refresh of its board saw it (my own page reads mine live). */
export const ChallengeProgressSchema = z.object({
  /** Credited steps in the period so far, and those of days a review still holds. */
  steps: z.number().int(),
  pendingSteps: z.number().int(),
  /** `daily-goal`: credited days that reached the goal, and held days that did. */
  goalDays: z.number().int(),
  pendingDays: z.number().int(),
  /** My place (`most-steps`), or my club's (`team-total`); null for `daily-goal` or before the first step. */
  place: z.number().int().nullable(),
  /** `daily-goal`: I reached it on enough days already. */
  finished: z.boolean(),
});

/** How it ended for me, once settled. */
export const ChallengeResultSchema = z.object({
  place: z.number().int().nullable(),
  /** I finished (`daily-goal`) or am among the winners. */
  won: z.boolean(),
  /** The points paid to me from the pool. */
  prizePoints: PointsSchema,
  steps: z.number().int(),
});

/** A challenge as a user sees it (docs/product/challenges.md). */
export const ChallengeSchema = z.object({
  id: IdSchema,
  scope: ChallengeScopeSchema,
  title: z.string(),
  /** The operators' description of a public challenge; empty otherwise. */
  description: z.string(),
  ...ChallengeRulesShape,
  state: ChallengeStateSchema,
  /** Days left, today included, while upcoming or running; 0 after. */
  daysLeft: z.number().int(),
  /** Who made it: a person, or null for the operators. */
  creator: FriendPersonSchema.nullable(),
  /** The club of a `club` challenge, or of the club that made a `team-total` one. */
  club: ChallengeClubSchema.nullable(),
  participants: z.number().int(),
  /** `team-total`: how many clubs are in it. */
  teams: z.number().int(),
  joined: z.boolean(),
  /** `team-total`: the club I walk for. */
  myTeam: ChallengeClubSchema.nullable(),
  /** The code to join by, and a link that opens the challenge with it: for who may share it (not public ones). */
  code: z.string().nullable(),
  link: z.string().nullable(),
  /** I made it (I may end it before it starts). */
  isCreator: z.boolean(),
  /** An operator (or its creator, before it started) ended it: why. */
  endedReason: z.string().nullable(),
  progress: ChallengeProgressSchema.nullable(),
  result: ChallengeResultSchema.nullable(),
});

/** One place on a challenge's board. Someone who does not share their steps is shown without name or id. */
export const ChallengeBoardEntrySchema = z.object({
  rank: z.number().int(),
  /** Null for someone who does not share their steps: "A walker". */
  person: FriendPersonSchema.nullable(),
  steps: z.number().int(),
  pendingSteps: z.number().int(),
  /** `daily-goal`: days that reached the goal. */
  goalDays: z.number().int(),
  /** `team-total`: the club they walk for. */
  team: ChallengeClubSchema.nullable(),
  me: z.boolean(),
  /** Their account was deleted after the challenge was settled: shown as "a former member" (person null). */
  former: z.boolean(),
});

export const ChallengeTeamEntrySchema = z.object({
  rank: z.number().int(),
  club: ChallengeClubSchema,
  steps: z.number().int(),
  pendingSteps: z.number().int(),
  participants: z.number().int(),
  mine: z.boolean(),
});

export const listChallenges = defineEndpoint({
  id: 'challenge.list',
  method: 'GET',
  path: '/api/challenges',
  access: 'user',
  summary:
    'The challenges I joined or made (not ended first, then the last 20 ended), and those I may join: public ones and those of my clubs, upcoming or running.',
  response: z.object({ mine: z.array(ChallengeSchema), open: z.array(ChallengeSchema) }),
});

const DailyGoalRules = z.strictObject({
  kind: z.literal('daily-goal'),
  dailySteps: z.number().int().min(CHALLENGE_DAILY_STEPS_MIN).max(CHALLENGE_DAILY_STEPS_MAX),
  daysNeeded: z.number().int().min(1).max(CHALLENGE_OPERATOR_DAYS_MAX),
});
const PlacesRules = (kind: 'most-steps' | 'team-total') =>
  z.strictObject({ kind: z.literal(kind), winners: z.number().int().min(1).max(CHALLENGE_WINNERS_MAX).default(1) });

/** A challenge's period and goal, as a form sends it; the server checks that the period is long enough for the goal. */
export const ChallengeRulesBodySchema = z.discriminatedUnion('kind', [
  DailyGoalRules,
  PlacesRules('most-steps'),
  PlacesRules('team-total'),
]);

const PeriodShape = { startsOn: DaySchema, endsOn: DaySchema };

export const createChallenge = defineEndpoint({
  id: 'challenge.create',
  method: 'POST',
  path: '/api/challenges',
  access: 'user',
  summary:
    'Make a challenge: among friends (`friends`, joined by its code), or for a club I own (`club`, for its members; `team-total` ones are for clubs, mine first, others entering by the code). Its period is at most 31 days, starting today or within 60 days; at most 5 not ended (1007). I join it.',
  body: z.strictObject({
    title: ChallengeTitleSchema,
    scope: z.enum(['friends', 'club']),
    /** The club I own, for `club` scope and for `team-total`. */
    clubId: IdSchema.optional(),
    ...PeriodShape,
    rules: ChallengeRulesBodySchema,
  }),
  response: ChallengeSchema,
});

export const findChallengeByCode = defineEndpoint({
  id: 'challenge.by-code',
  method: 'GET',
  path: '/api/challenges/by-code',
  access: 'user',
  summary: 'The challenge a code opens, with its rules, before joining. Unknown, ended or hidden: 1004.',
  query: z.strictObject({ code: text().trim().min(1).max(32) }),
  response: ChallengeSchema,
});

export const getChallenge = defineEndpoint({
  id: 'challenge.get',
  method: 'GET',
  path: '/api/challenges/{id}',
  access: 'user',
  summary:
    'A challenge I joined or made, a public one, or one of my club: its rules, time left, my progress or my result. Anyone else: 1004.',
  params: IdParamsSchema,
  response: ChallengeSchema,
});

export const joinChallenge = defineEndpoint({
  id: 'challenge.join',
  method: 'POST',
  path: '/api/challenges/{id}/join',
  access: 'user',
  summary:
    'Join an upcoming or running challenge: a `friends` one with its code, a `club` one as a member, a public one as anyone; a `team-total` one for a club of mine in it (`clubId`). Joining again changes nothing. Ended: 1007; at most 20 joined not ended (1007). Nobody pays to join.',
  params: IdParamsSchema,
  body: z.strictObject({ code: text().trim().min(1).max(32).optional(), clubId: IdSchema.optional() }),
  response: ChallengeSchema,
});

export const enterChallengeTeam = defineEndpoint({
  id: 'challenge.team.enter',
  method: 'POST',
  path: '/api/challenges/{id}/teams',
  access: 'user',
  summary:
    'The owner of a club enters it into an upcoming or running `team-total` challenge (a public one, or one made by another club with its code); its members may then join for it. Entering again changes nothing.',
  params: IdParamsSchema,
  body: z.strictObject({ clubId: IdSchema, code: text().trim().min(1).max(32).optional() }),
  response: ChallengeSchema,
});

export const leaveChallenge = defineEndpoint({
  id: 'challenge.leave',
  method: 'POST',
  path: '/api/challenges/{id}/leave',
  access: 'user',
  summary: 'Leave a challenge before it ends: my steps stop counting and I am off its board. After its end: 1007.',
  params: IdParamsSchema,
  response: DoneSchema,
});

export const cancelChallenge = defineEndpoint({
  id: 'challenge.cancel',
  method: 'POST',
  path: '/api/challenges/{id}/cancel',
  access: 'user',
  summary:
    'Its creator calls off a challenge before it starts; those who joined are told. Started, or not mine: 1007/1004.',
  params: IdParamsSchema,
  response: DoneSchema,
});

export const getChallengeBoard = defineEndpoint({
  id: 'challenge.board',
  method: 'GET',
  path: '/api/challenges/{id}/board',
  access: 'user',
  summary:
    'The board of a challenge I may see: its first 100 places and mine, and for `team-total` the clubs. Refreshed as steps arrive (about a minute); final once settled.',
  params: IdParamsSchema,
  response: z.object({
    ranked: z.number().int(),
    entries: z.array(ChallengeBoardEntrySchema),
    teams: z.array(ChallengeTeamEntrySchema),
    /** When the board was last brought up to date. */
    refreshedAt: TimestampSchema.nullable(),
  }),
});

// The console (docs/console/challenges.md).

export const ConsoleChallengeSchema = z.object({
  id: IdSchema,
  scope: ChallengeScopeSchema,
  title: z.string(),
  description: z.string(),
  ...ChallengeRulesShape,
  state: ChallengeStateSchema,
  /** The named ledger account its pool came from (`system:prizes:<name>`), once funded; null before. */
  fundingAccount: z.string().nullable(),
  fundedAt: TimestampSchema.nullable(),
  participants: z.number().int(),
  teams: z.number().int(),
  /** Once settled: who won or finished, the points paid, and what went back to the funding account. */
  winnersCount: z.number().int().nullable(),
  paidPoints: PointsSchema.nullable(),
  returnedPoints: PointsSchema.nullable(),
  settledAt: TimestampSchema.nullable(),
  /** Participants with a day in the period that a review still holds: the settlement waits for them. */
  heldParticipants: z.number().int(),
  endedReason: z.string().nullable(),
  hidden: z.boolean(),
  createdBy: z.string(),
  createdAt: TimestampSchema,
  version: VersionSchema,
});

export const ConsoleChallengeParticipantSchema = z.object({
  userId: IdSchema,
  name: z.string(),
  club: ChallengeClubSchema.nullable(),
  joinedAt: TimestampSchema,
  steps: z.number().int(),
  pendingSteps: z.number().int(),
  goalDays: z.number().int(),
  place: z.number().int().nullable(),
  prizePoints: PointsSchema.nullable(),
});

export const consoleChallenges = defineEndpoint({
  id: 'console.challenges.list',
  method: 'GET',
  path: '/api/console/challenges',
  access: 'console',
  roles: ['editor', 'finance'],
  summary: 'Challenges, newest first: the public ones, or every scope.',
  ...paged(ConsoleChallengeSchema, {
    scope: z.enum(['public', 'all']).default('public'),
    state: ChallengeStateSchema.optional(),
  }),
});

export const consoleCreateChallenge = defineEndpoint({
  id: 'console.challenges.create',
  method: 'POST',
  path: '/api/console/challenges',
  access: 'console',
  roles: ['editor'],
  summary:
    'A public challenge: its rules, a period of at most 92 days starting today or later, and the prize pool it will carry (funded separately by finance). Audited.',
  body: z.strictObject({
    title: ChallengeTitleSchema,
    description: multilineText().trim().max(1000).default(''),
    ...PeriodShape,
    rules: ChallengeRulesBodySchema,
    prizePoints: z.number().int().min(0).max(CHALLENGE_PRIZE_MAX).default(0),
  }),
  response: ConsoleChallengeSchema,
});

/** A prize fund's name: `system:prizes:<name>` in the ledger. */
export const PRIZE_FUND_PATTERN = /^[a-z0-9][a-z0-9-]{1,39}$/;

export const consoleFundChallenge = defineEndpoint({
  id: 'console.challenges.fund',
  method: 'POST',
  path: '/api/console/challenges/{id}/fund',
  access: 'console',
  roles: ['finance'],
  summary:
    'Moves the prize pool from the named prize fund (`system:prizes:<fund>`) to the challenge, through the ledger, once: funding again answers the same; a stale version or an ended challenge, 1017/1007. Audited.',
  params: IdParamsSchema,
  body: z.strictObject({ fund: text().regex(PRIZE_FUND_PATTERN, { error: 'rule.prizeFund' }), version: VersionSchema }),
  response: ConsoleChallengeSchema,
});

export const consoleChallengeParticipants = defineEndpoint({
  id: 'console.challenges.participants',
  method: 'GET',
  path: '/api/console/challenges/{id}/participants',
  access: 'console',
  roles: ['editor', 'finance'],
  summary: 'Who is in a challenge, by place (or by steps), with what they were paid once settled.',
  params: IdParamsSchema,
  ...paged(ConsoleChallengeParticipantSchema, {}),
});

export const consoleEndChallenge = defineEndpoint({
  id: 'console.challenges.end',
  method: 'POST',
  path: '/api/console/challenges/{id}/end',
  access: 'console',
  roles: ['editor'],
  summary:
    'Ends a challenge early with a stated reason (told to its participants): no results, nobody paid, and a funded pool goes back to its fund through the ledger. Upcoming or running only (1007); stale version 1017. Audited.',
  params: IdParamsSchema,
  body: z.strictObject({ reason: text().trim().min(2).max(500), version: VersionSchema }),
  response: ConsoleChallengeSchema,
});

export type Challenge = z.output<typeof ChallengeSchema>;
export type ChallengeBoardEntry = z.output<typeof ChallengeBoardEntrySchema>;
export type ChallengeTeamEntry = z.output<typeof ChallengeTeamEntrySchema>;
export type ChallengeRulesBody = z.input<typeof ChallengeRulesBodySchema>;
export type ConsoleChallenge = z.output<typeof ConsoleChallengeSchema>;
