import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { daysBetween, runWhenCalled, sendJson, serveCloud, startedCloud, tokenAnswer } from './oauth-cloud.js';
import type { DemoAccount, FakeAccount, FakeCloud, FakeCloudStart, GrantedAccount } from './oauth-cloud.js';

/**
 * A local stand-in for the Fitbit Web API, for tests, journeys and a person trying the product:
 * the authorization page (`/oauth2/authorize`, Allow and Deny), `/oauth2/token` with
 * client_secret_basic and PKCE S256 (refresh tokens rotate: the old one is refused once used),
 * `/oauth2/revoke`, the profile, the steps time series, activity subscriptions, and signed
 * notifications to a subscriber (`X-Fitbit-Signature`, base64 HMAC-SHA1 of the body keyed by
 * `${clientSecret}&`). Errors take Fitbit's shape (`errors[].errorType`). Written from Fitbit's
 * published documentation, not from the server's code, so the two check each other.
 */

export const FITBIT_FAKE_CLIENT_ID = '23QFKE';

export const FITBIT_DEFAULT_ACCOUNTS: FakeAccount[] = [
  { id: '9XKQ7C', name: 'Emma W.', device: 'Charge 6' },
  { id: '7PLM2D', name: 'Daniel K.', device: 'Inspire 3' },
];

/** The demo account and its fixed tokens (a seeded connection keeps working across restarts). */
export const FITBIT_DEMO_ACCOUNT: DemoAccount = {
  id: 'DEMO42',
  name: 'Sam T.',
  device: 'Charge 6',
  accessToken: 'eyJhbGciOiJIUzI1NiJ9.demo-fitbit-access-token-for-stride',
  refreshToken: 'demo0fitbit0refresh0token0for0stride0000000000000000000000000',
};

export interface FitbitNotificationDelivery {
  url: string;
  body: string;
  signature: string | null;
  /** The subscriber's answer. */
  status: number;
}

export interface FitbitFake extends FakeCloud {
  /** Subscriptions by account id: the subscription id and the subscriber id it was made for. */
  subscriptions: Map<string, { subscriptionId: string; subscriberId: string }>;
  notifications: FitbitNotificationDelivery[];
  /**
   * Accounts that have allowed Stride already, each with a live grant of these tokens (the sync
   * bench's many connections, made without the authorization page).
   */
  addGranted(accounts: readonly GrantedAccount[]): void;
  /** Where notifications go (the subscriber's address), if not given at start. */
  setSubscriberUrl(url: string): void;
  /**
   * POSTs the documented notification array for the account's day to the subscriber, signed
   * unless `forged` (a signature by another secret) or `unsigned` says otherwise.
   */
  notify(
    accountId: string,
    date: string,
    options?: { forged?: boolean; unsigned?: boolean; subscriptionId?: string },
  ): Promise<FitbitNotificationDelivery>;
  /** Fitbit's subscriber verification: GET `?verify=code`; the subscriber must answer 204, and 404 to a wrong code. */
  verifySubscriber(code: string): Promise<number>;
}

const fitbitError = (errorType: string, message: string) => ({ errors: [{ errorType, message }], success: false });

/** client_secret_basic: `Basic base64(urlencode(id):urlencode(secret))` (RFC 6749 §2.3.1). */
function basicCredentials(request: IncomingMessage): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const unescape = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
  try {
    return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

export async function startFitbitFake(
  /** `demo` adds FITBIT_DEMO_ACCOUNT. */
  options: FakeCloudStart & {
    /** Where notifications are POSTed (the server's subscriber endpoint). */
    subscriberUrl?: string;
    /** The accounts' time zone, minutes from UTC (the Fitbit profile's); 480 unless set. */
    utcOffsetMinutes?: number;
  } = {},
): Promise<FitbitFake> {
  const clientId = options.clientId ?? FITBIT_FAKE_CLIENT_ID;
  const clientSecret = options.clientSecret ?? randomBytes(16).toString('hex');
  const appName = options.appName ?? 'Stride';
  const offset = options.utcOffsetMinutes ?? 480;
  let subscriberUrl = options.subscriberUrl ?? '';
  const cloud = startedCloud(options, {
    accounts: FITBIT_DEFAULT_ACCOUNTS,
    demo: FITBIT_DEMO_ACCOUNT,
    codeTtlMs: 10 * 60_000,
    accessTtlMs: 8 * 3_600_000,
  });
  const subscriptions = new Map<string, { subscriptionId: string; subscriberId: string }>();
  const notifications: FitbitNotificationDelivery[] = [];

  const served = await serveCloud(
    cloud,
    {
      port: options.port,
      authorize: {
        provider: 'Fitbit',
        appName,
        clientId,
        path: '/oauth2/authorize',
        scopes: (scope) => scope.split(/[ +]/).filter(Boolean),
        requiredScope: 'activity',
      },
    },
    ({ request, response, url, method, raw, bearer, call }) => {
      const refuse = (status: number, errorType: string, message: string) => {
        call.answer = status;
        sendJson(response, status, fitbitError(errorType, message));
      };

      if ((url.pathname === '/oauth2/token' || url.pathname === '/oauth2/revoke') && method === 'POST') {
        const credentials = basicCredentials(request);
        if (!credentials || credentials.id !== clientId || credentials.secret !== clientSecret) {
          return refuse(401, 'invalid_client', 'Invalid authorization header. Client id or secret invalid.');
        }
        const form = new URLSearchParams(raw.toString('utf8'));
        if (url.pathname === '/oauth2/revoke') {
          // Revoking either token ends the grant; an unknown token is answered 200 as well (RFC 7009 §2.2).
          cloud.revokeToken(form.get('token') ?? '');
          return sendJson(response, 200, {});
        }
        call.grantType = form.get('grant_type') ?? '';
        if (call.grantType === 'authorization_code') {
          if (form.get('client_id') !== null && form.get('client_id') !== clientId) {
            return refuse(401, 'invalid_client', 'client_id does not match the authorization header.');
          }
          const result = cloud.exchange({
            code: form.get('code') ?? '',
            clientId,
            redirectUri: form.get('redirect_uri') ?? '',
            verifier: form.get('code_verifier') ?? '',
          });
          if (!result.ok) return refuse(400, 'invalid_grant', `Authorization code invalid: ${result.error}.`);
          call.accountId = result.ok.accountId;
          return sendJson(response, 200, { ...tokenAnswer(result.ok), user_id: result.ok.accountId });
        }
        if (call.grantType === 'refresh_token') {
          const result = cloud.refresh(form.get('refresh_token') ?? '');
          if (!result.ok) return refuse(400, 'invalid_grant', `Refresh token invalid: ${result.error}.`);
          call.accountId = result.ok.accountId;
          return sendJson(response, 200, { ...tokenAnswer(result.ok), user_id: result.ok.accountId });
        }
        return refuse(400, 'unsupported_grant_type', 'The grant type is not supported.');
      }

      if (url.pathname.startsWith('/1/user/-/')) {
        const account = cloud.accountFor(bearer);
        if (!account) return refuse(401, 'invalid_token', 'Access token invalid or expired.');
        call.accountId = account.id;
        const path = url.pathname.slice('/1/user/-'.length);
        if (path === '/profile.json' && method === 'GET') {
          return sendJson(response, 200, {
            user: {
              encodedId: account.id,
              displayName: account.name,
              fullName: account.name,
              timezone: 'Asia/Shanghai',
              offsetFromUTCMillis: offset * 60_000,
            },
          });
        }
        const series = /^\/activities\/steps\/date\/(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})\.json$/.exec(path);
        if (series && method === 'GET') {
          const [, from = '', to = ''] = series;
          if (to < from) return refuse(400, 'validation', 'The end date is before the start date.');
          return sendJson(response, 200, {
            'activities-steps': daysBetween(from, to).map((day) => ({
              dateTime: day,
              value: String(cloud.stepsOn(account.id, day, offset) ?? 0),
            })),
          });
        }
        const subscriberId = String(request.headers['x-fitbit-subscriber-id'] ?? '1');
        if (path === '/activities/apiSubscriptions.json' && method === 'GET') {
          const current = subscriptions.get(account.id);
          return sendJson(response, 200, {
            apiSubscriptions: current
              ? [
                  {
                    collectionType: 'activities',
                    ownerId: account.id,
                    ownerType: 'user',
                    subscriberId: current.subscriberId,
                    subscriptionId: current.subscriptionId,
                  },
                ]
              : [],
          });
        }
        const subscription = /^\/activities\/apiSubscriptions\/([^/]{1,50})\.json$/.exec(path);
        if (subscription && (method === 'POST' || method === 'DELETE')) {
          const subscriptionId = decodeURIComponent(subscription[1] ?? '');
          const current = subscriptions.get(account.id);
          if (method === 'DELETE') {
            if (current?.subscriptionId !== subscriptionId) return refuse(404, 'not_found', 'No such subscription.');
            subscriptions.delete(account.id);
            call.answer = 204;
            response.writeHead(204);
            return response.end();
          }
          const answer = {
            collectionType: 'activities',
            ownerId: account.id,
            ownerType: 'user',
            subscriberId,
            subscriptionId,
          };
          if (current && current.subscriptionId !== subscriptionId) {
            return refuse(409, 'conflict', 'A subscription with another id exists for this user and collection.');
          }
          call.answer = current ? 200 : 201;
          subscriptions.set(account.id, { subscriptionId, subscriberId });
          return sendJson(response, call.answer, answer);
        }
      }

      return refuse(404, 'not_found', 'The resource was not found.');
    },
  );

  const post = async (body: string, signature: string | null): Promise<number> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signature !== null) headers['x-fitbit-signature'] = signature;
    const answer = await fetch(subscriberUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
    await answer.body?.cancel();
    return answer.status;
  };

  const { url } = served;
  return {
    ...served,
    clientId,
    clientSecret,
    subscriptions,
    notifications,
    addGranted: (accounts) => cloud.addGranted(accounts),
    setSubscriberUrl: (value) => {
      subscriberUrl = value;
    },
    async notify(accountId, date, extra = {}) {
      if (!subscriberUrl) throw new Error('no subscriber URL: pass subscriberUrl or call setSubscriberUrl');
      const subscriptionId = extra.subscriptionId ?? subscriptions.get(accountId)?.subscriptionId;
      if (!subscriptionId) throw new Error(`account ${accountId} has no subscription`);
      const body = JSON.stringify([
        { collectionType: 'activities', date, ownerId: accountId, ownerType: 'user', subscriptionId },
      ]);
      const key = extra.forged ? `not-the-secret-${randomUUID()}&` : `${clientSecret}&`;
      const signature = extra.unsigned ? null : createHmac('sha1', key).update(body).digest('base64');
      const delivery: FitbitNotificationDelivery = { url: subscriberUrl, body, signature, status: 0 };
      notifications.push(delivery);
      delivery.status = await post(body, signature);
      return delivery;
    },
    async verifySubscriber(code) {
      if (!subscriberUrl) throw new Error('no subscriber URL: pass subscriberUrl or call setSubscriberUrl');
      const target = new URL(subscriberUrl);
      target.searchParams.set('verify', code);
      const answer = await fetch(target, { signal: AbortSignal.timeout(10_000) });
      await answer.body?.cancel();
      return answer.status;
    },
    env: () => ({
      FITBIT_CLIENT_ID: clientId,
      FITBIT_CLIENT_SECRET: clientSecret,
      FITBIT_AUTHORIZE_URL: url,
      FITBIT_API_URL: url,
    }),
  };
}

// `node --import tsx apps/server/fakes/fitbit.ts`: a fake a person can point a server at.
const FITBIT_CLI = { title: 'Fake Fitbit Web API', port: 9540, secretVariable: 'FITBIT_CLIENT_SECRET' };
await runWhenCalled(import.meta.url, FITBIT_CLI, (options) =>
  startFitbitFake({
    ...options,
    ...(process.env.FITBIT_SUBSCRIBER_URL ? { subscriberUrl: process.env.FITBIT_SUBSCRIBER_URL } : {}),
  }),
);
