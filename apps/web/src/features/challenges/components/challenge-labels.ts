import type { ChallengeKind, ChallengeState } from '@stride/contract';
import type { MessageKey } from '../../../lib/i18n';

export const KIND_LABELS: Readonly<Record<ChallengeKind, MessageKey>> = {
  'daily-goal': 'challenges.kind.dailyGoal',
  'most-steps': 'challenges.kind.mostSteps',
  'team-total': 'challenges.kind.teamTotal',
};

export const STATE_LABELS: Readonly<Record<ChallengeState, MessageKey>> = {
  upcoming: 'challenges.state.upcoming',
  running: 'challenges.state.running',
  deciding: 'challenges.state.deciding',
  settled: 'challenges.state.settled',
  cancelled: 'challenges.state.cancelled',
};
