import * as oauth from 'oauth4webapi';
import type { z } from 'zod';
import { ProviderError, type ProviderTokens } from './provider.js';

/**
 * What the two wearable clouds share (decision 086 "Connected wearable accounts"): one timeout per call, one reading of
 * a failed answer into a ProviderFailure, and the OAuth 2.0 plumbing through oauth4webapi
 * (decision 087 "An OAuth client library"). Nothing here puts a token, a code or an answer's body into an error
 * message: those carry only the provider, the call and the HTTP status.
 */

/** Each call to a provider gives up after this long unless the configuration says otherwise. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000;

export interface ProviderHttpOptions {
  /** Stands in for the global fetch (tests route calls in-process). */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The longest wait a `Retry-After` may ask for: a day; anything longer is read as a day. */
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/**
 * `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP date (RFC 9110 §10.2.3);
 * undefined when absent or unreadable.
 */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, at - now), MAX_RETRY_AFTER_MS);
}

/** OAuth error codes (RFC 6749 §5.2, RFC 6750 §3.1) that mean the grant or the token is gone. */
const GRANT_GONE = new Set([
  'invalid_grant',
  'invalid_token',
  'expired_token',
  'invalid_client',
  'unauthorized_client',
]);

/**
 * The error codes a failed answer names: RFC 6749's `error`, Fitbit's `errors[].errorType`
 * (dev.fitbit.com, Error Handling). Huawei's numeric `error` (1101, 1203…) is left to the status.
 */
function errorCodes(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const record = body as { error?: unknown; errors?: unknown };
  const codes: string[] = [];
  if (typeof record.error === 'string') codes.push(record.error);
  if (Array.isArray(record.errors)) {
    for (const entry of record.errors as unknown[]) {
      const type = (entry as { errorType?: unknown } | null)?.errorType;
      if (typeof type === 'string') codes.push(type);
    }
  }
  return codes;
}

async function readBodyQuietly(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * Reads a failed answer into a ProviderError. `grantCall`: a token endpoint call, where a refused
 * grant is any 400/401 (RFC 6749 §5.2 answers `invalid_grant` with 400; Huawei answers a used or
 * revoked code or refresh token with 400 and a numeric code).
 */
export async function failureOf(
  provider: string,
  call: string,
  response: Response,
  grantCall = false,
): Promise<ProviderError> {
  const where = `${provider} ${call}: HTTP ${response.status}`;
  if (response.status === 429) {
    // Fitbit also says when its hourly window resets (Fitbit-Rate-Limit-Reset, seconds).
    const wait =
      retryAfterMs(response.headers.get('retry-after')) ??
      retryAfterMs(response.headers.get('fitbit-rate-limit-reset'));
    await response.body?.cancel().catch(() => undefined);
    return new ProviderError('rateLimited', `${where} (rate limited)`, wait);
  }
  if (response.status >= 500) {
    await response.body?.cancel().catch(() => undefined);
    return new ProviderError('unavailable', where);
  }
  const body = await readBodyQuietly(response);
  const codes = errorCodes(body);
  if (
    response.status === 401 ||
    response.status === 403 ||
    codes.some((code) => GRANT_GONE.has(code)) ||
    (grantCall && response.status === 400)
  ) {
    return new ProviderError('unauthorized', `${where}${codes.length ? ` (${codes.join(', ')})` : ''}`);
  }
  return new ProviderError('invalid', `${where} (not a documented answer)`);
}

/** A fetch with the call's timeout; a timeout, a refused connection or a reset is `unavailable`. */
export function timedFetch(provider: string, options: ProviderHttpOptions) {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  return async (call: string, url: string | URL, init: RequestInit = {}): Promise<Response> => {
    try {
      return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    } catch (error) {
      const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new ProviderError(
        'unavailable',
        `${provider} ${call}: ${timedOut ? `no answer within ${timeoutMs} ms` : 'connection failed'}`,
      );
    }
  };
}

/** Reads a 2xx answer's JSON with its documented shape; anything else is `invalid`. */
export async function readDocumented<T extends z.ZodType>(
  provider: string,
  call: string,
  response: Response,
  schema: T,
): Promise<z.output<T>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (error instanceof DOMException)
      throw new ProviderError('unavailable', `${provider} ${call}: the answer stopped`);
    throw new ProviderError('invalid', `${provider} ${call}: the answer is not JSON`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new ProviderError('invalid', `${provider} ${call}: the answer is not the documented shape`);
  return parsed.data;
}

/** The oauth4webapi pieces a provider needs: its server, its client, its client authentication. */
export interface OAuthParties {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  auth: oauth.ClientAuth;
}

/** http:// is allowed only to this machine (the local stand-ins in apps/server/fakes). */
export function isLoopbackOrigin(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** oauth4webapi's transport options: our fetch with its timeout, and http only to this machine. */
export function requestOptions(
  call: string,
  fetchWithTimeout: ReturnType<typeof timedFetch>,
  insecure: boolean,
): oauth.TokenEndpointRequestOptions & oauth.RevocationRequestOptions {
  return {
    [oauth.customFetch]: (url: string, init: RequestInit) => fetchWithTimeout(call, url, init),
    [oauth.allowInsecureRequests]: insecure,
  };
}

/**
 * Runs one token endpoint call through oauth4webapi: the request is built by it (PKCE verifier,
 * client authentication, form encoding), a failure is read by `failureOf`, and a 200 is checked by
 * its `process` (access token, token type, expiry, ID token claims) before it is ours.
 */
export async function tokenCall(
  provider: string,
  call: string,
  send: (options: oauth.TokenEndpointRequestOptions) => Promise<Response>,
  process: (response: Response) => Promise<oauth.TokenEndpointResponse>,
  fetchWithTimeout: ReturnType<typeof timedFetch>,
  insecure: boolean,
): Promise<oauth.TokenEndpointResponse> {
  let response: Response;
  try {
    response = await send(requestOptions(call, fetchWithTimeout, insecure));
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError('invalid', `${provider} ${call}: the request could not be made`);
  }
  if (response.status !== 200) throw await failureOf(provider, call, response, true);
  try {
    return await process(response);
  } catch (error) {
    if (error instanceof DOMException)
      throw new ProviderError('unavailable', `${provider} ${call}: the answer stopped`);
    // oauth4webapi's errors carry the answer's body (tokens included) as their cause: only the kind is kept.
    throw new ProviderError('invalid', `${provider} ${call}: the answer is not a valid token response`);
  }
}

/**
 * RFC 7009 revocation of a grant: the access token first, then the refresh token when the
 * provider no longer knows the first (expired). A token the provider does not know is already gone.
 */
export async function revokeGrant(
  provider: string,
  parties: OAuthParties,
  tokens: { accessToken: string; refreshToken: string },
  fetchWithTimeout: ReturnType<typeof timedFetch>,
  insecure: boolean,
): Promise<void> {
  const { as, client, auth } = parties;
  for (const token of [tokens.accessToken, tokens.refreshToken]) {
    let response: Response;
    try {
      response = await oauth.revocationRequest(
        as,
        client,
        auth,
        token,
        requestOptions('revoke', fetchWithTimeout, insecure),
      );
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      throw new ProviderError('invalid', `${provider} revoke: the request could not be made`);
    }
    if (response.status === 200) {
      await response.body?.cancel().catch(() => undefined);
      return;
    }
    const failure = await failureOf(provider, 'revoke', response, true);
    if (failure.failure !== 'unauthorized') throw failure;
  }
}

/** A token answer in our terms; a missing refresh token keeps the one that was used (no rotation). */
export function toProviderTokens(
  answer: oauth.TokenEndpointResponse,
  now: number,
  previousRefreshToken?: string,
): ProviderTokens {
  const refreshToken = answer.refresh_token ?? previousRefreshToken;
  if (!refreshToken) throw new ProviderError('invalid', 'the token answer has no refresh token');
  return {
    accessToken: answer.access_token,
    refreshToken,
    // Without expires_in an access token is taken to last an hour (both clouds document 3600 s).
    expiresAt: now + (answer.expires_in ?? 3600) * 1000,
    scope: answer.scope ?? '',
  };
}
