import {
  CODES,
  consoleChangePassword,
  consoleCreateOperator,
  consoleLogin,
  consoleRoleGrantApprove,
  consoleRoleGrants,
  consoleTotpConfirm,
  consoleTotpEnrol,
  submitFace,
  type EndpointDef,
  type OperatorRole,
} from '@stride/contract';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { MINUTE_MS } from '../src/lib/clock.js';
import {
  api,
  dialect,
  fundUser,
  registerUser,
  requestTestWithdrawal,
  testJpeg,
  uploadFile,
  verifyIdentity,
  type ApiOptions,
  type ApiResult,
  type TestApp,
} from './harness.js';

/**
 * Console test support (decision 021 "Operator accounts and console sessions"): operators, their sessions, and fixtures
 * for the queues.
 */

export const OPERATOR_PASSWORD = 'console-pass-2026';
export const ALL_ROLES = ['admin', 'reviewer', 'finance', 'merchant', 'editor', 'support'] as const;

export interface ConsoleSession {
  cookie: string;
  csrf: string;
  operatorId: string;
  name: string;
}

let counter = 0;

/** The name `operatorName()` gave last: the operator the latest `signIn` created. */
export function lastOperatorName(prefix = 'op'): string {
  return `${prefix}${counter}`;
}

/** A fresh operator name, unique within the test process. */
export function operatorName(prefix = 'op'): string {
  counter += 1;
  return `${prefix}${counter}`;
}

export async function createOperator(t: TestApp, roles: OperatorRole[]): Promise<{ id: string; name: string }> {
  const name = operatorName();
  const { operator } = await t.app.services.operators.createOperator({ name, roles, password: OPERATOR_PASSWORD });
  return { id: operator.id, name };
}

export function cookieOf(setCookie: string | string[] | undefined): string {
  const line = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return (line ?? '').split(';')[0] ?? '';
}

export async function consoleLoginCall(t: TestApp, name: string, code?: string, password = OPERATOR_PASSWORD) {
  const response = await t.app.inject({
    method: 'POST',
    url: consoleLogin.path,
    payload: { name, password, ...(code ? { code } : {}) },
  });
  return { response, body: response.json<{ code: number; data: { me: { csrfToken: string; id: string } | null } }>() };
}

export function totpCode(t: TestApp, secret: string, at = t.clock.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

/** A console call with the session's cookie and CSRF token. */
export function consoleApi<E extends EndpointDef>(
  t: TestApp,
  session: Pick<ConsoleSession, 'cookie' | 'csrf'>,
  endpoint: E,
  ...[options]: Parameters<typeof api<E>>[2] extends infer O ? [O?] : never
): Promise<ApiResult<E>> {
  const given = (options ?? {}) as ApiOptions<E>;
  return api(t, endpoint, {
    ...given,
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, ...given.headers },
  } as never);
}

/** An operator with these roles and a full session (TOTP enrolled through the API). */
export async function signIn(
  t: TestApp,
  roles: OperatorRole[],
): Promise<ConsoleSession & { secret: string; recovery: string[] }> {
  return signInAs(t, await createOperator(t, roles));
}

/**
 * A full session of an existing operator that has not enrolled yet: the first login, a password
 * of its own when the one it was given was generated, then TOTP enrolled through the API.
 */
export async function signInAs(
  t: TestApp,
  { id, name }: { id: string; name: string },
  password = OPERATOR_PASSWORD,
): Promise<ConsoleSession & { secret: string; recovery: string[] }> {
  const first = await consoleLoginCall(t, name, undefined, password);
  expect(first.body.code).toBe(CODES.OK);
  const partial: ConsoleSession = {
    cookie: cookieOf(first.response.headers['set-cookie']),
    csrf: first.body.data.me?.csrfToken ?? '',
    operatorId: id,
    name,
  };
  if ((first.body.data.me as { passwordChangeRequired?: boolean } | null)?.passwordChangeRequired) {
    const changed = await consoleApi(t, partial, consoleChangePassword, {
      body: { current: password, password: OPERATOR_PASSWORD },
    });
    expect(changed.code, changed.message).toBe(CODES.OK);
  }
  const enrolled = await consoleApi(t, partial, consoleTotpEnrol);
  const secret = new URL(enrolled.data.uri).searchParams.get('secret') ?? '';
  const confirmed = await consoleApi(t, partial, consoleTotpConfirm, { body: { code: totpCode(t, secret) } });
  expect(confirmed.code).toBe(CODES.OK);
  return { ...partial, secret, recovery: confirmed.data.recoveryCodes };
}

/**
 * An operator an admin creates in the console (decision 074 "Independent second approvers": finance and admin wait for
 * a second admin), signed in with the initial password the console showed.
 */
export async function createdInConsole(
  t: TestApp,
  admin: Pick<ConsoleSession, 'cookie' | 'csrf'>,
  roles: OperatorRole[],
): Promise<ConsoleSession & { secret: string; pendingRoles: OperatorRole[] }> {
  const created = await consoleApi(t, admin, consoleCreateOperator, { body: { name: operatorName('made'), roles } });
  expect(created.code, created.message).toBe(CODES.OK);
  const { id, name, pendingRoles } = created.data.operator;
  const session = await signInAs(t, { id, name }, created.data.initialPassword);
  return { ...session, pendingRoles };
}

/** The pending role grant of an operator, as an admin lists it. */
export async function pendingGrantOf(t: TestApp, admin: Pick<ConsoleSession, 'cookie' | 'csrf'>, operatorId: string) {
  const grants = await consoleApi(t, admin, consoleRoleGrants);
  expect(grants.code, grants.message).toBe(CODES.OK);
  const grant = grants.data.find((row) => row.operatorId === operatorId);
  expect(grant).toBeDefined();
  return grant!;
}

/** A new session of an enrolled operator, a minute on (sessions end after 12 idle hours; some tests move days). */
export async function signInAgain<S extends ConsoleSession & { secret: string }>(t: TestApp, session: S): Promise<S> {
  t.clock.advance(MINUTE_MS);
  const login = await consoleLoginCall(t, session.name, totpCode(t, session.secret));
  expect(login.body.code).toBe(CODES.OK);
  return {
    ...session,
    cookie: cookieOf(login.response.headers['set-cookie']),
    csrf: login.body.data.me?.csrfToken ?? '',
  };
}

/** A second admin approves the operator's pending role grant. */
export async function approveGrantOf(t: TestApp, admin: Pick<ConsoleSession, 'cookie' | 'csrf'>, operatorId: string) {
  const grant = await pendingGrantOf(t, admin, operatorId);
  const approved = await consoleApi(t, admin, consoleRoleGrantApprove, { params: { id: grant.id } });
  expect(approved.code, approved.message).toBe(CODES.OK);
  return approved.data;
}

/** A user whose identity check waits for a reviewer (the app runs with IDENTITY_REVIEW=operator). */
export async function pendingIdentity(t: TestApp): Promise<{ userId: string; token: string }> {
  const user = await registerUser(t);
  await verifyIdentity(t, user.token);
  return user;
}

/** A verified, face-checked user with a 50.00 withdrawal waiting for finance. */
export async function pendingWithdrawal(
  t: TestApp,
  amount = 5_000,
): Promise<{ id: string; userId: string; token: string }> {
  const user = await pendingIdentity(t);
  await t.app.services.admin.identity.review('setup', user.userId, { approve: true });
  const face = await uploadFile(t, user.token, await testJpeg(), { purpose: 'face' });
  await api(t, submitFace, { token: user.token, body: { method: 'face', imageId: face.data.fileId } });
  await t.app.services.admin.identity.reviewFace('setup', user.userId, { approve: true });
  await fundUser(t, user.userId, Math.max(10_000, amount * 2));
  return { id: await requestTestWithdrawal(t, user.token, amount), userId: user.userId, token: user.token };
}

/**
 * The newest entry of the audit trail, checked as the record of what the operator did in the console: who, which
 * action on which subject (its type, and its id when given), and whatever else `more` names.
 */
export async function lastConsoleRecord(
  t: TestApp,
  operator: Pick<ConsoleSession, 'name' | 'operatorId'>,
  action: string,
  subject: { type: string; id?: string | undefined },
  more: Record<string, unknown> = {},
) {
  const [record] = await t.app.services.audit.list(1);
  expect(record).toMatchObject({
    operator: operator.name,
    operator_id: operator.operatorId,
    source: 'console',
    action,
    subject_type: subject.type,
    ...('id' in subject ? { subject_id: subject.id } : {}),
    ...more,
  });
  return record;
}

/** Tables a refused call may still touch: the caller's own session slides with each request. */
const VOLATILE_TABLES = new Set(['console_sessions']);

/**
 * Every row of every table (but the volatile ones), in a stable order: equal snapshots before and
 * after a call prove the call changed nothing anywhere.
 */
export async function databaseSnapshot(t: TestApp): Promise<Record<string, string[]>> {
  const tables =
    dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'
          and name not like 'sqlite_%'`.execute(t.db);
  const snapshot: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    if (VOLATILE_TABLES.has(name)) continue;
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.db);
    snapshot[name] = rows.rows.map((row) => JSON.stringify(row, (_key, value: unknown) => stable(value))).sort();
  }
  return snapshot;
}

function stable(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  return value;
}
