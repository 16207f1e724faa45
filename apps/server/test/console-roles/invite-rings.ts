import { consoleDecideInviteReward, consoleInviteGraph, consoleInviteRewards } from '@stride/contract';
import { heldInviteReward } from '../invite-rings.js';
import type { RoleCase } from './case.js';

/** Invite rings (invites module): reviewers list held invite rewards, decide one, and look at the invite graph. */
export const INVITE_RINGS_CASES: readonly RoleCase[] = [
  { endpoint: consoleInviteRewards, input: async (t) => (await heldInviteReward(t), { query: {} }) },
  {
    endpoint: consoleDecideInviteReward,
    input: async (t) => ({ params: { id: (await heldInviteReward(t)).id }, body: { decision: 'release' } }),
  },
  {
    endpoint: consoleInviteGraph,
    input: async (t) => ({ query: { q: (await heldInviteReward(t)).invitee.userId } }),
  },
];
