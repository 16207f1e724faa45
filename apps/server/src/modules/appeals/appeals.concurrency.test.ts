import { CODES, consoleDecideAppeal } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { appeal, appealedDay, heldDay } from '../../../test/appeals.js';
import { consoleApi, signIn } from '../../../test/console.js';
import { useTestApp } from '../../../test/harness.js';

// One appeal per item, one decision per appeal: raced on PostgreSQL, where races show.
const t = useTestApp();

describe('appeals raced', () => {
  it('keeps one of five appeals of the same day sent at once; the others answer 1005', async () => {
    const { user, day } = await heldDay(t);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => appeal(t, user, { subject: day, note: `Appeal ${index}` })),
    );
    expect(answers.map((answer) => answer.code).sort()).toEqual([
      CODES.OK,
      CODES.CONFLICT,
      CODES.CONFLICT,
      CODES.CONFLICT,
      CODES.CONFLICT,
    ]);
    const rows = await t.db.selectFrom('appeals').selectAll().where('user_id', '=', user.userId).execute();
    expect(rows).toHaveLength(1);
  });

  it('lets one of two decisions at once win, paying the day once; the other answers 1017', async () => {
    const { user, reviewId, appealId } = await appealedDay(t, { steps: 8_000 });
    const [first, second] = [await signIn(t, ['reviewer']), await signIn(t, ['reviewer'])];
    const answers = await Promise.all(
      [first, second].map((session) =>
        consoleApi(t, session, consoleDecideAppeal, {
          params: { id: appealId },
          body: { decision: 'grant', reason: 'reviewMistake', version: 1 },
        }),
      ),
    );
    expect(answers.map((answer) => answer.code).sort()).toEqual([CODES.OK, CODES.STALE_EDIT]);
    const review = await t.db.selectFrom('step_reviews').selectAll().where('id', '=', reviewId).executeTakeFirst();
    expect([review?.status, review?.released_points]).toEqual(['cleared', 80]);
    const records = (await t.app.services.audit.list(1000)).filter((row) => row.subject_id === appealId);
    expect(records).toHaveLength(1);
    const told = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', user.userId)
      .where('kind', '=', 'appeal.decided')
      .execute();
    expect(told).toHaveLength(1);
  });
});
