import { createHash, randomBytes } from 'node:crypto';
import type { StepProvider as StepProviderId } from '@stride/contract';
import {
  ProviderError,
  type ProviderAccount,
  type ProviderDay,
  type ProviderTokens,
  type StepProvider,
} from '../src/modules/step-connections/providers/provider.js';

/** A call the test can hold until it lets it go (two syncs at once, decision 086 "Connected wearable accounts"). */
export interface Gate {
  /** Resolves once a call is waiting at the gate. */
  reached: Promise<void>;
  open: () => void;
}

/**
 * A wearable cloud whose answers the test scripts, speaking the provider interface: codes it
 * issued (each bound to its PKCE challenge and an account), the days each account has, failures
 * the next calls throw, and a record of every call. Tokens are random and recorded, so a test can
 * look for them in logs, exports and console answers.
 */
export class ScriptedStepProvider implements StepProvider {
  constructor(readonly id: StepProviderId) {}

  /** Codes the "user" got at the provider's consent page, by code. */
  private readonly codes = new Map<string, { challenge: string; account: ProviderAccount }>();
  /** Each account's days at the provider, by account id. */
  readonly days = new Map<string, Map<string, number>>();
  /** Live access and refresh tokens → account id. */
  readonly accessTokens = new Map<string, { account: string; expiresAt: number }>();
  readonly refreshTokens = new Map<string, string>();
  /** Every token ever issued (for the "never in logs" checks). */
  readonly issued: string[] = [];
  readonly calls: { method: string; account?: string; from?: string; to?: string }[] = [];
  /** What the next calls of a method do instead of answering, in order: about one account, or any. */
  readonly failures: Record<
    'exchange' | 'refresh' | 'dailySteps' | 'revoke',
    { failure: ProviderError | 'garbage'; account?: string }[]
  > = { exchange: [], refresh: [], dailySteps: [], revoke: [] };

  /** The next call of `method` (about `account`, when given) fails so, or answers garbage. */
  failNext(method: keyof ScriptedStepProvider['failures'], failure: ProviderError | 'garbage', account?: string): void {
    this.failures[method].push(account === undefined ? { failure } : { failure, account });
  }
  /** Revoked grants, by account id. */
  readonly revoked: string[] = [];
  /** Subscriptions made (Fitbit), by connection id. */
  readonly subscriptions: string[] = [];
  /** How long new access tokens live. */
  tokenLifetimeMs = 8 * 60 * 60 * 1000;
  now: () => number = () => Date.now();
  private gate: { account: string; resolveReached: () => void; wait: Promise<void> } | null = null;

  /** The next `dailySteps` call about `account` waits at a gate the test opens. */
  holdNextRead(account: string): Gate {
    let resolveReached = () => {};
    const reached = new Promise<void>((resolve) => (resolveReached = resolve));
    let open = () => {};
    const wait = new Promise<void>((resolve) => (open = resolve));
    this.gate = { account, resolveReached, wait };
    return { reached, open };
  }

  /** The consent page: the user signs in as `account` and the provider redirects with a code. */
  consent(authorizeUrl: string, account: ProviderAccount): { code: string; state: string } {
    const url = new URL(authorizeUrl);
    const state = url.searchParams.get('state') ?? '';
    const challenge = url.searchParams.get('code_challenge') ?? '';
    const code = `code-${randomBytes(8).toString('hex')}`;
    this.codes.set(code, { challenge, account });
    return { code, state };
  }

  setDays(account: string, days: Record<string, number>): void {
    const map = this.days.get(account) ?? new Map<string, number>();
    for (const [day, steps] of Object.entries(days)) map.set(day, steps);
    this.days.set(account, map);
  }

  /** The user withdrew Stride's access at the provider: every token of the account stops working. */
  withdraw(account: string): void {
    for (const [token, owner] of this.accessTokens) if (owner.account === account) this.accessTokens.delete(token);
    for (const [token, owner] of this.refreshTokens) if (owner === account) this.refreshTokens.delete(token);
  }

  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string {
    const url = new URL(`https://${this.id}.provider.test/authorize`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('state', input.state);
    url.searchParams.set('code_challenge', input.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
    url.searchParams.set('redirect_uri', input.redirectUri);
    return url.toString();
  }

  private take(
    method: keyof ScriptedStepProvider['failures'],
    account?: string,
  ): ProviderError | 'garbage' | undefined {
    const queue = this.failures[method];
    const index = queue.findIndex((entry) => entry.account === undefined || entry.account === account);
    if (index < 0) return undefined;
    const [entry] = queue.splice(index, 1);
    return entry?.failure;
  }

  private tokensFor(account: string): ProviderTokens {
    const accessToken = `at-${this.id}-${randomBytes(12).toString('hex')}`;
    const refreshToken = `rt-${this.id}-${randomBytes(12).toString('hex')}`;
    const expiresAt = this.now() + this.tokenLifetimeMs;
    this.accessTokens.set(accessToken, { account, expiresAt });
    this.refreshTokens.set(refreshToken, account);
    this.issued.push(accessToken, refreshToken);
    return { accessToken, refreshToken, expiresAt, scope: 'activity' };
  }

  exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }) {
    this.calls.push({ method: 'exchangeCode' });
    const failure = this.take('exchange');
    if (failure instanceof ProviderError) return Promise.reject(failure);
    const issued = this.codes.get(input.code);
    this.codes.delete(input.code);
    const challenge = createHash('sha256').update(input.codeVerifier).digest('base64url');
    if (!issued || issued.challenge !== challenge) {
      return Promise.reject(new ProviderError('unauthorized', 'invalid_grant'));
    }
    return Promise.resolve({ tokens: this.tokensFor(issued.account.id), account: issued.account });
  }

  refresh(refreshToken: string): Promise<ProviderTokens> {
    const account = this.refreshTokens.get(refreshToken);
    this.calls.push({ method: 'refresh', ...(account ? { account } : {}) });
    const failure = this.take('refresh', account);
    if (failure instanceof ProviderError) return Promise.reject(failure);
    if (!account) return Promise.reject(new ProviderError('unauthorized', 'invalid_grant'));
    // Rotated: the old refresh token stops working.
    this.refreshTokens.delete(refreshToken);
    return Promise.resolve(this.tokensFor(account));
  }

  revoke(tokens: { accessToken: string; refreshToken: string }): Promise<void> {
    const account = this.accessTokens.get(tokens.accessToken)?.account ?? this.refreshTokens.get(tokens.refreshToken);
    this.calls.push({ method: 'revoke', ...(account ? { account } : {}) });
    const failure = this.take('revoke', account);
    if (failure instanceof ProviderError) return Promise.reject(failure);
    if (account) {
      this.revoked.push(account);
      this.withdraw(account);
    }
    return Promise.resolve();
  }

  async dailySteps(accessToken: string, range: { from: string; to: string }): Promise<ProviderDay[]> {
    const owner = this.accessTokens.get(accessToken);
    this.calls.push({ method: 'dailySteps', ...(owner ? { account: owner.account } : {}), ...range });
    if (this.gate && this.gate.account === owner?.account) {
      const gate = this.gate;
      this.gate = null;
      gate.resolveReached();
      await gate.wait;
    }
    const failure = this.take('dailySteps', owner?.account);
    if (failure instanceof ProviderError) throw failure;
    if (failure === 'garbage') return [{ day: 'yesterday-ish', steps: -5 }] as ProviderDay[];
    if (!owner || owner.expiresAt <= this.now()) throw new ProviderError('unauthorized', 'expired_token');
    const days = this.days.get(owner.account) ?? new Map<string, number>();
    return [...days]
      .filter(([day]) => day >= range.from && day <= range.to)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, steps]) => ({ day, steps }));
  }

  subscribe(_accessToken: string, connectionId: string): Promise<void> {
    this.subscriptions.push(connectionId);
    return Promise.resolve();
  }
}

/** Both providers scripted, as the app takes them. */
export function scriptedProviders(now: () => number): {
  huawei: ScriptedStepProvider;
  fitbit: ScriptedStepProvider;
  map: Map<StepProviderId, StepProvider>;
} {
  const huawei = new ScriptedStepProvider('huawei');
  const fitbit = new ScriptedStepProvider('fitbit');
  huawei.now = now;
  fitbit.now = now;
  return {
    huawei,
    fitbit,
    map: new Map<StepProviderId, StepProvider>([
      ['huawei', huawei],
      ['fitbit', fitbit],
    ]),
  };
}
