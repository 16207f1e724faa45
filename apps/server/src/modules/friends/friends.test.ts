import {
  CODES,
  acceptFriend,
  blockUser,
  cancelFriendRequest,
  consoleDecideFlaggedDay,
  declineFriend,
  getFriendAvatar,
  getFriendBoard,
  getFriends,
  getInvite,
  likeFriend,
  listNotifications,
  removeFriend,
  reportSteps,
  requestFriend,
  saveFriendSettings,
  unblockUser,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn } from '../../../test/console.js';
import { api, masked, registerUser, registerUsers, setAvatar, useTestApp, type User } from '../../../test/harness.js';
import { deleteAccount, exportOf } from '../../../test/your-data.js';
import { MOBILE_LOOKUPS_PER_HOUR } from './friends.service.js';

// Friends (docs/product/friends.md): one row per pair, requests by code, number or invite, blocks.
const t = useTestApp();

const list = async (user: User) => (await api(t, getFriends, { token: user.token })).data;
const codeOf = async (user: User) => (await list(user)).code;
const byCode = async (from: User, to: User) =>
  api(t, requestFriend, { token: from.token, body: { by: 'code', code: await codeOf(to) } });
const settle = (user: User, settings: { findableByMobile?: boolean; shareSteps?: boolean; showAvatar?: boolean }) =>
  api(t, saveFriendSettings, {
    token: user.token,
    body: { findableByMobile: false, shareSteps: false, showAvatar: false, ...settings },
  });
const act = (endpoint: typeof acceptFriend, user: User, id: string) =>
  api(t, endpoint, { token: user.token, params: { id } });

async function friends(a: User, b: User) {
  expect((await byCode(a, b)).data.status).toBe('requested');
  expect((await act(acceptFriend, b, a.userId)).code).toBe(CODES.OK);
}

describe('requestFriend (POST /api/friends/requests)', () => {
  it('sends a request by friend code, which the other accepts; each then sees the other by masked number', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const mine = await list(a);
    expect(mine.code).toBe((await api(t, getInvite, { token: a.token })).data.code);
    expect(mine.link).toMatch(new RegExp(`^http://[^/]+/#/pages-sub/friends/index\\?code=${mine.code}$`));
    expect(mine.qrImage).toMatch(/^data:image\/svg\+xml/);
    const sent = await byCode(a, b);
    expect(sent).toMatchObject({
      code: CODES.OK,
      data: { status: 'requested', person: { id: b.userId, name: masked(b) } },
    });
    // Asking again changes nothing.
    expect((await byCode(a, b)).data.status).toBe('requested');
    expect((await list(a)).outgoing).toMatchObject([{ id: b.userId, name: masked(b) }]);
    expect((await list(b)).incoming).toMatchObject([{ id: a.userId, name: masked(a) }]);
    expect((await list(b)).friends).toEqual([]);

    expect((await act(acceptFriend, b, a.userId)).code).toBe(CODES.OK);
    const seenByA = await list(a);
    expect(seenByA.friends).toMatchObject([{ id: b.userId, name: masked(b), today: null }]);
    expect(seenByA.outgoing).toEqual([]);
    expect((await list(b)).friends).toMatchObject([{ id: a.userId }]);
    expect((await act(acceptFriend, b, a.userId)).code).toBe(CODES.NOT_FOUND);
    expect((await byCode(b, a)).data.status).toBe('friends');
  });

  it('makes friends at once when the other had already asked, and takes a code in any case', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    await byCode(a, b);
    const answer = await api(t, requestFriend, {
      token: b.token,
      body: { by: 'code', code: (await codeOf(a)).toLowerCase() },
    });
    expect(answer.data.status).toBe('friends');
    expect((await list(a)).friends.map((friend) => friend.id)).toEqual([b.userId]);
    expect((await list(b)).incoming).toEqual([]);
  });

  it('refuses my own code, and an unknown code answers in the user’s language', async () => {
    const a = await registerUser(t);
    const own = await api(t, requestFriend, { token: a.token, body: { by: 'code', code: await codeOf(a) } });
    expect(own).toMatchObject({ code: CODES.BUSINESS_RULE, message: 'That is your own code or number' });
    const unknown = await api(t, requestFriend, {
      token: a.token,
      body: { by: 'code', code: 'NOSUCH99' },
      language: 'zh-Hans',
    });
    expect(unknown).toMatchObject({ code: CODES.NOT_FOUND, message: '没有找到该邀请码或手机号对应的可添加用户' });
    expect((await api(t, requestFriend, { token: a.token, body: { by: 'code', code: '' } })).code).toBe(
      CODES.VALIDATION_FAILED,
    );
  });

  it('finds someone by number only where they allow it, answering alike otherwise, within an hourly limit', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const byNumber = (mobile: string) => api(t, requestFriend, { token: a.token, body: { by: 'mobile', mobile } });
    const hidden = await byNumber(b.account);
    const missing = await byNumber('13999999999');
    expect(hidden.code).toBe(CODES.NOT_FOUND);
    expect(hidden).toEqual(missing);
    expect((await settle(b, { findableByMobile: true })).data).toEqual({
      findableByMobile: true,
      shareSteps: false,
      showAvatar: false,
    });
    expect((await byNumber(b.account)).data).toMatchObject({ status: 'requested', person: { id: b.userId } });
    for (let i = 3; i < MOBILE_LOOKUPS_PER_HOUR; i += 1) await byNumber('13999999999');
    expect((await byNumber(b.account)).code).toBe(CODES.RATE_LIMITED);
    t.clock.advance(60 * 60 * 1000);
    expect((await byNumber(b.account)).data.status).toBe('requested');
  });

  it('offers the inviter to an invitee, and one tap makes them friends', async () => {
    const inviter = await registerUser(t);
    const { code } = (await api(t, getInvite, { token: inviter.token })).data;
    const invitee = await registerUser(t, undefined, undefined, code);
    expect((await list(invitee)).inviter).toEqual({ id: inviter.userId, name: masked(inviter), avatarUrl: null });
    const tapped = await api(t, requestFriend, { token: invitee.token, body: { by: 'inviter' } });
    expect(tapped.data).toMatchObject({ status: 'friends', person: { id: inviter.userId } });
    expect((await list(invitee)).inviter).toBeNull();
    expect((await list(inviter)).friends.map((friend) => friend.id)).toEqual([invitee.userId]);
    const uninvited = await registerUser(t);
    expect((await api(t, requestFriend, { token: uninvited.token, body: { by: 'inviter' } })).code).toBe(
      CODES.NOT_FOUND,
    );
  });
});

describe('requestFriend (POST /api/friends/requests) with a code of digits only', () => {
  // The app sends anything shaped like a number as a number; a code of digits reads so too.
  let codes = 0;
  const digits = useTestApp({}, { inviteCodes: () => (codes++ === 0 ? '23456789' : `D${codes}X${Date.now() % 1e6}`) });

  it('finds its owner by that code when no one is found by it as a number', async () => {
    const owner = await registerUser(digits);
    const asker = await registerUser(digits);
    const sent = await api(digits, requestFriend, { token: asker.token, body: { by: 'mobile', mobile: '23456789' } });
    expect(sent.data).toMatchObject({ status: 'requested', person: { id: owner.userId } });
  });
});

describe('declineFriend, cancelFriendRequest, removeFriend (POST /api/friends/…)', () => {
  it('ends a request from either side and a friendship from either side; someone else cannot', async () => {
    const [a, b, c] = [await registerUser(t), await registerUser(t), await registerUser(t)];
    await byCode(a, b);
    // Only the one asked may answer, and only the one who asked may withdraw.
    expect((await act(acceptFriend, c, a.userId)).code).toBe(CODES.NOT_FOUND);
    expect((await act(acceptFriend, a, b.userId)).code).toBe(CODES.NOT_FOUND);
    expect((await act(cancelFriendRequest, b, a.userId)).code).toBe(CODES.NOT_FOUND);
    expect((await act(declineFriend, b, a.userId)).code).toBe(CODES.OK);
    expect((await list(a)).outgoing).toEqual([]);
    expect((await list(b)).incoming).toEqual([]);

    await byCode(a, b);
    expect((await act(cancelFriendRequest, a, b.userId)).code).toBe(CODES.OK);
    expect((await list(b)).incoming).toEqual([]);

    await friends(a, b);
    expect((await act(removeFriend, c, a.userId)).code).toBe(CODES.NOT_FOUND);
    expect((await act(removeFriend, b, a.userId)).code).toBe(CODES.OK);
    expect((await list(a)).friends).toEqual([]);
    expect((await act(removeFriend, a, b.userId)).code).toBe(CODES.NOT_FOUND);
    expect((await act(removeFriend, a, a.userId)).code).toBe(CODES.NOT_FOUND);
  });
});

describe('blockUser and unblockUser (POST /api/friends/{id}/block, …/unblock)', () => {
  it('ends the friendship, and the blocked one can neither find nor reach the blocker until unblocked', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    await settle(a, { findableByMobile: true });
    await friends(a, b);
    expect((await act(blockUser, a, b.userId)).code).toBe(CODES.OK);
    expect((await list(a)).friends).toEqual([]);
    expect((await list(a)).blocked).toEqual([{ id: b.userId, name: masked(b), avatarUrl: null }]);
    expect((await list(b)).friends).toEqual([]);
    expect((await list(b)).blocked).toEqual([]);
    const byTheBlocked = await byCode(b, a);
    expect(byTheBlocked).toMatchObject({
      code: CODES.NOT_FOUND,
      message: 'No one to add was found with that code or number',
    });
    const byNumber = await api(t, requestFriend, { token: b.token, body: { by: 'mobile', mobile: a.account } });
    expect(byNumber).toEqual(byTheBlocked);
    // Nor can the blocker ask while the block stands.
    expect((await byCode(a, b)).code).toBe(CODES.NOT_FOUND);
    expect((await act(unblockUser, b, a.userId)).code).toBe(CODES.NOT_FOUND);

    expect((await act(unblockUser, a, b.userId)).code).toBe(CODES.OK);
    expect((await list(a)).blocked).toEqual([]);
    expect((await byCode(b, a)).data.status).toBe('requested');
  });

  it('blocks someone who asked, but no one I have never met', async () => {
    const [a, b, stranger] = [await registerUser(t), await registerUser(t), await registerUser(t)];
    await byCode(b, a);
    expect((await act(blockUser, a, b.userId)).code).toBe(CODES.OK);
    expect((await list(a)).incoming).toEqual([]);
    expect((await list(b)).outgoing).toEqual([]);
    expect((await act(blockUser, a, stranger.userId)).code).toBe(CODES.NOT_FOUND);
    expect((await act(blockUser, a, 'no-such-user')).code).toBe(CODES.NOT_FOUND);
  });
});

const MACHINE = { intervals: 400, cv: 0.004 };

describe('getFriends (GET /api/friends)', () => {
  it('shows today’s credited steps only of friends who share them, to one who shares: a held day as pending, a rejected one as none', async () => {
    const [a, b, c] = [await registerUser(t), await registerUser(t), await registerUser(t)];
    await friends(a, b);
    await friends(a, c);
    const day = new Date(t.clock.now() + 8 * 3600_000).toISOString().slice(0, 10);
    await api(t, reportSteps, { token: b.token, body: { day, steps: 4_000 } });
    expect((await list(a)).friends.find((friend) => friend.id === b.userId)?.today).toBeNull();
    expect((await settle(b, { shareSteps: true })).code).toBe(CODES.OK);
    await settle(c, { shareSteps: true });
    // Only someone who shares their own steps sees friends' steps.
    expect((await list(a)).friends.map((friend) => friend.today)).toEqual([null, null]);
    await settle(a, { shareSteps: true });
    expect((await list(a)).friends).toMatchObject([
      { id: b.userId, today: { steps: 4_000, pending: false } },
      { id: c.userId, today: { steps: 0, pending: false } },
    ]);

    const flagged = await api(t, reportSteps, {
      token: c.token,
      body: { day, steps: 8_000, device: `friends-${process.pid}-abc`, rhythm: MACHINE },
    });
    expect(flagged.data.review?.status).toBe('flagged');
    expect((await list(a)).friends).toMatchObject([
      { id: c.userId, today: { steps: 8_000, pending: true } },
      { id: b.userId, today: { steps: 4_000, pending: false } },
    ]);
    const review = await t.db
      .selectFrom('step_reviews')
      .selectAll()
      .where('user_id', '=', c.userId)
      .executeTakeFirstOrThrow();
    const reviewer = await signIn(t, ['reviewer']);
    const decided = await consoleApi(t, reviewer, consoleDecideFlaggedDay, {
      params: { id: review.id },
      body: { decision: 'reject', version: review.version },
    });
    expect(decided.code, decided.message).toBe(CODES.OK);
    expect((await list(a)).friends.find((friend) => friend.id === c.userId)?.today).toEqual({
      steps: 0,
      pending: false,
    });
  });

  it('shows a friend’s avatar only to friends and only where they show it', async () => {
    const [a, b, stranger] = [await registerUser(t), await registerUser(t), await registerUser(t)];
    await friends(a, b);
    await setAvatar(t, b);
    const avatarOf = (viewer: User) => api(t, getFriendAvatar, { token: viewer.token, params: { id: b.userId } });
    expect((await list(a)).friends).toMatchObject([{ id: b.userId, avatarUrl: null }]);
    expect((await avatarOf(a)).code).toBe(CODES.NOT_FOUND);
    await settle(b, { showAvatar: true });
    const url = `/api/friends/${b.userId}/avatar`;
    expect((await list(a)).friends).toMatchObject([{ id: b.userId, avatarUrl: url }]);
    const shown = await avatarOf(a);
    expect(shown.status).toBe(200);
    // My own always loads; a stranger's and a former friend's answer like a missing file.
    expect((await avatarOf(b)).status).toBe(200);
    expect((await avatarOf(stranger)).code).toBe(CODES.NOT_FOUND);
    await act(removeFriend, a, b.userId);
    expect((await avatarOf(a)).code).toBe(CODES.NOT_FOUND);
  });

  it('shows a nickname where a friend chose one', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    await friends(a, b);
    await t.db.updateTable('users').set({ nickname: 'Walker B' }).where('id', '=', b.userId).execute();
    expect((await list(a)).friends).toMatchObject([{ id: b.userId, name: 'Walker B' }]);
  });
});

describe('getFriendBoard (GET /api/friends/board)', () => {
  const board = async (user: User, period: 'today' | 'week' = 'today') =>
    (await api(t, getFriendBoard, { token: user.token, query: { period } })).data;
  const serviceDay = () => new Date(t.clock.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const walk = (user: User, steps: number) =>
    api(t, reportSteps, { token: user.token, body: { day: serviceDay(), steps } });

  it('ranks me and my friends who share by credited steps, ties sharing a place, me always on it', async () => {
    const [me, b, c, d, quiet] = await registerUsers(t, 5);
    for (const friend of [b, c, d, quiet]) await friends(me, friend);
    expect(await board(me)).toMatchObject({ period: 'today', sharing: false, entries: [] });
    for (const user of [me, b, c, d]) await settle(user, { shareSteps: true });
    await walk(b, 5_000);
    await walk(c, 3_000);
    await walk(d, 5_000);
    await walk(quiet, 9_000);
    const today = await board(me);
    expect(today).toMatchObject({ sharing: true, from: serviceDay(), to: serviceDay() });
    const places = today.entries.map(({ id, rank, steps, me: isMe }) => ({ id, rank, steps, me: isMe }));
    const tied = [b, d].sort((x, y) => masked(x).localeCompare(masked(y)));
    expect(places).toEqual([
      { id: tied[0]!.userId, rank: 1, steps: 5_000, me: false },
      { id: tied[1]!.userId, rank: 1, steps: 5_000, me: false },
      { id: c.userId, rank: 3, steps: 3_000, me: false },
      { id: me.userId, rank: 4, steps: 0, me: true },
    ]);
    // A friend of mine who is not a friend of b's is not on b's board.
    expect((await board(b)).entries.map((entry) => entry.id).sort()).toEqual([b.userId, me.userId].sort());
  });

  it('adds up the week from Monday, and a held day waits apart until cleared', async () => {
    const [me, b] = [await registerUser(t), await registerUser(t)];
    await friends(me, b);
    await settle(me, { shareSteps: true });
    await settle(b, { shareSteps: true });
    t.clock.set(Date.parse('2026-11-25T04:00:00Z')); // Wednesday noon in Beijing
    await walk(b, 3_000);
    t.clock.advance(24 * 3600_000);
    await walk(b, 2_000);
    const flagged = await api(t, reportSteps, {
      token: me.token,
      body: { day: serviceDay(), steps: 8_000, device: `board-${process.pid}-abc`, rhythm: MACHINE },
    });
    expect(flagged.data.review?.status).toBe('flagged');
    const week = await board(me, 'week');
    expect(week).toMatchObject({ period: 'week', from: '2026-11-23', to: '2026-11-26' });
    expect(week.entries).toMatchObject([
      { id: b.userId, rank: 1, steps: 5_000, pendingSteps: 0 },
      { id: me.userId, rank: 2, steps: 0, pendingSteps: 8_000, me: true },
    ]);
    expect((await board(me)).entries.find((entry) => entry.id === b.userId)).toMatchObject({ steps: 2_000 });
  });
});

describe('likeFriend (POST /api/friends/{id}/like)', () => {
  it('likes a friend’s day once, tells them once, and refuses anyone not on my board', async () => {
    const [a, b, c, stranger] = await registerUsers(t, 4);
    await friends(a, b);
    await friends(c, b);
    await friends(a, stranger);
    for (const user of [a, b, c]) await settle(user, { shareSteps: true });
    const like = (from: User, to: User) => api(t, likeFriend, { token: from.token, params: { id: to.userId } });
    expect((await like(a, b)).data).toEqual({ likes: 1, likedByMe: true });
    expect((await like(a, b)).data).toEqual({ likes: 1, likedByMe: true });
    expect((await like(c, b)).data).toEqual({ likes: 2, likedByMe: true });
    const onBoard = (await api(t, getFriendBoard, { token: a.token, query: { period: 'today' } })).data.entries;
    expect(onBoard.find((entry) => entry.id === b.userId)).toMatchObject({ likes: 2, likedByMe: true });
    expect(onBoard.find((entry) => entry.id === a.userId)).toMatchObject({ likes: 0, likedByMe: false });
    const inbox = (await api(t, listNotifications, { token: b.token, query: { page: 1, pageSize: 20 } })).data.items;
    const likes = inbox.filter((item) => item.kind === 'friend.liked');
    expect(likes.map((item) => item.body).sort()).toEqual(
      [`${masked(a)} liked your steps today.`, `${masked(c)} liked your steps today.`].sort(),
    );
    expect(likes[0]?.link).toEqual({ path: '/pages-sub/friends/index', query: {} });
    // Not a friend, a friend who does not share, myself.
    expect((await like(stranger, c)).code).toBe(CODES.NOT_FOUND);
    expect((await like(a, stranger)).code).toBe(CODES.NOT_FOUND);
    expect((await like(a, a)).code).toBe(CODES.NOT_FOUND);
  });

  it('tells of a request and of its acceptance in the inbox', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    await friends(a, b);
    const kinds = async (user: User) =>
      (await api(t, listNotifications, { token: user.token, query: { page: 1, pageSize: 20 } })).data.items
        .filter((item) => item.kind.startsWith('friend.'))
        .map((item) => item.body);
    expect(await kinds(b)).toEqual([`${masked(a)} would like to be your friend.`]);
    expect(await kinds(a)).toEqual([`You and ${masked(b)} are now friends.`]);
  });
});

describe('friends in your data', () => {
  it('exports friends, requests and blocks, and a deleted account leaves every list', async () => {
    const [a, b, c] = [await registerUser(t), await registerUser(t), await registerUser(t)];
    await friends(a, b);
    await byCode(c, a);
    for (const user of [a, b]) await settle(user, { shareSteps: true });
    await api(t, likeFriend, { token: b.token, params: { id: a.userId } });
    const exported = await exportOf(t, a);
    const section = exported.data.sections.friends as {
      settings: unknown;
      pairs: { with: string }[];
      likesGiven: unknown[];
      likesReceived: unknown[];
    };
    expect(section.settings).toEqual({ findableByMobile: false, shareSteps: true, showAvatar: false });
    expect(section.likesGiven).toEqual([]);
    expect(section.likesReceived).toEqual([{ from: masked(b), day: expect.any(String) as string }]);
    const byName = [...section.pairs].sort((x, y) => x.with.localeCompare(y.with));
    expect(byName).toMatchObject(
      [
        { with: masked(b), status: 'friends', askedBy: null },
        { with: masked(c), status: 'requested', askedBy: 'them' },
      ].sort((x, y) => x.with.localeCompare(y.with)),
    );
    const deleted = await deleteAccount(t, a);
    expect(deleted.code, deleted.message).toBe(CODES.OK);
    expect((await list(b)).friends).toEqual([]);
    expect((await list(c)).outgoing).toEqual([]);
    const left = await t.db
      .selectFrom('friend_pairs')
      .select('user_low')
      .where((eb) => eb.or([eb('user_low', '=', a.userId), eb('user_high', '=', a.userId)]))
      .execute();
    expect(left).toEqual([]);
    expect(await t.db.selectFrom('friend_likes').selectAll().where('user_id', '=', a.userId).execute()).toEqual([]);
  });
});
