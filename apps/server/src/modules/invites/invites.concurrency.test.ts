import { CODES, getInvite, reportSteps } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { balanceOf, GOOD_PASSWORD, registerUser, uniqueAccount, useTestApp, api } from '../../../test/harness.js';

const t = useTestApp();

describe('reportSteps (POST /api/steps): invite rewards under concurrent step reports', () => {
  it('rewards an invitee once when 12 reports for today and yesterday arrive together', async () => {
    const inviter = await registerUser(t);
    const code = (await api(t, getInvite, { token: inviter.token })).data.code;
    const invited = await registerUser(t, uniqueAccount(), GOOD_PASSWORD, code);
    const today = t.app.services.calendar.dayOf(t.clock.now());
    const yesterday = t.app.services.calendar.addDays(today, -1);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api(t, reportSteps, {
          token: invited.token,
          body: { day: i % 2 === 0 ? today : yesterday, steps: 5_000 + i },
        }),
      ),
    );
    for (const answer of answers)
      expect(answer, JSON.stringify(answer)).toSatisfy(
        (a: { code: number }) => a.code === CODES.OK || a.code === CODES.BUSINESS_RULE,
      );
    const rewards = await t.db
      .selectFrom('invite_rewards')
      .selectAll()
      .where('invitee_id', '=', invited.userId)
      .execute();
    expect(rewards).toHaveLength(1);
    expect(await balanceOf(t, inviter.userId, 'POINTS')).toBe(500);
    expect(await balanceOf(t, invited.userId, 'POINTS')).toBe(500);
  });
});
