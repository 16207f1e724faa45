import { reportSteps } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { api, balanceOf, registerUser, useTestApp } from '../../test/harness.js';
import { opsOn } from '../../test/ops.js';

// `npm run ops -- flagged-days …`: the same WalkingAdmin as the console (decision 029 "Steps from every source").
const t = useTestApp();

const ops = opsOn(t);

async function flaggedUser(steps = 3_000) {
  const user = await registerUser(t);
  const answer = await api(t, reportSteps, {
    token: user.token,
    body: { day: '2026-11-22', steps, rhythm: { intervals: 300, cv: 0.003 } },
  });
  expect(answer.data.review?.status).toBe('flagged');
  const review = await t.db
    .selectFrom('step_reviews')
    .selectAll()
    .where('user_id', '=', user.userId)
    .executeTakeFirstOrThrow();
  return { ...user, reviewId: review.id };
}

describe('ops flagged-days', () => {
  it('lists flagged days with their reasons and held points, masked', async () => {
    const user = await flaggedUser();
    const listed = await ops('flagged-days', 'list', '--json');
    expect(listed.code).toBe(0);
    const rows = JSON.parse(listed.out) as Record<string, unknown>[];
    expect(rows.find((row) => row.id === user.reviewId)).toMatchObject({
      mobile: `${user.account.slice(0, 3)}****${user.account.slice(-4)}`,
      day: '2026-11-22',
      steps: 3_000,
      reasons: 'regularRhythm',
      sources: 'web:3000',
      heldPoints: 30,
      heldCashBack: 0,
      status: 'flagged',
    });
    expect((await ops('flagged-days', 'list', '--status', 'pending')).code).toBe(2);
    expect((await ops('flagged-days', 'list', '--limit', '500')).code).toBe(2);
  });

  it('clears a day once, releasing its held points for the user to collect, and records who did', async () => {
    const user = await flaggedUser(5_000);
    expect((await ops('flagged-days', 'clear', user.reviewId, '--operator', 'ana')).code).toBe(1);
    expect((await ops('flagged-days', 'clear', user.reviewId, '--yes')).code).toBe(2);
    const cleared = await ops(
      'flagged-days',
      'clear',
      user.reviewId,
      '--operator',
      'ana',
      '--note',
      'checked',
      '--yes',
    );
    expect(cleared).toMatchObject({ code: 0, err: '' });
    expect(cleared.out).toContain('2026-11-22');
    expect(cleared.out).toContain('cleared by ana');
    // Released, not credited: the user collects them on home (decision 078 "A held step day is never a dead end").
    expect(await balanceOf(t, user.userId, 'POINTS')).toBe(0);
    const review = await t.db
      .selectFrom('step_reviews')
      .select(['released_points', 'released_collected_at'])
      .where('id', '=', user.reviewId)
      .executeTakeFirstOrThrow();
    expect(review).toEqual({ released_points: 50, released_collected_at: null });
    const again = await ops('flagged-days', 'reject', user.reviewId, '--operator', 'bo', '--yes');
    expect(again.code).toBe(1);
    expect(again.err).toContain('is cleared, not flagged');
    expect(await balanceOf(t, user.userId, 'POINTS')).toBe(0);
    const actions = await t.db
      .selectFrom('operator_actions')
      .selectAll()
      .where('subject_id', '=', user.reviewId)
      .execute();
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ operator: 'ana', action: 'step-day.clear' });
    expect(actions[0]?.source).toMatch(/^cli:/);
    const listed = JSON.parse((await ops('flagged-days', 'list', '--status', 'cleared', '--json')).out) as {
      id: string;
      note: string;
    }[];
    expect(listed.find((row) => row.id === user.reviewId)?.note).toBe('checked');
  });

  it('rejects a day, paying nothing', async () => {
    const user = await flaggedUser(5_000);
    expect((await ops('flagged-days', 'reject', user.reviewId, '--operator', 'ana', '--yes')).code).toBe(0);
    expect(await balanceOf(t, user.userId, 'POINTS')).toBe(0);
    expect((await ops('flagged-days', 'clear', 'no-such-id', '--operator', 'ana', '--yes')).err).toBe(
      'No flagged day no-such-id',
    );
  });
});
