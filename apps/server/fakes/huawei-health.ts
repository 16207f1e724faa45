import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { daysBetween, runWhenCalled, sendJson, serveCloud, startedCloud, tokenAnswer } from './oauth-cloud.js';
import type { DemoAccount, FakeAccount, FakeCloud, FakeCloudCall, FakeCloudStart } from './oauth-cloud.js';

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

/** Health Kit's stand-in: the OAuth service and the step totals, nothing beyond what every fake cloud offers. */
export type HuaweiHealthFake = FakeCloud;

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
  /** `demo` adds HUAWEI_DEMO_ACCOUNT. */
  options: FakeCloudStart = {},
): Promise<HuaweiHealthFake> {
  const clientId = options.clientId ?? HUAWEI_FAKE_CLIENT_ID;
  const clientSecret = options.clientSecret ?? `fake-huawei-secret-${randomUUID()}`;
  const appName = options.appName ?? 'Stride';
  const cloud = startedCloud(options, {
    accounts: HUAWEI_DEFAULT_ACCOUNTS,
    demo: HUAWEI_DEMO_ACCOUNT,
    codeTtlMs: 5 * 60_000,
    accessTtlMs: 3_600_000,
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

  const served = await serveCloud(
    cloud,
    {
      port: options.port,
      authorize: {
        provider: 'HUAWEI ID',
        appName,
        clientId,
        path: '/oauth2/v3/authorize',
        scopes: (scope) => scope.split(' '),
        requiredScope: 'openid',
      },
    },
    ({ response, url, raw, method, bearer, call }) => {
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
            ...tokenAnswer(result.ok),
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
          return sendJson(response, 200, tokenAnswer(result.ok));
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
        const account = cloud.accountFor(bearer);
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
    },
  );
  const { url } = served;
  return {
    ...served,
    clientId,
    clientSecret,
    env: () => ({
      HUAWEI_HEALTH_CLIENT_ID: clientId,
      HUAWEI_HEALTH_CLIENT_SECRET: clientSecret,
      HUAWEI_OAUTH_URL: url,
      HUAWEI_HEALTH_API_URL: url,
    }),
  };
}

// `node --import tsx apps/server/fakes/huawei-health.ts`: a fake a person can point a server at.
await runWhenCalled(
  import.meta.url,
  { title: 'Fake Huawei Health Kit cloud', port: 9530, secretVariable: 'HUAWEI_HEALTH_CLIENT_SECRET' },
  startHuaweiHealthFake,
);
