export { celebrate, prefersReducedMotion, takeGoalMoment, takeNewInviteReward } from './celebration';
