import { CODES, consoleDecideInviteReward, getInvite, reportSteps } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn } from '../../../test/console.js';
import { balanceOf, GOOD_PASSWORD, registerUser, uniqueAccount, useTestApp, api } from '../../../test/harness.js';
import { heldInviteReward } from '../../../test/invite-rings.js';

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

describe('console.invite-rewards.decide: two reviewers at once', () => {
  it('releases a held reward once: one decision wins, the other answers 1017, the ledger credits each side once', async () => {
    const { inviter, invitee, id } = await heldInviteReward(t);
    const [first, second] = await Promise.all([signIn(t, ['reviewer']), signIn(t, ['reviewer'])]);
    const answers = await Promise.all(
      [first, second].map((reviewer) =>
        consoleApi(t, reviewer, consoleDecideInviteReward, { params: { id }, body: { decision: 'release' } }),
      ),
    );
    expect(answers.map((answer) => answer.code).sort()).toEqual([CODES.OK, CODES.STALE_EDIT]);
    const transfers = await t.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('idempotency_key', '=', `invite:${id}:reward`)
      .execute();
    expect(transfers).toHaveLength(1);
    expect(await balanceOf(t, inviter.userId, 'POINTS')).toBe(500);
    expect(await balanceOf(t, invitee.userId, 'POINTS')).toBe(500);
    const told = await t.db
      .selectFrom('notifications')
      .select('user_id')
      .where('kind', '=', 'invite.reviewed')
      .where('dedupe_key', '=', `invite.reviewed:${id}:released`)
      .execute();
    expect(told.map((row) => row.user_id).sort()).toEqual([inviter.userId, invitee.userId].sort());
  });
});
