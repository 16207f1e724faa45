import { CODES, getInvite, reportSteps } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { balanceOf, GOOD_PASSWORD, registerUser, uniqueAccount, useTestApp, api } from '../../../test/harness.js';
import { DAY_MS, MINUTE_MS } from '../../lib/clock.js';

const t = useTestApp({ INVITE_MAX_PER_YEAR: '2', PUBLIC_URL: 'https://walk.example.com' });

const invite = async (token: string) => (await api(t, getInvite, { token })).data;

async function registerInvited(inviteCode: string) {
  const { token, userId, account } = await registerUser(t, uniqueAccount(), GOOD_PASSWORD, inviteCode);
  return { token, userId, account };
}

const today = () => t.app.services.calendar.dayOf(t.clock.now());
const walk = (token: string, steps: number) => api(t, reportSteps, { token, body: { day: today(), steps } });

describe('getInvite (GET /api/invite)', () => {
  it('answers my code, a link with a QR code, and invitees with masked numbers', async () => {
    const inviter = await registerUser(t);
    const mine = await invite(inviter.token);
    expect(mine.link).toBe(`https://walk.example.com/#/pages/login/index?invite=${mine.code}`);
    expect(mine.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(mine.rule).toEqual({ points: 500, steps: 5_000, maxPerYear: 2, rewardedThisYear: 0 });
    const friend = await registerInvited(mine.code);
    const after = await invite(inviter.token);
    expect(after.invitees).toEqual([
      {
        account: `${friend.account.slice(0, 3)}****${friend.account.slice(-4)}`,
        joinedAt: expect.any(String) as string,
        qualified: false,
        qualifiedAt: null,
        waitingForReview: false,
        rewardRefused: false,
        rewardPoints: 0,
      },
    ]);
    expect(after.ownReward).toBeNull();
    // Two users: an inviter sees only their own invitees.
    expect((await invite(friend.token)).invitees).toEqual([]);
  });
});

describe('reportSteps (POST /api/steps): invite rewards', () => {
  it('credits both sides once when the invitee passes 5,000 steps, not again later, and never a second level', async () => {
    const a = await registerUser(t);
    const b = await registerInvited((await invite(a.token)).code);
    const c = await registerInvited((await invite(b.token)).code);

    expect((await walk(b.token, 4_999)).code).toBe(CODES.OK);
    expect(await balanceOf(t, a.userId, 'POINTS')).toBe(0);
    t.clock.advance(MINUTE_MS);
    expect((await walk(b.token, 5_000)).data.steps).toBe(5_000);
    t.clock.advance(10 * MINUTE_MS);
    expect((await walk(b.token, 6_000)).data.steps).toBe(6_000);
    expect(await balanceOf(t, a.userId, 'POINTS')).toBe(500);
    expect(await balanceOf(t, b.userId, 'POINTS')).toBe(500);
    t.clock.advance(DAY_MS);
    expect((await walk(b.token, 8_000)).data.steps).toBe(8_000);
    expect(await balanceOf(t, a.userId, 'POINTS')).toBe(500);
    expect(await balanceOf(t, b.userId, 'POINTS')).toBe(500);

    // C was invited by B: B and C are credited, A (a second level up) is not.
    await walk(c.token, 5_500);
    expect(await balanceOf(t, c.userId, 'POINTS')).toBe(500);
    expect(await balanceOf(t, b.userId, 'POINTS')).toBe(1_000);
    expect(await balanceOf(t, a.userId, 'POINTS')).toBe(500);

    const forA = await invite(a.token);
    expect(forA.rewardPoints).toBe(500);
    expect(forA.invitees).toEqual([expect.objectContaining({ qualified: true, rewardPoints: 500 })]);
    expect((await invite(b.token)).rewardPoints).toBe(1_000);
    const transfers = await t.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('kind', '=', 'invite.reward')
      .execute();
    expect(transfers).toHaveLength(2);
  });

  it('rewards at most INVITE_MAX_PER_YEAR invitees a year; parallel reports credit once', async () => {
    const inviter = await registerUser(t);
    const code = (await invite(inviter.token)).code;
    const friends = [];
    for (let i = 0; i < 3; i += 1) friends.push(await registerInvited(code));
    const parallel = await Promise.all([
      walk(friends[0]!.token, 5_000),
      walk(friends[0]!.token, 5_000),
      walk(friends[1]!.token, 7_000),
    ]);
    expect(parallel.every((r) => r.code === CODES.OK)).toBe(true);
    await walk(friends[2]!.token, 9_000);
    expect(await balanceOf(t, inviter.userId, 'POINTS')).toBe(1_000);
    expect(await balanceOf(t, friends[0]!.userId, 'POINTS')).toBe(500);
    expect(await balanceOf(t, friends[2]!.userId, 'POINTS')).toBe(0);
    const mine = await invite(inviter.token);
    expect(mine.rule.rewardedThisYear).toBe(2);
    expect(mine.invitees.filter((i) => i.qualified)).toHaveLength(3);
  });
});
