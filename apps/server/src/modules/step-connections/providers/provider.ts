import type { StepProvider as StepProviderId } from '@stride/contract';

/**
 * One wearable cloud behind one small interface (decision 086 "Connected wearable accounts"): a third provider is one
 * file that implements this and one line in the registry. Everything here speaks the provider's own
 * protocol; counting, crediting and scheduling stay with the connections service.
 */

/** What a token endpoint answers, in our terms. Times are epoch milliseconds. */
export interface ProviderTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  scope: string;
}

/** The account a code was issued for. */
export interface ProviderAccount {
  /** The provider's stable id for the account (Fitbit's `user_id`, Huawei's open id). */
  id: string;
  /** What the provider calls the account, shown to the user and on the receipt. */
  name: string;
}

/** A day's total as the provider counts it, for a service day (`YYYY-MM-DD`). */
export interface ProviderDay {
  day: string;
  steps: number;
}

/**
 * Why a provider call failed, so sync can decide: `unauthorized` (the grant is gone: revoked at
 * the provider or the refresh token refused) ends syncing until the user reconnects;
 * `rateLimited` waits `retryAfterMs`; `unavailable` (5xx, a timeout, a refused connection) and
 * `invalid` (an answer that is not what the documentation says) back off and try again.
 */
export type ProviderFailure = 'unauthorized' | 'rateLimited' | 'unavailable' | 'invalid';

export class ProviderError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    message: string,
    /** From the provider's `Retry-After`, when it sent one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface StepProvider {
  readonly id: StepProviderId;
  /** The address the user's browser is sent to, with the PKCE challenge (S256) and the state. */
  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  /** Trades the redirect's code for tokens (with the PKCE verifier) and says whose account it is. */
  exchangeCode(input: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<{ tokens: ProviderTokens; account: ProviderAccount }>;
  /** New tokens for a refresh token (a provider may rotate the refresh token too). */
  refresh(refreshToken: string): Promise<ProviderTokens>;
  /** Revokes the grant at the provider; a token the provider no longer knows is not an error. */
  revoke(tokens: { accessToken: string; refreshToken: string }): Promise<void>;
  /** Daily totals for the service days `from`..`to` (inclusive), counted in the business time zone. */
  dailySteps(
    accessToken: string,
    range: { from: string; to: string; utcOffsetMinutes: number },
  ): Promise<ProviderDay[]>;
  /**
   * Asks the provider to notify this server when the account's activity changes (Fitbit's
   * subscriptions); providers without notifications are polled only.
   */
  subscribe?(accessToken: string, connectionId: string): Promise<void>;
}
