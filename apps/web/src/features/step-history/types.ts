import type { ResponseOf, getAchievements, getStepHistory } from '@stride/contract';

export type Achievements = ResponseOf<typeof getAchievements>;
export type StepHistory = ResponseOf<typeof getStepHistory>;
