import {
  CODES,
  consoleAudit,
  consoleChangePassword,
  consoleCreateOperator,
  consoleIdentityPending,
  consoleLogin,
  consoleLogout,
  consoleMe,
  consoleOperators,
  consoleResetOperatorSecondFactor,
  consoleSetOperatorDisabled,
  consoleSetOperatorRoles,
  ENDPOINTS,
  getUserInfo,
  type EndpointDef,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  ALL_ROLES,
  consoleApi,
  consoleLoginCall,
  cookieOf,
  createOperator,
  databaseSnapshot,
  OPERATOR_PASSWORD,
  operatorName,
  signIn,
  totpCode,
} from '../../../test/console.js';
import { ROLE_CASES } from '../../../test/console-roles/index.js';
import { api, call, registerUser, useTestApp, type ApiOptions } from '../../../test/harness.js';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock.js';

// A low second-approval amount (¥100), so the role cases can make a large withdrawal (decision 023 "Money under four
// eyes"). The lock per operator (decision 073 "Operator sign-in") is operators.sign-in.test.ts's: here the limits per
// address alone.
const t = useTestApp({
  IDENTITY_REVIEW: 'operator',
  WITHDRAWAL_SECOND_APPROVAL_ABOVE: '10000',
  CONSOLE_LOGIN_MAX_FAILURES_PER_OPERATOR: '1000',
});

describe('console login and sessions', () => {
  it('sets an HttpOnly, SameSite=Strict cookie limited to enrolment before TOTP', async () => {
    const { name } = await createOperator(t, ['reviewer']);
    const { response, body } = await consoleLoginCall(t, name);
    expect(body.code).toBe(CODES.OK);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^stride_console=[A-Za-z0-9_-]{40,}; Path=\/api\/console; HttpOnly; SameSite=Strict/);
    expect(setCookie).not.toContain('Secure');
    const session = { cookie: cookieOf(response.headers['set-cookie']), csrf: body.data.me?.csrfToken ?? '' };
    const me = await consoleApi(t, session, consoleMe);
    expect(me.data).toMatchObject({ name, roles: ['reviewer'], totpEnrolled: false, stage: 'enrolment' });
    expect((await consoleApi(t, session, consoleIdentityPending)).code).toBe(CODES.FORBIDDEN);
  });

  it('marks the cookie Secure when the request came over TLS through a trusted proxy', async () => {
    const { name } = await createOperator(t, ['reviewer']);
    const response = await t.app.inject({
      method: 'POST',
      url: consoleLogin.path,
      headers: { 'x-forwarded-proto': 'https' },
      payload: { name, password: OPERATOR_PASSWORD },
    });
    // The test app does not trust proxies, so the forwarded header alone changes nothing.
    expect(String(response.headers['set-cookie'])).not.toContain('Secure');
  });

  it('asks for the second factor once enrolled, accepts a code once and refuses its replay', async () => {
    const session = await signIn(t, ['reviewer']);
    expect((await consoleLoginCall(t, session.name)).body.data).toEqual({ secondFactorRequired: true, me: null });
    t.clock.advance(MINUTE_MS);
    const code = totpCode(t, session.secret);
    const first = await consoleLoginCall(t, session.name, code);
    expect(first.body.code).toBe(CODES.OK);
    expect(String(first.response.headers['set-cookie'])).toContain('stride_console=');
    const replay = await consoleLoginCall(t, session.name, code);
    expect(replay.body.code).toBe(CODES.CREDENTIALS_INVALID);
    expect(replay.response.headers['set-cookie']).toBeUndefined();
  });

  it('accepts each recovery code once', async () => {
    const session = await signIn(t, ['reviewer']);
    expect(session.recovery).toHaveLength(10);
    const recovery = session.recovery[0] ?? '';
    expect((await consoleLoginCall(t, session.name, recovery)).body.code).toBe(CODES.OK);
    expect((await consoleLoginCall(t, session.name, recovery)).body.code).toBe(CODES.CREDENTIALS_INVALID);
    expect((await consoleLoginCall(t, session.name, session.recovery[1])).body.code).toBe(CODES.OK);
  });

  it('refuses a wrong password and locks the name and address after too many failures', async () => {
    const { name } = await createOperator(t, ['reviewer']);
    for (let i = 0; i < t.config.login.maxFailuresPerAccount; i += 1) {
      expect((await consoleLoginCall(t, name, undefined, 'wrong-password')).body.code).toBe(CODES.CREDENTIALS_INVALID);
    }
    expect((await consoleLoginCall(t, name)).body.code).toBe(CODES.RATE_LIMITED);
    t.clock.advance(t.config.login.failureWindowMinutes * MINUTE_MS);
    expect((await consoleLoginCall(t, name)).body.code).toBe(CODES.OK);
  });

  it('ends a session after the idle time, and slides it with each request', async () => {
    const session = await signIn(t, ['reviewer']);
    t.clock.advance(11 * HOUR_MS);
    expect((await consoleApi(t, session, consoleMe)).code).toBe(CODES.OK);
    t.clock.advance(11 * HOUR_MS);
    expect((await consoleApi(t, session, consoleMe)).code).toBe(CODES.OK);
    t.clock.advance(12 * HOUR_MS);
    expect((await consoleApi(t, session, consoleMe)).code).toBe(CODES.CONSOLE_SESSION_INVALID);
  });

  it('ends every session of the operator on a password change, and on logout', async () => {
    const session = await signIn(t, ['reviewer']);
    t.clock.advance(MINUTE_MS);
    const other = await consoleLoginCall(t, session.name, totpCode(t, session.secret));
    const otherSession = {
      cookie: cookieOf(other.response.headers['set-cookie']),
      csrf: other.body.data.me?.csrfToken ?? '',
    };
    const changed = await consoleApi(t, session, consoleChangePassword, {
      body: { current: OPERATOR_PASSWORD, password: 'a-new-console-pass' },
    });
    expect(changed.code).toBe(CODES.OK);
    expect((await consoleApi(t, session, consoleMe)).code).toBe(CODES.CONSOLE_SESSION_INVALID);
    expect((await consoleApi(t, otherSession, consoleMe)).code).toBe(CODES.CONSOLE_SESSION_INVALID);
    expect((await consoleLoginCall(t, session.name, undefined)).body.code).toBe(CODES.CREDENTIALS_INVALID);

    const again = await signIn(t, ['reviewer']);
    expect((await consoleApi(t, again, consoleLogout)).code).toBe(CODES.OK);
    expect((await consoleApi(t, again, consoleMe)).code).toBe(CODES.CONSOLE_SESSION_INVALID);
  });

  it('refuses a state-changing call without the CSRF token, with a wrong one, or from another origin', async () => {
    const session = await signIn(t, ['admin']);
    const before = await t.app.services.operators.listOperators();
    const body = { name: operatorName('csrf'), roles: ['reviewer' as const] };
    const missing = await api(t, consoleCreateOperator, { headers: { cookie: session.cookie }, body });
    expect(missing.code).toBe(CODES.FORBIDDEN);
    const wrong = await consoleApi(t, { ...session, csrf: 'x'.repeat(43) }, consoleCreateOperator, { body });
    expect(wrong.code).toBe(CODES.FORBIDDEN);
    const foreign = await consoleApi(t, session, consoleCreateOperator, {
      body,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.code).toBe(CODES.FORBIDDEN);
    expect(await t.app.services.operators.listOperators()).toEqual(before);
    expect((await consoleApi(t, session, consoleCreateOperator, { body })).code).toBe(CODES.OK);
  });

  it('keeps user tokens and console cookies apart', async () => {
    const user = await registerUser(t);
    const session = await signIn(t, ['admin', 'reviewer', 'finance']);
    expect((await api(t, consoleMe, { token: user.token })).code).toBe(CODES.CONSOLE_SESSION_INVALID);
    expect((await api(t, consoleOperators, { token: user.token })).code).toBe(CODES.CONSOLE_SESSION_INVALID);
    expect((await api(t, getUserInfo, { headers: { cookie: session.cookie } })).code).toBe(CODES.SESSION_INVALID);
  });
});

describe('console roles', () => {
  const guarded = ENDPOINTS.filter((endpoint) => endpoint.access === 'console' && endpoint.roles);

  it('keeps every console endpoint under /api/console/, and has a role case for each that needs a role', () => {
    for (const endpoint of ENDPOINTS) {
      // The login is the one console endpoint without a session.
      const consolePath = endpoint.path.startsWith('/api/console/');
      expect(endpoint.access === 'console' || endpoint === consoleLogin, endpoint.id).toBe(consolePath);
    }
    expect(ROLE_CASES.map((row) => row.endpoint.id).sort()).toEqual(guarded.map((e) => e.id).sort());
  });

  it.each(ROLE_CASES.map((row) => [row.endpoint.id, row] as const))(
    'refuses %s to every other role, changing nothing, and serves its own',
    async (_id, row) => {
      const allowed = row.endpoint.roles ?? [];
      const others = ALL_ROLES.filter((role) => !allowed.includes(role));
      const refused = await signIn(t, [...others]);
      const permitted = await signIn(t, [allowed[0] ?? 'admin']);
      const input = (await row.input(t)) as ApiOptions<EndpointDef>;
      const before = await databaseSnapshot(t);
      const answer = await consoleApi(t, refused, row.endpoint, input);
      expect(answer.code).toBe(CODES.FORBIDDEN);
      expect(await databaseSnapshot(t)).toEqual(before);
      // A binary success (a file) answers as code 1 with its bytes (see api() in the harness).
      const served = await consoleApi(t, permitted, row.endpoint, input);
      expect(served.code, served.message).toBe(CODES.OK);
    },
  );
});

describe('the audit record', () => {
  it('filters the audit by time range and pages it', async () => {
    const admin = await signIn(t, ['admin']);
    // The admin's own creation is recorded under its name too; the range starts after it.
    t.clock.advance(MINUTE_MS);
    const from = new Date(t.clock.now()).toISOString();
    const paged = operatorName('paged');
    await consoleApi(t, admin, consoleCreateOperator, { body: { name: `${paged}a`, roles: ['support'] } });
    t.clock.advance(MINUTE_MS);
    await consoleApi(t, admin, consoleCreateOperator, { body: { name: `${paged}b`, roles: ['support'] } });
    const all = await consoleApi(t, admin, consoleAudit, {
      query: { operator: admin.name, action: 'operator.create', from },
    });
    expect(all.data.total).toBe(2);
    const page = await consoleApi(t, admin, consoleAudit, {
      query: { operator: admin.name, action: 'operator.create', from, pageSize: 1, page: 2 },
    });
    expect(page.data).toMatchObject({ total: 2, hasMore: false, page: 2 });
    expect(page.data.items[0]?.after).toMatchObject({ name: `${paged}a` });
    const before = await consoleApi(t, admin, consoleAudit, {
      query: { operator: admin.name, action: 'operator.create', to: from },
    });
    // Only the admin's own creation, recorded before the range.
    expect(before.data.total).toBe(1);
  });

  it('lists actions taken within one millisecond in the order they were taken, newest first', async () => {
    const admin = await signIn(t, ['admin']);
    const same = operatorName('same');
    // The test clock stands still: all three are recorded at the same millisecond.
    for (const suffix of ['a', 'b', 'c']) {
      await consoleApi(t, admin, consoleCreateOperator, { body: { name: `${same}${suffix}`, roles: ['support'] } });
    }
    const page = await consoleApi(t, admin, consoleAudit, {
      query: { operator: admin.name, action: 'operator.create' },
    });
    expect(page.data.items.slice(0, 3).map((item) => (item.after as { name?: string } | null)?.name)).toEqual([
      `${same}c`,
      `${same}b`,
      `${same}a`,
    ]);
    const newest = await t.app.services.audit.list(3);
    expect(newest.map((row) => (JSON.parse(row.after ?? '{}') as { name?: string }).name)).toEqual([
      `${same}c`,
      `${same}b`,
      `${same}a`,
    ]);
  });
});

describe('operator management', () => {
  it('creates, sets roles, disables and resets the second factor, each recorded', async () => {
    const admin = await signIn(t, ['admin']);
    const name = operatorName('m');
    const created = await consoleApi(t, admin, consoleCreateOperator, {
      body: { name, roles: ['editor'] },
    });
    expect(created.data.initialPassword).toMatch(/^[A-Z2-9]{5}(-[A-Z2-9]{5}){3}$/);
    const id = created.data.operator.id;
    const roles = await consoleApi(t, admin, consoleSetOperatorRoles, {
      params: { id },
      body: { roles: ['editor', 'support'] },
    });
    expect(roles.data.roles).toEqual(['editor', 'support']);
    const login1 = await consoleLoginCall(t, name, undefined, created.data.initialPassword);
    expect(login1.body.code).toBe(CODES.OK);
    const theirs = {
      cookie: cookieOf(login1.response.headers['set-cookie']),
      csrf: login1.body.data.me?.csrfToken ?? '',
    };
    const disabled = await consoleApi(t, admin, consoleSetOperatorDisabled, {
      params: { id },
      body: { disabled: true },
    });
    expect(disabled.data.disabled).toBe(true);
    expect((await consoleApi(t, theirs, consoleMe)).code).toBe(CODES.CONSOLE_SESSION_INVALID);
    expect((await consoleLoginCall(t, name, undefined, created.data.initialPassword)).body.code).toBe(
      CODES.CREDENTIALS_INVALID,
    );
    await consoleApi(t, admin, consoleSetOperatorDisabled, { params: { id }, body: { disabled: false } });
    const reset = await consoleApi(t, admin, consoleResetOperatorSecondFactor, { params: { id: admin.operatorId } });
    expect(reset.data.totpEnrolled).toBe(false);
    const audit = await t.app.services.audit.search({ subjectId: id }, { limit: 10, offset: 0 });
    expect(audit.rows.map((row) => row.action).sort()).toEqual(
      ['operator.create', 'operator.disable', 'operator.enable', 'operator.roles'].sort(),
    );
    expect(audit.rows.find((row) => row.action === 'operator.roles')).toMatchObject({
      before: JSON.stringify({ roles: ['editor'] }),
      after: JSON.stringify({ roles: ['editor', 'support'] }),
    });
  });

  it('refuses a console call from an unknown cookie', async () => {
    const answer = await call(t.app, 'GET', consoleMe.path, {
      headers: { cookie: 'stride_console=' + 'a'.repeat(43) },
    });
    expect(answer.code).toBe(CODES.CONSOLE_SESSION_INVALID);
  });
});
