import { CODES, consolePublishRules, consoleRuleVersions, listRuleVersions } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn } from '../../../test/console.js';
import { api, useTestApp } from '../../../test/harness.js';

// One publication per version of the book: raced on PostgreSQL, where races show.
const t = useTestApp();

describe('the earning rules raced', () => {
  it('lets one of five publications made on the same list win; the others answer 1017 and add nothing', async () => {
    t.clock.set(Date.parse('2026-12-10T12:00:00+08:00'));
    const operators = await Promise.all(Array.from({ length: 5 }, () => signIn(t, ['finance'])));
    const seen = await consoleApi(t, operators[0] ?? (await signIn(t, ['finance'])), consoleRuleVersions, {});
    const current = seen.data.versions[0]?.rules;
    if (!current) throw new Error('no first version');
    const answers = await Promise.all(
      operators.map((session, index) =>
        consoleApi(t, session, consolePublishRules, {
          body: {
            effectiveOn: `2026-12-${String(11 + index)}`,
            rules: { ...current, pointsDailyMax: current.pointsDailyMax + 10 * (index + 1) },
            bookVersion: seen.data.bookVersion,
          },
        }),
      ),
    );
    expect(answers.map((answer) => answer.code).sort()).toEqual([
      CODES.OK,
      CODES.STALE_EDIT,
      CODES.STALE_EDIT,
      CODES.STALE_EDIT,
      CODES.STALE_EDIT,
    ]);
    expect((await api(t, listRuleVersions, {})).data.versions).toHaveLength(2);
    const records = (await t.app.services.audit.list(1000)).filter((row) => row.action === 'rules.publish');
    expect(records).toHaveLength(1);
  });
});
