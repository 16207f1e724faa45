import {
  CODES,
  cancelChallenge,
  consoleChallenges,
  consoleClubClose,
  consoleClubs,
  consoleModerationDecide,
  consoleModerationQueue,
  createClub,
  findChallengeByCode,
  getChallenge,
  getChallengeBoard,
  joinChallenge,
  joinClub,
  listChallenges,
  listNotifications,
  type Language,
  type ModerationKind,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  BEFORE,
  join,
  operators,
  publicChallenge,
  userChallenge,
  walker,
  type User,
} from '../../../test/challenges.js';
import { consoleApi, signIn, type ConsoleSession } from '../../../test/console.js';
import { api, useTestApp } from '../../../test/harness.js';
import { report } from '../../../test/moderation.js';

// A challenge's title as user content (docs/product/moderation.md, docs/product/challenges.md, Moderation), and the
// names a reviewer hid as the challenges and a club's closing show them.
const t = useTestApp();

const MOST = { kind: 'most-steps', winners: 1 } as const;
const get = (user: User, id: string, language: Language = 'en') =>
  api(t, getChallenge, { token: user.token, params: { id }, language });
const inbox = async (user: User, language: Language = 'en') =>
  (await api(t, listNotifications, { token: user.token, query: { page: 1, pageSize: 50 }, language })).data.items;

async function hide(reviewer: ConsoleSession, kind: ModerationKind, id: string) {
  const queue = await consoleApi(t, reviewer, consoleModerationQueue, { query: { page: 1, pageSize: 50 } });
  const item = queue.data.items.find((each) => each.kind === kind && each.id === id);
  expect(item, `${kind} ${id} in the queue`).toBeDefined();
  const decided = await consoleApi(t, reviewer, consoleModerationDecide, {
    params: { kind, id },
    body: { decision: 'hide', reason: 'Offensive title', version: item?.version ?? 0 },
  });
  expect(decided.code, decided.message).toBe(CODES.OK);
  return item;
}

describe('a challenge’s title as reported content', () => {
  it('is reported by those who may open a challenge a user made; never one’s own, nor the service’s', async () => {
    t.clock.set(BEFORE);
    const staff = await operators(t);
    const [creator, friend, stranger] = [await walker(t), await walker(t), await walker(t)];
    const made = await userChallenge(t, creator, MOST);
    await join(t, friend, made.id, { code: made.code ?? '' });
    const city = await publicChallenge(t, staff, MOST, 0);
    await join(t, friend, city.id);

    const refused = [
      await report(t, stranger, { kind: 'challenge', id: made.id }),
      await report(t, friend, { kind: 'challenge', id: city.id }),
      await report(t, friend, { kind: 'challenge', id: '00000000-0000-4000-8000-000000000000' }),
    ];
    expect(refused.map((answer) => answer.code)).toEqual(Array(3).fill(CODES.NOT_FOUND));
    expect(await report(t, creator, { kind: 'challenge', id: made.id })).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'You cannot report your own content',
    });
    expect((await report(t, friend, { kind: 'challenge', id: made.id, reason: 'spam' })).code).toBe(CODES.OK);

    const reviewer = await signIn(t, ['reviewer']);
    const queue = await consoleApi(t, reviewer, consoleModerationQueue, { query: { page: 1, pageSize: 50 } });
    expect(queue.data.items.filter((item) => item.kind === 'challenge')).toEqual([
      expect.objectContaining({
        id: made.id,
        ownerId: creator.userId,
        ownerMobileMasked: `${creator.account.slice(0, 3)}****${creator.account.slice(-4)}`,
        text: 'Walk week',
        imageUrl: null,
        reports: 1,
        reasons: [{ reason: 'spam', count: 1 }],
      }),
    ]);
  });

  it('hidden, reads as a neutral title in each reader’s language, is listed to no one new and takes no one new', async () => {
    t.clock.set(BEFORE);
    const [creator, friend, late] = [await walker(t), await walker(t), await walker(t)];
    const made = await userChallenge(t, creator, MOST);
    const code = made.code ?? '';
    await join(t, friend, made.id, { code });
    expect((await report(t, friend, { kind: 'challenge', id: made.id })).code).toBe(CODES.OK);
    const reviewer = await signIn(t, ['reviewer']);
    await hide(reviewer, 'challenge', made.id);

    // Those in it still open it, under the neutral title; its creator too.
    expect((await get(friend, made.id)).data).toMatchObject({ title: 'A challenge', joined: true });
    expect((await get(friend, made.id, 'zh-Hans')).data.title).toBe('一个挑战');
    expect((await get(creator, made.id, 'fr')).data.title).toBe('Un défi');
    const mine = (await api(t, listChallenges, { token: friend.token })).data.mine;
    expect(mine.find((row) => row.id === made.id)?.title).toBe('A challenge');
    expect((await api(t, getChallengeBoard, { token: friend.token, params: { id: made.id } })).code).toBe(CODES.OK);

    // Nobody new opens it by its code or joins it; it cannot be reported again.
    expect((await api(t, findChallengeByCode, { token: late.token, query: { code } })).code).toBe(CODES.NOT_FOUND);
    expect((await api(t, joinChallenge, { token: late.token, params: { id: made.id }, body: { code } })).code).toBe(
      CODES.NOT_FOUND,
    );
    expect((await get(late, made.id)).code).toBe(CODES.NOT_FOUND);
    expect((await report(t, friend, { kind: 'challenge', id: made.id })).code).toBe(CODES.NOT_FOUND);

    // The console still shows its real title, marked hidden; the decision is in the audit log.
    const editor = await signIn(t, ['editor']);
    const listed = await consoleApi(t, editor, consoleChallenges, { query: { page: 1, pageSize: 50, scope: 'all' } });
    expect(listed.data.items.find((row) => row.id === made.id)).toMatchObject({ title: 'Walk week', hidden: true });
    const records = (await t.app.services.audit.list(100)).filter(
      (row) => row.subject_type === 'content' && row.subject_id === `challenge:${made.id}`,
    );
    expect(records.map((row) => [row.action, JSON.parse(row.after ?? 'null') as unknown])).toEqual([
      ['moderation.hide', { open: false, version: 2, content: { title: 'Walk week', hidden: true } }],
    ]);

    // Called off afterwards: the notice names it by the neutral title, in the reader's language when read.
    expect((await api(t, cancelChallenge, { token: creator.token, params: { id: made.id } })).code).toBe(CODES.OK);
    const told = (await inbox(friend, 'zh-Hans')).find((row) => row.kind === 'challenge.cancelled');
    expect(told?.body).toContain('一个挑战');
    expect(told?.body).not.toContain('Walk week');
    expect((await inbox(friend)).find((row) => row.kind === 'challenge.cancelled')?.body).toBe(
      '“A challenge” was called off by its creator before it started.',
    );
  });

  it('a club name hidden reads as “A club” on its challenges and in the notice of its closing', async () => {
    t.clock.set(BEFORE);
    const [owner, member] = [await walker(t), await walker(t)];
    const club = (await api(t, createClub, { token: owner.token, body: { name: 'Rude walkers' } })).data;
    expect((await api(t, joinClub, { token: member.token, body: { code: club.code } })).code).toBe(CODES.OK);
    const made = await userChallenge(t, owner, MOST, { scope: 'club', clubId: club.id });
    expect((await report(t, member, { kind: 'club', id: club.id })).code).toBe(CODES.OK);
    await hide(await signIn(t, ['reviewer']), 'club', club.id);

    expect((await get(member, made.id)).data.club).toMatchObject({ id: club.id, name: 'A club' });
    expect((await get(member, made.id, 'zh-Hant')).data.club?.name).toBe('一個俱樂部');

    const editor = await signIn(t, ['editor']);
    const listed = await consoleApi(t, editor, consoleClubs, { query: { page: 1, pageSize: 50 } });
    const version = listed.data.items.find((row) => row.id === club.id)?.version ?? 0;
    const closed = await consoleApi(t, editor, consoleClubClose, {
      params: { id: club.id },
      body: { version, reason: 'Breaks the rules' },
    });
    expect(closed.code, closed.message).toBe(CODES.OK);
    const told = (await inbox(member, 'es')).find((row) => row.kind === 'club.closed');
    expect(told?.body).toContain('Un club');
    expect(told?.body).not.toContain('Rude walkers');
  });
});
