export { ChallengeBoard, type ChallengeBoardData } from './components/challenge-board';
export {
  ChallengeForm,
  checkDraft,
  blankDraft,
  type ChallengeBody,
  type ChallengeDraft,
} from './components/challenge-form';
export { ChallengeList, JoinByCode } from './components/challenge-list';
export { ChallengeHead, ChallengeResultCard, ChallengeRulesList, type TeamChoice } from './components/challenge-view';
export { deviceToday, rulesText } from './rules';
