import { CODES, register, requestPasswordKey, requestRegisterCode, resetPassword } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  api,
  GOOD_PASSWORD,
  readSmsCode,
  registerUser,
  requestSignUpCode,
  solveCaptcha,
  uniqueAccount,
  useTestApp,
  FIRST_POLICIES,
} from '../../../test/harness.js';
import { DAY_MS, MINUTE_MS } from '../../lib/clock.js';

const t = useTestApp({ SMS_CODE_DAILY_MAX_PER_NUMBER: '3', SMS_CODE_DAILY_MAX_PER_ADDRESS: '4' });

const askSignUp = async (account: string, remoteAddress: string) =>
  api(t, requestRegisterCode, { body: { account, ...(await solveCaptcha(t)) }, remoteAddress });
const askReset = async (account: string, remoteAddress: string) =>
  api(t, requestPasswordKey, { query: { account, ...(await solveCaptcha(t)) }, remoteAddress });
const codeRows = (recipient: string) =>
  t.db
    .selectFrom('sms_codes')
    .select(['purpose', 'expires_at', 'created_at'])
    .where('recipient', '=', recipient)
    .execute();

describe('SMS code limits', () => {
  it('caps codes per number a day, whatever they are for and wherever they are asked from', async () => {
    const account = uniqueAccount();
    expect((await askSignUp(account, '10.20.0.1')).code).toBe(CODES.OK);
    t.clock.advance(MINUTE_MS);
    expect((await askReset(account, '10.20.0.2')).code).toBe(CODES.OK);
    t.clock.advance(MINUTE_MS);
    expect((await askSignUp(account, '10.20.0.3')).code).toBe(CODES.OK);
    t.clock.advance(MINUTE_MS);
    const fourth = await askSignUp(account, '10.20.0.4');
    expect(fourth.code).toBe(CODES.RATE_LIMITED);
    expect(fourth.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(await codeRows(account)).toHaveLength(3);
    // The next day the number may ask again.
    t.clock.advance(DAY_MS);
    expect((await askSignUp(account, '10.20.0.5')).code).toBe(CODES.OK);
  });

  it('caps codes per address a day, across numbers', async () => {
    const address = '10.21.0.1';
    for (let i = 0; i < 4; i += 1) expect((await askSignUp(uniqueAccount(), address)).code).toBe(CODES.OK);
    expect((await askSignUp(uniqueAccount(), address)).code).toBe(CODES.RATE_LIMITED);
    expect((await askSignUp(uniqueAccount(), '10.21.0.2')).code).toBe(CODES.OK);
    t.clock.advance(DAY_MS);
  });

  it('sends one code when two requests for a number arrive at the same moment', async () => {
    const account = uniqueAccount();
    const captchas = [await solveCaptcha(t), await solveCaptcha(t), await solveCaptcha(t)];
    const answers = await Promise.all(
      captchas.map((captcha, i) =>
        api(t, requestRegisterCode, { body: { account, ...captcha }, remoteAddress: `10.22.0.${i + 1}` }),
      ),
    );
    expect(answers.map((answer) => answer.code).sort()).toEqual([CODES.OK, CODES.RATE_LIMITED, CODES.RATE_LIMITED]);
    expect(await t.app.services.outbox.latest(5, account)).toHaveLength(1);
  });

  it('answers alike, and counts alike, for a number with an account and one without', async () => {
    const { account: known } = await registerUser(t);
    const unknown = uniqueAccount();
    t.clock.advance(MINUTE_MS);
    const answers = [await askReset(known, '10.23.0.1'), await askReset(unknown, '10.23.0.2')];
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ code: CODES.OK, data: { expiresIn: 300, resendIn: 60 } });
    // Only the account's owner gets a message; both numbers now wait the same minute.
    expect(await readSmsCode(t, known, 'reset')).toMatch(/^\d{6}$/);
    expect(await t.app.services.outbox.latest(5, unknown)).toEqual([]);
    const again = [await askReset(known, '10.23.0.3'), await askReset(unknown, '10.23.0.4')];
    expect(again.map((answer) => answer.code)).toEqual([CODES.RATE_LIMITED, CODES.RATE_LIMITED]);
    expect(again[0]?.message).toBe(again[1]?.message);
    const [row] = await codeRows(unknown);
    expect(row).toMatchObject({ purpose: 'reset', expires_at: t.clock.now() + 5 * MINUTE_MS });
  });

  it('spends a code once when it is used several times at the same moment', async () => {
    const account = uniqueAccount();
    const smsCode = await requestSignUpCode(t, account);
    const signUps = await Promise.all(
      ['10.25.0.1', '10.25.0.2', '10.25.0.3'].map((remoteAddress) =>
        api(t, register, {
          body: { account, password: GOOD_PASSWORD, smsCode, acceptedPolicies: FIRST_POLICIES },
          remoteAddress,
        }),
      ),
    );
    expect(signUps.filter((answer) => answer.code === CODES.OK)).toHaveLength(1);
    expect(await t.db.selectFrom('users').select('id').where('account', '=', account).execute()).toHaveLength(1);

    t.clock.advance(MINUTE_MS);
    await askReset(account, '10.25.0.4');
    const code = await readSmsCode(t, account, 'reset');
    const verifications = await Promise.all(
      Array.from({ length: 3 }, () => api(t, resetPassword, { body: { step: 'verify', account, code } })),
    );
    expect(verifications.map((answer) => answer.code).sort()).toEqual([
      CODES.OK,
      CODES.VALIDATION_FAILED,
      CODES.VALIDATION_FAILED,
    ]);
    expect(
      await t.db.selectFrom('password_resets').select('id').where('reset_key_hash', 'is not', null).execute(),
    ).toHaveLength(1);
  });

  it('removes codes a day after they ended, in the cleanup', async () => {
    t.clock.advance(2 * DAY_MS);
    await t.app.services.smsCodes.prune(); // the earlier tests' codes
    const account = uniqueAccount();
    await askSignUp(account, '10.24.0.1');
    t.clock.advance(5 * MINUTE_MS + DAY_MS - 1);
    expect(await t.app.services.smsCodes.prune()).toBe(0);
    t.clock.advance(2);
    expect(await t.app.services.smsCodes.prune()).toBe(1);
    expect(await codeRows(account)).toEqual([]);
  });
});
