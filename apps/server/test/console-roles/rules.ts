import { consolePublishRules, consoleRuleVersions } from '@stride/contract';
import type { TestApp } from '../harness.js';
import type { RoleCase } from './case.js';

/** A better version than the newest (one more point a day), from the first day it may apply to. */
async function betterVersion(t: TestApp) {
  const { today, bookVersion, versions } = await t.app.services.admin.rules.list();
  const newest = versions[0];
  if (!newest) throw new Error('The earning rules have no first version');
  const after = t.app.services.calendar.addDays(newest.effectiveOn, 1);
  return {
    body: {
      effectiveOn: after > today ? after : today,
      rules: { ...newest.rules, pointsDailyMax: newest.rules.pointsDailyMax + 1 },
      bookVersion,
    },
  };
}

/** The earning rules (docs/console/earning-rules.md): finance reads and publishes them. */
export const RULES_CASES: readonly RoleCase[] = [
  { endpoint: consoleRuleVersions, input: async (t) => (await t.app.services.admin.rules.list(), {}) },
  { endpoint: consolePublishRules, input: betterVersion },
];
