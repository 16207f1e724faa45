import {
  CODES,
  consoleAudit,
  consoleChangePassword,
  consoleCreateOperator,
  consoleDismissSignInLock,
  consoleIdentityPending,
  consoleLiftOperatorSignInLock,
  consoleLogin,
  consoleMe,
  consoleOperators,
  consoleTotpConfirm,
  consoleTotpEnrol,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  consoleApi,
  cookieOf,
  createOperator,
  databaseSnapshot,
  OPERATOR_PASSWORD,
  operatorName,
  signIn,
  totpCode,
  type ConsoleSession,
} from '../../../test/console.js';
import { createTestApp, dialect, useTestApp, type TestApp } from '../../../test/harness.js';
import { MINUTE_MS } from '../../lib/clock.js';

// The sign-in lock and the first password of decision 073 "Operator sign-in", at the default settings: 10 failures
// on one operator within LOGIN_FAILURE_WINDOW_MINUTES lock it for CONSOLE_LOGIN_LOCK_MINUTES (15).
const t = useTestApp();

interface Attempt {
  code?: string;
  password?: string;
  address: string;
  language?: string;
}

interface LoginAnswer {
  code: number;
  message: string;
  data: { secondFactorRequired: boolean; me: { csrfToken: string; passwordChangeRequired: boolean } | null } | null;
}

/** A login from an address of the caller's choosing. */
async function attempt(app: TestApp, name: string, options: Attempt) {
  const response = await app.app.inject({
    method: 'POST',
    url: consoleLogin.path,
    remoteAddress: options.address,
    headers: options.language ? { 'accept-language': options.language } : {},
    payload: {
      name,
      password: options.password ?? OPERATOR_PASSWORD,
      ...(options.code === undefined ? {} : { code: options.code }),
    },
  });
  const body = response.json<LoginAnswer>();
  return { body, cookie: cookieOf(response.headers['set-cookie']) };
}

/** Six digits that are not the current code (nor, but by a one in a million chance, either neighbour). */
function wrongCode(right: string): string {
  return String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
}

/** Ten wrong codes, the last one locking, spread over six addresses (at most two from each). */
async function lockByWrongCodes(session: { name: string; secret: string }): Promise<void> {
  const answers: number[] = [];
  for (let i = 0; i < t.config.console.login.maxFailuresPerOperator; i += 1) {
    const code = wrongCode(totpCode(t, session.secret));
    answers.push((await attempt(t, session.name, { code, address: `198.51.100.${i % 6}` })).body.code);
  }
  expect(answers.slice(0, -1).every((code) => code === CODES.CREDENTIALS_INVALID)).toBe(true);
  // The failure that locks already answers the lock.
  expect(answers.at(-1)).toBe(CODES.RATE_LIMITED);
}

async function lockRecords(operatorId: string) {
  const { rows } = await t.app.services.audit.search(
    { subjectId: operatorId, action: 'operator.sign-in-lock' },
    { limit: 10, offset: 0 },
  );
  return rows;
}

describe('the sign-in lock per operator', () => {
  it('locks an operator after wrong codes from several addresses, and then refuses the right code', async () => {
    const session = await signIn(t, ['reviewer']);
    await lockByWrongCodes(session);
    t.clock.advance(MINUTE_MS);
    const right = await attempt(t, session.name, { code: totpCode(t, session.secret), address: '203.0.113.9' });
    expect(right.body.code).toBe(CODES.RATE_LIMITED);
    expect(right.body.message).toBe(
      'Sign-in for this operator is locked after repeated failed attempts. Please try again in 14 minutes, or ask an administrator to lift the lock.',
    );
    expect(right.cookie).toBe('');
    // The password alone is refused the same way, in the caller's language.
    const chinese = await attempt(t, session.name, { address: '203.0.113.9', language: 'zh-Hans' });
    expect(chinese.body).toMatchObject({
      code: CODES.RATE_LIMITED,
      message: '该操作员多次登录失败，登录已被锁定。请 14 分钟后再试，或请管理员解除锁定。',
    });
    // A session opened before the lock goes on.
    expect((await consoleApi(t, session, consoleMe)).code).toBe(CODES.OK);
  });

  it('lifts the lock after the configured minutes', async () => {
    const session = await signIn(t, ['reviewer']);
    await lockByWrongCodes(session);
    t.clock.advance((t.config.console.login.lockMinutes - 1) * MINUTE_MS);
    const late = await attempt(t, session.name, { code: totpCode(t, session.secret), address: '203.0.113.10' });
    expect(late.body.code).toBe(CODES.RATE_LIMITED);
    expect(late.body.message).toContain('try again in 1 minute,');
    t.clock.advance(MINUTE_MS);
    const after = await attempt(t, session.name, { code: totpCode(t, session.secret), address: '203.0.113.10' });
    expect(after.body.code).toBe(CODES.OK);
    expect(after.cookie).toMatch(/^stride_console=/);
  });

  it('records the lock with its failures and addresses, shows it to the admin and to the operator', async () => {
    const session = await signIn(t, ['reviewer']);
    const admin = await signIn(t, ['admin']);
    const lockedAt = t.clock.now();
    await lockByWrongCodes(session);
    const records = await lockRecords(session.operatorId);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ operator: session.name, subject_type: 'operator', created_at: lockedAt });
    expect(JSON.parse(records[0]?.detail ?? 'null')).toEqual({ failures: 10, addresses: 6, lockMinutes: 15 });
    expect(JSON.parse(records[0]?.after ?? 'null')).toEqual({ signInLockedUntil: lockedAt + 15 * MINUTE_MS });
    const audit = await consoleApi(t, admin, consoleAudit, { query: { action: 'operator.sign-in-lock' } });
    expect(audit.data.items.map((item) => item.subjectId)).toContain(session.operatorId);

    const listed = (await consoleApi(t, admin, consoleOperators)).data.find((row) => row.id === session.operatorId);
    expect(listed?.signInLockedUntil).toBe(new Date(lockedAt + 15 * MINUTE_MS).toISOString());

    // The operator's own screen tells of it, until dismissed; the lock's end leaves the notice.
    t.clock.advance(15 * MINUTE_MS);
    const notice = { at: new Date(lockedAt).toISOString(), failures: 10, addresses: 6 };
    expect((await consoleApi(t, session, consoleMe)).data.signInLock).toEqual(notice);
    expect(
      (await consoleApi(t, admin, consoleOperators)).data.find((row) => row.id === session.operatorId),
    ).toMatchObject({ signInLockedUntil: null });
    expect((await consoleApi(t, session, consoleDismissSignInLock)).code).toBe(CODES.OK);
    expect((await consoleApi(t, session, consoleMe)).data.signInLock).toBeNull();
  });

  it('lets an admin lift the lock early, recorded, and refuses to lift one that is not there', async () => {
    const session = await signIn(t, ['reviewer']);
    const admin = await signIn(t, ['admin']);
    await lockByWrongCodes(session);
    const lifted = await consoleApi(t, admin, consoleLiftOperatorSignInLock, { params: { id: session.operatorId } });
    expect(lifted.code).toBe(CODES.OK);
    expect(lifted.data).toMatchObject({ id: session.operatorId, signInLockedUntil: null });
    const { rows } = await t.app.services.audit.search(
      { subjectId: session.operatorId, action: 'operator.sign-in-unlock' },
      { limit: 10, offset: 0 },
    );
    expect(rows).toEqual([
      expect.objectContaining({ operator: admin.name, operator_id: admin.operatorId, source: 'console' }),
    ]);
    t.clock.advance(MINUTE_MS);
    const right = await attempt(t, session.name, { code: totpCode(t, session.secret), address: '198.51.100.0' });
    expect(right.body.code).toBe(CODES.OK);
    // The counts started again: one more failure does not lock.
    const wrong = await attempt(t, session.name, {
      code: '000000',
      password: 'not-the-password',
      address: '198.51.100.0',
    });
    expect(wrong.body.code).toBe(CODES.CREDENTIALS_INVALID);

    const again = await consoleApi(t, admin, consoleLiftOperatorSignInLock, { params: { id: session.operatorId } });
    expect(again).toMatchObject({ code: CODES.BUSINESS_RULE, message: "This operator's sign-in is not locked" });
    const missing = await consoleApi(t, admin, consoleLiftOperatorSignInLock, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.code).toBe(CODES.NOT_FOUND);
  });

  it('locks once, with one record, when wrong passwords arrive at once from several addresses', async () => {
    const { id, name } = await createOperator(t, ['reviewer']);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        attempt(t, name, { password: `wrong-password-${i}`, address: `192.0.2.${i % 4}` }),
      ),
    );
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.every((code) => code === CODES.CREDENTIALS_INVALID || code === CODES.RATE_LIMITED)).toBe(true);
    expect(codes).toContain(CODES.RATE_LIMITED);
    expect(await lockRecords(id)).toHaveLength(1);
    expect((await attempt(t, name, { address: '192.0.2.200' })).body.code).toBe(CODES.RATE_LIMITED);
  });

  it('holds the lock across two servers on one database', async () => {
    // Several servers share PostgreSQL (decision 058 "Several instances on one PostgreSQL"); on SQLite the one server
    // plays both.
    const other = dialect === 'postgres' ? await createTestApp({}, { sharedWith: t }) : t;
    try {
      other.clock.set(t.clock.now());
      const { id, name } = await createOperator(t, ['reviewer']);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          attempt(i % 2 === 0 ? t : other, name, { password: `wrong-${i}-password`, address: `192.0.2.${10 + i}` }),
        ),
      );
      expect(answers.map((answer) => answer.body.code)).toContain(CODES.RATE_LIMITED);
      expect(await lockRecords(id)).toHaveLength(1);
      for (const app of [t, other]) {
        expect((await attempt(app, name, { address: '192.0.2.250' })).body.code).toBe(CODES.RATE_LIMITED);
      }
    } finally {
      if (other !== t) await other.close();
    }
  });
});

describe('the first password of a created operator', () => {
  async function created(admin: ConsoleSession) {
    const name = operatorName('first');
    const answer = await consoleApi(t, admin, consoleCreateOperator, { body: { name, roles: ['reviewer'] } });
    expect(answer.code).toBe(CODES.OK);
    return { name, id: answer.data.operator.id, initial: answer.data.initialPassword };
  }

  it('limits the first session to the password change, then goes on to enrolment', async () => {
    const admin = await signIn(t, ['admin']);
    const operator = await created(admin);
    const listed = await consoleApi(t, admin, consoleOperators);
    expect(listed.data.find((row) => row.id === operator.id)?.passwordChangeRequired).toBe(true);

    const first = await attempt(t, operator.name, { password: operator.initial, address: '198.51.100.20' });
    expect(first.body.code).toBe(CODES.OK);
    const session = { cookie: first.cookie, csrf: first.body.data?.me?.csrfToken ?? '' };
    expect(first.body.data?.me?.passwordChangeRequired).toBe(true);
    const second = await attempt(t, operator.name, { password: operator.initial, address: '198.51.100.21' });
    const otherSession = { cookie: second.cookie, csrf: second.body.data?.me?.csrfToken ?? '' };

    // Everything but me, logout and the password change is refused, changing nothing.
    const before = await databaseSnapshot(t);
    for (const refused of [
      await consoleApi(t, session, consoleTotpEnrol),
      await consoleApi(t, session, consoleIdentityPending),
      await consoleApi(t, session, consoleTotpConfirm, { body: { code: '123456' } }),
      await consoleApi(t, session, consoleDismissSignInLock),
    ]) {
      expect(refused).toMatchObject({
        code: CODES.FORBIDDEN,
        message: 'Set a new password of your own first: the initial password works only for that',
      });
    }
    expect(await databaseSnapshot(t)).toEqual(before);
    expect((await consoleApi(t, session, consoleMe)).data).toMatchObject({
      passwordChangeRequired: true,
      stage: 'enrolment',
    });
    const same = await consoleApi(t, session, consoleChangePassword, {
      body: { current: operator.initial, password: operator.initial },
    });
    expect(same.code).toBe(CODES.VALIDATION_FAILED);

    const changed = await consoleApi(t, session, consoleChangePassword, {
      body: { current: operator.initial, password: 'chosen-by-the-operator' },
    });
    expect(changed.code).toBe(CODES.OK);
    // This session goes on, now to enrolment; the other one opened with the initial password ends.
    expect((await consoleApi(t, session, consoleMe)).data).toMatchObject({
      passwordChangeRequired: false,
      stage: 'enrolment',
    });
    expect((await consoleApi(t, otherSession, consoleMe)).code).toBe(CODES.CONSOLE_SESSION_INVALID);
    const enrolled = await consoleApi(t, session, consoleTotpEnrol);
    expect(enrolled.code).toBe(CODES.OK);
    const secret = new URL(enrolled.data.uri).searchParams.get('secret') ?? '';
    expect((await consoleApi(t, session, consoleTotpConfirm, { body: { code: totpCode(t, secret) } })).code).toBe(
      CODES.OK,
    );
    expect((await consoleApi(t, session, consoleIdentityPending)).code).toBe(CODES.OK);

    const { rows } = await t.app.services.audit.search(
      { subjectId: operator.id, action: 'operator.password' },
      { limit: 10, offset: 0 },
    );
    expect(rows).toEqual([
      expect.objectContaining({
        operator: operator.name,
        before: JSON.stringify({ passwordChangeRequired: true }),
        after: JSON.stringify({ passwordChangeRequired: false }),
      }),
    ]);
  });

  it('no longer accepts the initial password once it is changed', async () => {
    const admin = await signIn(t, ['admin']);
    const operator = await created(admin);
    const first = await attempt(t, operator.name, { password: operator.initial, address: '198.51.100.30' });
    const session = { cookie: first.cookie, csrf: first.body.data?.me?.csrfToken ?? '' };
    await consoleApi(t, session, consoleChangePassword, {
      body: { current: operator.initial, password: 'chosen-by-the-operator' },
    });
    expect((await attempt(t, operator.name, { password: operator.initial, address: '198.51.100.30' })).body.code).toBe(
      CODES.CREDENTIALS_INVALID,
    );
    const chosen = await attempt(t, operator.name, { password: 'chosen-by-the-operator', address: '198.51.100.30' });
    expect(chosen.body.data?.me?.passwordChangeRequired).toBe(false);
    const listed = await consoleApi(t, admin, consoleOperators);
    expect(listed.data.find((row) => row.id === operator.id)?.passwordChangeRequired).toBe(false);
  });

  it('keeps a password given at creation (the command line with --password-file)', async () => {
    const { name } = await createOperator(t, ['reviewer']);
    const login = await attempt(t, name, { address: '198.51.100.40' });
    expect(login.body.data?.me?.passwordChangeRequired).toBe(false);
    const session = { cookie: login.cookie, csrf: login.body.data?.me?.csrfToken ?? '' };
    expect((await consoleApi(t, session, consoleTotpEnrol)).code).toBe(CODES.OK);
  });
});
