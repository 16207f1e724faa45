import { consoleDecideFlaggedDay, consoleFlaggedDays } from '@stride/contract';
import { heldDay } from '../appeals.js';
import type { TestApp } from '../harness.js';
import type { RoleCase } from './case.js';

const flaggedDay = async (t: TestApp) => (await heldDay(t)).reviewId;

/** Flagged days (walking module): reviewers list and decide them. */
export const FLAGGED_DAYS_CASES: readonly RoleCase[] = [
  { endpoint: consoleFlaggedDays, input: async (t) => (await flaggedDay(t), { query: { status: 'flagged' } }) },
  {
    endpoint: consoleDecideFlaggedDay,
    input: async (t) => ({ params: { id: await flaggedDay(t) }, body: { decision: 'clear', version: 1 } }),
  },
];
