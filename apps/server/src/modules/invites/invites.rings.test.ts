import {
  CODES,
  consoleDecideInviteReward,
  consoleInviteGraph,
  consoleInviteRewards,
  getInvite,
  listNotifications,
  saveAddress,
  saveBankCard,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, lastConsoleRecord, signIn } from '../../../test/console.js';
import {
  api,
  balanceOf,
  cardNumber,
  masked,
  REAL_NAME,
  registerUser,
  verifyIdentity,
  useTestApp,
  type User,
} from '../../../test/harness.js';
import { heldInviteReward, invitedBy, newDevice, walk } from '../../../test/invite-rings.js';
import { MINUTE_MS } from '../../lib/clock.js';

// Referral rings caught (docs/product/referral-rings.md; docs/console/reviewer.md, Invite rings): an invite reward
// whose accounts look linked is held for a reviewer, who releases (both sides paid once) or refuses it.

const t = useTestApp();

const invite = async (user: User) => (await api(t, getInvite, { token: user.token })).data;
const rewardOf = (inviteeId: string) =>
  t.db.selectFrom('invite_rewards').selectAll().where('invitee_id', '=', inviteeId).executeTakeFirstOrThrow();
const inviteTransfers = (inviteeId: string) =>
  t.db
    .selectFrom('ledger_transfers')
    .select('id')
    .where('kind', '=', 'invite.reward')
    .where('idempotency_key', '=', `invite:${inviteeId}:reward`)
    .execute();
const kindsOf = async (user: User) =>
  (await api(t, listNotifications, { token: user.token })).data.items.map((item) => item.kind);
const signalsOf = async (inviteeId: string) => {
  const row = await rewardOf(inviteeId);
  return (JSON.parse(row.signals ?? '[]') as { signal: string; shares: string[]; userIds: string[] }[]).map(
    ({ signal, shares, userIds }) => ({ signal, shares, userIds }),
  );
};

/** Both sides hold nothing from the invitation: no points, no transfer. */
async function nothingPaid(inviter: User, invitee: User) {
  expect(await balanceOf(t, inviter.userId, 'POINTS')).toBe(0);
  expect(await balanceOf(t, invitee.userId, 'POINTS')).toBe(0);
  expect(await inviteTransfers(invitee.userId)).toEqual([]);
}

/** A verified account that saved this card number as a payout card. */
async function withCard(user: User, accountNumber: string) {
  await verifyIdentity(t, user.token);
  const saved = await api(t, saveBankCard, {
    token: user.token,
    body: { bank: 'Bank of Walking', holderName: REAL_NAME, accountNumber },
  });
  expect(saved.code, saved.message).toBe(CODES.OK);
}

describe('reportSteps (POST /api/steps): invite rewards of linked accounts are held', () => {
  it('pays a clean invitation at once, on its own devices', async () => {
    const inviter = await registerUser(t);
    const invitee = await invitedBy(t, inviter);
    await walk(t, inviter, newDevice(), 1_000);
    await walk(t, invitee, newDevice());
    expect(await balanceOf(t, inviter.userId, 'POINTS')).toBe(500);
    expect(await balanceOf(t, invitee.userId, 'POINTS')).toBe(500);
    expect(await rewardOf(invitee.userId)).toMatchObject({ status: 'paid', signals: null, points: 500 });
    expect((await invite(invitee)).ownReward).toEqual({ status: 'paid', points: 500, inviteeId: invitee.userId });
    expect((await invite(inviter)).invitees).toEqual([
      expect.objectContaining({ qualified: true, waitingForReview: false, rewardRefused: false, rewardPoints: 500 }),
    ]);
  });

  it('holds the reward of an invitee who walks on the device their inviter walks on; both pages show it waiting', async () => {
    const { inviter, invitee } = await heldInviteReward(t);
    await nothingPaid(inviter, invitee);
    expect(await rewardOf(invitee.userId)).toMatchObject({ status: 'held', points: 500, transfer_id: null });
    expect(await signalsOf(invitee.userId)).toEqual([
      { signal: 'shared', shares: ['device'], userIds: [invitee.userId, inviter.userId] },
    ]);
    const page = await invite(inviter);
    expect(page.invitees).toEqual([
      expect.objectContaining({ qualified: false, qualifiedAt: null, waitingForReview: true, rewardPoints: 0 }),
    ]);
    // A held reward keeps its place within the yearly limit; nothing is earned yet.
    expect(page.rule.rewardedThisYear).toBe(1);
    expect(page.rewardPoints).toBe(0);
    expect((await invite(invitee)).ownReward).toEqual({ status: 'held', points: 500, inviteeId: invitee.userId });
    // Decided once: walking more changes nothing.
    await walk(t, invitee, newDevice(), 9_000);
    await nothingPaid(inviter, invitee);
  });

  it('holds the reward of an invitee who keeps their inviter’s delivery address, however it is written', async () => {
    const inviter = await registerUser(t);
    const invitee = await invitedBy(t, inviter);
    const at = (user: User, detail: string) =>
      api(t, saveAddress, {
        token: user.token,
        body: { name: 'Li Na', phone: '13800000000', region: 'Shanghai', detail },
      });
    expect((await at(inviter, 'No. 5, Lake Road')).code).toBe(CODES.OK);
    expect((await at(invitee, 'no 5 lake road')).code).toBe(CODES.OK);
    await walk(t, invitee);
    expect(await signalsOf(invitee.userId)).toEqual([
      { signal: 'shared', shares: ['address'], userIds: [invitee.userId, inviter.userId] },
    ]);
  });

  it('holds the reward of an invitee who signed up from the network block their inviter signed up from', async () => {
    const inviter = await invitedBy(t, await registerUser(t), '203.0.113.7');
    const invitee = await invitedBy(t, inviter, '203.0.113.99');
    const elsewhere = await invitedBy(t, inviter, '198.51.100.4');
    await walk(t, invitee);
    await walk(t, elsewhere);
    expect(await signalsOf(invitee.userId)).toEqual([
      { signal: 'shared', shares: ['network'], userIds: [invitee.userId, inviter.userId] },
    ]);
    expect(await rewardOf(elsewhere.userId)).toMatchObject({ status: 'paid' });
  });

  it('holds the rewards of a sign-up burst: more than 5 invitees of one inviter within 60 minutes', async () => {
    const inviter = await registerUser(t);
    const burst: User[] = [];
    for (let i = 0; i < 6; i += 1) {
      burst.push(await invitedBy(t, inviter));
      t.clock.advance(10 * MINUTE_MS);
    }
    // Two hours later, one more: outside any window with five others.
    t.clock.advance(2 * 60 * MINUTE_MS);
    const later = await invitedBy(t, inviter);
    const [first] = burst as [User];
    await walk(t, first);
    await walk(t, later);
    expect(await signalsOf(first.userId)).toEqual([
      { signal: 'burst', shares: [], userIds: burst.map((user) => user.userId) },
    ]);
    expect(await rewardOf(first.userId)).toMatchObject({ status: 'held' });
    expect(await rewardOf(later.userId)).toMatchObject({ status: 'paid', points: 500 });
  });

  it('holds the rewards of an inviter whose invitees, five of them, walk on two devices', async () => {
    const inviter = await registerUser(t);
    const invitees: User[] = [];
    for (let i = 0; i < 5; i += 1) {
      invitees.push(await invitedBy(t, inviter));
      t.clock.advance(30 * MINUTE_MS);
    }
    const [one, two] = [newDevice(), newDevice()];
    for (const [index, invitee] of invitees.entries()) await walk(t, invitee, index % 2 === 0 ? one : two);
    const statuses = await Promise.all(invitees.map(async (user) => (await rewardOf(user.userId)).status));
    // Four invitees on two devices are not yet many; the fifth is.
    expect(statuses).toEqual(['paid', 'paid', 'paid', 'paid', 'held']);
    const [signal] = JSON.parse((await rewardOf(invitees[4]!.userId)).signals ?? '[]') as Record<string, unknown>[];
    expect(signal).toMatchObject({ signal: 'fewDevices', devices: 2, count: 5 });
    expect(new Set(signal?.userIds as string[])).toEqual(new Set(invitees.map((user) => user.userId)));
  });

  it('holds the reward at the end of a chain of invitations whose ends share a payout card', async () => {
    const a = await registerUser(t);
    const b = await invitedBy(t, a);
    const c = await invitedBy(t, b);
    const card = cardNumber();
    await withCard(a, card);
    await withCard(c, card);
    await walk(t, b);
    await walk(t, c);
    // B shares nothing with A: paid. C, invited by B, shares A's card: held, the chain as evidence.
    expect(await rewardOf(b.userId)).toMatchObject({ status: 'paid' });
    expect(await signalsOf(c.userId)).toEqual([
      { signal: 'chain', shares: ['card'], userIds: [c.userId, b.userId, a.userId] },
    ]);
    expect(await balanceOf(t, c.userId, 'POINTS')).toBe(0);
    expect(await balanceOf(t, b.userId, 'POINTS')).toBe(500);

    // The graph around C shows the chain, its rewards and the card A and C share.
    const reviewer = await signIn(t, ['reviewer']);
    const answer = await consoleApi(t, reviewer, consoleInviteGraph, { query: { q: masked(c) } });
    expect(answer.code, answer.message).toBe(CODES.OK);
    const { graph, matches } = answer.data;
    expect(matches).toEqual([{ userId: c.userId, mobile: masked(c) }]);
    expect(graph?.focus).toBe(c.userId);
    expect(graph?.nodes.map((node) => [node.userId, node.invitedBy, node.reward?.status ?? null])).toEqual([
      [a.userId, null, null],
      [b.userId, a.userId, 'paid'],
      [c.userId, b.userId, 'held'],
    ]);
    expect(graph?.links).toEqual([{ a: a.userId, b: c.userId, shares: ['card'] }]);
    expect(graph?.truncated).toBe(false);
    await lastConsoleRecord(t, reviewer, 'invite-graph.view', { type: 'user', id: c.userId });
  });
});

describe('console invite rings (reviewers)', () => {
  it('lists held rewards with the evidence masked, and releases one: both sides paid once, told, recorded', async () => {
    const { inviter, invitee, id } = await heldInviteReward(t);
    const reviewer = await signIn(t, ['reviewer']);
    const queue = await consoleApi(t, reviewer, consoleInviteRewards, { query: { pageSize: 50 } });
    expect(queue.code).toBe(CODES.OK);
    const item = queue.data.items.find((row) => row.id === id);
    expect(item).toMatchObject({
      invitee: { userId: invitee.userId, mobile: masked(invitee) },
      inviter: { userId: inviter.userId, mobile: masked(inviter) },
      points: 500,
      status: 'held',
      decidedAt: null,
      signals: [
        {
          signal: 'shared',
          shares: ['device'],
          accounts: [
            { userId: invitee.userId, mobile: masked(invitee) },
            { userId: inviter.userId, mobile: masked(inviter) },
          ],
          count: 2,
        },
      ],
    });

    const released = await consoleApi(t, reviewer, consoleDecideInviteReward, {
      params: { id },
      body: { decision: 'release', note: 'Siblings sharing a phone' },
    });
    expect(released.code, released.message).toBe(CODES.OK);
    expect(released.data).toMatchObject({ id, status: 'paid' });
    expect(await balanceOf(t, inviter.userId, 'POINTS')).toBe(500);
    expect(await balanceOf(t, invitee.userId, 'POINTS')).toBe(500);
    expect(await rewardOf(id)).toMatchObject({ status: 'paid', operator_id: reviewer.operatorId });
    expect((await rewardOf(id)).transfer_id).not.toBeNull();
    await lastConsoleRecord(t, reviewer, 'invite-reward.release', { type: 'invite-reward', id });
    expect(await kindsOf(inviter)).toContain('invite.reviewed');
    expect(await kindsOf(invitee)).toContain('invite.reviewed');
    expect((await invite(invitee)).ownReward).toEqual({ status: 'paid', points: 500, inviteeId: invitee.userId });
    expect((await invite(inviter)).invitees).toEqual([
      expect.objectContaining({ qualified: true, waitingForReview: false, rewardPoints: 500 }),
    ]);

    // Once: a second decision answers 1017 and pays nothing more.
    for (const decision of ['release', 'refuse'] as const) {
      const again = await consoleApi(t, reviewer, consoleDecideInviteReward, { params: { id }, body: { decision } });
      expect(again.code).toBe(CODES.STALE_EDIT);
    }
    expect(await inviteTransfers(id)).toHaveLength(1);
    expect(await balanceOf(t, inviter.userId, 'POINTS')).toBe(500);
    const decided = await consoleApi(t, reviewer, consoleInviteRewards, { query: { status: 'decided', pageSize: 50 } });
    expect(decided.data.items.map((row) => row.id)).toContain(id);
  });

  it('refuses one: nothing paid, both told, the place within the yearly limit freed', async () => {
    const { inviter, invitee, id } = await heldInviteReward(t);
    const reviewer = await signIn(t, ['reviewer']);
    const refused = await consoleApi(t, reviewer, consoleDecideInviteReward, {
      params: { id },
      body: { decision: 'refuse' },
    });
    expect(refused.code, refused.message).toBe(CODES.OK);
    expect(refused.data.status).toBe('refused');
    await nothingPaid(inviter, invitee);
    await lastConsoleRecord(t, reviewer, 'invite-reward.refuse', { type: 'invite-reward', id });
    const notices = (await api(t, listNotifications, { token: invitee.token })).data.items;
    expect(notices.find((item) => item.kind === 'invite.reviewed')?.body).toMatch(/not paid/);
    const page = await invite(inviter);
    expect(page.invitees).toEqual([
      expect.objectContaining({ qualified: false, waitingForReview: false, rewardRefused: true, rewardPoints: 0 }),
    ]);
    expect(page.rule.rewardedThisYear).toBe(0);
    expect((await invite(invitee)).ownReward).toEqual({ status: 'refused', points: 500, inviteeId: invitee.userId });
    expect(
      (await consoleApi(t, reviewer, consoleDecideInviteReward, { params: { id }, body: { decision: 'release' } }))
        .code,
    ).toBe(CODES.STALE_EDIT);
    await nothingPaid(inviter, invitee);
  });

  it('answers 1004 for a reward never held or missing, and a clear error for a search it cannot read', async () => {
    const inviter = await registerUser(t);
    const invitee = await invitedBy(t, inviter);
    await walk(t, invitee);
    const reviewer = await signIn(t, ['reviewer']);
    for (const id of [invitee.userId, inviter.userId]) {
      const answer = await consoleApi(t, reviewer, consoleDecideInviteReward, {
        params: { id },
        body: { decision: 'release' },
      });
      expect(answer.code).toBe(CODES.NOT_FOUND);
    }
    const bad = await consoleApi(t, reviewer, consoleInviteGraph, { query: { q: '13900000001' } });
    expect(bad.code).toBe(CODES.VALIDATION_FAILED);
    expect(bad.message).toMatch(/masked mobile number/);
  });

  it('lists the inviters with the most held rewards when asked for no account', async () => {
    const { inviter } = await heldInviteReward(t);
    const device = newDevice();
    await walk(t, inviter, device, 1_000);
    const second = await invitedBy(t, inviter);
    await walk(t, second, device);
    const reviewer = await signIn(t, ['reviewer']);
    const answer = await consoleApi(t, reviewer, consoleInviteGraph, { query: {} });
    expect(answer.code, answer.message).toBe(CODES.OK);
    expect(answer.data.graph).toBeNull();
    expect(answer.data.clusters[0]).toEqual({
      inviter: { userId: inviter.userId, mobile: masked(inviter) },
      held: 2,
      invitees: 2,
    });
  });
});
