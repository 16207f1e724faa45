import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import {
  authorizePage,
  bearerOf,
  daysBetween,
  escapeHtml,
  oauthCloud,
  readBody,
  sendHtml,
  sendJson,
  type DemoAccount,
  type FakeAccount,
  type FakeCloudCall,
  type FakeCloudFailure,
} from './oauth-cloud.js';

/**
 * A local stand-in for Huawei's cloud as Health Kit's REST API uses it, for tests, journeys and a
 * person trying the product: HUAWEI ID's OAuth 2.0 service (`/oauth2/v3/authorize` with an Allow
 * and a Deny button, `/oauth2/v3/token` with client_secret_post and PKCE S256, `/oauth2/v3/revoke`)
 * answering an RS256 ID token with the account's OpenID and display name, and Health Kit's
 * `POST /healthkit/v2/sampleSet:dailyPolymerize` for step totals. Errors take Huawei's shapes
 * (the token endpoint's numeric `error` and `sub_error`). Written from Huawei's published
 * protocol, not from the server's code, so the two check each other.
 */

export const HUAWEI_FAKE_CLIENT_ID = '110000001';
/** The ID token's issuer (Huawei Account Kit, ID token claims). */
const ISSUER = 'https://accounts.huawei.com';
const STEPS_DELTA = 'com.huawei.continuous.steps.delta';
const STEPS_TOTAL = 'com.huawei.continuous.steps.total';

export const HUAWEI_DEFAULT_ACCOUNTS: FakeAccount[] = [
  { id: 'MDFAMTQ5NjE0OTU0NjA4', name: 'Lin Xiaoyu', device: 'HUAWEI WATCH GT 4' },
  { id: 'MDFAMTQ5NjE0OTU0NjA5', name: 'Zhang Wei', device: 'HUAWEI Band 9' },
];

/** The demo account and its fixed tokens (a seeded connection keeps working across restarts). */
export const HUAWEI_DEMO_ACCOUNT: DemoAccount = {
  id: 'MDFAMTQ5NjE0OTU0NjEw',
  name: 'Chen Jing',
  device: 'HUAWEI WATCH GT 4',
  accessToken: 'CgB6e3x9demoHuaweiAccessTokenForStrideDemo0000',
  refreshToken: 'CgB6e3x9demoHuaweiRefreshTokenForStrideDemo000',
};

export interface HuaweiHealthFake {
  url: string;
  clientId: string;
  clientSecret: string;
  calls: FakeCloudCall[];
  /** The account the authorize page is signed in as (the first account unless changed). */
  signInAs(accountId: string): void;
  /** Sets an account's total for a day (`YYYY-MM-DD`, in the time zone asked for). */
  walk(accountId: string, day: string, steps: number): void;
  /** The user withdrew Stride's access at Huawei: every token of the account answers 401. */
  revokeAccess(accountId: string): void;
  failNext(failure: FakeCloudFailure, times?: number): void;
  /** The variables that point a server at this fake. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

function jwt(claims: Record<string, unknown>, key: KeyObject): string {
  const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'fake-key' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), key).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

/** `+0800` → 480; null when it is not one. */
function offsetOf(timeZone: unknown): number | null {
  const match = typeof timeZone === 'string' ? /^([+-])(\d{2})(\d{2})$/.exec(timeZone) : null;
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

const dashed = (day: string) => `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;

export async function startHuaweiHealthFake(
  options: {
    port?: number;
    accounts?: FakeAccount[];
    clientId?: string;
    clientSecret?: string;
    appName?: string;
    /** Adds the demo account (HUAWEI_DEMO_ACCOUNT) with its fixed tokens and a walker's day. */
    demo?: boolean;
    now?: () => number;
  } = {},
): Promise<HuaweiHealthFake> {
  const clientId = options.clientId ?? HUAWEI_FAKE_CLIENT_ID;
  const clientSecret = options.clientSecret ?? `fake-huawei-secret-${randomUUID()}`;
  const appName = options.appName ?? 'Stride';
  const cloud = oauthCloud({
    accounts: options.accounts ?? HUAWEI_DEFAULT_ACCOUNTS,
    demo: options.demo ? HUAWEI_DEMO_ACCOUNT : null,
    codeTtlMs: 5 * 60_000,
    accessTtlMs: 3_600_000,
    ...(options.now ? { now: options.now } : {}),
  });
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  // The token endpoint's refusals: HTTP 400 with Huawei's numeric codes (Account Kit, REST API error codes).
  const tokenError = (
    response: Parameters<typeof sendJson>[0],
    call: FakeCloudCall,
    sub: number,
    description: string,
  ) => {
    call.answer = 400;
    sendJson(response, 400, { error: sub === 12304 ? 1203 : 1101, sub_error: sub, error_description: description });
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const method = request.method ?? 'GET';
      const raw = method === 'POST' ? await readBody(request) : Buffer.alloc(0);
      const call: FakeCloudCall = { method, path: url.pathname, answer: 200 };

      if (url.pathname === '/oauth2/v3/authorize' && method === 'GET') {
        const q = url.searchParams;
        const redirectUri = q.get('redirect_uri') ?? '';
        const problem =
          q.get('client_id') !== clientId
            ? 'unknown client_id'
            : q.get('response_type') !== 'code'
              ? 'response_type must be code'
              : !URL.canParse(redirectUri)
                ? 'redirect_uri is missing'
                : q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')
                  ? 'PKCE with S256 is required'
                  : !(q.get('scope') ?? '').split(' ').includes('openid')
                    ? 'scope must include openid'
                    : null;
        if (problem) return sendHtml(response, 400, `<h1>Invalid request</h1><p>${escapeHtml(problem)}</p>`);
        const account = cloud.accounts.get(cloud.signedIn);
        if (!account) return sendHtml(response, 400, '<h1>No account is signed in</h1>');
        const id = cloud.hold({
          clientId,
          redirectUri,
          state: q.get('state') ?? '',
          scope: q.get('scope') ?? '',
          challenge: q.get('code_challenge') ?? '',
        });
        return sendHtml(
          response,
          200,
          authorizePage({
            provider: 'HUAWEI ID',
            appName,
            account,
            scopes: (q.get('scope') ?? '').split(' '),
            action: '/oauth2/v3/authorize/decision',
            id,
          }),
        );
      }
      if (url.pathname === '/oauth2/v3/authorize/decision' && method === 'POST') {
        const form = new URLSearchParams(raw.toString('utf8'));
        const target = cloud.decide(form.get('request') ?? '', form.get('decision') === 'allow');
        if (!target) return sendHtml(response, 400, '<h1>This request was already answered</h1>');
        response.writeHead(302, { location: target });
        return response.end();
      }

      if (cloud.injected(response, call)) return;
      cloud.calls.push(call);

      if (url.pathname === '/oauth2/v3/token' && method === 'POST') {
        const form = new URLSearchParams(raw.toString('utf8'));
        call.grantType = form.get('grant_type') ?? '';
        // client_secret_post: both in the body.
        if (form.get('client_id') !== clientId) return tokenError(response, call, 20003, 'client_id does not exist');
        if (form.get('client_secret') !== clientSecret)
          return tokenError(response, call, 12304, 'invalid client_secret');
        if (call.grantType === 'authorization_code') {
          const result = cloud.exchange({
            code: form.get('code') ?? '',
            clientId: form.get('client_id') ?? '',
            redirectUri: form.get('redirect_uri') ?? '',
            verifier: form.get('code_verifier') ?? '',
          });
          if (!result.ok) {
            const sub = result.error === 'code used' ? 20156 : result.error === 'code expired' ? 20155 : 20153;
            return tokenError(response, call, sub, result.error);
          }
          const account = cloud.accounts.get(result.ok.accountId)!;
          call.accountId = account.id;
          const at = Math.floor(cloud.now() / 1000);
          return sendJson(response, 200, {
            access_token: result.ok.accessToken,
            expires_in: result.ok.expiresIn,
            refresh_token: result.ok.refreshToken,
            scope: result.ok.scope,
            token_type: 'Bearer',
            id_token: jwt(
              {
                iss: ISSUER,
                sub: `union-${account.id}`,
                aud: clientId,
                azp: clientId,
                exp: at + 3600,
                iat: at,
                at_hash: 'fake',
                openid: account.id,
                display_name: account.name,
                nickname: account.name,
              },
              privateKey,
            ),
          });
        }
        if (call.grantType === 'refresh_token') {
          const result = cloud.refresh(form.get('refresh_token') ?? '');
          if (!result.ok) return tokenError(response, call, 31204, result.error);
          call.accountId = result.ok.accountId;
          return sendJson(response, 200, {
            access_token: result.ok.accessToken,
            expires_in: result.ok.expiresIn,
            refresh_token: result.ok.refreshToken,
            scope: result.ok.scope,
            token_type: 'Bearer',
          });
        }
        return tokenError(response, call, 20182, 'unsupported grant_type');
      }

      if (url.pathname === '/oauth2/v3/revoke' && method === 'POST') {
        const form = new URLSearchParams(raw.toString('utf8'));
        if (!form.get('token')) {
          call.answer = 400;
          return sendJson(response, 400, { error: 1102, sub_error: 20221, error_description: 'token is empty' });
        }
        if (!cloud.revokeToken(form.get('token') ?? '')) {
          call.answer = 400;
          return sendJson(response, 400, { error: 1203, sub_error: 31204, error_description: 'token invalid' });
        }
        return sendJson(response, 200, {});
      }

      if (url.pathname === '/healthkit/v2/sampleSet:dailyPolymerize' && method === 'POST') {
        const account = cloud.accountFor(bearerOf(request));
        if (!account) {
          call.answer = 401;
          return sendJson(response, 401, { code: 401, message: 'Access token is invalid or expired' });
        }
        call.accountId = account.id;
        let body: { dataTypes?: unknown; startDay?: unknown; endDay?: unknown; timeZone?: unknown };
        try {
          body = JSON.parse(raw.toString('utf8')) as typeof body;
        } catch {
          call.answer = 400;
          return sendJson(response, 400, { code: 400, message: 'request body is not JSON' });
        }
        const offset = offsetOf(body.timeZone);
        const days = [body.startDay, body.endDay];
        const valid =
          Array.isArray(body.dataTypes) &&
          body.dataTypes.includes(STEPS_DELTA) &&
          offset !== null &&
          days.every((day) => typeof day === 'string' && /^\d{8}$/.test(day)) &&
          String(body.endDay) >= String(body.startDay) &&
          daysBetween(dashed(String(body.startDay)), dashed(String(body.endDay))).length <= 31;
        if (!valid || offset === null) {
          call.answer = 400;
          return sendJson(response, 400, { code: 400, message: 'invalid dataTypes, startDay, endDay or timeZone' });
        }
        const group = daysBetween(dashed(String(body.startDay)), dashed(String(body.endDay))).flatMap((day) => {
          const steps = cloud.stepsOn(account.id, day, offset);
          if (steps === undefined) return [];
          const start = Date.parse(`${day}T00:00:00Z`) - offset * 60_000;
          const end = start + 86_400_000 - 1;
          return [
            {
              startTime: start,
              endTime: end,
              sampleSet: [
                {
                  dataCollectorId: `derived:${STEPS_TOTAL}:com.huawei.health:merged`,
                  samplePoints: [
                    {
                      startTime: start * 1_000_000,
                      endTime: end * 1_000_000,
                      dataTypeName: STEPS_TOTAL,
                      value: [{ fieldName: 'steps', integerValue: steps }],
                    },
                  ],
                },
              ],
            },
          ];
        });
        return sendJson(response, 200, { group });
      }

      call.answer = 404;
      return sendJson(response, 404, { code: 404, message: 'not found' });
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    clientId,
    clientSecret,
    calls: cloud.calls,
    signInAs: (accountId) => cloud.signInAs(accountId),
    walk: (accountId, day, steps) => cloud.walk(accountId, day, steps),
    revokeAccess: (accountId) => cloud.revokeAccess(accountId),
    failNext: (failure, times) => cloud.failNext(failure, times),
    env: () => ({
      HUAWEI_HEALTH_CLIENT_ID: clientId,
      HUAWEI_HEALTH_CLIENT_SECRET: clientSecret,
      HUAWEI_OAUTH_URL: url,
      HUAWEI_HEALTH_API_URL: url,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        cloud.dropHanging();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// `node --import tsx apps/server/fakes/huawei-health.ts`: a fake a person can point a server at.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startHuaweiHealthFake({
    port: Number(process.env.PORT ?? 9530),
    demo: true,
    ...(process.env.HUAWEI_HEALTH_CLIENT_SECRET ? { clientSecret: process.env.HUAWEI_HEALTH_CLIENT_SECRET } : {}),
  });
  const lines = Object.entries(fake.env()).map(([key, value]) => `${key}=${value}`);
  process.stdout.write(`Fake Huawei Health Kit cloud at ${fake.url}. Start the server with:\n${lines.join('\n')}\n`);
}
