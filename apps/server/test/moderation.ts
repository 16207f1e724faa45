import {
  CODES,
  acceptFriend,
  getFriends,
  reportContent,
  requestFriend,
  updateProfile,
  type BodyOf,
} from '@stride/contract';
import { expect } from 'vitest';
import { api, registerUser, type TestApp, type User } from './harness.js';

/** Moderation test support (docs/product/moderation.md): friends with nicknames, and their reports. */

export type { User };

let nicknames = 0;

/** A user with a nickname of their own. */
export async function nicknamed(t: TestApp, prefix = 'Walker'): Promise<User & { nickname: string }> {
  const user = await registerUser(t);
  nicknames += 1;
  const nickname = `${prefix} ${nicknames}`;
  expect((await api(t, updateProfile, { token: user.token, body: { nickname } })).code).toBe(CODES.OK);
  return { ...user, nickname };
}

/** Makes the two friends (a asks by code, b accepts). */
export async function befriend(t: TestApp, a: User, b: User): Promise<void> {
  const code = (await api(t, getFriends, { token: b.token })).data.code;
  expect((await api(t, requestFriend, { token: a.token, body: { by: 'code', code } })).code).toBe(CODES.OK);
  expect((await api(t, acceptFriend, { token: b.token, params: { id: a.userId } })).code).toBe(CODES.OK);
}

export const report = (
  t: TestApp,
  user: User,
  body: Omit<BodyOf<typeof reportContent>, 'reason'> & { reason?: BodyOf<typeof reportContent>['reason'] },
) => api(t, reportContent, { token: user.token, body: { reason: 'offensive', ...body } });

/** A friend's nickname reported by the other: answers both. */
export async function reportedNickname(t: TestApp): Promise<{ owner: User & { nickname: string }; reporter: User }> {
  const [owner, reporter] = [await nicknamed(t), await registerUser(t)];
  await befriend(t, reporter, owner);
  expect((await report(t, reporter, { kind: 'nickname', id: owner.userId })).code).toBe(CODES.OK);
  return { owner, reporter };
}
