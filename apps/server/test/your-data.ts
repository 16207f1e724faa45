import { deleteMyAccount, DELETE_CONFIRMATION, exportMyData } from '@stride/contract';
import { api, GOOD_PASSWORD, type TestApp, type User } from './harness.js';

/** Your data test support (decision 047 "Your data"): a user's export, and deleting their account. */

/** The user's data export. */
export const exportOf = (t: TestApp, user: User) =>
  api(t, exportMyData, { token: user.token, body: { password: GOOD_PASSWORD } });

/** The user deletes their account, giving up what it holds. */
export const deleteAccount = (t: TestApp, user: User) =>
  api(t, deleteMyAccount, {
    token: user.token,
    body: { password: GOOD_PASSWORD, confirmation: DELETE_CONFIRMATION, forfeit: true },
  });
