import { CODES, changePassword, createDeviceToken, getUserInfo, login, postDeviceSteps } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, api, raw, registerUser, useTestApp } from '../../../test/harness.js';
import { MINUTE_MS } from '../../lib/clock.js';

// docs/product/rules.md, Accounts, Change password.
const t = useTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_FAILURE_WINDOW_MINUTES: '15' });

const NEW_PASSWORD = 'stroll2027near';

const signIn = async (account: string, password: string) => api(t, login, { body: { account, password } });

async function tokenOf(account: string, password: string): Promise<string> {
  const answer = await signIn(account, password);
  if (answer.code !== CODES.OK) throw new Error(`login failed: ${answer.code} ${answer.message}`);
  return answer.data.token;
}

const passwordHashOf = async (userId: string) =>
  (await t.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow())
    .password_hash;

const liveSessions = async (userId: string) =>
  (
    await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute()
  ).length;

describe('change password', () => {
  it('stores the new password, keeps the calling session and ends every other one', async () => {
    const user = await registerUser(t);
    const phone = await tokenOf(user.account, GOOD_PASSWORD);
    const tablet = await tokenOf(user.account, GOOD_PASSWORD);
    const other = await registerUser(t);
    expect(await liveSessions(user.userId)).toBe(3);

    const changed = await api(t, changePassword, {
      token: phone,
      body: { oldPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed).toMatchObject({ code: CODES.OK, data: { done: true } });

    // The caller stays signed in; the sign-up session and the tablet are signed out.
    expect((await api(t, getUserInfo, { token: phone })).data.id).toBe(user.userId);
    expect((await api(t, getUserInfo, { token: tablet })).code).toBe(CODES.SESSION_INVALID);
    expect((await api(t, getUserInfo, { token: user.token })).code).toBe(CODES.SESSION_INVALID);
    expect(await liveSessions(user.userId)).toBe(1);
    // Another user's session is not touched.
    expect((await api(t, getUserInfo, { token: other.token })).code).toBe(CODES.OK);

    expect((await signIn(user.account, GOOD_PASSWORD)).code).toBe(CODES.CREDENTIALS_INVALID);
    expect((await signIn(user.account, NEW_PASSWORD)).code).toBe(CODES.OK);
  });

  it('leaves step-source tokens working: they are not sessions', async () => {
    const user = await registerUser(t);
    const device = await api(t, createDeviceToken, { token: user.token, body: { name: 'Watch' } });
    expect(device.code).toBe(CODES.OK);
    const phone = await tokenOf(user.account, GOOD_PASSWORD);
    const changed = await api(t, changePassword, {
      token: phone,
      body: { oldPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.code).toBe(CODES.OK);
    expect((await api(t, getUserInfo, { token: user.token })).code).toBe(CODES.SESSION_INVALID);
    const posted = await api(t, postDeviceSteps, { token: device.data.token, body: { steps: 1_234 } });
    expect(posted).toMatchObject({ code: CODES.OK, data: { steps: 1_234 } });
  });

  it('refuses a wrong current password in the user’s language and changes nothing', async () => {
    const user = await registerUser(t);
    const tablet = await tokenOf(user.account, GOOD_PASSWORD);
    const before = await passwordHashOf(user.userId);

    const wrong = await api(t, changePassword, {
      token: user.token,
      body: { oldPassword: 'not-my-password1', newPassword: NEW_PASSWORD },
      language: 'fr',
    });
    expect(wrong).toMatchObject({ code: CODES.CREDENTIALS_INVALID, message: 'Le mot de passe actuel est incorrect' });
    expect(await passwordHashOf(user.userId)).toBe(before);
    expect((await api(t, getUserInfo, { token: tablet })).code).toBe(CODES.OK);
    expect(await liveSessions(user.userId)).toBe(2);
    expect((await signIn(user.account, GOOD_PASSWORD)).code).toBe(CODES.OK);
  });

  it('limits wrong current passwords per user, so a left-open session cannot guess the password', async () => {
    const user = await registerUser(t);
    const guess = (oldPassword: string) =>
      api(t, changePassword, { token: user.token, body: { oldPassword, newPassword: NEW_PASSWORD } });
    for (const attempt of ['guess0001', 'guess0002', 'guess0003']) {
      expect((await guess(attempt)).code).toBe(CODES.CREDENTIALS_INVALID);
    }
    // The fourth try is refused before the password is looked at, even the right one.
    const limited = await guess(GOOD_PASSWORD);
    expect(limited.code).toBe(CODES.RATE_LIMITED);
    expect(limited.message).toMatch(/minutes?/);
    expect((await signIn(user.account, GOOD_PASSWORD)).code).toBe(CODES.OK);

    t.clock.advance(15 * MINUTE_MS);
    expect((await guess(GOOD_PASSWORD)).code).toBe(CODES.OK);
    expect((await signIn(user.account, NEW_PASSWORD)).code).toBe(CODES.OK);
  });

  it('gives the tries back after the right password', async () => {
    const user = await registerUser(t);
    const change = (oldPassword: string, newPassword: string) =>
      api(t, changePassword, { token: user.token, body: { oldPassword, newPassword } });
    expect((await change('guess0001', NEW_PASSWORD)).code).toBe(CODES.CREDENTIALS_INVALID);
    expect((await change('guess0002', NEW_PASSWORD)).code).toBe(CODES.CREDENTIALS_INVALID);
    expect((await change(GOOD_PASSWORD, NEW_PASSWORD)).code).toBe(CODES.OK);
    expect((await change('guess0003', GOOD_PASSWORD)).code).toBe(CODES.CREDENTIALS_INVALID);
    expect((await change('guess0004', GOOD_PASSWORD)).code).toBe(CODES.CREDENTIALS_INVALID);
    expect((await change(NEW_PASSWORD, GOOD_PASSWORD)).code).toBe(CODES.OK);
  });

  it('holds the new password to the sign-up rules and refuses the same password', async () => {
    const user = await registerUser(t);
    const before = await passwordHashOf(user.userId);
    const change = (body: unknown, language?: 'en' | 'zh-Hans') =>
      api(t, changePassword, { token: user.token, body: raw(body), ...(language ? { language } : {}) });

    const short = await change({ oldPassword: GOOD_PASSWORD, newPassword: 'ab1' });
    expect(short.code).toBe(CODES.VALIDATION_FAILED);
    expect(short.message).toContain('newPassword');
    expect((await change({ oldPassword: GOOD_PASSWORD, newPassword: 'lettersonly' })).code).toBe(
      CODES.VALIDATION_FAILED,
    );
    expect((await change({ oldPassword: GOOD_PASSWORD, newPassword: '1234567890' })).code).toBe(
      CODES.VALIDATION_FAILED,
    );
    expect((await change({ oldPassword: '', newPassword: NEW_PASSWORD })).code).toBe(CODES.VALIDATION_FAILED);
    expect((await change({ newPassword: NEW_PASSWORD })).code).toBe(CODES.VALIDATION_FAILED);
    expect((await change({ oldPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD, extra: 1 })).code).toBe(
      CODES.VALIDATION_FAILED,
    );
    const same = await change({ oldPassword: GOOD_PASSWORD, newPassword: GOOD_PASSWORD }, 'zh-Hans');
    expect(same).toMatchObject({ code: CODES.VALIDATION_FAILED, message: '新密码与当前密码相同，请换一个' });
    expect(await passwordHashOf(user.userId)).toBe(before);
  });

  it('needs a session: no token, or a step-source token, answers 1001', async () => {
    const user = await registerUser(t);
    const body = { oldPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD };
    expect((await api(t, changePassword, { body })).code).toBe(CODES.SESSION_INVALID);
    const device = await api(t, createDeviceToken, { token: user.token, body: { name: 'Watch' } });
    expect((await api(t, changePassword, { token: device.data.token, body })).code).toBe(CODES.SESSION_INVALID);
    expect((await signIn(user.account, GOOD_PASSWORD)).code).toBe(CODES.OK);
  });

  it('lets one of two changes made at once with the same password win; the other changes nothing', async () => {
    const user = await registerUser(t);
    const phone = await tokenOf(user.account, GOOD_PASSWORD);
    const tablet = await tokenOf(user.account, GOOD_PASSWORD);
    const [fromPhone, fromTablet] = await Promise.all([
      api(t, changePassword, { token: phone, body: { oldPassword: GOOD_PASSWORD, newPassword: 'phone2027pass' } }),
      api(t, changePassword, { token: tablet, body: { oldPassword: GOOD_PASSWORD, newPassword: 'tablet2027pass' } }),
    ]);
    const answers = [fromPhone.code, fromTablet.code];
    expect(answers.filter((code) => code === CODES.OK)).toHaveLength(1);
    // The loser either lost the compare-and-set or was already signed out by the winner.
    const loser = answers.find((code) => code !== CODES.OK);
    expect([CODES.CREDENTIALS_INVALID, CODES.SESSION_INVALID]).toContain(loser);
    const winner = fromPhone.code === CODES.OK ? { token: phone, password: 'phone2027pass' } : null;
    const won = winner ?? { token: tablet, password: 'tablet2027pass' };
    const lost = winner ? tablet : phone;
    expect((await api(t, getUserInfo, { token: won.token })).code).toBe(CODES.OK);
    expect((await api(t, getUserInfo, { token: lost })).code).toBe(CODES.SESSION_INVALID);
    expect(await liveSessions(user.userId)).toBe(1);
    expect((await signIn(user.account, won.password)).code).toBe(CODES.OK);
  });
});
