import {
  CODES,
  changePassword,
  consoleIdentityApprove,
  consoleUserFreeze,
  consoleUserUnfreeze,
  getHome,
  getUserInfo,
  login,
  logout,
  requestPasswordKey,
  resetPassword,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn as operatorSignIn } from '../../../test/console.js';
import {
  GOOD_PASSWORD,
  api,
  call,
  readSmsCode,
  registerUser,
  solveCaptcha,
  useTestApp,
  verifyIdentity,
} from '../../../test/harness.js';
import { createApp } from '../../app.js';
import { MINUTE_MS } from '../../lib/clock.js';

// Decision 049 "A bench that holds on a busy machine": a server keeps a token's session and user for at most
// SESSION_CACHE_MS (1 s by default). Every way a session ends, or the user it carries changes, takes effect at once on
// the server that made the change, even for a token it has just kept; on any other server within the
// second. Each case below makes a call first, so the token is in the cache when the change comes.
const t = useTestApp({ IDENTITY_REVIEW: 'operator' });

const info = (token: string) => api(t, getUserInfo, { token });

/** A signed-up user whose token this server has just kept (one successful call). */
async function cachedUser() {
  const user = await registerUser(t);
  expect((await info(user.token)).code).toBe(CODES.OK);
  return user;
}

describe('session cache', () => {
  it('keeps a session: a burst of calls reads it from the database once', async () => {
    const user = await cachedUser();
    const reads: string[] = [];
    const repository = (
      t.app.services.sessions as unknown as { repository: { findLive: (...args: unknown[]) => unknown } }
    ).repository;
    const findLive = repository.findLive.bind(repository);
    repository.findLive = (...args: unknown[]) => {
      reads.push('read');
      return findLive(...args);
    };
    try {
      for (let i = 0; i < 5; i += 1) expect((await info(user.token)).code).toBe(CODES.OK);
    } finally {
      repository.findLive = findLive;
    }
    // Kept from the call in cachedUser, unless this machine took over a second between the calls.
    expect(reads.length).toBeLessThanOrEqual(1);
  });

  it('logout: the token answers 1001 at once', async () => {
    const user = await cachedUser();
    expect((await api(t, logout, { token: user.token })).code).toBe(CODES.OK);
    expect((await info(user.token)).code).toBe(CODES.SESSION_INVALID);
  });

  it('password change: the other sessions answer 1001 at once, the caller stays', async () => {
    const user = await cachedUser();
    const own = await api(t, changePassword, {
      token: user.token,
      body: { oldPassword: GOOD_PASSWORD, newPassword: 'stroll2027near' },
    });
    expect(own.code).toBe(CODES.OK);
    expect((await info(user.token)).code).toBe(CODES.OK);

    const other = await cachedUser();
    const second = await api(t, login, { body: { account: other.account, password: GOOD_PASSWORD } });
    expect(second.code).toBe(CODES.OK);
    const kept = second.data.token;
    expect((await info(kept)).code).toBe(CODES.OK);
    const changed = await api(t, changePassword, {
      token: kept,
      body: { oldPassword: GOOD_PASSWORD, newPassword: 'stroll2027near' },
    });
    expect(changed.code).toBe(CODES.OK);
    expect((await info(other.token)).code).toBe(CODES.SESSION_INVALID);
    expect((await info(kept)).code).toBe(CODES.OK);
  });

  it('password reset: every session answers 1001 at once', async () => {
    const user = await cachedUser();
    t.clock.advance(MINUTE_MS);
    const sent = await api(t, requestPasswordKey, {
      query: { account: user.account, ...(await solveCaptcha(t)) },
      remoteAddress: '10.49.0.1',
    });
    expect(sent.code).toBe(CODES.OK);
    const verify = await api(t, resetPassword, {
      body: { step: 'verify', account: user.account, code: await readSmsCode(t, user.account, 'reset') },
    });
    if (verify.data?.step !== 'verify') throw new Error(`no reset key: ${verify.code} ${verify.message}`);
    const reset = await api(t, resetPassword, {
      body: { step: 'reset', resetKey: verify.data.resetKey, password: 'newWalk2027' },
    });
    expect(reset.code).toBe(CODES.OK);
    expect((await info(user.token)).code).toBe(CODES.SESSION_INVALID);
  });

  it('freeze: 1018 at once; unfreeze: the sessions from before answer 1001 at once', async () => {
    const admin = await operatorSignIn(t, ['admin']);
    const user = await cachedUser();
    const frozen = await consoleApi(t, admin, consoleUserFreeze, {
      params: { id: user.userId },
      body: { version: 1, reason: 'chargeback fraud' },
    });
    expect(frozen.code).toBe(CODES.OK);
    expect((await info(user.token)).code).toBe(CODES.ACCOUNT_FROZEN);
    expect((await api(t, getHome, { token: user.token })).code).toBe(CODES.ACCOUNT_FROZEN);

    const unfrozen = await consoleApi(t, admin, consoleUserUnfreeze, {
      params: { id: user.userId },
      body: { version: 2, reason: 'refund settled' },
    });
    expect(unfrozen.code).toBe(CODES.OK);
    expect((await info(user.token)).code).toBe(CODES.SESSION_INVALID);
  });

  it('an identity decision shows in the next call', async () => {
    const reviewer = await operatorSignIn(t, ['reviewer']);
    const user = await cachedUser();
    expect((await info(user.token)).data.realNameStatus).toBe('none');
    expect((await verifyIdentity(t, user.token)).answer.code).toBe(CODES.OK);
    expect((await info(user.token)).data.realNameStatus).toBe('pending');
    const approved = await consoleApi(t, reviewer, consoleIdentityApprove, { params: { userId: user.userId } });
    expect(approved.code).toBe(CODES.OK);
    expect((await info(user.token)).data.realNameStatus).toBe('verified');
  });

  it('another server on the same database sees a logout within a second', async () => {
    const other = await createApp({ config: t.config, db: t.db, clock: t.clock });
    await other.ready();
    try {
      const user = await registerUser(t);
      const infoThere = async () => (await call(other, 'GET', '/api/user/info', { token: user.token })).code;
      // Both servers keep the token.
      expect(await infoThere()).toBe(CODES.OK);
      expect((await info(user.token)).code).toBe(CODES.OK);

      expect((await api(t, logout, { token: user.token })).code).toBe(CODES.OK);
      const loggedOut = performance.now();
      expect((await info(user.token)).code).toBe(CODES.SESSION_INVALID);
      // The other server asks the database again once its second is up (polled, not slept).
      let answer = await infoThere();
      while (answer === CODES.OK && performance.now() - loggedOut < 5_000) {
        await new Promise((resolve) => setImmediate(resolve));
        answer = await infoThere();
      }
      expect(answer).toBe(CODES.SESSION_INVALID);
      // A second, plus the time of one call on a busy machine.
      expect(performance.now() - loggedOut).toBeLessThan(1_500);
    } finally {
      await other.close();
    }
  });

  it('keeps nothing with SESSION_CACHE_MS=0', async () => {
    const other = await createApp({ config: { ...t.config, sessionCacheMs: 0 }, db: t.db, clock: t.clock });
    await other.ready();
    try {
      const user = await registerUser(t);
      const infoThere = async () => (await call(other, 'GET', '/api/user/info', { token: user.token })).code;
      expect(await infoThere()).toBe(CODES.OK);
      expect((await api(t, logout, { token: user.token })).code).toBe(CODES.OK);
      expect(await infoThere()).toBe(CODES.SESSION_INVALID);
    } finally {
      await other.close();
    }
  });
});
