import { createHmac, timingSafeEqual } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import type { StepConnectionsSettings } from '../step-connections.settings.js';
import { failureOf, readDocumented, toProviderTokens, type ProviderHttpOptions } from './http.js';
import { OAuthStepProvider } from './oauth-provider.js';
import { ProviderError } from './provider.js';
import type { ProviderAccount, ProviderDay, ProviderTokens, StepProvider } from './provider.js';

/**
 * The Fitbit Web API behind the StepProvider interface (decision 086 "Connected wearable accounts";
 * docs/product/step-sources.md, Connected accounts): the authorization code grant with PKCE (S256) and
 * client_secret_basic, refresh tokens that rotate (the old one is refused once used), revocation, the profile for the
 * account's name, the steps time series, and subscriptions so that Fitbit tells this server when
 * an account has synced. Fitbit counts a day in the time zone of the user's Fitbit profile; the
 * business offset cannot change that.
 */

type FitbitSettings = NonNullable<StepConnectionsSettings['stepConnections']['fitbit']>;

/** Steps (`activity`) and the display name (`profile`). */
export const FITBIT_SCOPES = ['activity', 'profile'] as const;

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const ProfileSchema = z.object({
  user: z.object({ encodedId: z.string().min(1), displayName: z.string().optional(), fullName: z.string().optional() }),
});

// `value` is the day's total as a string ("8534"); the Web API reference shows it so.
const StepsSeriesSchema = z.object({
  'activities-steps': z.array(
    z.object({
      dateTime: DaySchema,
      value: z.union([z.string().regex(/^\d{1,9}$/), z.number().int().min(0)]).transform(Number),
    }),
  ),
});

const SubscriptionListSchema = z.object({
  apiSubscriptions: z.array(z.object({ subscriptionId: z.string(), collectionType: z.string().optional() })),
});

// What a subscriber receives (Using Subscriptions, Notifications): a JSON array of these.
const NotificationSchema = z.array(
  z.object({
    collectionType: z.string().min(1),
    date: DaySchema,
    ownerId: z.string().min(1),
    ownerType: z.string().optional(),
    subscriptionId: z.string().min(1),
  }),
);

export type FitbitNotification = { ownerId: string; date: string; collectionType: string; subscriptionId: string };

/**
 * Whether `X-Fitbit-Signature` is the base64 HMAC-SHA1 of the raw body keyed by
 * `${clientSecret}&` (Using Subscriptions, Security), compared in constant time. The body must be
 * the bytes as received: a parsed and re-serialised body does not verify.
 */
export function verifyFitbitSignature(rawBody: Buffer, signature: string | undefined, clientSecret: string): boolean {
  if (!signature || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature.trim())) return false;
  const expected = createHmac('sha1', `${clientSecret}&`).update(rawBody).digest();
  const given = Buffer.from(signature.trim(), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The notifications in a subscriber's body, or null for anything that is not the documented array. */
export function parseFitbitNotifications(body: unknown): FitbitNotification[] | null {
  const parsed = NotificationSchema.safeParse(body);
  if (!parsed.success) return null;
  return parsed.data.map(({ ownerId, date, collectionType, subscriptionId }) => ({
    ownerId,
    date,
    collectionType,
    subscriptionId,
  }));
}

export class FitbitProvider extends OAuthStepProvider implements StepProvider {
  readonly id = 'fitbit' as const;
  private readonly apiUrl: string;

  constructor(
    private readonly settings: FitbitSettings,
    options: ProviderHttpOptions & { now?: () => number } = {},
  ) {
    const apiUrl = settings.apiUrl.replace(/\/+$/, '');
    const authorizeUrl = settings.authorizeUrl.replace(/\/+$/, '');
    super(
      'Fitbit',
      {
        as: {
          issuer: authorizeUrl,
          authorization_endpoint: `${authorizeUrl}/oauth2/authorize`,
          token_endpoint: `${apiUrl}/oauth2/token`,
          revocation_endpoint: `${apiUrl}/oauth2/revoke`,
        },
        clientId: settings.clientId,
        auth: oauth.ClientSecretBasic(settings.clientSecret),
        origins: [apiUrl, authorizeUrl],
      },
      options,
    );
    this.apiUrl = apiUrl;
  }

  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string {
    return this.authorizeAt(input, FITBIT_SCOPES);
  }

  async exchangeCode(input: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<{ tokens: ProviderTokens; account: ProviderAccount }> {
    const answer = await this.codeGrant(input, {
      // Fitbit's reference lists client_id in the body as well as in the Basic header.
      additionalParameters: { client_id: this.settings.clientId },
    });
    const tokens = toProviderTokens(answer, this.now());
    const response = await this.fetch('profile', `${this.apiUrl}/1/user/-/profile.json`, {
      headers: { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json' },
    });
    if (!response.ok) throw await failureOf('Fitbit', 'profile', response);
    const { user } = await readDocumented('Fitbit', 'profile', response, ProfileSchema);
    if (typeof answer.user_id === 'string' && answer.user_id !== user.encodedId) {
      throw new ProviderError('invalid', 'Fitbit profile: the profile is not the account the token was issued for');
    }
    const name = [user.displayName, user.fullName].find(
      (value): value is string => typeof value === 'string' && value.trim() !== '',
    );
    return { tokens, account: { id: user.encodedId, name: name?.trim() ?? user.encodedId } };
  }

  async refresh(refreshToken: string): Promise<ProviderTokens> {
    const answer = await this.refreshGrant(refreshToken);
    // Fitbit always answers a new refresh token; the one just used is refused from now on.
    if (!answer.refresh_token) throw new ProviderError('invalid', 'Fitbit token (refresh_token): no new refresh token');
    return toProviderTokens(answer, this.now());
  }

  async dailySteps(
    accessToken: string,
    range: { from: string; to: string; utcOffsetMinutes: number },
  ): Promise<ProviderDay[]> {
    const response = await this.fetch(
      'steps',
      `${this.apiUrl}/1/user/-/activities/steps/date/${range.from}/${range.to}.json`,
      { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
    );
    if (!response.ok) throw await failureOf('Fitbit', 'steps', response);
    const series = await readDocumented('Fitbit', 'steps', response, StepsSeriesSchema);
    return series['activities-steps']
      .filter((entry) => entry.dateTime >= range.from && entry.dateTime <= range.to)
      .map((entry) => ({ day: entry.dateTime, steps: entry.value }));
  }

  /**
   * Subscribes to the account's activities with the connection's id as the subscription id (at
   * most 50 characters). 200 (it exists) and 201 (created) are both done; 409 means another id
   * is subscribed for this account (an earlier connection): it is deleted and the call made again.
   */
  async subscribe(accessToken: string, connectionId: string): Promise<void> {
    const headers: Record<string, string> = { authorization: `Bearer ${accessToken}`, accept: 'application/json' };
    if (this.settings.subscriberId) headers['x-fitbit-subscriber-id'] = this.settings.subscriberId;
    const base = `${this.apiUrl}/1/user/-/activities/apiSubscriptions`;
    const create = () =>
      this.fetch('subscribe', `${base}/${encodeURIComponent(connectionId)}.json`, { method: 'POST', headers });
    let response = await create();
    if (response.status === 409) {
      await response.body?.cancel().catch(() => undefined);
      const list = await this.fetch('subscriptions', `${base}.json`, { headers });
      if (!list.ok) throw await failureOf('Fitbit', 'subscriptions', list);
      const { apiSubscriptions } = await readDocumented('Fitbit', 'subscriptions', list, SubscriptionListSchema);
      for (const other of apiSubscriptions.filter((entry) => entry.subscriptionId !== connectionId)) {
        const removed = await this.fetch('unsubscribe', `${base}/${encodeURIComponent(other.subscriptionId)}.json`, {
          method: 'DELETE',
          headers,
        });
        if (!removed.ok && removed.status !== 404) throw await failureOf('Fitbit', 'unsubscribe', removed);
        await removed.body?.cancel().catch(() => undefined);
      }
      response = await create();
    }
    if (response.status !== 200 && response.status !== 201) throw await failureOf('Fitbit', 'subscribe', response);
    await response.body?.cancel().catch(() => undefined);
  }
}
