import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  STEP_PROVIDERS,
  type Language,
  type StepConnection,
  type StepProvider as StepProviderId,
  type StepSyncError,
} from '@stride/contract';
import type { FastifyBaseLogger } from 'fastify';
import { violatesUnique, type UniqueKey } from '../../db/constraints.js';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { AppError, notFound } from '../../http/errors.js';
import { translator, type MessageKey } from '../../locales/index.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, isoTime, type Clock } from '../../lib/clock.js';
import { exportRow, type PersonalDataSection } from '../../lib/personal-data.js';
import type { FieldCipher } from '../../lib/secrets.js';
import { NOTIFICATION_PAGES, type NotificationsService } from '../notifications/notifications.service.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { StepReports } from '../walking/step-reports.js';
import { ProviderError, type ProviderDay, type ProviderTokens, type StepProvider } from './providers/provider.js';
import type { StepConnectionRow, StepConnectionsRepository, SyncSettlement } from './step-connections.repository.js';

/** What the connections service needs of `config.stepConnections` (docs/operations.md, Connected accounts). */
export interface StepConnectionSettings {
  /** Where the provider sends the user's browser back (registered with the provider). */
  redirectUri: string;
  /** How often an active connection is synced. */
  syncEveryMinutes: number;
  /** How often the sync job looks for due connections; 0 = only when triggered (tests). */
  pollSeconds: number;
  /** The longest one provider call may take. */
  timeoutMs: number;
}

/** The providers this server is configured for, by id (providers/index.ts builds them). */
export type StepProviders = ReadonlyMap<StepProviderId, StepProvider>;

/** A start waits this long for the provider's redirect. */
export const START_TTL_MS = 10 * MINUTE_MS;
/** Starts per user per hour. */
export const STARTS_PER_HOUR = 10;
/** Tokens are refreshed when they expire within this. */
export const REFRESH_BEFORE_MS = 5 * MINUTE_MS;
/** A user's "sync now": once a minute per connection. */
export const SYNC_NOW_WINDOW_MS = MINUTE_MS;
/** The first sync reads this many days (today included), to fill history. */
export const FIRST_SYNC_DAYS = 7;
/** Backoff after failures: 1 minute, doubled per failure in a row, at most 6 hours. */
export const BACKOFF_BASE_MS = MINUTE_MS;
export const BACKOFF_MAX_MS = 6 * HOUR_MS;
/** Sync log rows are kept this long (the cleanup removes older ones). */
export const SYNC_LOG_KEEP_MS = 7 * DAY_MS;
/** Connections claimed per query, and per job pass at most; synced this many at a time. */
const BATCH = 50;
const PASS_MAX = 500;
const CONCURRENCY = 4;

/** The once-only rules of migration 0031. */
const ACCOUNT_ONCE: UniqueKey = {
  name: 'step_connections_account_once',
  table: 'step_connections',
  columns: ['provider', 'provider_user_id'],
};
const USER_PROVIDER_ONCE: UniqueKey = {
  name: 'step_connections_user_provider_once',
  table: 'step_connections',
  columns: ['user_id', 'provider'],
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** The backoff after `failures` failed syncs in a row. */
export function backoffMs(failures: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(failures - 1, 20)));
}

/**
 * The next regular sync after `now`: at the connection's own phase of the interval (a stable
 * offset from its id), at least half an interval away. Connections made in the same minute still
 * come due spread over the whole interval (decision 086 "Connected wearable accounts").
 */
export function nextRegularSync(id: string, now: number, intervalMs: number): number {
  const offset = createHash('sha256').update(id).digest().readUInt32BE(0) % intervalMs;
  const earliest = now + Math.floor(intervalMs / 2);
  const slot = Math.ceil((earliest - offset) / intervalMs) * intervalMs + offset;
  return slot;
}

/** The sync error a provider failure is shown as. */
function syncErrorOf(error: unknown): StepSyncError {
  if (!(error instanceof ProviderError)) return 'providerUnavailable';
  switch (error.failure) {
    case 'unauthorized':
      return 'revoked';
    case 'rateLimited':
      return 'rateLimited';
    case 'invalid':
      return 'providerAnswerInvalid';
    default:
      return 'providerUnavailable';
  }
}

/** The provider's name in the reader's language. */
export function providerName(provider: string, language: Language): string {
  return translator(language)(`stepProvider.${provider}` as MessageKey);
}

/** What one sync did. */
export type SyncOutcome = 'ok' | 'error' | 'rateLimited' | 'revoked' | 'busy';

/** What a sync pass did, for the job's log. */
export interface SyncPassResult {
  ok: number;
  errors: number;
  rateLimited: number;
  revoked: number;
}

/**
 * Connected wearable accounts (docs/product/step-sources.md, Connected accounts; decision 086 "Connected wearable
 * accounts"): OAuth 2.0 with PKCE and a state bound to the user, tokens sealed with the data key, syncs
 * claimed with a lease and spread over the interval, backoff on failures, and the days handed to
 * walking (`recordConnectionDays`), which counts and credits them as any source.
 */
export class StepConnectionsService {
  constructor(
    private readonly db: Db,
    private readonly repository: StepConnectionsRepository,
    private readonly walking: StepReports,
    private readonly notifications: NotificationsService,
    private readonly limits: RateLimitService,
    private readonly cipher: FieldCipher,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly settings: StepConnectionSettings,
    readonly providers: StepProviders,
    private readonly utcOffsetMinutes: number,
  ) {}

  /** Where failures are logged (the app's logger once it exists); never with a token. */
  log: FastifyBaseLogger | undefined;
  /** Asks for a sync pass soon: the app sets it to trigger the `steps.connections-sync` job. */
  onDue: (() => void) | undefined;
  /** Each sync's result, for /metrics (set by the app when metrics are on). */
  onSyncResult: ((provider: string, result: Exclude<SyncOutcome, 'busy'>) => void) | undefined;

  /** The configured providers, in the contract's order. */
  available(): StepProviderId[] {
    return STEP_PROVIDERS.filter((id) => this.providers.has(id));
  }

  private provider(id: StepProviderId, language: Language): StepProvider {
    const provider = this.providers.get(id);
    if (!provider) {
      throw new AppError('NOT_AVAILABLE', 'stepProviderNotConfigured', { provider: providerName(id, language) });
    }
    return provider;
  }

  async list(
    userId: string,
    language: Language,
  ): Promise<{ available: StepProviderId[]; connections: StepConnection[] }> {
    const rows = await this.repository.listOfUser(this.db, userId, true);
    return { available: this.available(), connections: await this.toConnections(userId, rows, language) };
  }

  private async toConnections(
    userId: string,
    rows: StepConnectionRow[],
    language: Language,
  ): Promise<StepConnection[]> {
    const today = this.calendar.dayOf(this.clock.now());
    const steps = await this.repository.stepsOn(
      this.db,
      userId,
      today,
      rows.map((row) => `connection:${row.id}`),
    );
    const t = translator(language);
    return rows.map((row) => {
      const code = row.last_error as StepSyncError | null;
      return {
        id: row.id,
        provider: row.provider as StepProviderId,
        accountName: row.account_name,
        status: row.status === 'revoked' ? 'revoked' : 'active',
        connectedAt: isoTime(row.connected_at),
        lastSyncAt: row.last_sync_at === null ? null : isoTime(row.last_sync_at),
        todaySteps: steps.get(`connection:${row.id}`) ?? 0,
        lastError:
          code === null
            ? null
            : {
                code,
                message: t(`stepSyncError.${code}` as MessageKey, { provider: providerName(row.provider, language) }),
                at: isoTime(row.last_error_at ?? row.connected_at),
              },
        nextSyncAt: row.status === 'active' && row.next_sync_at !== null ? isoTime(row.next_sync_at) : null,
      };
    });
  }

  private async connectionOf(userId: string, id: string, language: Language): Promise<StepConnection> {
    const row = await this.repository.findOwn(this.db, userId, id);
    if (!row) throw notFound();
    const [connection] = await this.toConnections(userId, [row], language);
    if (!connection) throw notFound();
    return connection;
  }

  /**
   * Starts a connection: a random state (32 bytes) kept only as its SHA-256, bound to the user
   * and the provider, with the PKCE verifier sealed with the data key, for 10 minutes; answers
   * the provider's authorization address with the S256 challenge. At most 10 starts an hour.
   */
  async start(userId: string, providerId: StepProviderId, language: Language): Promise<{ authorizeUrl: string }> {
    const provider = this.provider(providerId, language);
    if (!(await this.limits.allow(`stepConnect:user:${userId}`, HOUR_MS, STARTS_PER_HOUR))) {
      throw new AppError('RATE_LIMITED', 'rateLimited', { minutes: this.limits.minutesLeft(HOUR_MS) });
    }
    if (await this.repository.findActive(this.db, userId, providerId)) {
      throw new AppError('BUSINESS_RULE', 'stepConnectionExists', { provider: providerName(providerId, language) });
    }
    const state = randomBytes(32).toString('base64url');
    const verifier = randomBytes(48).toString('base64url');
    const now = this.clock.now();
    await this.repository.insertStart(this.db, {
      state_hash: sha256(state),
      user_id: userId,
      provider: providerId,
      code_verifier: this.cipher.encrypt(verifier),
      created_at: now,
      expires_at: now + START_TTL_MS,
      used_at: null,
    });
    return {
      authorizeUrl: provider.authorizeUrl({
        state,
        codeChallenge: challengeOf(verifier),
        redirectUri: this.settings.redirectUri,
      }),
    };
  }

  /**
   * Finishes a connection with what the provider's redirect carried. The state is used once, by
   * the user it was made for, while fresh (a compare-and-set); another user's state answers as an
   * unknown one and stays its owner's. The code is exchanged with the verifier; the provider
   * account connects to one Stride account (the partial unique index decides, decision 015 "Only once rules are held by
   * the database").
   */
  async finish(
    userId: string,
    input: { state: string; code?: string | undefined; error?: string | undefined },
    language: Language,
  ): Promise<StepConnection> {
    const now = this.clock.now();
    const stateHash = sha256(input.state);
    const start = await this.repository.useStart(this.db, stateHash, userId, now);
    if (!start) {
      const found = await this.repository.findStart(this.db, stateHash);
      if (!found || found.user_id !== userId) throw new AppError('BUSINESS_RULE', 'stepConnectStateUnknown');
      if (found.used_at !== null) throw new AppError('BUSINESS_RULE', 'stepConnectStateUsed');
      throw new AppError('BUSINESS_RULE', 'stepConnectStateExpired');
    }
    const providerId = start.provider as StepProviderId;
    const provider = this.provider(providerId, language);
    if (input.error !== undefined) {
      throw new AppError(
        'BUSINESS_RULE',
        input.error === 'access_denied' ? 'stepConnectDeclined' : 'stepConnectFailed',
        {
          provider: providerName(providerId, language),
        },
      );
    }
    if (!input.code) throw new AppError('VALIDATION_FAILED', 'stepConnectCodeMissing');
    let exchanged: Awaited<ReturnType<StepProvider['exchangeCode']>>;
    try {
      exchanged = await provider.exchangeCode({
        code: input.code,
        codeVerifier: this.cipher.decrypt(start.code_verifier),
        redirectUri: this.settings.redirectUri,
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.log?.warn({ provider: providerId, failure: error.failure }, 'step provider refused a code');
      const values = { provider: providerName(providerId, language) };
      if (error.failure === 'unauthorized' || error.failure === 'invalid') {
        throw new AppError('BUSINESS_RULE', 'stepConnectCodeRefused', values);
      }
      throw new AppError('SERVICE_UNAVAILABLE', 'stepProviderUnavailable', values);
    }
    const { tokens, account } = exchanged;
    const row: StepConnectionRow = {
      id: randomUUID(),
      user_id: userId,
      provider: providerId,
      provider_user_id: account.id.slice(0, 128),
      account_name: (account.name.trim() || account.id).slice(0, 128),
      ...this.sealed(tokens),
      status: 'active',
      connected_at: now,
      disconnected_at: null,
      last_sync_at: null,
      last_error: null,
      last_error_at: null,
      // The first sync is due at once: it fills the last week.
      next_sync_at: now,
      failures: 0,
      lease_token: null,
      lease_until: null,
      version: 1,
    };
    try {
      await this.db.transaction().execute(async (trx) => {
        // A revoked connection of this provider is replaced by the new one.
        await this.repository.retireRevoked(trx, userId, providerId, now);
        await this.repository.insert(trx, row);
      });
    } catch (error) {
      if (violatesUnique(error, ACCOUNT_ONCE)) {
        // The grant just made is of no use to this user: give it back (best effort).
        void this.revokeAtProvider(provider, row.id, tokens);
        throw new AppError('CONFLICT', 'stepAccountTaken', { provider: providerName(providerId, language) });
      }
      if (violatesUnique(error, USER_PROVIDER_ONCE)) {
        throw new AppError('BUSINESS_RULE', 'stepConnectionExists', { provider: providerName(providerId, language) });
      }
      throw error;
    }
    if (provider.subscribe) {
      try {
        await provider.subscribe(tokens.accessToken, row.id);
      } catch (error) {
        // Notifications only make syncs sooner; the schedule syncs it anyway.
        this.log?.warn(
          { connection: row.id, provider: providerId, failure: failureOf(error) },
          'step provider subscription failed',
        );
      }
    }
    this.onDue?.();
    return this.connectionOf(userId, row.id, language);
  }

  /**
   * A connection made without the browser's round trip, for the demo seed only (decision 086 "Connected wearable
   * accounts"): the demo account's grant at the local stand-in, whose tokens stay fixed. Once per user and
   * provider; then synced at once, which fills the last week from the stand-in (a stand-in that is
   * not running leaves the error on the page and the schedule tries again).
   */
  async connectSeeded(
    userId: string,
    input: { provider: StepProviderId; account: { id: string; name: string }; tokens: ProviderTokens },
  ): Promise<void> {
    if (!this.providers.has(input.provider)) return;
    const now = this.clock.now();
    const id = randomUUID();
    try {
      await this.repository.insert(this.db, {
        id,
        user_id: userId,
        provider: input.provider,
        provider_user_id: input.account.id,
        account_name: input.account.name,
        ...this.sealed(input.tokens),
        status: 'active',
        connected_at: now,
        disconnected_at: null,
        last_sync_at: null,
        last_error: null,
        last_error_at: null,
        next_sync_at: now,
        failures: 0,
        lease_token: null,
        lease_until: null,
        version: 1,
      });
    } catch (error) {
      // Seeded on an earlier start.
      if (violatesUnique(error, ACCOUNT_ONCE) || violatesUnique(error, USER_PROVIDER_ONCE)) return;
      throw error;
    }
    await this.claimAndSync(id, false);
  }

  private sealed(tokens: ProviderTokens) {
    return {
      access_token: this.cipher.encrypt(tokens.accessToken),
      refresh_token: this.cipher.encrypt(tokens.refreshToken),
      token_expires_at: tokens.expiresAt,
      scope: tokens.scope.slice(0, 500),
    };
  }

  private opened(row: StepConnectionRow): { accessToken: string; refreshToken: string; expiresAt: number } {
    return {
      accessToken: this.cipher.decrypt(row.access_token),
      refreshToken: this.cipher.decrypt(row.refresh_token),
      expiresAt: row.token_expires_at,
    };
  }

  /** The lease outlives a refresh, a read and a retry, each bounded by the provider timeout. */
  private leaseMs(): number {
    return 4 * this.settings.timeoutMs + 30_000;
  }

  /**
   * One pass of the `steps.connections-sync` job: claims due active connections (a bounded
   * number per pass) and syncs a few at a time. What is left is due at the next pass.
   */
  async syncDue(): Promise<SyncPassResult> {
    const result: SyncPassResult = { ok: 0, errors: 0, rateLimited: 0, revoked: 0 };
    const seen = new Set<string>();
    while (seen.size < PASS_MAX) {
      const ids = (await this.repository.dueIds(this.db, this.clock.now(), BATCH)).filter((id) => !seen.has(id));
      if (ids.length === 0) break;
      for (const id of ids) seen.add(id);
      let next = 0;
      const worker = async () => {
        while (next < ids.length) {
          const id = ids[next] as string;
          next += 1;
          const outcome = await this.claimAndSync(id, true);
          if (outcome === 'ok') result.ok += 1;
          else if (outcome === 'error') result.errors += 1;
          else if (outcome === 'rateLimited') result.rateLimited += 1;
          else if (outcome === 'revoked') result.revoked += 1;
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ids.length) }, worker));
    }
    return result;
  }

  /**
   * The user's "sync now" (at most once a minute per connection), through the same claim as the
   * job: a sync already running is not run twice; the answer is the connection's state after.
   */
  async syncNow(userId: string, id: string, language: Language): Promise<StepConnection> {
    const row = await this.repository.findOwn(this.db, userId, id);
    if (!row) throw notFound();
    if (row.status === 'active') {
      if (!(await this.limits.allow(`stepSync:connection:${id}`, SYNC_NOW_WINDOW_MS, 1))) {
        throw new AppError('RATE_LIMITED', 'rateLimited', { minutes: this.limits.minutesLeft(SYNC_NOW_WINDOW_MS) });
      }
      await this.claimAndSync(id, false);
    }
    return this.connectionOf(userId, id, language);
  }

  private async claimAndSync(id: string, due: boolean): Promise<SyncOutcome> {
    const token = randomUUID();
    const now = this.clock.now();
    const row = await this.repository.claim(this.db, id, { token, until: now + this.leaseMs(), now, due });
    if (!row) return 'busy';
    const provider = this.providers.get(row.provider as StepProviderId);
    if (!provider) {
      // Configured no longer: it waits, untouched, until the provider is configured again.
      await this.repository.release(this.db, id, token);
      return 'busy';
    }
    let outcome: Exclude<SyncOutcome, 'busy'>;
    try {
      const days = await this.fetchDays(provider, row, token);
      const changed = await this.walking.recordConnectionDays(
        row.user_id,
        { key: `connection:${row.id}`, kind: row.provider as StepProviderId },
        days,
      );
      const at = this.clock.now();
      await this.repository.settle(this.db, id, token, {
        status: 'active',
        last_sync_at: at,
        last_error: null,
        last_error_at: null,
        failures: 0,
        next_sync_at: nextRegularSync(id, at, this.settings.syncEveryMinutes * MINUTE_MS),
      });
      await this.logSync(row, 'ok', null, changed);
      outcome = 'ok';
    } catch (error) {
      outcome = await this.failed(row, token, error);
    }
    this.onSyncResult?.(row.provider, outcome);
    return outcome;
  }

  /**
   * Yesterday and today (the last week on the first sync), with tokens refreshed when they end
   * within 5 minutes, or when the provider refuses them once (then a second refusal stands).
   */
  private async fetchDays(provider: StepProvider, row: StepConnectionRow, leaseToken: string): Promise<ProviderDay[]> {
    let tokens = this.opened(row);
    let refreshed = false;
    const refresh = async () => {
      const next = await provider.refresh(tokens.refreshToken);
      refreshed = true;
      tokens = next;
      await this.repository.saveTokens(this.db, row.id, leaseToken, this.sealed(next));
    };
    if (tokens.expiresAt - this.clock.now() <= REFRESH_BEFORE_MS) await refresh();
    const today = this.calendar.dayOf(this.clock.now());
    const from = this.calendar.addDays(today, row.last_sync_at === null ? -(FIRST_SYNC_DAYS - 1) : -1);
    const range = { from, to: today, utcOffsetMinutes: this.utcOffsetMinutes };
    let days: ProviderDay[];
    try {
      days = await provider.dailySteps(tokens.accessToken, range);
    } catch (error) {
      if (!(error instanceof ProviderError) || error.failure !== 'unauthorized' || refreshed) throw error;
      await refresh();
      days = await provider.dailySteps(tokens.accessToken, range);
    }
    return checkedDays(days, from, today);
  }

  /** A failed sync: the error kept, the next try backed off, or the connection revoked. */
  private async failed(
    row: StepConnectionRow,
    token: string,
    error: unknown,
  ): Promise<Exclude<SyncOutcome, 'busy' | 'ok'>> {
    const code = syncErrorOf(error);
    const now = this.clock.now();
    const failures = row.failures + 1;
    const failure = failureOf(error);
    if (!(error instanceof ProviderError)) {
      this.log?.error({ connection: row.id, provider: row.provider, err: error }, 'step sync failed');
    } else {
      this.log?.warn({ connection: row.id, provider: row.provider, failure, failures }, 'step sync failed');
    }
    const change: SyncSettlement = {
      status: 'active',
      last_sync_at: row.last_sync_at,
      last_error: code,
      last_error_at: now,
      failures,
      next_sync_at: now + backoffMs(failures),
    };
    if (code === 'rateLimited') {
      const retryAfter = error instanceof ProviderError ? (error.retryAfterMs ?? 0) : 0;
      change.next_sync_at = now + Math.max(retryAfter, backoffMs(failures));
    }
    if (code !== 'revoked') {
      await this.repository.settle(this.db, row.id, token, change);
      await this.logSync(row, code === 'rateLimited' ? 'rateLimited' : 'error', code, 0);
      return code === 'rateLimited' ? 'rateLimited' : 'error';
    }
    // The grant is gone at the provider: syncing stops until the user connects again.
    await this.db.transaction().execute(async (trx) => {
      const settled = await this.repository.settle(trx, row.id, token, {
        ...change,
        status: 'revoked',
        next_sync_at: null,
        access_token: '',
        refresh_token: '',
      });
      if (!settled) return;
      await this.notifications.record(trx, {
        userId: row.user_id,
        kind: 'step-connection.revoked',
        params: { provider: row.provider, accountName: row.account_name },
        dedupeKey: `step-connection.revoked:${row.id}`,
        link: { path: NOTIFICATION_PAGES.stepSources },
      });
    });
    this.notifications.nudge();
    await this.logSync(row, 'error', code, 0);
    return 'revoked';
  }

  private async logSync(
    row: StepConnectionRow,
    result: 'ok' | 'error' | 'rateLimited',
    error: StepSyncError | null,
    days: number,
  ) {
    await this.repository.insertLog(this.db, {
      id: randomUUID(),
      connection_id: row.id,
      provider: row.provider,
      result,
      error,
      days,
      at: this.clock.now(),
    });
  }

  /**
   * A Fitbit notification (decision 086 "Connected wearable accounts"): each account's active connection is due now,
   * and a pass is asked for. A replay only makes a sync due again; the sync itself changes nothing twice.
   */
  async notified(provider: StepProviderId, ownerIds: readonly string[]): Promise<number> {
    let marked = 0;
    const now = this.clock.now();
    for (const ownerId of new Set(ownerIds)) marked += await this.repository.markDue(this.db, provider, ownerId, now);
    if (marked > 0) this.onDue?.();
    return marked;
  }

  /** The user's own disconnect: another user's id, or one already disconnected, answers 1004. */
  async disconnect(userId: string, id: string): Promise<{ done: true }> {
    const row = await this.repository.findOwn(this.db, userId, id);
    if (!row || !(await this.disconnectRow(row))) throw notFound();
    return { done: true };
  }

  /**
   * Disconnects a connection (compare-and-set: two disconnects revoke once; `within` runs in its
   * transaction, as an operator's audit record does) and then revokes its grant at the provider,
   * best effort within the provider's timeout: a failure is logged, without tokens, and does not
   * keep the connection. Steps it reported stay.
   */
  async disconnectRow(row: StepConnectionRow, within?: (trx: Executor) => Promise<void>): Promise<boolean> {
    const won = await this.db.transaction().execute(async (trx) => {
      if (!(await this.repository.disconnect(trx, row.id, this.clock.now()))) return false;
      await within?.(trx);
      return true;
    });
    if (!won) return false;
    const provider = this.providers.get(row.provider as StepProviderId);
    if (provider && row.access_token !== '') await this.revokeAtProvider(provider, row.id, this.opened(row));
    return true;
  }

  private async revokeAtProvider(
    provider: StepProvider,
    connectionId: string,
    tokens: { accessToken: string; refreshToken: string },
  ): Promise<void> {
    try {
      await provider.revoke({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
    } catch (error) {
      this.log?.warn(
        { connection: connectionId, provider: provider.id, failure: failureOf(error) },
        'step provider revoke failed',
      );
    }
  }

  /** Sync log rows past the week the health view reads (the cleanup's part, cleanup.ts). */
  pruneLog(): Promise<number> {
    return this.repository.pruneLog(this.db, this.clock.now() - SYNC_LOG_KEEP_MS);
  }

  /**
   * Connected accounts in the step-sources section of the export (provider, account name, status,
   * times; never a token), and their part of the deletion: every connection disconnected in the
   * deletion's transaction and its grant revoked at the provider once it committed (decision 047 "Your data").
   */
  withConnections(section: PersonalDataSection): PersonalDataSection {
    return {
      ...section,
      exportFor: async (userId) => ({
        ...((await section.exportFor(userId)) as Record<string, unknown>),
        connections: (await this.repository.exportOfUser(this.db, userId)).map(exportRow),
      }),
      erase: async (trx, context) => {
        const then = await section.erase?.(trx, context);
        const live = await this.repository.liveOfUser(trx, context.userId);
        await this.repository.eraseOfUser(trx, context.userId, context.now);
        return async () => {
          if (then) await then();
          for (const row of live) {
            const provider = this.providers.get(row.provider as StepProviderId);
            if (provider && row.access_token !== '') await this.revokeAtProvider(provider, row.id, this.opened(row));
          }
        };
      },
    };
  }
}

/** A failure's kind for the log: a provider's word, never its message (which may quote a request). */
function failureOf(error: unknown): string {
  return error instanceof ProviderError ? error.failure : 'error';
}

/** The provider's days as documented: each in the asked range, once, a whole count within a day's reach. */
function checkedDays(days: unknown, from: string, to: string): ProviderDay[] {
  if (!Array.isArray(days)) throw new ProviderError('invalid', 'days are not a list');
  const seen = new Set<string>();
  for (const entry of days as unknown[]) {
    const { day, steps } = (entry ?? {}) as { day?: unknown; steps?: unknown };
    if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day) || day < from || day > to || seen.has(day)) {
      throw new ProviderError('invalid', 'a day outside the range asked');
    }
    if (typeof steps !== 'number' || !Number.isInteger(steps) || steps < 0 || steps > 1_000_000) {
      throw new ProviderError('invalid', 'a count that is not a whole number of steps');
    }
    seen.add(day);
  }
  return days as ProviderDay[];
}
