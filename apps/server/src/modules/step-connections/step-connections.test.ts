import { Writable } from 'node:stream';
import {
  CODES,
  consoleDisconnectStepConnection,
  consoleStepSyncHealth,
  consoleUserStepConnections,
  deleteMyAccount,
  disconnectStepConnection,
  exportMyData,
  finishStepConnection,
  getStepReceipt,
  listNotifications,
  listStepConnections,
  startStepConnection,
  syncStepConnection,
  type StepProvider as StepProviderId,
} from '@stride/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, balanceOf, cardHolder as newCardHolder, registerUser, useTestApp } from '../../../test/harness.js';
import { consoleApi, signIn } from '../../../test/console.js';
import { scriptedProviders } from '../../../test/step-providers.js';
import { JOB_NAMES } from '../../jobs.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../lib/clock.js';
import { ProviderError } from './providers/provider.js';
import { BACKOFF_MAX_MS, START_TTL_MS, backoffMs, nextRegularSync } from './step-connections.service.js';

// Every log line, to look for tokens in (LOG_LEVEL below lets them through).
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

const METRICS = 'step-metrics-token-step-metrics-token-0000';
const providers = scriptedProviders(() => t.clock.now());
const t = useTestApp(
  { LOG_LEVEL: 'debug', STEP_SYNC_POLL_SECONDS: '0', STEP_SYNC_EVERY_MINUTES: '60', METRICS_TOKEN: METRICS },
  { stepProviders: providers.map, logStream },
);

// The business day is UTC+8 by default: local noon on 22 November 2026.
const NOON = Date.UTC(2026, 10, 22, 4, 0, 0);
const TODAY = '2026-11-22';
const YESTERDAY = '2026-11-21';

let accountCounter = 0;
function account(name = 'Li Na') {
  accountCounter += 1;
  return { id: `acct-${accountCounter}-${Math.random().toString(36).slice(2, 8)}`, name };
}

type User = Awaited<ReturnType<typeof registerUser>>;

async function start(user: User, provider: StepProviderId = 'fitbit') {
  const started = await api(t, startStepConnection, { token: user.token, body: { provider } });
  expect(started.code, started.message).toBe(CODES.OK);
  return started.data.authorizeUrl;
}

/** Start, the provider's consent as `who`, and finish: the connection. */
async function connect(user: User, who = account(), provider: StepProviderId = 'fitbit') {
  const { code, state } = providers[provider].consent(await start(user, provider), who);
  const finished = await api(t, finishStepConnection, { token: user.token, body: { state, code } });
  expect(finished.code, finished.message).toBe(CODES.OK);
  return { connection: finished.data, who };
}

const syncPass = () => t.app.jobs.run(JOB_NAMES.stepConnections);

async function connectionRow(id: string) {
  return t.db.selectFrom('step_connections').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function sourceRows(userId: string, id: string) {
  return t.db
    .selectFrom('step_sources')
    .select(['day', 'steps'])
    .where('user_id', '=', userId)
    .where('source', '=', `connection:${id}`)
    .orderBy('day')
    .execute();
}

/** The user's ledger entries, counted (a credit paid twice would show here). */
async function ledgerEntries(userId: string) {
  const row = await t.db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('ledger_accounts.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A verified user with an active card: 300 cash back for 6,000 steps a day. */
async function cardHolder(): Promise<User> {
  const {
    planId: _planId,
    bought,
    ...user
  } = await newCardHolder(t, {
    cash: 20_000,
    plan: { daily_target: 6_000, daily_cash_back: 300 },
  });
  expect(bought.code, bought.message).toBe(CODES.OK);
  return user;
}

beforeEach(() => {
  t.clock.set(NOON);
});

describe('connecting an account (OAuth 2.0 with PKCE)', () => {
  it('starts with the provider address, a state and an S256 challenge, and finishes into an active connection', async () => {
    const user = await registerUser(t);
    const url = new URL(await start(user));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(t.config.stepConnections.redirectUri);
    const state = url.searchParams.get('state') ?? '';
    expect(Buffer.from(state, 'base64url')).toHaveLength(32);
    // Only the state's hash and the sealed verifier are kept.
    const start_ = await t.db
      .selectFrom('step_connection_starts')
      .selectAll()
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(start_.state_hash).not.toContain(state);
    expect(start_.code_verifier.startsWith('v1.')).toBe(true);
    expect(start_.expires_at - start_.created_at).toBe(START_TTL_MS);

    const who = account('Li Na’s Charge 6');
    const { code } = providers.fitbit.consent(url.toString(), who);
    const finished = await api(t, finishStepConnection, { token: user.token, body: { state, code } });
    expect(finished.code, finished.message).toBe(CODES.OK);
    expect(finished.data).toMatchObject({
      provider: 'fitbit',
      accountName: who.name,
      status: 'active',
      lastSyncAt: null,
      todaySteps: 0,
      lastError: null,
    });
    const row = await connectionRow(finished.data.id);
    // Sealed at rest, never the tokens themselves.
    expect(row.access_token.startsWith('v1.')).toBe(true);
    expect(providers.fitbit.issued.some((token) => row.access_token.includes(token))).toBe(false);
    expect(row.next_sync_at).toBe(NOON);
    expect(providers.fitbit.subscriptions).toContain(finished.data.id);

    const list = await api(t, listStepConnections, { token: user.token });
    expect(list.data.available).toEqual(['huawei', 'fitbit']);
    expect(list.data.connections.map((c) => c.id)).toEqual([finished.data.id]);
    // One live connection per provider.
    const again = await api(t, startStepConnection, { token: user.token, body: { provider: 'fitbit' } });
    expect(again.code).toBe(CODES.BUSINESS_RULE);
    expect(again.message).toContain('Fitbit');
  });

  it('refuses an unknown, expired, reused or another user’s state, a declined consent and a code without its verifier', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    const unknown = await api(t, finishStepConnection, {
      token: user.token,
      body: { state: 'not-a-state', code: 'x' },
    });
    expect(unknown.code).toBe(CODES.BUSINESS_RULE);
    expect(unknown.message).toBe('This connection was not started from your account; please start connecting again');
    const spanish = await api(t, finishStepConnection, {
      token: user.token,
      body: { state: 'not-a-state', code: 'x' },
      language: 'es',
    });
    expect(spanish.message).toContain('vuelve a empezar la conexión');

    // Another user's state: the same answer as an unknown one, and it stays its owner's.
    const url = await start(other);
    const { code, state } = providers.fitbit.consent(url, account());
    const stolen = await api(t, finishStepConnection, { token: user.token, body: { state, code } });
    expect(stolen.code).toBe(CODES.BUSINESS_RULE);
    expect(stolen.message).toBe(unknown.message);
    expect(await t.db.selectFrom('step_connections').select('id').where('user_id', '=', user.userId).execute()).toEqual(
      [],
    );
    const owner = await api(t, finishStepConnection, { token: other.token, body: { state, code } });
    expect(owner.code, owner.message).toBe(CODES.OK);
    // Used once.
    const reused = await api(t, finishStepConnection, { token: other.token, body: { state, code } });
    expect(reused.code).toBe(CODES.BUSINESS_RULE);
    expect(reused.message).toMatch(/already been used/);

    // Expired after 10 minutes.
    const late = providers.fitbit.consent(await start(user), account());
    t.clock.advance(START_TTL_MS + 1);
    const expired = await api(t, finishStepConnection, { token: user.token, body: late });
    expect(expired.code).toBe(CODES.BUSINESS_RULE);
    expect(expired.message).toMatch(/expired/);

    // Declined at the provider: a clear word, in the user's language, and the state is spent.
    const declinedUrl = new URL(await start(user));
    const declined = await api(t, finishStepConnection, {
      token: user.token,
      body: { state: declinedUrl.searchParams.get('state') ?? '', error: 'access_denied' },
      language: 'fr',
    });
    expect(declined.code).toBe(CODES.BUSINESS_RULE);
    expect(declined.message).toBe('Vous avez refusé que Stride lise vos pas chez Fitbit ; rien n’a été connecté');

    // A code issued for another challenge (the verifier does not match it): refused by the provider.
    const mine = new URL(await start(user));
    const tampered = new URL(mine);
    tampered.searchParams.set('code_challenge', 'A'.repeat(43));
    const wrong = providers.fitbit.consent(tampered.toString(), account());
    const pkce = await api(t, finishStepConnection, {
      token: user.token,
      body: { state: mine.searchParams.get('state') ?? '', code: wrong.code },
    });
    expect(pkce.code).toBe(CODES.BUSINESS_RULE);
    expect(pkce.message).toMatch(/did not accept/);
    expect(await t.db.selectFrom('step_connections').select('id').where('user_id', '=', user.userId).execute()).toEqual(
      [],
    );
  });

  it('refuses a provider the server is not configured for with 1010, in the user’s language', async () => {
    const user = await registerUser(t);
    providers.map.delete('huawei');
    try {
      const refused = await api(t, startStepConnection, {
        token: user.token,
        body: { provider: 'huawei' },
        language: 'zh-Hans',
      });
      expect(refused.code).toBe(CODES.NOT_AVAILABLE);
      expect(refused.message).toBe('本服务器暂不支持连接华为运动健康');
      expect((await api(t, listStepConnections, { token: user.token })).data.available).toEqual(['fitbit']);
    } finally {
      providers.map.set('huawei', providers.huawei);
    }
  });

  it('allows at most 10 starts per user per hour', async () => {
    const user = await registerUser(t);
    t.clock.set(NOON + 7 * DAY_MS);
    for (let i = 0; i < 10; i += 1) await start(user, 'huawei');
    const refused = await api(t, startStepConnection, { token: user.token, body: { provider: 'huawei' } });
    expect(refused.code).toBe(CODES.RATE_LIMITED);
  });

  it('connects one provider account to one Stride account: two finishes at once, exactly one wins', async () => {
    const first = await registerUser(t);
    const second = await registerUser(t);
    const who = account();
    const a = providers.fitbit.consent(await start(first), who);
    const b = providers.fitbit.consent(await start(second), who);
    const answers = await Promise.all([
      api(t, finishStepConnection, { token: first.token, body: a }),
      api(t, finishStepConnection, { token: second.token, body: b }),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([CODES.OK, CODES.CONFLICT].sort());
    const lost = answers.find((answer) => answer.code === CODES.CONFLICT);
    expect(lost?.message).toBe('This Fitbit account is connected to another Stride account');
    const rows = await t.db
      .selectFrom('step_connections')
      .select('user_id')
      .where('provider_user_id', '=', who.id)
      .where('status', '<>', 'disconnected')
      .execute();
    expect(rows).toHaveLength(1);
    // The same user finishing twice at once: one connection.
    const third = await registerUser(t);
    const c = providers.huawei.consent(await start(third, 'huawei'), account());
    const twice = await Promise.all([
      api(t, finishStepConnection, { token: third.token, body: c }),
      api(t, finishStepConnection, { token: third.token, body: c }),
    ]);
    expect(twice.filter((answer) => answer.code === CODES.OK)).toHaveLength(1);
    expect(
      await t.db.selectFrom('step_connections').select('id').where('user_id', '=', third.userId).execute(),
    ).toHaveLength(1);
  });
});

describe('syncing', () => {
  it('fills the last week on the first sync, credits today and its cash back once, and the same data twice changes nothing', async () => {
    const user = await cardHolder();
    const { connection, who } = await connect(user);
    providers.fitbit.setDays(who.id, {
      '2026-11-16': 9_000,
      '2026-11-19': 4_000,
      [YESTERDAY]: 3_000,
      [TODAY]: 7_500,
    });
    const cash = await balanceOf(t, user.userId);
    await syncPass();
    const read = providers.fitbit.calls.filter((call) => call.method === 'dailySteps' && call.account === who.id);
    expect(read.at(-1)).toMatchObject({ from: '2026-11-16', to: TODAY });
    expect(await sourceRows(user.userId, connection.id)).toEqual([
      { day: '2026-11-16', steps: 9_000 },
      { day: '2026-11-19', steps: 4_000 },
      { day: YESTERDAY, steps: 3_000 },
      { day: TODAY, steps: 7_500 },
    ]);
    expect(await balanceOf(t, user.userId)).toBe(cash + 300);
    const entries = await ledgerEntries(user.userId);
    const row = await connectionRow(connection.id);
    expect(row).toMatchObject({ last_sync_at: NOON, last_error: null, failures: 0, lease_token: null });
    // Spread by the connection's own offset: between half an interval and one and a half away.
    expect(row.next_sync_at).toBe(nextRegularSync(connection.id, NOON, HOUR_MS));
    expect(row.next_sync_at! - NOON).toBeGreaterThanOrEqual(HOUR_MS / 2);
    expect(row.next_sync_at! - NOON).toBeLessThan((3 * HOUR_MS) / 2);

    // The receipt names the account; the day credits it.
    const receipt = await api(t, getStepReceipt, { token: user.token, params: { day: TODAY } });
    expect(receipt.data.sources).toEqual([
      expect.objectContaining({ kind: 'fitbit', name: who.name, steps: 7_500, credited: true }),
    ]);
    const list = await api(t, listStepConnections, { token: user.token });
    expect(list.data.connections[0]).toMatchObject({ todaySteps: 7_500, lastError: null });

    // Later the same numbers again: nothing new, and only yesterday and today are read.
    t.clock.set(row.next_sync_at!);
    const before = await t.db
      .selectFrom('step_sources')
      .select(['day', 'steps', 'reported_at'])
      .where('user_id', '=', user.userId)
      .execute();
    const refusals = await t.db.selectFrom('step_refusals').selectAll().where('user_id', '=', user.userId).execute();
    await syncPass();
    expect(
      providers.fitbit.calls.filter((call) => call.method === 'dailySteps' && call.account === who.id).at(-1),
    ).toMatchObject({ from: YESTERDAY, to: TODAY });
    expect(
      await t.db
        .selectFrom('step_sources')
        .select(['day', 'steps', 'reported_at'])
        .where('user_id', '=', user.userId)
        .execute(),
    ).toEqual(before);
    expect(await t.db.selectFrom('step_refusals').selectAll().where('user_id', '=', user.userId).execute()).toEqual(
      refusals,
    );
    expect(await ledgerEntries(user.userId)).toBe(entries);
    expect(await balanceOf(t, user.userId)).toBe(cash + 300);
  });

  it('keeps the higher count of a day the provider lowers, with one `lowered` refusal per lower count', async () => {
    const user = await registerUser(t);
    const { connection, who } = await connect(user);
    providers.fitbit.setDays(who.id, { [TODAY]: 8_000 });
    await syncPass();
    providers.fitbit.setDays(who.id, { [TODAY]: 7_200 });
    for (let i = 0; i < 2; i += 1) {
      t.clock.advance(2 * HOUR_MS);
      await api(t, syncStepConnection, { token: user.token, params: { id: connection.id } });
    }
    expect(await sourceRows(user.userId, connection.id)).toEqual([{ day: TODAY, steps: 8_000 }]);
    const receipt = await api(t, getStepReceipt, { token: user.token, params: { day: TODAY } });
    expect(receipt.data.steps).toBe(8_000);
    expect(receipt.data.refusals).toEqual([
      expect.objectContaining({ kind: 'fitbit', name: who.name, steps: 7_200, reason: 'lowered', limit: 8_000 }),
    ]);
  });

  it('a late sync of yesterday still earns its cash back; an older day only fills history; the highest source counts', async () => {
    const user = await cardHolder();
    const { connection, who } = await connect(user, account(), 'huawei');
    // The card's first day passes without a sync; the next day the watch's count for it arrives.
    t.clock.set(NOON + DAY_MS);
    const cash = await balanceOf(t, user.userId);
    providers.huawei.setDays(who.id, { '2026-11-17': 20_000, [TODAY]: 6_500 });
    await syncPass();
    expect(await balanceOf(t, user.userId)).toBe(cash + 300);
    expect(await sourceRows(user.userId, connection.id)).toEqual([
      { day: '2026-11-17', steps: 20_000 },
      { day: TODAY, steps: 6_500 },
    ]);
    const old = await api(t, getStepReceipt, { token: user.token, params: { day: '2026-11-17' } });
    expect(old.data.steps).toBe(20_000);
    expect(old.data.cashBack).toEqual([]);
  });

  it('one sync at a time: the job and "sync now" at once, and two "sync now" at once, credit once', async () => {
    const user = await cardHolder();
    const { connection, who } = await connect(user);
    providers.fitbit.setDays(who.id, { [TODAY]: 9_000 });
    const cash = await balanceOf(t, user.userId);
    const gate = providers.fitbit.holdNextRead(who.id);
    const pass = syncPass();
    await gate.reached;
    // The job holds the lease: "sync now" answers the state as it is and reads nothing.
    const reads = providers.fitbit.calls.filter((call) => call.method === 'dailySteps').length;
    const now = await api(t, syncStepConnection, { token: user.token, params: { id: connection.id } });
    expect(now.code, now.message).toBe(CODES.OK);
    expect(now.data.lastSyncAt).toBeNull();
    expect(providers.fitbit.calls.filter((call) => call.method === 'dailySteps')).toHaveLength(reads);
    gate.open();
    await pass;
    expect(await sourceRows(user.userId, connection.id)).toEqual([{ day: TODAY, steps: 9_000 }]);
    expect(await balanceOf(t, user.userId)).toBe(cash + 300);

    t.clock.advance(10 * MINUTE_MS);
    providers.fitbit.setDays(who.id, { [TODAY]: 9_500 });
    const both = await Promise.all([
      api(t, syncStepConnection, { token: user.token, params: { id: connection.id } }),
      api(t, syncStepConnection, { token: user.token, params: { id: connection.id } }),
    ]);
    expect(both.map((answer) => answer.code).sort()).toEqual([CODES.OK, CODES.RATE_LIMITED].sort());
    expect(await sourceRows(user.userId, connection.id)).toEqual([{ day: TODAY, steps: 9_500 }]);
    expect(await balanceOf(t, user.userId)).toBe(cash + 300);
    // At most once a minute: 1006 with the minutes.
    const soon = await api(t, syncStepConnection, { token: user.token, params: { id: connection.id } });
    expect(soon.code).toBe(CODES.RATE_LIMITED);
    expect(soon.message).toMatch(/1 minute/);
  });

  it('waits for Retry-After on 429, backs off on 5xx, and keeps a garbled answer as an error that changes nothing', async () => {
    const user = await registerUser(t);
    const { connection, who } = await connect(user);
    providers.fitbit.setDays(who.id, { [TODAY]: 5_000 });
    providers.fitbit.failNext('dailySteps', new ProviderError('rateLimited', '429', 45 * MINUTE_MS), who.id);
    expect(await syncPass()).toMatchObject({ rateLimited: 1 });
    let row = await connectionRow(connection.id);
    expect(row).toMatchObject({
      last_error: 'rateLimited',
      failures: 1,
      next_sync_at: NOON + 45 * MINUTE_MS,
      lease_token: null,
    });
    const list = await api(t, listStepConnections, { token: user.token, language: 'es' });
    expect(list.data.connections[0]?.lastError).toMatchObject({ code: 'rateLimited' });
    expect(list.data.connections[0]?.lastError?.message).toContain('Fitbit pidió a Stride que espere');
    // Not due before then.
    t.clock.set(NOON + 44 * MINUTE_MS);
    const reads = providers.fitbit.calls.filter((call) => call.account === who.id).length;
    await syncPass();
    expect(providers.fitbit.calls.filter((call) => call.account === who.id)).toHaveLength(reads);

    t.clock.set(NOON + 45 * MINUTE_MS);
    providers.fitbit.failNext('dailySteps', new ProviderError('unavailable', '503'), who.id);
    await syncPass();
    row = await connectionRow(connection.id);
    expect(row).toMatchObject({ last_error: 'providerUnavailable', failures: 2 });
    expect(row.next_sync_at).toBe(NOON + 45 * MINUTE_MS + backoffMs(2));

    t.clock.set(row.next_sync_at!);
    providers.fitbit.failNext('dailySteps', 'garbage', who.id);
    await syncPass();
    row = await connectionRow(connection.id);
    expect(row).toMatchObject({ last_error: 'providerAnswerInvalid', failures: 3 });
    expect(await sourceRows(user.userId, connection.id)).toEqual([]);

    // A good sync clears it all.
    t.clock.set(row.next_sync_at!);
    await syncPass();
    row = await connectionRow(connection.id);
    expect(row).toMatchObject({ last_error: null, last_error_at: null, failures: 0 });
    expect(await sourceRows(user.userId, connection.id)).toEqual([{ day: TODAY, steps: 5_000 }]);
    const log = await t.db
      .selectFrom('step_sync_log')
      .select(['result', 'error'])
      .where('connection_id', '=', connection.id)
      .orderBy('at')
      .execute();
    expect(log).toEqual([
      { result: 'rateLimited', error: 'rateLimited' },
      { result: 'error', error: 'providerUnavailable' },
      { result: 'error', error: 'providerAnswerInvalid' },
      { result: 'ok', error: null },
    ]);
    expect(backoffMs(1)).toBe(MINUTE_MS);
    expect(backoffMs(30)).toBe(BACKOFF_MAX_MS);
  });

  it('refreshes tokens that end within 5 minutes and stores the rotated ones', async () => {
    const user = await registerUser(t);
    const { connection, who } = await connect(user, account(), 'huawei');
    const sealed = (await connectionRow(connection.id)).refresh_token;
    providers.huawei.setDays(who.id, { [TODAY]: 1_234 });
    t.clock.set(NOON + 8 * HOUR_MS - 4 * MINUTE_MS);
    await t.db
      .updateTable('step_connections')
      .set({ next_sync_at: t.clock.now() })
      .where('id', '=', connection.id)
      .execute();
    await syncPass();
    expect(providers.huawei.calls.filter((call) => call.method === 'refresh' && call.account === who.id)).toHaveLength(
      1,
    );
    const row = await connectionRow(connection.id);
    expect(row.refresh_token).not.toBe(sealed);
    expect(row.token_expires_at).toBe(t.clock.now() + 8 * HOUR_MS);
    expect(row.last_error).toBeNull();
  });

  it('a grant withdrawn at the provider ends syncing as `revoked`, shown on the page and in the inbox', async () => {
    const user = await registerUser(t);
    const { connection, who } = await connect(user);
    providers.fitbit.withdraw(who.id);
    expect(await syncPass()).toMatchObject({ revoked: 1 });
    const row = await connectionRow(connection.id);
    expect(row).toMatchObject({ status: 'revoked', next_sync_at: null, last_error: 'revoked', access_token: '' });
    const list = await api(t, listStepConnections, { token: user.token });
    expect(list.data.connections[0]).toMatchObject({ status: 'revoked', nextSyncAt: null });
    expect(list.data.connections[0]?.lastError?.message).toBe(
      'Fitbit no longer lets Stride read this account; connect it again to keep syncing',
    );
    const inbox = await api(t, listNotifications, { token: user.token, query: {} });
    expect(inbox.data.items[0]).toMatchObject({ kind: 'step-connection.revoked', title: 'Fitbit disconnected' });
    // Reconnecting replaces the revoked connection.
    const again = await connect(user, who);
    expect((await api(t, listStepConnections, { token: user.token })).data.connections.map((c) => c.id)).toEqual([
      again.connection.id,
    ]);
  });
});

describe('the sync log', () => {
  it('keeps a week: the cleanup removes older rows', async () => {
    const row = { connection_id: 'c', provider: 'fitbit', result: 'ok', error: null, days: 0 };
    await t.db
      .insertInto('step_sync_log')
      .values([
        { ...row, id: 'old-log-row', at: NOON - 8 * DAY_MS },
        { ...row, id: 'new-log-row', at: NOON - 6 * DAY_MS },
      ])
      .execute();
    expect(await t.app.jobs.run(JOB_NAMES.cleanup)).toMatchObject({ syncLog: 1 });
    const ids = await t.db.selectFrom('step_sync_log').select('id').where('connection_id', '=', 'c').execute();
    expect(ids).toEqual([{ id: 'new-log-row' }]);
  });
});

describe('the redirect back from a provider', () => {
  it('sends the browser to the Step sources page with only the state, code and error in its query', async () => {
    const back = await t.app.inject({
      method: 'GET',
      url: '/pages-sub/steps/sources?code=c%26x&state=s1&scope=activity&error=&injected=%3Cscript%3E',
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/#/pages-sub/steps/sources?state=s1&code=c%26x');
    expect(back.headers['cache-control']).toBe('no-store');
    const declined = await t.app.inject({
      method: 'GET',
      url: '/pages-sub/steps/sources?error=access_denied&state=s2',
    });
    expect(declined.headers.location).toBe('/#/pages-sub/steps/sources?state=s2&error=access_denied');
    const bare = await t.app.inject({ method: 'GET', url: '/pages-sub/steps/sources' });
    expect(bare.headers.location).toBe('/#/pages-sub/steps/sources');
  });
});

describe('Fitbit notifications', () => {
  it('answers the subscriber verification with 204 for the code and 404 otherwise', async () => {
    // The scripted providers stand in for Fitbit; with no FITBIT_* configured every code is unknown.
    for (const verify of ['', 'wrong']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/providers/fitbit/notifications?verify=${verify}`,
      });
      expect(response.statusCode).toBe(404);
    }
  });

  it('refuses a forged or unsigned notification with 404, changing nothing', async () => {
    const user = await registerUser(t);
    const { connection, who } = await connect(user);
    await syncPass();
    const before = await connectionRow(connection.id);
    const body = JSON.stringify([
      { collectionType: 'activities', date: TODAY, ownerId: who.id, ownerType: 'user', subscriptionId: connection.id },
    ]);
    for (const headers of [{}, { 'x-fitbit-signature': 'Zm9yZ2Vk' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/providers/fitbit/notifications',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
      expect(response.statusCode).toBe(404);
    }
    expect(await connectionRow(connection.id)).toEqual(before);
  });
});

describe('disconnectStepConnection (POST /api/step-sources/connections/{id}/disconnect)', () => {
  it('revokes at the provider, stops syncing and keeps the steps; another user’s id answers 1004 everywhere', async () => {
    const user = await registerUser(t);
    const stranger = await registerUser(t);
    const { connection, who } = await connect(user);
    providers.fitbit.setDays(who.id, { [TODAY]: 4_321 });
    await syncPass();
    for (const endpoint of [syncStepConnection, disconnectStepConnection] as const) {
      const refused = await api(t, endpoint, { token: stranger.token, params: { id: connection.id } });
      expect(refused.code, endpoint.id).toBe(CODES.NOT_FOUND);
    }
    const done = await api(t, disconnectStepConnection, { token: user.token, params: { id: connection.id } });
    expect(done.code).toBe(CODES.OK);
    expect(providers.fitbit.revoked).toContain(who.id);
    const row = await connectionRow(connection.id);
    expect(row).toMatchObject({
      status: 'disconnected',
      access_token: '',
      refresh_token: '',
      next_sync_at: null,
      lease_token: null,
    });
    expect((await api(t, listStepConnections, { token: user.token })).data.connections).toEqual([]);
    expect(await sourceRows(user.userId, connection.id)).toEqual([{ day: TODAY, steps: 4_321 }]);
    t.clock.advance(DAY_MS);
    const reads = providers.fitbit.calls.filter((call) => call.account === who.id).length;
    await syncPass();
    expect(providers.fitbit.calls.filter((call) => call.account === who.id)).toHaveLength(reads);
    expect((await api(t, disconnectStepConnection, { token: user.token, params: { id: connection.id } })).code).toBe(
      CODES.NOT_FOUND,
    );
  });

  it('a revoke that fails at the provider is logged without tokens and still disconnects', async () => {
    const user = await registerUser(t);
    const { connection } = await connect(user, account(), 'huawei');
    providers.huawei.failNext('revoke', new ProviderError('unavailable', 'timeout'));
    expect((await api(t, disconnectStepConnection, { token: user.token, params: { id: connection.id } })).code).toBe(
      CODES.OK,
    );
    expect((await connectionRow(connection.id)).status).toBe('disconnected');
    expect(logLines.some((line) => line.includes('step provider revoke failed'))).toBe(true);
  });

  it('the export lists connections without tokens, and deleting the account disconnects and revokes them', async () => {
    const user = await registerUser(t);
    const { connection, who } = await connect(user, account('Walker'), 'huawei');
    const exported = await api(t, exportMyData, { token: user.token, body: { password: user.password } });
    expect(exported.code, exported.message).toBe(CODES.OK);
    const section = exported.data.sections.stepSources as { connections: unknown[] };
    expect(section.connections).toEqual([
      expect.objectContaining({ id: connection.id, provider: 'huawei', accountName: 'Walker', status: 'active' }),
    ]);
    const text = JSON.stringify(exported.data);
    for (const token of providers.huawei.issued) expect(text).not.toContain(token);
    expect(text).not.toContain('accessToken');

    const deleted = await api(t, deleteMyAccount, {
      token: user.token,
      body: { password: user.password, confirmation: 'DELETE' },
    });
    expect(deleted.code, deleted.message).toBe(CODES.OK);
    expect(await connectionRow(connection.id)).toMatchObject({
      status: 'disconnected',
      access_token: '',
      account_name: '',
    });
    expect(providers.huawei.revoked).toContain(who.id);
  });
});

describe('the console', () => {
  it('lists a user’s connections, disconnects one with a reason (audited), and shows sync health', async () => {
    const support = await signIn(t, ['support']);
    const editor = await signIn(t, ['editor']);
    const user = await registerUser(t);
    const { connection, who } = await connect(user);
    providers.fitbit.setDays(who.id, { [TODAY]: 3_000 });
    await syncPass();

    const listed = await consoleApi(t, support, consoleUserStepConnections, { params: { id: user.userId } });
    expect(listed.code, listed.message).toBe(CODES.OK);
    expect(listed.data).toEqual([
      expect.objectContaining({ id: connection.id, status: 'active', failures: 0, lastError: null }),
    ]);
    expect((await consoleApi(t, editor, consoleUserStepConnections, { params: { id: user.userId } })).code).toBe(
      CODES.FORBIDDEN,
    );

    const health = await consoleApi(t, editor, consoleStepSyncHealth);
    expect(health.code, health.message).toBe(CODES.OK);
    const fitbit = health.data.find((row) => row.provider === 'fitbit');
    expect(fitbit).toMatchObject({ configured: true });
    expect(fitbit?.active).toBeGreaterThanOrEqual(1);
    expect(fitbit?.last24h.ok).toBeGreaterThanOrEqual(1);

    const disconnected = await consoleApi(t, support, consoleDisconnectStepConnection, {
      params: { id: connection.id },
      body: { reason: 'User asked by phone' },
    });
    expect(disconnected.code, disconnected.message).toBe(CODES.OK);
    expect(disconnected.data).toMatchObject({ status: 'disconnected' });
    expect(providers.fitbit.revoked).toContain(who.id);
    const audit = await t.db
      .selectFrom('operator_actions')
      .selectAll()
      .where('subject_id', '=', connection.id)
      .execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'stepConnection.disconnect', operator: support.name })]);
    const again = await consoleApi(t, support, consoleDisconnectStepConnection, {
      params: { id: connection.id },
      body: { reason: 'again' },
    });
    expect(again.code).toBe(CODES.NOT_FOUND);

    // Tokens never in console answers, nor in any log line.
    const console = JSON.stringify([listed.data, health.data, disconnected.data]);
    for (const token of [...providers.fitbit.issued, ...providers.huawei.issued]) {
      expect(console).not.toContain(token);
      for (const line of logLines) expect(line).not.toContain(token);
    }
  });

  it('/metrics shows connections by status, the lag and sync results by provider', async () => {
    const user = await registerUser(t);
    const { who } = await connect(user, account(), 'huawei');
    providers.huawei.failNext('dailySteps', new ProviderError('unavailable', '503'), who.id);
    await syncPass();
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS}` },
    });
    expect(response.statusCode).toBe(200);
    const sample = (line: RegExp) => Number(line.exec(response.body)?.[1] ?? Number.NaN);
    expect(sample(/^stride_step_connections\{provider="huawei",status="active"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(sample(/^stride_step_sync_lag_seconds\{provider="fitbit"\} (\d+)$/m)).toBeGreaterThanOrEqual(0);
    expect(sample(/^stride_step_syncs_total\{provider="huawei",result="error"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(response.body).toMatch(/^stride_metrics_source_up\{source="stepConnections"\} 1$/m);
  });

  it('health counts lag past the due time', async () => {
    const user = await registerUser(t);
    await connect(user, account(), 'huawei');
    const admin = await signIn(t, ['admin']);
    t.clock.advance(90_000);
    const health = await consoleApi(t, admin, consoleStepSyncHealth);
    expect(health.data.find((row) => row.provider === 'huawei')?.lagSeconds).toBeGreaterThanOrEqual(90);
  });
});
