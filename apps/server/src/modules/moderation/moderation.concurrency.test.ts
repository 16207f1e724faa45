import { CODES, consoleModerationDecide } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn } from '../../../test/console.js';
import { useTestApp } from '../../../test/harness.js';
import { report, reportedNickname } from '../../../test/moderation.js';

// One open report per reporter and content, one decision per version: raced on PostgreSQL, where races show.
const t = useTestApp();

describe('moderation raced', () => {
  it('keeps one report of ten identical reports at once', async () => {
    const { owner, reporter } = await reportedNickname(t);
    await t.db.deleteFrom('content_reports').where('target_id', '=', owner.userId).execute();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => report(t, reporter, { kind: 'nickname', id: owner.userId })),
    );
    expect(answers.map((answer) => answer.code)).toEqual(Array(10).fill(CODES.OK));
    const rows = await t.db.selectFrom('content_reports').selectAll().where('target_id', '=', owner.userId).execute();
    expect(rows).toHaveLength(1);
  });

  it('lets one of two decisions at once win; the other answers 1017', async () => {
    const { owner } = await reportedNickname(t);
    const [first, second] = [await signIn(t, ['reviewer']), await signIn(t, ['reviewer'])];
    const answers = await Promise.all(
      [
        [first, 'hide'],
        [second, 'dismiss'],
      ].map(([session, decision]) =>
        consoleApi(t, session as typeof first, consoleModerationDecide, {
          params: { kind: 'nickname', id: owner.userId },
          body: { decision: decision as 'hide', reason: 'Raced', version: 1 },
        }),
      ),
    );
    expect(answers.map((answer) => answer.code).sort()).toEqual([CODES.OK, CODES.STALE_EDIT]);
    const records = (await t.app.services.audit.list(1000)).filter(
      (row) => row.subject_id === `nickname:${owner.userId}`,
    );
    expect(records).toHaveLength(1);
  });
});
