import {
  CODES,
  consoleAudit,
  consoleChangePassword,
  consoleCreateOperator,
  consoleIdentityApprove,
  consoleIdentityPending,
  consoleIdentityReject,
  consoleLogin,
  consoleLogout,
  consoleMe,
  consoleOperators,
  consoleResetOperatorSecondFactor,
  consoleSetOperatorDisabled,
  consoleSetOperatorRoles,
  consoleTotpConfirm,
  consoleTotpEnrol,
  consoleWithdrawalPay,
  consoleWithdrawalReject,
  consoleWithdrawalsPending,
  ENDPOINTS,
  getUserInfo,
  requestWithdrawal,
  saveBankCard,
  submitFace,
  type EndpointDef,
  type OperatorRole,
} from '@stride/contract';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  api,
  call,
  cardNumber,
  fundUser,
  idempotencyKey,
  REAL_NAME,
  registerUser,
  testJpeg,
  uploadFile,
  useTestApp,
  verifyIdentity,
  type ApiOptions,
} from '../../../test/harness.js';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock.js';

const t = useTestApp({ IDENTITY_REVIEW: 'operator' });

const PASSWORD = 'console-pass-2026';
let counter = 0;

interface Session {
  cookie: string;
  csrf: string;
  operatorId: string;
  name: string;
}

async function createOperator(roles: OperatorRole[]): Promise<{ id: string; name: string }> {
  counter += 1;
  const name = `op${counter}`;
  const { operator } = await t.app.services.console.createOperator({ name, roles, password: PASSWORD });
  return { id: operator.id, name };
}

function cookieOf(setCookie: string | string[] | undefined): string {
  const line = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return (line ?? '').split(';')[0] ?? '';
}

async function login(name: string, code?: string, password = PASSWORD) {
  const response = await t.app.inject({
    method: 'POST',
    url: consoleLogin.path,
    payload: { name, password, ...(code ? { code } : {}) },
  });
  return { response, body: response.json<{ code: number; data: { me: { csrfToken: string; id: string } | null } }>() };
}

/** An operator with these roles and a full session (TOTP enrolled through the API). */
async function signIn(roles: OperatorRole[]): Promise<Session & { secret: string; recovery: string[] }> {
  const { id, name } = await createOperator(roles);
  const first = await login(name);
  const partial: Session = {
    cookie: cookieOf(first.response.headers['set-cookie']),
    csrf: first.body.data.me?.csrfToken ?? '',
    operatorId: id,
    name,
  };
  const enrolled = await consoleApi(partial, consoleTotpEnrol);
  const secret = new URL(enrolled.data.uri).searchParams.get('secret') ?? '';
  const confirmed = await consoleApi(partial, consoleTotpConfirm, { body: { code: codeFor(secret) } });
  expect(confirmed.code).toBe(CODES.OK);
  return { ...partial, secret, recovery: confirmed.data.recoveryCodes };
}

function codeFor(secret: string, at = t.clock.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

function consoleApi<E extends EndpointDef>(
  session: Pick<Session, 'cookie' | 'csrf'>,
  endpoint: E,
  ...[options]: Parameters<typeof api<E>>[2] extends infer O ? [O?] : never
) {
  const given = (options ?? {}) as ApiOptions<E>;
  return api(t, endpoint, {
    ...given,
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, ...given.headers },
  } as never);
}

async function pendingIdentity(): Promise<{ userId: string; token: string }> {
  const user = await registerUser(t);
  await verifyIdentity(t, user.token);
  return user;
}

async function pendingWithdrawal(): Promise<{ id: string; userId: string }> {
  const user = await pendingIdentity();
  await t.app.services.admin.identity.review('setup', user.userId, { approve: true });
  const face = await uploadFile(t, user.token, await testJpeg(), { purpose: 'face' });
  await api(t, submitFace, { token: user.token, body: { method: 'face', imageId: face.data.fileId } });
  await t.app.services.admin.identity.reviewFace('setup', user.userId, { approve: true });
  await fundUser(t, user.userId, 10_000);
  const card = await api(t, saveBankCard, {
    token: user.token,
    body: { bank: 'Bank of Walking', holderName: REAL_NAME, accountNumber: cardNumber() },
  });
  const withdrawal = await api(t, requestWithdrawal, {
    token: user.token,
    body: { amount: 5_000, bankCardId: card.data.id, idempotencyKey: idempotencyKey() },
  });
  expect(withdrawal.code).toBe(CODES.OK);
  return { id: withdrawal.data.id, userId: user.userId };
}

describe('console login and sessions', () => {
  it('sets an HttpOnly, SameSite=Strict cookie limited to enrolment before TOTP', async () => {
    const { name } = await createOperator(['reviewer']);
    const { response, body } = await login(name);
    expect(body.code).toBe(CODES.OK);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^stride_console=[A-Za-z0-9_-]{40,}; Path=\/api\/console; HttpOnly; SameSite=Strict/);
    expect(setCookie).not.toContain('Secure');
    const session = { cookie: cookieOf(response.headers['set-cookie']), csrf: body.data.me?.csrfToken ?? '' };
    const me = await consoleApi(session, consoleMe);
    expect(me.data).toMatchObject({ name, roles: ['reviewer'], totpEnrolled: false, stage: 'enrolment' });
    expect((await consoleApi(session, consoleIdentityPending)).code).toBe(CODES.FORBIDDEN);
  });

  it('marks the cookie Secure when the request came over TLS through a trusted proxy', async () => {
    const { name } = await createOperator(['reviewer']);
    const response = await t.app.inject({
      method: 'POST',
      url: consoleLogin.path,
      headers: { 'x-forwarded-proto': 'https' },
      payload: { name, password: PASSWORD },
    });
    // The test app does not trust proxies, so the forwarded header alone changes nothing.
    expect(String(response.headers['set-cookie'])).not.toContain('Secure');
  });

  it('asks for the second factor once enrolled, accepts a code once and refuses its replay', async () => {
    const session = await signIn(['reviewer']);
    expect((await login(session.name)).body.data).toEqual({ secondFactorRequired: true, me: null });
    t.clock.advance(MINUTE_MS);
    const code = codeFor(session.secret);
    const first = await login(session.name, code);
    expect(first.body.code).toBe(CODES.OK);
    expect(String(first.response.headers['set-cookie'])).toContain('stride_console=');
    const replay = await login(session.name, code);
    expect(replay.body.code).toBe(CODES.CREDENTIALS_INVALID);
    expect(replay.response.headers['set-cookie']).toBeUndefined();
  });

  it('accepts each recovery code once', async () => {
    const session = await signIn(['reviewer']);
    expect(session.recovery).toHaveLength(10);
    const recovery = session.recovery[0] ?? '';
    expect((await login(session.name, recovery)).body.code).toBe(CODES.OK);
    expect((await login(session.name, recovery)).body.code).toBe(CODES.CREDENTIALS_INVALID);
    expect((await login(session.name, session.recovery[1])).body.code).toBe(CODES.OK);
  });

  it('refuses a wrong password and locks the name and address after too many failures', async () => {
    const { name } = await createOperator(['reviewer']);
    for (let i = 0; i < t.config.login.maxFailuresPerAccount; i += 1) {
      expect((await login(name, undefined, 'wrong-password')).body.code).toBe(CODES.CREDENTIALS_INVALID);
    }
    expect((await login(name)).body.code).toBe(CODES.RATE_LIMITED);
    t.clock.advance(t.config.login.failureWindowMinutes * MINUTE_MS);
    expect((await login(name)).body.code).toBe(CODES.OK);
  });

  it('ends a session after the idle time, and slides it with each request', async () => {
    const session = await signIn(['reviewer']);
    t.clock.advance(11 * HOUR_MS);
    expect((await consoleApi(session, consoleMe)).code).toBe(CODES.OK);
    t.clock.advance(11 * HOUR_MS);
    expect((await consoleApi(session, consoleMe)).code).toBe(CODES.OK);
    t.clock.advance(12 * HOUR_MS);
    expect((await consoleApi(session, consoleMe)).code).toBe(CODES.CONSOLE_SESSION_INVALID);
  });

  it('ends every session of the operator on a password change, and on logout', async () => {
    const session = await signIn(['reviewer']);
    t.clock.advance(MINUTE_MS);
    const other = await login(session.name, codeFor(session.secret));
    const otherSession = {
      cookie: cookieOf(other.response.headers['set-cookie']),
      csrf: other.body.data.me?.csrfToken ?? '',
    };
    const changed = await consoleApi(session, consoleChangePassword, {
      body: { current: PASSWORD, password: 'a-new-console-pass' },
    });
    expect(changed.code).toBe(CODES.OK);
    expect((await consoleApi(session, consoleMe)).code).toBe(CODES.CONSOLE_SESSION_INVALID);
    expect((await consoleApi(otherSession, consoleMe)).code).toBe(CODES.CONSOLE_SESSION_INVALID);
    expect((await login(session.name, undefined)).body.code).toBe(CODES.CREDENTIALS_INVALID);

    const again = await signIn(['reviewer']);
    expect((await consoleApi(again, consoleLogout)).code).toBe(CODES.OK);
    expect((await consoleApi(again, consoleMe)).code).toBe(CODES.CONSOLE_SESSION_INVALID);
  });

  it('refuses a state-changing call without the CSRF token, with a wrong one, or from another origin', async () => {
    const session = await signIn(['admin']);
    const before = await t.app.services.console.listOperators();
    const body = { name: `csrf${counter}`, roles: ['reviewer' as const] };
    const missing = await api(t, consoleCreateOperator, { headers: { cookie: session.cookie }, body });
    expect(missing.code).toBe(CODES.FORBIDDEN);
    const wrong = await consoleApi({ ...session, csrf: 'x'.repeat(43) }, consoleCreateOperator, { body });
    expect(wrong.code).toBe(CODES.FORBIDDEN);
    const foreign = await consoleApi(session, consoleCreateOperator, {
      body,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.code).toBe(CODES.FORBIDDEN);
    expect(await t.app.services.console.listOperators()).toEqual(before);
    expect((await consoleApi(session, consoleCreateOperator, { body })).code).toBe(CODES.OK);
  });

  it('keeps user tokens and console cookies apart', async () => {
    const user = await registerUser(t);
    const session = await signIn(['admin', 'reviewer', 'finance']);
    expect((await api(t, consoleMe, { token: user.token })).code).toBe(CODES.CONSOLE_SESSION_INVALID);
    expect((await api(t, consoleOperators, { token: user.token })).code).toBe(CODES.CONSOLE_SESSION_INVALID);
    expect((await api(t, getUserInfo, { headers: { cookie: session.cookie } })).code).toBe(CODES.SESSION_INVALID);
  });
});

/** Every console endpoint with the roles allowed to call it and a call that would change something. */
const ROLE_TABLE: { endpoint: EndpointDef; roles: OperatorRole[] | 'any' }[] = [
  { endpoint: consoleLogin, roles: 'any' },
  { endpoint: consoleLogout, roles: 'any' },
  { endpoint: consoleMe, roles: 'any' },
  { endpoint: consoleTotpEnrol, roles: 'any' },
  { endpoint: consoleTotpConfirm, roles: 'any' },
  { endpoint: consoleChangePassword, roles: 'any' },
  { endpoint: consoleOperators, roles: ['admin'] },
  { endpoint: consoleCreateOperator, roles: ['admin'] },
  { endpoint: consoleSetOperatorRoles, roles: ['admin'] },
  { endpoint: consoleSetOperatorDisabled, roles: ['admin'] },
  { endpoint: consoleResetOperatorSecondFactor, roles: ['admin'] },
  { endpoint: consoleAudit, roles: ['admin'] },
  { endpoint: consoleIdentityPending, roles: ['reviewer'] },
  { endpoint: consoleIdentityApprove, roles: ['reviewer'] },
  { endpoint: consoleIdentityReject, roles: ['reviewer'] },
  { endpoint: consoleWithdrawalsPending, roles: ['finance'] },
  { endpoint: consoleWithdrawalPay, roles: ['finance'] },
  { endpoint: consoleWithdrawalReject, roles: ['finance'] },
];

describe('console roles', () => {
  it('lists every console endpoint of the contract in the role table, with the contract’s roles', () => {
    const consoleEndpoints = ENDPOINTS.filter((endpoint) => endpoint.path.startsWith('/api/console/'));
    expect(ROLE_TABLE.map((row) => row.endpoint.id).sort()).toEqual(consoleEndpoints.map((e) => e.id).sort());
    for (const row of ROLE_TABLE) expect(row.endpoint.roles ?? 'any', row.endpoint.id).toEqual(row.roles);
  });

  const restricted = ROLE_TABLE.filter((row) => row.roles !== 'any');
  it.each(restricted.map((row) => [row.endpoint.id, row] as const))(
    'refuses %s to an operator without its role, changing nothing',
    async (_id, row) => {
      const allowed = row.roles as OperatorRole[];
      const others = (['admin', 'reviewer', 'finance', 'merchant', 'editor', 'support'] as const).filter(
        (role) => !allowed.includes(role),
      );
      const session = await signIn([...others]);
      const target = await createOperator(['support']);
      const identity = await pendingIdentity();
      const withdrawal = await pendingWithdrawal();
      const state = async () => ({
        operators: await t.app.services.console.listOperators(),
        identities: await t.app.services.admin.identity.listForReview({ status: 'pending' }),
        withdrawals: (await t.app.services.admin.payouts.listForOperators('pending')).rows.map((w) => w.status),
        actions: (await t.app.services.operators.list(1000)).length,
      });
      const before = await state();
      const params = row.endpoint.path.includes('{userId}')
        ? { userId: identity.userId }
        : row.endpoint.path.includes('/operators/')
          ? { id: target.id }
          : { id: withdrawal.id };
      const inputs: Record<string, unknown> = {
        [consoleCreateOperator.id]: { name: `new${counter}`, roles: ['support'] },
        [consoleSetOperatorRoles.id]: { roles: ['admin'] },
        [consoleSetOperatorDisabled.id]: { disabled: true },
        [consoleIdentityReject.id]: { reason: 'blurred' },
        [consoleWithdrawalReject.id]: { reason: 'wrong account' },
      };
      const answer = await consoleApi(session, row.endpoint, {
        params,
        ...(inputs[row.endpoint.id] ? { body: inputs[row.endpoint.id] } : {}),
      });
      expect(answer.code).toBe(CODES.FORBIDDEN);
      expect(await state()).toEqual(before);
    },
  );
});

describe('console queues and the audit record', () => {
  it('approves an identity check and records operator, source, before and after', async () => {
    const reviewer = await signIn(['reviewer']);
    const admin = await signIn(['admin']);
    const { userId } = await pendingIdentity();
    const pending = await consoleApi(reviewer, consoleIdentityPending);
    expect(pending.data.map((row) => row.userId)).toContain(userId);
    expect((await consoleApi(reviewer, consoleIdentityApprove, { params: { userId } })).code).toBe(CODES.OK);
    expect((await consoleApi(reviewer, consoleIdentityApprove, { params: { userId } })).code).toBe(CODES.BUSINESS_RULE);
    const audit = await consoleApi(admin, consoleAudit, { query: { subjectId: userId, action: 'identity.approve' } });
    expect(audit.data.items).toEqual([
      expect.objectContaining({
        operator: reviewer.name,
        operatorId: reviewer.operatorId,
        source: 'console',
        subjectType: 'identity',
        before: { status: 'pending' },
        after: { status: 'verified' },
      }),
    ]);
    const looks = await consoleApi(admin, consoleAudit, {
      query: { operator: reviewer.name, action: 'identity.view-pending' },
    });
    expect(looks.data.total).toBe(1);
  });

  it('rejects an identity check with a reason', async () => {
    const reviewer = await signIn(['reviewer']);
    const { userId } = await pendingIdentity();
    const answer = await consoleApi(reviewer, consoleIdentityReject, {
      params: { userId },
      body: { reason: 'blurred' },
    });
    expect(answer.code).toBe(CODES.OK);
    const actions = await t.app.services.operators.search({ subjectId: userId }, { limit: 10, offset: 0 });
    expect(actions.rows[0]).toMatchObject({
      action: 'identity.reject',
      after: JSON.stringify({ status: 'rejected', reason: 'blurred' }),
    });
  });

  it('pays a withdrawal once and records it; rejects another with its refund', async () => {
    const finance = await signIn(['finance']);
    const admin = await signIn(['admin']);
    const paid = await pendingWithdrawal();
    const rejected = await pendingWithdrawal();
    const queue = await consoleApi(finance, consoleWithdrawalsPending);
    expect(queue.data.map((row) => row.id)).toEqual(expect.arrayContaining([paid.id, rejected.id]));
    const answer = await consoleApi(finance, consoleWithdrawalPay, { params: { id: paid.id } });
    expect(answer.data).toMatchObject({ id: paid.id, status: 'paid' });
    expect((await consoleApi(finance, consoleWithdrawalPay, { params: { id: paid.id } })).code).toBe(
      CODES.BUSINESS_RULE,
    );
    const refused = await consoleApi(finance, consoleWithdrawalReject, {
      params: { id: rejected.id },
      body: { reason: 'wrong account' },
    });
    expect(refused.data).toMatchObject({ status: 'rejected', rejectReason: 'wrong account' });
    const audit = await consoleApi(admin, consoleAudit, { query: { subjectType: 'withdrawal', subjectId: paid.id } });
    expect(audit.data.items).toEqual([
      expect.objectContaining({
        action: 'withdrawal.paid',
        operator: finance.name,
        operatorId: finance.operatorId,
        source: 'console',
        before: { status: 'pending' },
        after: { status: 'paid', received: 4_900 },
      }),
    ]);
  });

  it('filters the audit by time range and pages it', async () => {
    const admin = await signIn(['admin']);
    // The admin's own creation is recorded under its name too; the range starts after it.
    t.clock.advance(MINUTE_MS);
    const from = new Date(t.clock.now()).toISOString();
    await consoleApi(admin, consoleCreateOperator, { body: { name: `paged${counter}a`, roles: ['support'] } });
    t.clock.advance(MINUTE_MS);
    await consoleApi(admin, consoleCreateOperator, { body: { name: `paged${counter}b`, roles: ['support'] } });
    const all = await consoleApi(admin, consoleAudit, {
      query: { operator: admin.name, action: 'operator.create', from },
    });
    expect(all.data.total).toBe(2);
    const page = await consoleApi(admin, consoleAudit, {
      query: { operator: admin.name, action: 'operator.create', from, pageSize: 1, page: 2 },
    });
    expect(page.data).toMatchObject({ total: 2, hasMore: false, page: 2 });
    expect(page.data.items[0]?.after).toMatchObject({ name: `paged${counter}a` });
    const before = await consoleApi(admin, consoleAudit, {
      query: { operator: admin.name, action: 'operator.create', to: from },
    });
    // Only the admin's own creation, recorded before the range.
    expect(before.data.total).toBe(1);
  });
});

describe('operator management', () => {
  it('creates, sets roles, disables and resets the second factor, each recorded', async () => {
    const admin = await signIn(['admin']);
    const created = await consoleApi(admin, consoleCreateOperator, {
      body: { name: `m${counter}`, roles: ['editor'] },
    });
    expect(created.data.initialPassword).toMatch(/^[A-Z2-9]{5}(-[A-Z2-9]{5}){3}$/);
    const id = created.data.operator.id;
    const roles = await consoleApi(admin, consoleSetOperatorRoles, {
      params: { id },
      body: { roles: ['editor', 'support'] },
    });
    expect(roles.data.roles).toEqual(['editor', 'support']);
    const login1 = await login(`m${counter}`, undefined, created.data.initialPassword);
    expect(login1.body.code).toBe(CODES.OK);
    const theirs = {
      cookie: cookieOf(login1.response.headers['set-cookie']),
      csrf: login1.body.data.me?.csrfToken ?? '',
    };
    const disabled = await consoleApi(admin, consoleSetOperatorDisabled, { params: { id }, body: { disabled: true } });
    expect(disabled.data.disabled).toBe(true);
    expect((await consoleApi(theirs, consoleMe)).code).toBe(CODES.CONSOLE_SESSION_INVALID);
    expect((await login(`m${counter}`, undefined, created.data.initialPassword)).body.code).toBe(
      CODES.CREDENTIALS_INVALID,
    );
    await consoleApi(admin, consoleSetOperatorDisabled, { params: { id }, body: { disabled: false } });
    const reset = await consoleApi(admin, consoleResetOperatorSecondFactor, { params: { id: admin.operatorId } });
    expect(reset.data.totpEnrolled).toBe(false);
    const audit = await t.app.services.operators.search({ subjectId: id }, { limit: 10, offset: 0 });
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
