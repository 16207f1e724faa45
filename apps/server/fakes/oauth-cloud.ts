import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * What the two wearable-cloud stand-ins (huawei-health.ts, fitbit.ts) share: accounts and their
 * daily steps, the OAuth 2.0 authorization code grant with PKCE (S256) as RFC 6749 and RFC 7636
 * describe it (codes used once and expiring, the redirect_uri checked again at the token
 * endpoint, rotating refresh tokens, revocation), provider-side revocation, the demo walker,
 * failure injection and the record of calls. Each fake speaks its own provider's paths and error
 * shapes on top of this.
 */

export interface FakeAccount {
  /** The provider's id for the account (Huawei's OpenID, Fitbit's encodedId). */
  id: string;
  /** The display name the provider shows. */
  name: string;
  /** The wearable the account syncs from (shown on the authorize page). */
  device: string;
}

/** The demo account: fixed tokens that keep working across restarts, steps that grow with the day. */
export interface DemoAccount extends FakeAccount {
  accessToken: string;
  refreshToken: string;
}

/** An account that has allowed the app, with the tokens its grant was given (`addGranted`). */
export interface GrantedAccount extends FakeAccount {
  accessToken: string;
  refreshToken: string;
}

/** A failure for the next call(s): 429 with Retry-After (seconds or an HTTP date), a 500, a body that is not the API's, or no answer. */
export type FakeCloudFailure =
  { kind: 'rateLimited'; retryAfter?: string } | { kind: 'http500' } | { kind: 'garbage' } | { kind: 'hang' };

export interface FakeCloudCall {
  method: string;
  path: string;
  /** The token endpoint's grant_type, when it was one. */
  grantType?: string;
  /** The account the call's token or code belonged to, when it did. */
  accountId?: string;
  /** The status answered, or `hang`. */
  answer: number | 'hang';
}

interface Grant {
  accountId: string;
  scope: string;
  revoked: boolean;
  /** The demo grant keeps its fixed tokens: refreshing answers them again. */
  fixed: boolean;
}

interface Token {
  grant: Grant;
  kind: 'access' | 'refresh';
  expiresAt: number;
  used: boolean;
}

interface Code {
  accountId: string;
  clientId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
  expiresAt: number;
  used: boolean;
}

export interface PendingAuthorization {
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string;
  challenge: string;
}

const DAY_MS = 86_400_000;

/**
 * Steps per hour of a plausible walker's day, 00:00 to 23:00: nothing at night, a walk to work,
 * lunch, the walk home and an evening stroll. About 9,000 by 20:00; the busiest hour is about
 * 1,150 steps (some 19 a minute), far below the 100–120 a minute of a brisk walk.
 */
const DEMO_HOURLY = [
  0, 0, 0, 0, 0, 0, 170, 690, 1030, 580, 400, 460, 800, 520, 400, 460, 580, 920, 1150, 800, 520, 290, 60, 0,
];

const dayIndex = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/**
 * The demo walker's count for `day` (in the account's zone, `offsetMinutes` from UTC) at `now`:
 * 0 at midnight, growing through the day, the whole day's total for a past day, 0 for a future one.
 * Each day is a little more or less active than the last, the same on every start.
 */
export function demoSteps(day: string, now: number, offsetMinutes: number): number {
  const local = now + offsetMinutes * 60_000;
  const today = new Date(local).toISOString().slice(0, 10);
  if (day > today) return 0;
  const factor = 0.9 + ((dayIndex(day) * 37) % 21) / 100;
  const hours = day < today ? 24 : (local % DAY_MS) / 3_600_000;
  let steps = 0;
  for (let hour = 0; hour < 24 && hour < hours; hour += 1) {
    steps += (DEMO_HOURLY[hour] ?? 0) * Math.min(1, hours - hour);
  }
  return Math.floor(steps * factor);
}

/** The days `from`..`to` (`YYYY-MM-DD`), inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1024 * 1024) request.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, {
    'content-type': 'application/json;charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(JSON.stringify(body));
}

export function sendHtml(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(body);
}

/** The S256 challenge of a verifier (RFC 7636 §4.2), written again here so the fake checks the client. */
export const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** The bearer token of a request, or undefined. */
export function bearerOf(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export interface OAuthCloudOptions {
  accounts: FakeAccount[];
  demo: DemoAccount | null;
  /** The fake's clock; Date.now when absent. */
  now?: () => number;
  codeTtlMs: number;
  accessTtlMs: number;
}

/** A running fake cloud, as a test drives it. */
export interface FakeCloud {
  url: string;
  clientId: string;
  clientSecret: string;
  calls: FakeCloudCall[];
  /** The account the authorize page is signed in as (the first account unless changed). */
  signInAs(accountId: string): void;
  /**
   * Sets an account's total for a day (`YYYY-MM-DD`): in the account's time zone at Fitbit, in the time zone asked
   * for at Health Kit.
   */
  walk(accountId: string, day: string, steps: number): void;
  /** The user withdrew the app's access at the provider: every token of the account answers 401. */
  revokeAccess(accountId: string): void;
  failNext(failure: FakeCloudFailure, times?: number): void;
  /** The variables that point a server at this fake. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

/** How a test or a person starts one of the fake clouds. */
export interface FakeCloudStart {
  port?: number;
  accounts?: FakeAccount[];
  clientId?: string;
  clientSecret?: string;
  appName?: string;
  /** Adds the fake's demo account with its fixed tokens and a walker's day. */
  demo?: boolean;
  now?: () => number;
}

/** The grant machinery of a fake cloud started so, with the provider's own accounts, demo account and lifetimes. */
export function startedCloud(
  options: FakeCloudStart,
  provider: { accounts: FakeAccount[]; demo: DemoAccount; codeTtlMs: number; accessTtlMs: number },
) {
  return oauthCloud({
    accounts: options.accounts ?? provider.accounts,
    demo: options.demo ? provider.demo : null,
    codeTtlMs: provider.codeTtlMs,
    accessTtlMs: provider.accessTtlMs,
    ...(options.now ? { now: options.now } : {}),
  });
}

/** The grant machinery of one fake cloud. */
export function oauthCloud(options: OAuthCloudOptions) {
  const now = options.now ?? Date.now;
  const accounts = new Map<string, FakeAccount>(options.accounts.map((account) => [account.id, account]));
  if (options.demo) accounts.set(options.demo.id, options.demo);
  const steps = new Map<string, Map<string, number>>();
  const codes = new Map<string, Code>();
  const tokens = new Map<string, Token>();
  const pending = new Map<string, PendingAuthorization>();
  const failures: FakeCloudFailure[] = [];
  const calls: FakeCloudCall[] = [];
  const hanging = new Set<ServerResponse>();
  let signedIn = options.accounts[0]?.id ?? options.demo?.id ?? '';

  const FAR_FUTURE = Date.UTC(2100, 0, 1);
  if (options.demo) {
    const grant: Grant = { accountId: options.demo.id, scope: '', revoked: false, fixed: true };
    tokens.set(options.demo.accessToken, { grant, kind: 'access', expiresAt: FAR_FUTURE, used: false });
    tokens.set(options.demo.refreshToken, { grant, kind: 'refresh', expiresAt: FAR_FUTURE, used: false });
  }

  const issue = (grant: Grant) => {
    const accessToken = randomBytes(24).toString('base64url');
    const refreshToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, { grant, kind: 'access', expiresAt: now() + options.accessTtlMs, used: false });
    tokens.set(refreshToken, { grant, kind: 'refresh', expiresAt: now() + 180 * DAY_MS, used: false });
    return {
      accessToken,
      refreshToken,
      expiresIn: Math.round(options.accessTtlMs / 1000),
      scope: grant.scope,
      accountId: grant.accountId,
    };
  };

  return {
    accounts,
    calls,
    now,
    get signedIn() {
      return signedIn;
    },
    signInAs(accountId: string) {
      if (!accounts.has(accountId)) throw new Error(`no account ${accountId}`);
      signedIn = accountId;
    },
    walk(accountId: string, day: string, count: number) {
      if (!accounts.has(accountId)) throw new Error(`no account ${accountId}`);
      const table = steps.get(accountId) ?? new Map<string, number>();
      table.set(day, count);
      steps.set(accountId, table);
    },
    /** The account's count for a day: what a test walked, else the demo walker's, else nothing. */
    stepsOn(accountId: string, day: string, offsetMinutes: number): number | undefined {
      const walked = steps.get(accountId)?.get(day);
      if (walked !== undefined) return walked;
      if (options.demo && accountId === options.demo.id) return demoSteps(day, now(), offsetMinutes) || undefined;
      return undefined;
    },
    /** Holds an authorize request until the person decides; its id goes into the page's forms. */
    hold(request: PendingAuthorization): string {
      const id = randomBytes(12).toString('base64url');
      pending.set(id, request);
      return id;
    },
    /** The redirect for a decision on a held request (Allow: a code; Deny: access_denied). */
    decide(id: string, allow: boolean): string | null {
      const request = pending.get(id);
      if (!request) return null;
      pending.delete(id);
      const target = new URL(request.redirectUri);
      if (allow) {
        const code = randomBytes(18).toString('base64url');
        codes.set(code, {
          accountId: signedIn,
          clientId: request.clientId,
          redirectUri: request.redirectUri,
          challenge: request.challenge,
          scope: request.scope,
          expiresAt: now() + options.codeTtlMs,
          used: false,
        });
        target.searchParams.set('code', code);
      } else {
        target.searchParams.set('error', 'access_denied');
      }
      target.searchParams.set('state', request.state);
      return target.toString();
    },
    /**
     * The authorization_code grant: the code known, unused, unexpired, for this client, with the
     * same redirect_uri, and the verifier's S256 the challenge. A code used twice also revokes
     * what it was first exchanged for (RFC 6749 §4.1.2).
     */
    exchange(input: { code: string; clientId: string; redirectUri: string; verifier: string }) {
      const code = codes.get(input.code);
      if (!code) return { error: 'unknown code' as const };
      if (code.used) return { error: 'code used' as const };
      code.used = true;
      if (code.expiresAt <= now()) return { error: 'code expired' as const };
      if (code.clientId !== input.clientId) return { error: 'code issued to another client' as const };
      if (code.redirectUri !== input.redirectUri) return { error: 'redirect_uri differs' as const };
      if (!input.verifier || s256(input.verifier) !== code.challenge)
        return { error: 'code_verifier does not match' as const };
      return { ok: issue({ accountId: code.accountId, scope: code.scope, revoked: false, fixed: false }) };
    },
    /** The refresh_token grant: a known, unused, unrevoked refresh token; the answer rotates it. */
    refresh(refreshToken: string) {
      const token = tokens.get(refreshToken);
      if (!token || token.kind !== 'refresh') return { error: 'unknown refresh token' as const };
      if (token.grant.revoked) return { error: 'grant revoked' as const };
      if (token.expiresAt <= now()) return { error: 'refresh token expired' as const };
      if (token.grant.fixed && options.demo) {
        return {
          ok: {
            accessToken: options.demo.accessToken,
            refreshToken: options.demo.refreshToken,
            expiresIn: Math.round(options.accessTtlMs / 1000),
            scope: token.grant.scope,
            accountId: token.grant.accountId,
          },
        };
      }
      if (token.used) return { error: 'refresh token used' as const };
      token.used = true;
      return { ok: issue(token.grant) };
    },
    /** Revokes the grant a token belongs to (RFC 7009); false when the token is unknown. */
    revokeToken(value: string): boolean {
      const token = tokens.get(value);
      if (!token) return false;
      token.grant.revoked = true;
      return true;
    },
    /**
     * Accounts that have allowed the app already, each with a live grant of the given tokens (its
     * access token valid for `accessTtlMs` from now; refreshing rotates it as any): many connections
     * made at once, for the sync bench, without a browser's round trip each.
     */
    addGranted(granted: readonly GrantedAccount[]) {
      for (const { accessToken, refreshToken, ...account } of granted) {
        accounts.set(account.id, account);
        const grant: Grant = { accountId: account.id, scope: 'activity profile', revoked: false, fixed: false };
        tokens.set(accessToken, { grant, kind: 'access', expiresAt: now() + options.accessTtlMs, used: false });
        tokens.set(refreshToken, { grant, kind: 'refresh', expiresAt: now() + 180 * DAY_MS, used: false });
      }
    },
    /** Every grant of the account ends, as when the user withdraws access at the provider. */
    revokeAccess(accountId: string) {
      for (const token of tokens.values()) if (token.grant.accountId === accountId) token.grant.revoked = true;
    },
    /** The account behind a live access token, or undefined (unknown, expired, revoked). */
    accountFor(accessToken: string | undefined): FakeAccount | undefined {
      const token = accessToken ? tokens.get(accessToken) : undefined;
      if (!token || token.kind !== 'access' || token.grant.revoked || token.expiresAt <= now()) return undefined;
      return accounts.get(token.grant.accountId);
    },
    /** The next `times` API calls (not the authorize page) fail this way. */
    failNext(failure: FakeCloudFailure, times = 1) {
      for (let i = 0; i < times; i += 1) failures.push(failure);
    },
    /**
     * Answers with the next injected failure, if any; true when it did. `hang` keeps the socket
     * open until the caller gives up or the fake closes.
     */
    injected(response: ServerResponse, call: FakeCloudCall): boolean {
      const failure = failures.shift();
      if (!failure) return false;
      calls.push(call);
      if (failure.kind === 'hang') {
        call.answer = 'hang';
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return true;
      }
      if (failure.kind === 'rateLimited') {
        call.answer = 429;
        sendJson(
          response,
          429,
          { errors: [{ errorType: 'system', message: 'Too Many Requests' }] },
          {
            'retry-after': failure.retryAfter ?? '60',
          },
        );
        return true;
      }
      if (failure.kind === 'http500') {
        call.answer = 500;
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end('Internal Server Error');
        return true;
      }
      call.answer = 200;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<html><body>Service temporarily moved</body></html>');
      return true;
    },
    /** Ends the sockets `hang` left open (on close). */
    dropHanging() {
      for (const response of hanging) response.destroy();
    },
  };
}

export type OAuthCloud = ReturnType<typeof oauthCloud>;

/** The authorize page: the app, the signed-in account, Allow and Deny (and an empty icon: the browser asks for none). */
export function authorizePage(input: {
  provider: string;
  appName: string;
  account: FakeAccount;
  scopes: string[];
  action: string;
  id: string;
}): string {
  const scopes = input.scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('');
  const button = (value: string, label: string) =>
    `<form method="post" action="${escapeHtml(input.action)}"><input type="hidden" name="request" value="${escapeHtml(input.id)}"><input type="hidden" name="decision" value="${value}"><button type="submit">${label}</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(input.provider)}: authorize ${escapeHtml(input.appName)}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}button{font-size:1.1rem;padding:.6rem 1.4rem;margin:.3rem}.fake{background:#fff4e0;padding:.5rem;border-radius:4px}</style></head><body><p class="fake">Local ${escapeHtml(input.provider)} stand-in (a fake): no real account is involved.</p><h1>${escapeHtml(input.appName)} wants to read your step data</h1><p>Signed in as <strong>${escapeHtml(input.account.name)}</strong> (${escapeHtml(input.account.device)})</p><ul>${scopes}</ul>${button('allow', 'Allow')}${button('deny', 'Deny')}</body></html>`;
}

/** One request to a fake cloud's API: its address, method, body (a POST's) and the record of the call. */
export interface FakeCloudRequest {
  request: IncomingMessage;
  response: ServerResponse;
  url: URL;
  method: string;
  raw: Buffer;
  /** The request's bearer token, if it has one. */
  bearer: string | undefined;
  call: FakeCloudCall;
}

/** The provider's authorize page: where it is, the scopes of a request, and the one scope it must include. */
export interface AuthorizeEndpoint {
  provider: string;
  appName: string;
  clientId: string;
  path: string;
  scopes: (scope: string) => string[];
  requiredScope: string;
}

/** The authorize request's problem (the page answers 400 with it), or null. */
function authorizeProblem(q: URLSearchParams, endpoint: AuthorizeEndpoint, scopes: string[]): string | null {
  if (q.get('client_id') !== endpoint.clientId) return 'unknown client_id';
  if (q.get('response_type') !== 'code') return 'response_type must be code';
  if (!URL.canParse(q.get('redirect_uri') ?? '')) return 'redirect_uri is missing';
  if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) return 'PKCE with S256 is required';
  if (!scopes.includes(endpoint.requiredScope)) return `scope must include ${endpoint.requiredScope}`;
  return null;
}

/**
 * The authorize page (GET `path`) and the person's decision on it (POST `path/decision`); true when the request was
 * one of the two. Neither is an API call: they are not recorded and no failure is injected into them.
 */
function answerAuthorize(cloud: OAuthCloud, endpoint: AuthorizeEndpoint, input: FakeCloudRequest): boolean {
  const { url, method, raw, response } = input;
  const page = (status: number, body: string) => {
    sendHtml(response, status, body);
    return true;
  };
  if (url.pathname === endpoint.path && method === 'GET') {
    const q = url.searchParams;
    const scopes = endpoint.scopes(q.get('scope') ?? '');
    const problem = authorizeProblem(q, endpoint, scopes);
    if (problem) return page(400, `<h1>Invalid request</h1><p>${escapeHtml(problem)}</p>`);
    const account = cloud.accounts.get(cloud.signedIn);
    if (!account) return page(400, '<h1>No account is signed in</h1>');
    const id = cloud.hold({
      clientId: endpoint.clientId,
      redirectUri: q.get('redirect_uri') ?? '',
      state: q.get('state') ?? '',
      scope: scopes.join(' '),
      challenge: q.get('code_challenge') ?? '',
    });
    const { provider, appName } = endpoint;
    return page(200, authorizePage({ provider, appName, account, scopes, action: `${endpoint.path}/decision`, id }));
  }
  if (url.pathname === `${endpoint.path}/decision` && method === 'POST') {
    const form = new URLSearchParams(raw.toString('utf8'));
    const target = cloud.decide(form.get('request') ?? '', form.get('decision') === 'allow');
    if (!target) return page(400, '<h1>This request was already answered</h1>');
    response.writeHead(302, { location: target });
    response.end();
    return true;
  }
  return false;
}

/**
 * Serves a fake cloud on 127.0.0.1: the authorize page first, then the next injected failure, then the provider's own
 * API (`api`), each API call recorded; an error answers 500. Answers the address, what a test does to every fake
 * cloud, and `close`, which also ends the sockets a `hang` left open.
 */
export async function serveCloud(
  cloud: OAuthCloud,
  options: { port?: number; authorize: AuthorizeEndpoint },
  api: (input: FakeCloudRequest) => unknown,
): Promise<{ url: string; close: () => Promise<void> } & ReturnType<typeof cloudControls>> {
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const method = request.method ?? 'GET';
      const raw = method === 'POST' ? await readBody(request) : Buffer.alloc(0);
      const call: FakeCloudCall = { method, path: url.pathname, answer: 200 };
      const input = { request, response, url, method, raw, bearer: bearerOf(request), call };
      if (answerAuthorize(cloud, options.authorize, input)) return;
      if (cloud.injected(response, call)) return;
      cloud.calls.push(call);
      await api(input);
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ...cloudControls(cloud),
    close: () =>
      new Promise<void>((resolve) => {
        cloud.dropHanging();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The token endpoint's answer to a grant (RFC 6749 §5.1), before the provider's own fields. */
export function tokenAnswer(granted: { accessToken: string; expiresIn: number; refreshToken: string; scope: string }) {
  return {
    access_token: granted.accessToken,
    expires_in: granted.expiresIn,
    refresh_token: granted.refreshToken,
    scope: granted.scope,
    token_type: 'Bearer',
  };
}

/** What every fake cloud lets a test do to it: the record of calls, the signed-in account, steps, revocation, failures. */
function cloudControls(cloud: OAuthCloud) {
  return {
    calls: cloud.calls,
    signInAs: (accountId: string) => cloud.signInAs(accountId),
    walk: (accountId: string, day: string, steps: number) => cloud.walk(accountId, day, steps),
    revokeAccess: (accountId: string) => cloud.revokeAccess(accountId),
    failNext: (failure: FakeCloudFailure, times?: number) => cloud.failNext(failure, times),
  };
}

/**
 * `node --import tsx apps/server/fakes/<name>.ts`: when `moduleUrl` is the script run, starts the fake with its demo
 * account on `PORT` (else `port`), with the client secret in `secretVariable` when it is set, and prints the variables
 * that point a server at it.
 */
export async function runWhenCalled(
  moduleUrl: string,
  fake: { title: string; port: number; secretVariable: string },
  start: (options: FakeCloudStart) => Promise<{ url: string; env(): Record<string, string> }>,
): Promise<void> {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const clientSecret = process.env[fake.secretVariable];
  const started = await start({
    port: Number(process.env.PORT ?? fake.port),
    demo: true,
    ...(clientSecret ? { clientSecret } : {}),
  });
  const lines = Object.entries(started.env()).map(([key, value]) => `${key}=${value}`);
  process.stdout.write(`${fake.title} at ${started.url}. Start the server with:\n${lines.join('\n')}\n`);
}
