import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FITBIT_DEMO_ACCOUNT, startFitbitFake } from '../../../../fakes/fitbit.js';
import { HUAWEI_DEMO_ACCOUNT, startHuaweiHealthFake } from '../../../../fakes/huawei-health.js';
import { demoSteps } from '../../../../fakes/oauth-cloud.js';
import { loadConfig } from '../../index.js';
import { parseFitbitNotifications, verifyFitbitSignature } from './fitbit.js';
import { retryAfterMs } from './http.js';
import { huaweiTimeZone } from './huawei.js';
import { createStepProviders } from './index.js';
import { ProviderError, type ProviderFailure, type StepProvider } from './provider.js';

// Each provider against its local stand-in (decision 086 "Connected wearable accounts"): the code flow with PKCE,
// refresh rotation, revocation, daily totals and every failure the connections service must tell apart.

const REDIRECT = 'http://127.0.0.1:8080/pages-sub/steps/sources';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function providersFor(env: Record<string, string>, timeoutMs?: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'stride-providers-'));
  dirs.push(dir);
  const config = loadConfig({ DATA_DIR: dir, ...env });
  return createStepProviders(config.stepConnections, timeoutMs === undefined ? {} : { timeoutMs });
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Opens the authorize page as a browser would and presses Allow or Deny; answers the redirect's query. */
async function authorize(url: string, decision: 'allow' | 'deny'): Promise<URLSearchParams> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('<button type="submit">Allow</button>');
  expect(html).toContain('<button type="submit">Deny</button>');
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
  const id = /name="request" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const answer = await fetch(new URL(action, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request: id, decision }).toString(),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  const location = new URL(answer.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
  return location.searchParams;
}

async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error('expected a ProviderError');
}

async function expectFailure(promise: Promise<unknown>, failure: ProviderFailure): Promise<ProviderError> {
  const error = await failureOf(promise);
  expect(error.failure).toBe(failure);
  return error;
}

async function connect(provider: StepProvider) {
  const { verifier, challenge } = pkce();
  const query = await authorize(
    provider.authorizeUrl({ state: 'state-1', codeChallenge: challenge, redirectUri: REDIRECT }),
    'allow',
  );
  expect(query.get('state')).toBe('state-1');
  return provider.exchangeCode({ code: query.get('code') ?? '', codeVerifier: verifier, redirectUri: REDIRECT });
}

describe('the registry', () => {
  it('holds only the providers whose client id and secret are set', () => {
    expect([...providersFor({}).keys()]).toEqual([]);
    expect([...providersFor({ FITBIT_CLIENT_ID: 'ABC', FITBIT_CLIENT_SECRET: 'secret' }).keys()]).toEqual(['fitbit']);
    expect([
      ...providersFor({
        FITBIT_CLIENT_ID: 'ABC',
        FITBIT_CLIENT_SECRET: 'secret',
        HUAWEI_HEALTH_CLIENT_ID: '1',
        HUAWEI_HEALTH_CLIENT_SECRET: 'secret',
      }).keys(),
    ]).toEqual(['huawei', 'fitbit']);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.UTC(2026, 2, 1, 8, 0, 0);
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs(new Date(now + 90_000).toUTCString(), now)).toBe(90_000);
    expect(retryAfterMs(new Date(now - 5_000).toUTCString(), now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe('Huawei Health Kit', () => {
  let fake: Awaited<ReturnType<typeof startHuaweiHealthFake>>;
  let huawei: StepProvider;
  let impatient: StepProvider;
  beforeAll(async () => {
    fake = await startHuaweiHealthFake({ demo: true });
    huawei = providersFor(fake.env()).get('huawei')!;
    impatient = providersFor(fake.env(), 200).get('huawei')!;
  });
  afterAll(() => fake.close());

  it('sends the browser to HUAWEI ID with the client, the scopes, the state and the S256 challenge', () => {
    const url = new URL(huawei.authorizeUrl({ state: 'st', codeChallenge: 'challenge', redirectUri: REDIRECT }));
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/oauth2/v3/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: fake.clientId,
      redirect_uri: REDIRECT,
      scope: 'openid profile https://www.huawei.com/healthkit/step.read',
      state: 'st',
      access_type: 'offline',
      code_challenge: 'challenge',
      code_challenge_method: 'S256',
    });
  });

  it('trades the code and the verifier for tokens and reads the account from the ID token', async () => {
    const { tokens, account } = await connect(huawei);
    expect(account).toEqual({ id: 'MDFAMTQ5NjE0OTU0NjA4', name: 'Lin Xiaoyu' });
    expect(tokens.accessToken).not.toBe('');
    expect(tokens.refreshToken).not.toBe('');
    expect(tokens.scope).toContain('https://www.huawei.com/healthkit/step.read');
    expect(tokens.expiresAt).toBeGreaterThan(Date.now() + 3_500_000);
    expect(fake.calls.at(-1)).toMatchObject({ path: '/oauth2/v3/token', grantType: 'authorization_code', answer: 200 });
  });

  it('refuses a wrong verifier and a code used twice, naming neither in the error', async () => {
    const { verifier, challenge } = pkce();
    const query = await authorize(
      huawei.authorizeUrl({ state: 's', codeChallenge: challenge, redirectUri: REDIRECT }),
      'allow',
    );
    const code = query.get('code') ?? '';
    const wrong = await expectFailure(
      huawei.exchangeCode({ code, codeVerifier: pkce().verifier, redirectUri: REDIRECT }),
      'unauthorized',
    );
    expect(wrong.message).not.toContain(code);
    // The first attempt used the code up.
    await expectFailure(huawei.exchangeCode({ code, codeVerifier: verifier, redirectUri: REDIRECT }), 'unauthorized');
  });

  it('redirects with access_denied and the state when the person presses Deny', async () => {
    const query = await authorize(
      huawei.authorizeUrl({ state: 'no', codeChallenge: pkce().challenge, redirectUri: REDIRECT }),
      'deny',
    );
    expect(Object.fromEntries(query)).toEqual({ error: 'access_denied', state: 'no' });
  });

  it('rotates the refresh token: the old one is refused once used', async () => {
    const { tokens } = await connect(huawei);
    const next = await huawei.refresh(tokens.refreshToken);
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    expect(next.accessToken).not.toBe(tokens.accessToken);
    const again = await expectFailure(huawei.refresh(tokens.refreshToken), 'unauthorized');
    expect(again.message).not.toContain(tokens.refreshToken);
    await expect(huawei.refresh(next.refreshToken)).resolves.toMatchObject({ scope: tokens.scope });
  });

  it('reads daily totals in the business time zone, across more than 31 days', async () => {
    const { tokens } = await connect(huawei);
    fake.walk('MDFAMTQ5NjE0OTU0NjA4', '2026-01-05', 8_412);
    fake.walk('MDFAMTQ5NjE0OTU0NjA4', '2026-02-14', 12_003);
    fake.walk('MDFAMTQ5NjE0OTU0NjA4', '2026-02-15', 0);
    const before = fake.calls.length;
    const days = await huawei.dailySteps(tokens.accessToken, {
      from: '2026-01-01',
      to: '2026-02-15',
      utcOffsetMinutes: 480,
    });
    expect(days).toEqual([
      { day: '2026-01-05', steps: 8_412 },
      { day: '2026-02-14', steps: 12_003 },
      { day: '2026-02-15', steps: 0 },
    ]);
    // 46 days: two calls of at most 31 days each.
    expect(fake.calls.slice(before).map((call) => call.path)).toEqual([
      '/healthkit/v2/sampleSet:dailyPolymerize',
      '/healthkit/v2/sampleSet:dailyPolymerize',
    ]);
    expect(huaweiTimeZone(480)).toBe('+0800');
    expect(huaweiTimeZone(-330)).toBe('-0530');
  });

  it('revokes at Huawei: the revoke is recorded and the token then answers unauthorized', async () => {
    const { tokens } = await connect(huawei);
    await huawei.revoke(tokens);
    expect(fake.calls.at(-1)).toMatchObject({ path: '/oauth2/v3/revoke', answer: 200 });
    const range = { from: '2026-02-01', to: '2026-02-02', utcOffsetMinutes: 480 };
    const error = await expectFailure(huawei.dailySteps(tokens.accessToken, range), 'unauthorized');
    expect(error.message).not.toContain(tokens.accessToken);
    await expectFailure(huawei.refresh(tokens.refreshToken), 'unauthorized');
    // Revoking again is not an error: the tokens are already gone.
    await expect(huawei.revoke(tokens)).resolves.toBeUndefined();
  });

  it('answers unauthorized once the user withdraws access at Huawei', async () => {
    fake.signInAs('MDFAMTQ5NjE0OTU0NjA5');
    const { tokens, account } = await connect(huawei);
    fake.signInAs('MDFAMTQ5NjE0OTU0NjA4');
    expect(account.name).toBe('Zhang Wei');
    fake.revokeAccess(account.id);
    await expectFailure(
      huawei.dailySteps(tokens.accessToken, { from: '2026-02-01', to: '2026-02-01', utcOffsetMinutes: 480 }),
      'unauthorized',
    );
    await expectFailure(huawei.refresh(tokens.refreshToken), 'unauthorized');
  });

  it('tells rate limits, outages, garbage and silence apart', async () => {
    const { tokens } = await connect(huawei);
    const range = { from: '2026-02-01', to: '2026-02-01', utcOffsetMinutes: 480 };
    fake.failNext({ kind: 'rateLimited', retryAfter: '7' });
    const limited = await expectFailure(huawei.dailySteps(tokens.accessToken, range), 'rateLimited');
    expect(limited.retryAfterMs).toBe(7_000);
    fake.failNext({ kind: 'http500' });
    await expectFailure(huawei.dailySteps(tokens.accessToken, range), 'unavailable');
    fake.failNext({ kind: 'garbage' });
    await expectFailure(huawei.dailySteps(tokens.accessToken, range), 'invalid');
    fake.failNext({ kind: 'garbage' });
    await expectFailure(huawei.refresh(tokens.refreshToken), 'invalid');
    fake.failNext({ kind: 'hang' });
    const silent = await expectFailure(impatient.dailySteps(tokens.accessToken, range), 'unavailable');
    expect(silent.message).toContain('no answer within 200 ms');
    expect(fake.calls.at(-1)).toMatchObject({ answer: 'hang' });
  });

  it('keeps the demo account working with its fixed tokens, refresh included', async () => {
    const today = new Date(Date.now() + 480 * 60_000).toISOString().slice(0, 10);
    const before = demoSteps(today, Date.now(), 480);
    const days = await huawei.dailySteps(HUAWEI_DEMO_ACCOUNT.accessToken, {
      from: today,
      to: today,
      utcOffsetMinutes: 480,
    });
    const after = demoSteps(today, Date.now(), 480);
    expect(days.length).toBeLessThanOrEqual(1);
    // The walker only ever gains: what the fake counted lies between the counts before and after.
    expect(days[0]?.steps ?? 0).toBeGreaterThanOrEqual(before);
    expect(days[0]?.steps ?? 0).toBeLessThanOrEqual(after);
    const refreshed = await huawei.refresh(HUAWEI_DEMO_ACCOUNT.refreshToken);
    expect(refreshed).toMatchObject({
      accessToken: HUAWEI_DEMO_ACCOUNT.accessToken,
      refreshToken: HUAWEI_DEMO_ACCOUNT.refreshToken,
    });
  });
});

describe('the demo walker', () => {
  it('starts at 0 at midnight, reaches about 9,000 by evening and never outpaces a walker', () => {
    const day = '2026-03-10';
    const midnight = Date.parse(`${day}T00:00:00Z`);
    expect(demoSteps(day, midnight, 0)).toBe(0);
    const evening = demoSteps(day, midnight + 20 * 3_600_000, 0);
    expect(evening).toBeGreaterThan(8_000);
    expect(evening).toBeLessThan(10_500);
    let previous = 0;
    for (let minute = 5; minute <= 24 * 60; minute += 5) {
      const now = demoSteps(day, midnight + minute * 60_000, 0);
      expect(now).toBeGreaterThanOrEqual(previous);
      // At most 120 steps a minute, a brisk walk.
      expect(now - previous).toBeLessThanOrEqual(5 * 120);
      previous = now;
    }
    expect(demoSteps(day, midnight + 3 * 86_400_000, 0)).toBe(demoSteps(day, midnight + 2 * 86_400_000, 0));
    expect(demoSteps('2026-03-11', midnight + 3_600_000, 0)).toBe(0);
  });
});

describe('Fitbit Web API', () => {
  let fake: Awaited<ReturnType<typeof startFitbitFake>>;
  let fitbit: StepProvider;
  let impatient: StepProvider;
  const received: Array<{ body: Buffer; headers: IncomingHttpHeaders }> = [];
  const subscriber = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks), headers: request.headers });
      response.writeHead(204);
      response.end();
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => subscriber.listen(0, '127.0.0.1', resolve));
    const { port } = subscriber.address() as AddressInfo;
    fake = await startFitbitFake({
      demo: true,
      subscriberUrl: `http://127.0.0.1:${port}/api/step-sources/fitbit/notifications`,
    });
    fitbit = providersFor({ ...fake.env(), FITBIT_SUBSCRIBER_ID: 'stride-1' }).get('fitbit')!;
    impatient = providersFor(fake.env(), 200).get('fitbit')!;
  });
  afterAll(async () => {
    await fake.close();
    await new Promise<void>((resolve) => subscriber.close(() => resolve()));
  });

  it('sends the browser to Fitbit with the client, the scopes, the state and the S256 challenge', () => {
    const url = new URL(fitbit.authorizeUrl({ state: 'st', codeChallenge: 'challenge', redirectUri: REDIRECT }));
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: fake.clientId,
      redirect_uri: REDIRECT,
      scope: 'activity profile',
      state: 'st',
      code_challenge: 'challenge',
      code_challenge_method: 'S256',
    });
  });

  it('trades the code for tokens with the verifier and names the account from its profile', async () => {
    const { tokens, account } = await connect(fitbit);
    expect(account).toEqual({ id: '9XKQ7C', name: 'Emma W.' });
    expect(tokens.scope).toBe('activity profile');
    expect(tokens.expiresAt).toBeGreaterThan(Date.now() + 7 * 3_600_000);
    expect(fake.calls.slice(-2).map((call) => call.path)).toEqual(['/oauth2/token', '/1/user/-/profile.json']);
  });

  it('refuses a wrong verifier as an unauthorized grant', async () => {
    const { challenge } = pkce();
    const query = await authorize(
      fitbit.authorizeUrl({ state: 's', codeChallenge: challenge, redirectUri: REDIRECT }),
      'allow',
    );
    await expectFailure(
      fitbit.exchangeCode({ code: query.get('code') ?? '', codeVerifier: pkce().verifier, redirectUri: REDIRECT }),
      'unauthorized',
    );
  });

  it('rotates the refresh token: the old one is refused once used', async () => {
    const { tokens } = await connect(fitbit);
    const next = await fitbit.refresh(tokens.refreshToken);
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    await expectFailure(fitbit.refresh(tokens.refreshToken), 'unauthorized');
    await expect(fitbit.refresh(next.refreshToken)).resolves.toMatchObject({ scope: 'activity profile' });
  });

  it('reads the steps series, its string values as numbers', async () => {
    const { tokens } = await connect(fitbit);
    fake.walk('9XKQ7C', '2026-02-01', 10_250);
    fake.walk('9XKQ7C', '2026-02-03', 4_001);
    const days = await fitbit.dailySteps(tokens.accessToken, {
      from: '2026-02-01',
      to: '2026-02-03',
      utcOffsetMinutes: 480,
    });
    expect(days).toEqual([
      { day: '2026-02-01', steps: 10_250 },
      { day: '2026-02-02', steps: 0 },
      { day: '2026-02-03', steps: 4_001 },
    ]);
  });

  it('revokes at Fitbit: recorded, and the token then answers unauthorized', async () => {
    const { tokens } = await connect(fitbit);
    await fitbit.revoke(tokens);
    expect(fake.calls.at(-1)).toMatchObject({ method: 'POST', path: '/oauth2/revoke', answer: 200 });
    await expectFailure(
      fitbit.dailySteps(tokens.accessToken, { from: '2026-02-01', to: '2026-02-01', utcOffsetMinutes: 480 }),
      'unauthorized',
    );
  });

  it('answers unauthorized once the user withdraws access at Fitbit', async () => {
    const { tokens, account } = await connect(fitbit);
    fake.revokeAccess(account.id);
    await expectFailure(
      fitbit.dailySteps(tokens.accessToken, { from: '2026-02-01', to: '2026-02-01', utcOffsetMinutes: 480 }),
      'unauthorized',
    );
  });

  it('subscribes with the connection id, replacing an earlier connection’s subscription', async () => {
    const { tokens, account } = await connect(fitbit);
    await fitbit.subscribe!(tokens.accessToken, 'first-connection');
    expect(fake.subscriptions.get(account.id)).toEqual({
      subscriptionId: 'first-connection',
      subscriberId: 'stride-1',
    });
    await fitbit.subscribe!(tokens.accessToken, 'first-connection');
    await fitbit.subscribe!(tokens.accessToken, 'second-connection');
    expect(fake.subscriptions.get(account.id)).toEqual({
      subscriptionId: 'second-connection',
      subscriberId: 'stride-1',
    });
    expect(fake.calls.slice(-4).map((call) => `${call.method} ${call.answer}`)).toEqual([
      'POST 409',
      'GET 200',
      'DELETE 204',
      'POST 201',
    ]);
  });

  it('signs notifications so that a good signature verifies and a forged or missing one does not', async () => {
    const { tokens, account } = await connect(fitbit);
    await fitbit.subscribe!(tokens.accessToken, 'conn-signed');
    received.length = 0;
    await fake.notify(account.id, '2026-02-03');
    await fake.notify(account.id, '2026-02-03', { forged: true });
    await fake.notify(account.id, '2026-02-03', { unsigned: true });
    const [good, forged, missing] = received;
    const signature = (entry: typeof good) => entry?.headers['x-fitbit-signature'] as string | undefined;
    expect(verifyFitbitSignature(good!.body, signature(good), fake.clientSecret)).toBe(true);
    expect(verifyFitbitSignature(forged!.body, signature(forged), fake.clientSecret)).toBe(false);
    expect(verifyFitbitSignature(missing!.body, signature(missing), fake.clientSecret)).toBe(false);
    // The same signature over other bytes (a re-serialised body) does not verify.
    expect(verifyFitbitSignature(Buffer.from(` ${good!.body.toString()}`), signature(good), fake.clientSecret)).toBe(
      false,
    );
    expect(verifyFitbitSignature(good!.body, 'not base64!', fake.clientSecret)).toBe(false);
    expect(parseFitbitNotifications(JSON.parse(good!.body.toString()))).toEqual([
      { ownerId: account.id, date: '2026-02-03', collectionType: 'activities', subscriptionId: 'conn-signed' },
    ]);
  });

  it('parses only the documented notification array', () => {
    expect(parseFitbitNotifications([])).toEqual([]);
    expect(parseFitbitNotifications({ ownerId: 'X' })).toBeNull();
    expect(
      parseFitbitNotifications([
        { ownerId: 'X', date: 'yesterday', collectionType: 'activities', subscriptionId: 's' },
      ]),
    ).toBeNull();
    expect(parseFitbitNotifications([{ ownerId: 'X', date: '2026-02-03', collectionType: 'activities' }])).toBeNull();
    expect(parseFitbitNotifications('[]')).toBeNull();
    expect(parseFitbitNotifications(null)).toBeNull();
  });

  it('tells rate limits, outages, garbage and silence apart', async () => {
    const { tokens } = await connect(fitbit);
    const range = { from: '2026-02-01', to: '2026-02-01', utcOffsetMinutes: 480 };
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    fake.failNext({ kind: 'rateLimited', retryAfter: inAMinute });
    const limited = await expectFailure(fitbit.dailySteps(tokens.accessToken, range), 'rateLimited');
    expect(limited.retryAfterMs).toBeGreaterThan(0);
    expect(limited.retryAfterMs).toBeLessThanOrEqual(60_000);
    fake.failNext({ kind: 'rateLimited', retryAfter: '120' });
    await expect(failureOf(fitbit.refresh(tokens.refreshToken))).resolves.toMatchObject({
      failure: 'rateLimited',
      retryAfterMs: 120_000,
    });
    fake.failNext({ kind: 'http500' });
    await expectFailure(fitbit.revoke(tokens), 'unavailable');
    fake.failNext({ kind: 'garbage' });
    await expectFailure(fitbit.dailySteps(tokens.accessToken, range), 'invalid');
    fake.failNext({ kind: 'hang' });
    await expectFailure(impatient.dailySteps(tokens.accessToken, range), 'unavailable');
  });

  it('keeps the demo account working with its fixed tokens', async () => {
    const today = new Date(Date.now() + 480 * 60_000).toISOString().slice(0, 10);
    const before = demoSteps(today, Date.now(), 480);
    const [day] = await fitbit.dailySteps(FITBIT_DEMO_ACCOUNT.accessToken, {
      from: today,
      to: today,
      utcOffsetMinutes: 480,
    });
    const after = demoSteps(today, Date.now(), 480);
    expect(day?.day).toBe(today);
    expect(day?.steps).toBeGreaterThanOrEqual(before);
    expect(day?.steps).toBeLessThanOrEqual(after);
  });
});
