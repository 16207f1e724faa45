import {
  CODES,
  acceptFriend,
  blockUser,
  getFriends,
  likeFriend,
  listNotifications,
  requestFriend,
  saveFriendSettings,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { api, registerUser, useTestApp, type User } from '../../../test/harness.js';
import { pairKey } from './friends.service.js';

// One row per pair (decision 094 "Friends: one row per pair"): raced on PostgreSQL, where races show.
const t = useTestApp();

const codeOf = async (user: User) => (await api(t, getFriends, { token: user.token })).data.code;
const ask = async (from: User, code: string) =>
  api(t, requestFriend, { token: from.token, body: { by: 'code', code } });
const pairOf = (a: User, b: User) => {
  const key = pairKey(a.userId, b.userId);
  return t.db
    .selectFrom('friend_pairs')
    .selectAll()
    .where('user_low', '=', key.low)
    .where('user_high', '=', key.high)
    .execute();
};

describe('requestFriend (POST /api/friends/requests) raced', () => {
  it('makes one friendship of twenty requests both ways at once', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const [codeA, codeB] = [await codeOf(a), await codeOf(b)];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? ask(a, codeB) : ask(b, codeA))),
    );
    expect(answers.every((answer) => answer.code === CODES.OK)).toBe(true);
    expect(answers.some((answer) => answer.data.status === 'friends')).toBe(true);
    const rows = await pairOf(a, b);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'friends', requester_id: null });
    const seen = await api(t, getFriends, { token: a.token });
    expect(seen.data.friends.map((friend) => friend.id)).toEqual([b.userId]);
  });

  it('accepts a request once of ten accepts at once, and a block raced with accepts leaves no friendship', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    await ask(a, await codeOf(b));
    const accepts = await Promise.all(
      Array.from({ length: 10 }, () => api(t, acceptFriend, { token: b.token, params: { id: a.userId } })),
    );
    expect(accepts.filter((answer) => answer.code === CODES.OK)).toHaveLength(1);
    expect(accepts.filter((answer) => answer.code === CODES.NOT_FOUND)).toHaveLength(9);

    const [c, d] = [await registerUser(t), await registerUser(t)];
    await ask(c, await codeOf(d));
    await Promise.all([
      ...Array.from({ length: 5 }, () => api(t, acceptFriend, { token: d.token, params: { id: c.userId } })),
      api(t, blockUser, { token: d.token, params: { id: c.userId } }),
    ]);
    const [row] = await pairOf(c, d);
    expect(row?.status).toBe('none');
    expect(row?.[c.userId < d.userId ? 'high_blocked_at' : 'low_blocked_at']).not.toBeNull();
    expect((await api(t, getFriends, { token: c.token })).data.friends).toEqual([]);
  });

  it('keeps one like and one notification of ten likes of one friend at once', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    await ask(a, await codeOf(b));
    await api(t, acceptFriend, { token: b.token, params: { id: a.userId } });
    for (const user of [a, b]) {
      await api(t, saveFriendSettings, {
        token: user.token,
        body: { findableByMobile: false, shareSteps: true, showAvatar: false },
      });
    }
    const likes = await Promise.all(
      Array.from({ length: 10 }, () => api(t, likeFriend, { token: a.token, params: { id: b.userId } })),
    );
    expect(likes.every((answer) => answer.code === CODES.OK && answer.data.likes === 1)).toBe(true);
    const rows = await t.db.selectFrom('friend_likes').selectAll().where('user_id', '=', b.userId).execute();
    expect(rows).toHaveLength(1);
    const inbox = await api(t, listNotifications, { token: b.token, query: { page: 1, pageSize: 20 } });
    expect(inbox.data.items.filter((item) => item.kind === 'friend.liked')).toHaveLength(1);
  });
});
