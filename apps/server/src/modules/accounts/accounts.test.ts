import {
  CODES,
  type BodyOf,
  getCaptcha,
  getUserInfo,
  login,
  logout,
  register,
  requestPasswordKey,
  requestRegisterCode,
  resetPassword,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  createTestApp,
  GOOD_PASSWORD,
  readSmsCode,
  registerUser,
  requestSignUpCode,
  solveCaptcha,
  uniqueAccount,
  useTestApp,
  api,
  type ApiResult,
  FIRST_POLICIES,
} from '../../../test/harness.js';
import { DEMO_ACCOUNT } from '../../seed/demo-seed.js';
import { DAY_MS, MINUTE_MS } from '../../lib/clock.js';

const t = useTestApp();

const signIn = (body: BodyOf<typeof login>, remoteAddress = '10.0.0.1') => api(t, login, { body, remoteAddress });

/** The reset key of a password reset's first step, which answers it only on success. */
function resetKeyOf(answer: ApiResult<typeof resetPassword>): string {
  if (answer.data?.step !== 'verify') throw new Error(`no reset key: ${answer.code} ${answer.message}`);
  return answer.data.resetKey;
}

describe('getCaptcha (GET /api/captcha)', () => {
  it('issues an SVG image that can be used once', async () => {
    const first = await api(t, getCaptcha);
    expect(first.code).toBe(1);
    expect(first.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(first.data.expiresIn).toBe(300);
    const body = { account: uniqueAccount(), captchaId: first.data.captchaId, captchaCode: t.captcha.last };
    expect((await api(t, requestRegisterCode, { body })).code).toBe(1);
    const reused = await api(t, requestRegisterCode, { body: { ...body, account: uniqueAccount() } });
    expect(reused.code).toBe(CODES.CAPTCHA_INVALID);
  });

  it('refuses a wrong answer, and the captcha is spent by it', async () => {
    const { captchaId, captchaCode } = await solveCaptcha(t);
    const account = uniqueAccount();
    const wrong = await api(t, requestRegisterCode, { body: { account, captchaId, captchaCode: 'zzzz' } });
    expect(wrong.code).toBe(CODES.CAPTCHA_INVALID);
    const right = await api(t, requestRegisterCode, { body: { account, captchaId, captchaCode } });
    expect(right.code).toBe(CODES.CAPTCHA_INVALID);
    expect(await t.app.services.outbox.latest(5, account)).toEqual([]);
  });

  it('expires after five minutes', async () => {
    const captcha = await solveCaptcha(t);
    t.clock.advance(5 * MINUTE_MS + 1);
    const result = await api(t, requestRegisterCode, { body: { account: uniqueAccount(), ...captcha } });
    expect(result.code).toBe(CODES.CAPTCHA_INVALID);
  });
});

describe('register (POST /api/user/register) and requestRegisterCode (POST /api/user/register/code)', () => {
  it('sends a 6-digit code after the captcha, then creates an account with a session and an invite code', async () => {
    const account = uniqueAccount();
    const sent = await api(t, requestRegisterCode, { body: { account, ...(await solveCaptcha(t)) } });
    expect(sent).toMatchObject({ code: 1, data: { expiresIn: 300, resendIn: 60 } });
    const [message] = await t.app.services.outbox.latest(5, account);
    expect(message).toMatchObject({ template: 'register', status: 'sent' });
    const smsCode = message?.params.code ?? '';
    expect(smsCode).toMatch(/^[0-9]{6}$/);
    expect(message?.body).toBe(`Stride: your sign-up code is ${smsCode}. It is valid for 5 minutes. Do not share it.`);
    const result = await api(t, register, {
      body: { account, password: GOOD_PASSWORD, smsCode, acceptedPolicies: FIRST_POLICIES },
    });
    expect(result.code).toBe(1);
    expect(result.data.token.length).toBeGreaterThanOrEqual(43);
    expect(result.data.user).toMatchObject({ account, realNameStatus: 'none' });
    expect(result.data.user.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    const info = await api(t, getUserInfo, { token: result.data.token });
    expect(info.data).toEqual(result.data.user);
    // The code is spent.
    const again = await api(t, register, {
      body: { account, password: GOOD_PASSWORD, smsCode, acceptedPolicies: FIRST_POLICIES },
    });
    expect(again.code).toBe(CODES.VALIDATION_FAILED);
  });

  it('answers a number with an account exactly as any other, and sends it nothing', async () => {
    const { account } = await registerUser(t);
    t.clock.advance(MINUTE_MS);
    const fresh = uniqueAccount();
    const known = await api(t, requestRegisterCode, { body: { account, ...(await solveCaptcha(t)) } });
    const unknown = await api(t, requestRegisterCode, { body: { account: fresh, ...(await solveCaptcha(t)) } });
    expect(known).toEqual(unknown);
    expect((await t.app.services.outbox.latest(5, account)).map((m) => m.template)).toEqual(['register']);
    // Whoever guesses at a code for it gets what a wrong code gets, and no second account appears.
    const guess = await api(t, register, {
      body: { account, password: GOOD_PASSWORD, smsCode: '000000', acceptedPolicies: FIRST_POLICIES },
    });
    expect(guess.code).toBe(CODES.VALIDATION_FAILED);
    const rows = await t.db.selectFrom('users').select('id').where('account', '=', account).execute();
    expect(rows).toHaveLength(1);
  });

  it("says clearly, in the caller's language, when the code is wrong, expired or over-tried", async () => {
    const account = uniqueAccount();
    const smsCode = await requestSignUpCode(t, account);
    const wrongCode = smsCode === '000000' ? '111111' : '000000';
    const attempt = (code: string, language = 'en') =>
      api(t, register, {
        body: { account, password: GOOD_PASSWORD, smsCode: code, acceptedPolicies: FIRST_POLICIES },
        headers: { 'accept-language': language },
      });
    expect(await attempt(wrongCode)).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: 'The SMS code is not right. 4 tries left.',
    });
    expect((await attempt(wrongCode, 'fr')).message).toBe('Le code SMS est faux. Il reste 3 essais.');
    await attempt(wrongCode);
    await attempt(wrongCode);
    expect(await attempt(wrongCode, 'zh-CN')).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: '短信验证码错误次数过多，请重新获取。',
    });
    // Five tries are spent: even the right code no longer opens it.
    expect((await attempt(smsCode)).message).toBe('Too many wrong SMS codes. Please request a new code.');

    t.clock.advance(MINUTE_MS);
    const second = await requestSignUpCode(t, account);
    t.clock.advance(5 * MINUTE_MS);
    expect(await attempt(second, 'es')).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: 'El código SMS ha caducado o no se ha solicitado. Solicita un código nuevo.',
    });
    expect((await attempt('12345')).message).toBe('SMS code: must be 6 digits');
    expect(await t.db.selectFrom('users').select('id').where('account', '=', account).execute()).toEqual([]);
  });

  it('sends one code per number a minute, and caps codes per number and per address a day', async () => {
    const account = uniqueAccount();
    await requestSignUpCode(t, account, '10.9.0.1');
    const soon = await api(t, requestRegisterCode, {
      body: { account, ...(await solveCaptcha(t)) },
      remoteAddress: '10.9.0.2',
    });
    expect(soon).toMatchObject({ code: CODES.RATE_LIMITED });
    expect(soon.message).toMatch(/^A code was just sent to this number\. Please wait \d+ seconds/);
    t.clock.advance(MINUTE_MS);
    expect(await requestSignUpCode(t, account, '10.9.0.2')).toMatch(/^[0-9]{6}$/);
    expect(await t.app.services.outbox.latest(5, account)).toHaveLength(2);
  });

  it('refuses a duplicate account clearly, without a second row', async () => {
    const account = uniqueAccount();
    const smsCode = await requestSignUpCode(t, account);
    // Another sign-up for the number got there first (the unique index decides).
    const first = await registerUser(t);
    await t.db.updateTable('users').set({ account }).where('id', '=', first.userId).execute();
    const again = await api(t, register, {
      body: { account, password: GOOD_PASSWORD, smsCode, acceptedPolicies: FIRST_POLICIES },
    });
    expect(again).toMatchObject({ code: CODES.CONFLICT, message: 'An account with this mobile number already exists' });
    const rows = await t.db.selectFrom('users').select('id').where('account', '=', account).execute();
    expect(rows).toHaveLength(1);
  });

  it('enforces the password rule, and a refused password leaves the code usable', async () => {
    const account = uniqueAccount();
    const smsCode = await requestSignUpCode(t, account);
    for (const [password, message] of [
      ['short1', 'Password: must be at least 8 characters'],
      ['onlyletters', 'Password: must contain a digit'],
      ['12345678', 'Password: must contain a letter'],
      [`a1${'x'.repeat(63)}`, 'Password: must be at most 64 characters'],
    ] as const) {
      const result = await api(t, register, { body: { account, password, smsCode, acceptedPolicies: FIRST_POLICIES } });
      expect(result).toMatchObject({ code: CODES.VALIDATION_FAILED, message });
    }
    expect(
      (
        await api(t, register, {
          body: { account, password: GOOD_PASSWORD, smsCode, acceptedPolicies: FIRST_POLICIES },
        })
      ).code,
    ).toBe(1);
  });

  it('accepts an invite code and records the inviter', async () => {
    const inviter = await registerUser(t);
    const info = await api(t, getUserInfo, { token: inviter.token });
    const invitee = await registerUser(t, uniqueAccount(), GOOD_PASSWORD, info.data.inviteCode.toLowerCase());
    const row = await t.db
      .selectFrom('users')
      .select('invited_by')
      .where('id', '=', invitee.userId)
      .executeTakeFirstOrThrow();
    expect(row.invited_by).toBe(inviter.userId);
  });

  it('refuses an unknown invite code, creates nothing, and keeps the code for a second try', async () => {
    const account = uniqueAccount();
    const smsCode = await requestSignUpCode(t, account);
    const result = await api(t, register, {
      body: { account, password: GOOD_PASSWORD, inviteCode: 'NOSUCH99', smsCode, acceptedPolicies: FIRST_POLICIES },
    });
    expect(result.code).toBe(CODES.VALIDATION_FAILED);
    expect(
      await t.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      (
        await api(t, register, {
          body: { account, password: GOOD_PASSWORD, smsCode, acceptedPolicies: FIRST_POLICIES },
        })
      ).code,
    ).toBe(1);
  });

  describe("with the product's hashing settings", () => {
    // The other tests hash at argon2id's cheapest (test/harness.ts); this one at the defaults.
    const product = useTestApp({ ARGON2_MEMORY_KIB: '19456' });

    it("stores an argon2id hash at OWASP's minimum, never the password", async () => {
      const { account, password } = await registerUser(product);
      const row = await product.db
        .selectFrom('users')
        .select('password_hash')
        .where('account', '=', account)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$/);
      expect(row.password_hash.split('$')[3]?.split(',').sort()).toEqual(['m=19456', 'p=1', 't=2']);
      expect(row.password_hash).not.toContain(password);
    });
  });
});

describe('login (POST /api/user/login)', () => {
  it('logs in with the right password, and tokens are stored hashed', async () => {
    const { account, password } = await registerUser(t);
    const result = await signIn({ account, password });
    expect(result.code).toBe(1);
    const sessions = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(sessions.map((s) => s.token_hash)).not.toContain(result.data.token);
  });

  it('answers the same for a wrong password and an unknown account', async () => {
    const { account } = await registerUser(t);
    const wrong = await signIn({ account, password: 'not-it-1' }, '10.0.1.1');
    const unknown = await signIn({ account: uniqueAccount(), password: 'not-it-1' }, '10.0.1.2');
    expect(wrong).toMatchObject({ code: CODES.CREDENTIALS_INVALID, message: 'Wrong mobile number or password' });
    expect(unknown).toMatchObject({ code: wrong.code, message: wrong.message });
  });

  it('requires a captcha after 3 failures, then rate limits the failing address for the account', async () => {
    const { account, password } = await registerUser(t);
    for (let i = 0; i < 3; i += 1) {
      expect((await signIn({ account, password: 'wrong-pass-1' }, '10.0.2.1')).code).toBe(CODES.CREDENTIALS_INVALID);
    }
    // Even the right password now needs the captcha.
    expect((await signIn({ account, password }, '10.0.2.1')).code).toBe(CODES.CAPTCHA_REQUIRED);
    const bad = await signIn(
      { account, password, captchaId: (await solveCaptcha(t)).captchaId, captchaCode: 'nope' },
      '10.0.2.1',
    );
    expect(bad.code).toBe(CODES.CAPTCHA_INVALID);
    // The wrong captcha counted as a failure too: six more make ten.
    for (let i = 0; i < 6; i += 1) {
      const result = await signIn({ account, password: 'wrong-pass-1', ...(await solveCaptcha(t)) }, '10.0.2.1');
      expect(result.code).toBe(CODES.CREDENTIALS_INVALID);
    }
    // Ten failures: locked for the window, even with the right password and captcha.
    const locked = await signIn({ account, password, ...(await solveCaptcha(t)) }, '10.0.2.1');
    expect(locked.code).toBe(CODES.RATE_LIMITED);
    expect(locked.message).toMatch(/Too many attempts\. Please try again in \d+ minutes\./);
    t.clock.advance(15 * MINUTE_MS);
    const after = await signIn({ account, password }, '10.0.2.1');
    expect(after.code).toBe(1);
  });

  it('never locks the owner out: an attacker’s address is locked, the owner logs in with the captcha', async () => {
    const { account, password } = await registerUser(t);
    const attacker = '10.0.7.1';
    const answers: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const result = await signIn({ account, password: 'wrong-pass-1', ...(await solveCaptcha(t)) }, attacker);
      answers.push(result.code);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(CODES.CREDENTIALS_INVALID));
    expect(answers.slice(10)).toEqual(Array(10).fill(CODES.RATE_LIMITED));
    // The attacker's address stays locked for this account, even with the right password.
    expect((await signIn({ account, password, ...(await solveCaptcha(t)) }, attacker)).code).toBe(CODES.RATE_LIMITED);
    // The owner, from another address: the captcha is asked for, and then the login succeeds.
    const owner = '10.0.7.2';
    expect((await signIn({ account, password }, owner)).code).toBe(CODES.CAPTCHA_REQUIRED);
    const result = await signIn({ account, password, ...(await solveCaptcha(t)) }, owner);
    expect(result.code).toBe(1);
    expect(result.data.user.account).toBe(account);
  });

  it('rate limits one address trying many accounts', async () => {
    const address = '10.0.3.1';
    let last = 0;
    for (let i = 0; i < 30; i += 1) {
      const result = await signIn(
        { account: uniqueAccount(), password: 'guess-123', ...(await solveCaptcha(t)) },
        address,
      );
      last = result.code;
      expect([CODES.CREDENTIALS_INVALID]).toContain(result.code);
    }
    expect(last).toBe(CODES.CREDENTIALS_INVALID);
    const blocked = await signIn(
      { account: uniqueAccount(), password: 'guess-123', ...(await solveCaptcha(t)) },
      address,
    );
    expect(blocked.code).toBe(CODES.RATE_LIMITED);
    // Another address is not affected.
    const { account, password } = await registerUser(t);
    expect((await signIn({ account, password }, '10.0.3.2')).code).toBe(1);
    t.clock.advance(15 * MINUTE_MS);
  });
});

describe('sessions', () => {
  it('answers 1001 without a token, with a malformed token and with an unknown one', async () => {
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${'a'.repeat(43)}` },
    ];
    for (const headers of variants) {
      const result = await api(t, getUserInfo, { headers });
      expect(result).toMatchObject({ status: 200, code: CODES.SESSION_INVALID, data: null });
    }
  });

  it('revokes the token on logout', async () => {
    const { token } = await registerUser(t);
    expect((await api(t, logout, { token })).code).toBe(1);
    expect((await api(t, getUserInfo, { token })).code).toBe(CODES.SESSION_INVALID);
  });

  it('slides the 30-day expiry with use, and expires when unused', async () => {
    const { token } = await registerUser(t);
    t.clock.advance(29 * DAY_MS);
    expect((await api(t, getUserInfo, { token })).code).toBe(1);
    t.clock.advance(29 * DAY_MS);
    expect((await api(t, getUserInfo, { token })).code).toBe(1);
    t.clock.advance(30 * DAY_MS + 1);
    expect((await api(t, getUserInfo, { token })).code).toBe(CODES.SESSION_INVALID);
  });
});

describe('resetPassword (POST /api/user/password): forgot password', () => {
  async function requestCode(account: string, address = '10.0.9.1') {
    const result = await api(t, requestPasswordKey, {
      query: { account, ...(await solveCaptcha(t)) },
      remoteAddress: address,
    });
    return result;
  }

  const lastCode = (account: string) => readSmsCode(t, account, 'reset');

  /** A new account, a minute after its sign-up code (one code per number a minute). */
  async function registered() {
    const user = await registerUser(t);
    t.clock.advance(MINUTE_MS);
    return user;
  }

  it('resets the password in two steps and revokes every session', async () => {
    const { account, token } = await registered();
    const sent = await requestCode(account);
    expect(sent).toMatchObject({ code: 1, data: { expiresIn: 300, resendIn: 60 } });
    const verify = await api(t, resetPassword, {
      body: { step: 'verify', account, code: await lastCode(account) },
    });
    expect(verify.code).toBe(1);
    const reset = await api(t, resetPassword, {
      body: { step: 'reset', resetKey: resetKeyOf(verify), password: 'newWalk2027' },
    });
    expect(reset).toMatchObject({ code: 1, data: { step: 'reset', done: true } });
    expect((await api(t, getUserInfo, { token })).code).toBe(CODES.SESSION_INVALID);
    expect((await signIn({ account, password: GOOD_PASSWORD }, '10.0.9.2')).code).toBe(CODES.CREDENTIALS_INVALID);
    expect((await signIn({ account, password: 'newWalk2027' }, '10.0.9.3')).code).toBe(1);
    const replay = await api(t, resetPassword, {
      body: { step: 'reset', resetKey: resetKeyOf(verify), password: 'again2028x' },
    });
    expect(replay.code).toBe(CODES.VALIDATION_FAILED);
  });

  it('writes the code in the caller’s language', async () => {
    const { account } = await registered();
    await api(t, requestPasswordKey, {
      query: { account, ...(await solveCaptcha(t)) },
      language: 'zh-CN',
      remoteAddress: '10.0.9.9',
    });
    const [message] = await t.app.services.outbox.latest(1, account);
    expect(message?.body).toMatch(/^【Stride】您的密码重置验证码为 \d{6}，5 分钟内有效/);
  });

  it('answers the same for an unknown account and sends nothing', async () => {
    const account = uniqueAccount();
    const result = await requestCode(account);
    expect(result).toMatchObject({ code: 1, data: { expiresIn: 300, resendIn: 60 } });
    const messages = await t.db.selectFrom('outbox_messages').select('id').where('recipient', '=', account).execute();
    expect(messages).toHaveLength(0);
    // The minute between codes holds for it too, as for a number with an account.
    expect((await requestCode(account)).code).toBe(CODES.RATE_LIMITED);
  });

  it('refuses a wrong code, burns the code after 5 wrong tries, and refuses an expired one', async () => {
    const { account } = await registered();
    await requestCode(account);
    const code = await lastCode(account);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const result = await api(t, resetPassword, {
        body: { step: 'verify', account, code: wrong },
      });
      expect(result).toMatchObject({
        code: CODES.VALIDATION_FAILED,
        message: 'The verification code is wrong or has expired',
      });
    }
    const burnt = await api(t, resetPassword, { body: { step: 'verify', account, code } });
    expect(burnt.code).toBe(CODES.VALIDATION_FAILED);

    t.clock.advance(MINUTE_MS);
    await requestCode(account);
    const fresh = await lastCode(account);
    t.clock.advance(5 * MINUTE_MS);
    const expired = await api(t, resetPassword, { body: { step: 'verify', account, code: fresh } });
    expect(expired.code).toBe(CODES.VALIDATION_FAILED);
  });

  it('limits resends to one a minute, whatever the code is for', async () => {
    const { account } = await registered();
    expect((await requestCode(account, '10.0.8.1')).code).toBe(1);
    expect(await requestCode(account, '10.0.8.1')).toMatchObject({
      code: CODES.RATE_LIMITED,
      message: 'A code was just sent to this number. Please wait 60 seconds before asking again.',
    });
    t.clock.advance(MINUTE_MS);
    expect((await requestCode(account, '10.0.8.1')).code).toBe(1);
  });

  it('expires the reset key after 15 minutes', async () => {
    const { account } = await registered();
    t.clock.advance(MINUTE_MS);
    await requestCode(account, '10.0.7.1');
    const verify = await api(t, resetPassword, {
      body: { step: 'verify', account, code: await lastCode(account) },
    });
    t.clock.advance(15 * MINUTE_MS + 1);
    const result = await api(t, resetPassword, {
      body: { step: 'reset', resetKey: resetKeyOf(verify), password: 'newWalk2027' },
    });
    expect(result).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: 'The reset link has expired; please start again',
    });
  });

  it('shows on the demo outbox page the demo account’s messages and sign-up codes, never another’s reset code', async () => {
    const { account } = await registered();
    const signUpCode = await readSmsCode(t, account, 'register');
    t.clock.advance(MINUTE_MS);
    await requestCode(account, '10.0.6.1');
    const code = await lastCode(account);
    const page = await t.app.inject({ method: 'GET', url: '/demo/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `Only messages to the demo account (${DEMO_ACCOUNT.account}) and sign-up codes are shown.`,
    );
    // A sign-up code goes only to a number without an account: it opens no one's account.
    expect(page.body).toContain(`Stride: your sign-up code is ${signUpCode}.`);
    expect(page.body).not.toContain(code);
    expect(page.body).not.toContain('password reset code');

    const demo = await registerUser(t, DEMO_ACCOUNT.account);
    t.clock.advance(MINUTE_MS);
    await requestCode(demo.account, '10.0.6.2');
    const demoPage = await t.app.inject({ method: 'GET', url: '/demo/outbox' });
    expect(demoPage.body).toContain(await lastCode(demo.account));
    expect(demoPage.body).not.toContain(code);
  });

  it('shows every message only when DEMO_OUTBOX_ALL=true opts in', async () => {
    const opened = await createTestApp({ DEMO_OUTBOX_ALL: 'true' });
    try {
      await opened.app.services.outbox.send(opened.db, {
        channel: 'sms',
        recipient: '13912345678',
        template: 'reset',
        params: { code: '424242' },
        body: 'code 424242',
      });
      const page = await opened.app.inject({ method: 'GET', url: '/demo/outbox' });
      expect(page.body).toContain('13912345678');
      expect(page.body).toContain('<td>code 424242</td><td>sent</td>');
      expect(page.body).toContain('anyone who opens this page can reset any password');
    } finally {
      await opened.close();
    }
  });
});
