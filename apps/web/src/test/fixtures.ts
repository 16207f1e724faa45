import type { Challenge, User } from '@stride/contract';

/** A signed-up user who has not verified a real name; a test changes only what it is about. */
export function testUser(changes: Partial<User> = {}): User {
  return {
    id: 'u1',
    account: '+15550001',
    inviteCode: 'ABCD1234',
    realNameStatus: 'none',
    createdAt: '2024-01-01T00:00:00Z',
    nickname: null,
    avatarUrl: null,
    ...changes,
  };
}

/** Home's figures on a day with nothing walked, earned or held; a test changes only what it is about. */
export function testHome<T extends object>(changes: T = {} as T) {
  return {
    day: '2026-03-02',
    steps: 0,
    goal: 6_000,
    points: 0,
    balance: 0,
    earnedPoints: 0,
    collectedPoints: 0,
    collectablePoints: 0,
    multiplier: 1,
    activeCard: null,
    activeCards: [],
    banners: [],
    quickEntries: [],
    notices: [],
    ...changes,
  };
}

/** The demo's Bronze plan (docs/product/rules.md, Membership cards): ¥99.00 for 30 days of ¥3.00. */
export const BRONZE_PLAN = {
  id: 'plan-bronze',
  name: 'Bronze',
  price: 9_900,
  days: 30,
  dailyTarget: 6_000,
  dailyCashBack: 300,
  pointsMultiplier: 1.2,
  insuranceCoverage: 10_000_000,
};

/** A friends' daily goal of a week that has not started, made by someone else; a test changes only what it is about. */
export const testChallenge = (extra: Partial<Challenge> = {}): Challenge => ({
  id: 'ch-1',
  scope: 'friends',
  title: 'December walk',
  description: '',
  kind: 'daily-goal',
  startsOn: '2026-12-01',
  endsOn: '2026-12-07',
  dailySteps: 8_000,
  daysNeeded: 5,
  winners: null,
  prizePoints: 0,
  state: 'upcoming',
  daysLeft: 7,
  creator: { id: 'u-1', name: 'Ann', avatarUrl: null },
  club: null,
  participants: 1,
  teams: 0,
  joined: false,
  myTeam: null,
  code: 'WALK42',
  link: 'https://stride.example/ch/WALK42',
  isCreator: false,
  endedReason: null,
  progress: null,
  result: null,
  ...extra,
});
