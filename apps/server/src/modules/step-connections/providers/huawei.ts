import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import type { StepConnectionsSettings } from '../step-connections.settings.js';
import { failureOf, readDocumented, toProviderTokens, type ProviderHttpOptions } from './http.js';
import { OAuthStepProvider } from './oauth-provider.js';
import { ProviderError } from './provider.js';
import type { ProviderAccount, ProviderDay, ProviderTokens, StepProvider } from './provider.js';

/**
 * Huawei Health Kit's cloud REST API behind the StepProvider interface (decision 086 "Connected wearable accounts";
 * docs/product/step-sources.md, Connected accounts). The grant comes from HUAWEI ID's OAuth 2.0
 * service (`/oauth2/v3/authorize`, `/token`, `/revoke`, client_secret_post, PKCE S256), which
 * also answers an OpenID Connect ID token naming the account; daily totals come from
 * `sampleSet:dailyPolymerize`, which counts whole days in the time zone it is given, so the
 * business offset decides the day as everywhere else.
 */

type HuaweiSettings = NonNullable<StepConnectionsSettings['stepConnections']['huawei']>;

/** The ID token's issuer, whatever host the OAuth service is reached at. */
export const HUAWEI_ISSUER = 'https://accounts.huawei.com';
/** Sign-in (`openid`), the display name (`profile`) and read access to step data. */
export const HUAWEI_SCOPES = ['openid', 'profile', 'https://www.huawei.com/healthkit/step.read'] as const;
/** The atomic type asked for; the answer's points are its daily statistics type. */
export const HUAWEI_STEPS_DELTA = 'com.huawei.continuous.steps.delta';
export const HUAWEI_STEPS_TOTAL = 'com.huawei.continuous.steps.total';
/** dailyPolymerize answers at most 31 days apart (startDay to endDay). */
const MAX_SPAN_DAYS = 31;
const DAY_MS = 86_400_000;

/** `2026-03-01` → `20260301`. */
export function huaweiDay(day: string): string {
  return day.replace(/-/g, '');
}

/** A fixed offset in minutes as Huawei's `timeZone`: 480 → `+0800`, -330 → `-0530`. */
export function huaweiTimeZone(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `from`..`to` cut into spans dailyPolymerize accepts. */
function spans(from: string, to: string): Array<{ from: string; to: string }> {
  const result: Array<{ from: string; to: string }> = [];
  for (let start = dayMs(from); start <= dayMs(to); start += MAX_SPAN_DAYS * DAY_MS) {
    result.push({ from: dayOf(start), to: dayOf(Math.min(start + (MAX_SPAN_DAYS - 1) * DAY_MS, dayMs(to))) });
  }
  return result;
}

// The documented answer: groups (one per day, times in ms) of sample sets of sample points, each
// point's value a list of fields (Health Kit REST reference, SampleSet and SamplePoint models).
const FieldValueSchema = z.object({
  fieldName: z.string(),
  integerValue: z.number().optional(),
  longValue: z.number().optional(),
  floatValue: z.number().optional(),
});
const DailyPolymerizeSchema = z.object({
  group: z
    .array(
      z.object({
        startTime: z.number(),
        endTime: z.number(),
        sampleSet: z
          .array(
            z.object({
              samplePoints: z
                .array(z.object({ dataTypeName: z.string(), value: z.array(FieldValueSchema) }))
                .default([]),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

export class HuaweiProvider extends OAuthStepProvider implements StepProvider {
  readonly id = 'huawei' as const;

  constructor(
    private readonly settings: HuaweiSettings,
    options: ProviderHttpOptions & { now?: () => number } = {},
  ) {
    const oauthUrl = settings.oauthUrl.replace(/\/+$/, '');
    super(
      'Huawei',
      {
        as: {
          issuer: HUAWEI_ISSUER,
          authorization_endpoint: `${oauthUrl}/oauth2/v3/authorize`,
          token_endpoint: `${oauthUrl}/oauth2/v3/token`,
          revocation_endpoint: `${oauthUrl}/oauth2/v3/revoke`,
          id_token_signing_alg_values_supported: ['RS256', 'PS256'],
        },
        clientId: settings.clientId,
        auth: oauth.ClientSecretPost(settings.clientSecret),
        origins: [oauthUrl, settings.apiUrl],
      },
      options,
    );
  }

  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string {
    // Without access_type=offline the token answer carries no refresh token.
    return this.authorizeAt(input, HUAWEI_SCOPES, { access_type: 'offline' });
  }

  async exchangeCode(input: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<{ tokens: ProviderTokens; account: ProviderAccount }> {
    const answer = await this.codeGrant(input, { requireIdToken: true });
    const claims = oauth.getValidatedIdTokenClaims(answer);
    // `openid` is the account's id for this app; `sub` (the UnionID) stands in if it is absent.
    const id = typeof claims?.openid === 'string' && claims.openid ? claims.openid : claims?.sub;
    if (!id) throw new ProviderError('invalid', 'Huawei token (authorization_code): the ID token names no account');
    const name = [claims?.display_name, claims?.nickname].find(
      (value): value is string => typeof value === 'string' && value.trim() !== '',
    );
    return { tokens: toProviderTokens(answer, this.now()), account: { id, name: name?.trim() ?? 'HUAWEI ID' } };
  }

  async refresh(refreshToken: string): Promise<ProviderTokens> {
    return toProviderTokens(await this.refreshGrant(refreshToken), this.now(), refreshToken);
  }

  async dailySteps(
    accessToken: string,
    range: { from: string; to: string; utcOffsetMinutes: number },
  ): Promise<ProviderDay[]> {
    const days = new Map<string, number>();
    for (const span of spans(range.from, range.to)) {
      const response = await this.fetch(
        'sampleSet:dailyPolymerize',
        `${this.settings.apiUrl.replace(/\/+$/, '')}/healthkit/v2/sampleSet:dailyPolymerize`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${accessToken}`,
            'content-type': 'application/json; charset=UTF-8',
            'x-client-id': this.settings.clientId,
          },
          body: JSON.stringify({
            dataTypes: [HUAWEI_STEPS_DELTA],
            startDay: huaweiDay(span.from),
            endDay: huaweiDay(span.to),
            timeZone: huaweiTimeZone(range.utcOffsetMinutes),
          }),
        },
      );
      if (!response.ok) throw await failureOf('Huawei', 'sampleSet:dailyPolymerize', response);
      const answer = await readDocumented('Huawei', 'sampleSet:dailyPolymerize', response, DailyPolymerizeSchema);
      for (const group of answer.group) {
        // A group starts at the day's midnight in the zone asked for.
        const day = dayOf(group.startTime + range.utcOffsetMinutes * 60_000);
        if (day < range.from || day > range.to) continue;
        let steps = days.get(day) ?? 0;
        for (const set of group.sampleSet) {
          for (const point of set.samplePoints) {
            if (point.dataTypeName !== HUAWEI_STEPS_TOTAL && point.dataTypeName !== HUAWEI_STEPS_DELTA) continue;
            for (const field of point.value) {
              if (field.fieldName !== 'steps') continue;
              const value = field.integerValue ?? field.longValue ?? field.floatValue;
              if (value === undefined || !Number.isSafeInteger(value) || value < 0) {
                throw new ProviderError(
                  'invalid',
                  'Huawei sampleSet:dailyPolymerize: a step count is not a whole number',
                );
              }
              steps += value;
            }
          }
        }
        days.set(day, steps);
      }
    }
    return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, steps]) => ({ day, steps }));
  }
}
