import {
  consoleChallengeParticipants,
  consoleChallenges,
  consoleClubClose,
  consoleClubs,
  consoleClubUnverify,
  consoleClubVerify,
  consoleCreateChallenge,
  consoleEndChallenge,
  consoleFundChallenge,
  createClub,
  type BodyOf,
} from '@stride/contract';
import { api, registerUser, type TestApp } from '../harness.js';
import type { RoleCase } from './case.js';

/** A user's open club, for the club cases. */
async function clubId(t: TestApp): Promise<string> {
  const owner = await registerUser(t);
  return (await api(t, createClub, { token: owner.token, body: { name: 'Role case walkers' } })).data.id;
}

/** Today's service day (UTC+8) on the test's clock. */
const today = (t: TestApp) => new Date(t.clock.now() + 8 * 3_600_000).toISOString().slice(0, 10);

const challengeBody = (t: TestApp): BodyOf<typeof consoleCreateChallenge> => ({
  title: 'Role case walk',
  description: '',
  startsOn: today(t),
  endsOn: today(t),
  rules: { kind: 'daily-goal', dailySteps: 5_000, daysNeeded: 1 },
  prizePoints: 100,
});

/** A public challenge made by the console's admin module, answering its id and version. */
async function challenge(t: TestApp): Promise<{ id: string; version: number }> {
  return t.app.services.admin.challenges.create('setup', challengeBody(t));
}

/** Clubs and challenges in the console (docs/console/clubs.md, docs/console/challenges.md): editors; finance funds. */
export const SOCIAL_CASES: readonly RoleCase[] = [
  { endpoint: consoleClubs, input: async (t) => (await clubId(t), { query: {} }) },
  { endpoint: consoleClubVerify, input: async (t) => ({ params: { id: await clubId(t) }, body: { version: 1 } }) },
  {
    endpoint: consoleClubUnverify,
    input: async (t) => {
      const id = await clubId(t);
      await t.app.services.admin.clubs.verify('setup', id, 1);
      return { params: { id }, body: { version: 2 } };
    },
  },
  {
    endpoint: consoleClubClose,
    input: async (t) => ({ params: { id: await clubId(t) }, body: { version: 1, reason: 'Breaks the rules' } }),
  },
  { endpoint: consoleChallenges, input: async (t) => (await challenge(t), { query: {} }) },
  { endpoint: consoleCreateChallenge, input: (t) => Promise.resolve({ body: challengeBody(t) }) },
  {
    endpoint: consoleFundChallenge,
    input: async (t) => {
      const { id, version } = await challenge(t);
      return { params: { id }, body: { fund: 'launch', version } };
    },
  },
  {
    endpoint: consoleChallengeParticipants,
    input: async (t) => ({ params: { id: (await challenge(t)).id }, query: {} }),
  },
  {
    endpoint: consoleEndChallenge,
    input: async (t) => {
      const { id, version } = await challenge(t);
      return { params: { id }, body: { reason: 'Set up by mistake', version } };
    },
  },
];
