import {
  CODES,
  type BodyOf,
  getCaptcha,
  getUserInfo,
  login,
  logout,
  register,
  requestPasswordKey,
  resetPassword,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  createTestApp,
  GOOD_PASSWORD,
  registerUser,
  solveCaptcha,
  uniqueAccount,
  useTestApp,
  api,
  type ApiResult,
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

describe('captcha', () => {
  it('issues an SVG image that can be used once', async () => {
    const first = await api(t, getCaptcha);
    expect(first.code).toBe(1);
    expect(first.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(first.data.expiresIn).toBe(300);
    const answer = t.captcha.last;
    const body = {
      account: uniqueAccount(),
      password: GOOD_PASSWORD,
      captchaId: first.data.captchaId,
      captchaCode: answer,
    };
    expect((await api(t, register, { body })).code).toBe(1);
    const reused = await api(t, register, { body: { ...body, account: uniqueAccount() } });
    expect(reused.code).toBe(CODES.CAPTCHA_INVALID);
  });

  it('refuses a wrong answer, and the captcha is spent by it', async () => {
    const { captchaId, captchaCode } = await solveCaptcha(t);
    const account = uniqueAccount();
    const wrong = await api(t, register, {
      body: { account, password: GOOD_PASSWORD, captchaId, captchaCode: 'zzzz' },
    });
    expect(wrong.code).toBe(CODES.CAPTCHA_INVALID);
    const right = await api(t, register, {
      body: { account, password: GOOD_PASSWORD, captchaId, captchaCode },
    });
    expect(right.code).toBe(CODES.CAPTCHA_INVALID);
  });

  it('expires after five minutes', async () => {
    const captcha = await solveCaptcha(t);
    t.clock.advance(5 * MINUTE_MS + 1);
    const result = await api(t, register, {
      body: { account: uniqueAccount(), password: GOOD_PASSWORD, ...captcha },
    });
    expect(result.code).toBe(CODES.CAPTCHA_INVALID);
  });
});

describe('register', () => {
  it('creates an account with a session and an invite code', async () => {
    const account = uniqueAccount();
    const result = await api(t, register, {
      body: { account, password: GOOD_PASSWORD, ...(await solveCaptcha(t)) },
    });
    expect(result.code).toBe(1);
    expect(result.data.token.length).toBeGreaterThanOrEqual(43);
    expect(result.data.user).toMatchObject({ account, realNameStatus: 'none' });
    expect(result.data.user.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    const info = await api(t, getUserInfo, { token: result.data.token });
    expect(info.data).toEqual(result.data.user);
  });

  it('refuses a duplicate account clearly, without a second row', async () => {
    const { account } = await registerUser(t);
    const again = await api(t, register, {
      body: { account, password: GOOD_PASSWORD, ...(await solveCaptcha(t)) },
    });
    expect(again).toMatchObject({ code: CODES.CONFLICT, message: 'An account with this mobile number already exists' });
    const rows = await t.db.selectFrom('users').select('id').where('account', '=', account).execute();
    expect(rows).toHaveLength(1);
  });

  it('enforces the password rule', async () => {
    const captcha = await solveCaptcha(t);
    for (const [password, message] of [
      ['short1', 'Password: must be at least 8 characters'],
      ['onlyletters', 'Password: must contain a digit'],
      ['12345678', 'Password: must contain a letter'],
      [`a1${'x'.repeat(63)}`, 'Password: must be at most 64 characters'],
    ] as const) {
      const result = await api(t, register, {
        body: { account: uniqueAccount(), password, ...captcha },
      });
      expect(result).toMatchObject({ code: CODES.VALIDATION_FAILED, message });
    }
  });

  it('accepts an invite code and records the inviter', async () => {
    const inviter = await registerUser(t);
    const info = await api(t, getUserInfo, { token: inviter.token });
    const invitee = await api(t, register, {
      body: {
        account: uniqueAccount(),
        password: GOOD_PASSWORD,
        inviteCode: info.data.inviteCode.toLowerCase(),
        ...(await solveCaptcha(t)),
      },
    });
    expect(invitee.code).toBe(1);
    const row = await t.db
      .selectFrom('users')
      .select('invited_by')
      .where('id', '=', invitee.data.user.id)
      .executeTakeFirstOrThrow();
    expect(row.invited_by).toBe(inviter.userId);
  });

  it('refuses an unknown invite code and creates nothing', async () => {
    const account = uniqueAccount();
    const result = await api(t, register, {
      body: { account, password: GOOD_PASSWORD, inviteCode: 'NOSUCH99', ...(await solveCaptcha(t)) },
    });
    expect(result.code).toBe(CODES.VALIDATION_FAILED);
    expect(
      await t.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('stores an argon2id hash, never the password', async () => {
    const { account, password } = await registerUser(t);
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('account', '=', account)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(row.password_hash.split('$')[3]?.split(',').sort()).toEqual(['m=19456', 'p=1', 't=2']);
    expect(row.password_hash).not.toContain(password);
  });
});

describe('login', () => {
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

describe('forgot password', () => {
  async function requestCode(account: string, address = '10.0.9.1') {
    const result = await api(t, requestPasswordKey, {
      query: { account, ...(await solveCaptcha(t)) },
      remoteAddress: address,
    });
    return result;
  }

  async function lastCode(account: string): Promise<string> {
    const message = await t.db
      .selectFrom('outbox_messages')
      .select('body')
      .where('recipient', '=', account)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(message.body)?.[1];
    if (!code) throw new Error('no code in the outbox');
    return code;
  }

  it('resets the password in two steps and revokes every session', async () => {
    const { account, token } = await registerUser(t);
    const sent = await requestCode(account);
    expect(sent).toMatchObject({ code: 1, data: { expiresIn: 600, resendIn: 60 } });
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
    const { account } = await registerUser(t);
    await api(t, requestPasswordKey, {
      query: { account, ...(await solveCaptcha(t)) },
      language: 'zh-CN',
      remoteAddress: '10.0.9.9',
    });
    const message = await t.db
      .selectFrom('outbox_messages')
      .select('body')
      .where('recipient', '=', account)
      .executeTakeFirstOrThrow();
    expect(message.body).toMatch(/^【Stride】您的密码重置验证码为 \d{6}/);
  });

  it('answers the same for an unknown account and sends nothing', async () => {
    const account = uniqueAccount();
    const result = await requestCode(account);
    expect(result).toMatchObject({ code: 1, data: { expiresIn: 600, resendIn: 60 } });
    const messages = await t.db.selectFrom('outbox_messages').select('id').where('recipient', '=', account).execute();
    expect(messages).toHaveLength(0);
  });

  it('refuses a wrong code, burns the code after 5 wrong tries, and refuses an expired one', async () => {
    const { account } = await registerUser(t);
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
    t.clock.advance(10 * MINUTE_MS + 1);
    const expired = await api(t, resetPassword, { body: { step: 'verify', account, code: fresh } });
    expect(expired.code).toBe(CODES.VALIDATION_FAILED);
  });

  it('limits resends to one a minute', async () => {
    const { account } = await registerUser(t);
    expect((await requestCode(account, '10.0.8.1')).code).toBe(1);
    expect(await requestCode(account, '10.0.8.1')).toMatchObject({
      code: CODES.RATE_LIMITED,
      message: 'Too many attempts. Please try again in 1 minute.',
    });
    t.clock.advance(MINUTE_MS);
    expect((await requestCode(account, '10.0.8.1')).code).toBe(1);
  });

  it('expires the reset key after 15 minutes', async () => {
    const { account } = await registerUser(t);
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

  it('shows only the demo account’s messages on the demo outbox page', async () => {
    const { account } = await registerUser(t);
    t.clock.advance(MINUTE_MS);
    await requestCode(account, '10.0.6.1');
    const code = await lastCode(account);
    const page = await t.app.inject({ method: 'GET', url: '/demo/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Only messages to the demo account (${DEMO_ACCOUNT.account}) are shown.`);
    expect(page.body).not.toContain(account);
    expect(page.body).not.toContain(code);

    const demo = await registerUser(t, DEMO_ACCOUNT.account);
    t.clock.advance(MINUTE_MS);
    await requestCode(demo.account, '10.0.6.2');
    const demoPage = await t.app.inject({ method: 'GET', url: '/demo/outbox' });
    expect(demoPage.body).toContain(await lastCode(demo.account));
    expect(demoPage.body).not.toContain(account);
  });

  it('shows every message only when DEMO_OUTBOX_ALL=true opts in', async () => {
    const opened = await createTestApp({ DEMO_OUTBOX_ALL: 'true' });
    try {
      await opened.app.services.outbox.send({ channel: 'sms', recipient: '13912345678', body: 'code 424242' });
      const page = await opened.app.inject({ method: 'GET', url: '/demo/outbox' });
      expect(page.body).toContain('13912345678');
      expect(page.body).toContain('code 424242');
      expect(page.body).toContain('anyone who opens this page can reset any password');
    } finally {
      await opened.close();
    }
  });
});
