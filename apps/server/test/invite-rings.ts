import { CODES, getInvite, register, reportSteps } from '@stride/contract';
import { expect } from 'vitest';
import {
  api,
  currentPolicies,
  GOOD_PASSWORD,
  registerUser,
  requestSignUpCode,
  uniqueAccount,
  type TestApp,
  type User,
} from './harness.js';

/** Referral-ring test support (docs/product/referral-rings.md): invitees, their walks, a held invite reward. */

let devices = 0;
/** A device id no other test reported from. */
export const newDevice = () => `ring-${process.pid}-${(devices += 1)}-dev`;

/** A new account that signed up with `inviter`'s code, from `remoteAddress` when given. */
export async function invitedBy(t: TestApp, inviter: User, remoteAddress?: string): Promise<User> {
  const code = (await api(t, getInvite, { token: inviter.token })).data.code;
  if (!remoteAddress) return registerUser(t, uniqueAccount(), GOOD_PASSWORD, code);
  const account = uniqueAccount();
  const smsCode = await requestSignUpCode(t, account, remoteAddress);
  const answer = await api(t, register, {
    remoteAddress,
    body: { account, password: GOOD_PASSWORD, smsCode, inviteCode: code, acceptedPolicies: await currentPolicies(t) },
  });
  expect(answer.code, answer.message).toBe(CODES.OK);
  return { token: answer.data.token, userId: answer.data.user.id, account, password: GOOD_PASSWORD };
}

/** Today's steps of `user`, counted by `device` when given (the qualifying 5,000 by default). */
export async function walk(t: TestApp, user: User, device?: string, steps = 5_000) {
  const day = t.app.services.calendar.dayOf(t.clock.now());
  const answer = await api(t, reportSteps, { token: user.token, body: { day, steps, ...(device ? { device } : {}) } });
  expect(answer.code, answer.message).toBe(CODES.OK);
  return answer.data;
}

/** An invitee who walks on the device their inviter walks on: the reward is held. Its id is the invitee's. */
export async function heldInviteReward(t: TestApp): Promise<{ inviter: User; invitee: User; id: string }> {
  const inviter = await registerUser(t);
  const invitee = await invitedBy(t, inviter);
  const device = newDevice();
  await walk(t, inviter, device, 1_000);
  await walk(t, invitee, device);
  return { inviter, invitee, id: invitee.userId };
}
