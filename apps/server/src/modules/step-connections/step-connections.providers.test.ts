import type { AddressInfo } from 'node:net';
import { CODES, finishStepConnection, listStepConnections, startStepConnection } from '@stride/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFitbitFake, type FitbitFake } from '../../../fakes/fitbit.js';
import { startHuaweiHealthFake, type HuaweiHealthFake } from '../../../fakes/huawei-health.js';
import { api, createTestApp, registerUser, type TestApp } from '../../../test/harness.js';
import { JOB_NAMES } from '../../jobs.js';
import { DEMO_ACCOUNT, DEMO_STAND_INS, seedDemo } from '../../seed/demo-seed.js';

// The real Fitbit and Huawei clients (providers/) against their local stand-ins (fakes/), end to
// end: connect with PKCE through the authorize page, a signed notification, and a sync (decision 086 "Connected
// wearable accounts").

const TODAY = '2026-11-22';
const VERIFY = 'fitbit-subscriber-verification-code';

let fitbit: FitbitFake;
let huawei: HuaweiHealthFake;
let t: TestApp;

beforeAll(async () => {
  // The stand-ins keep real time, as the clients do (their tokens' and ID tokens' times).
  // With their demo accounts, for the demo seed's connected watches.
  fitbit = await startFitbitFake({ demo: true });
  huawei = await startHuaweiHealthFake({ demo: true });
  t = await createTestApp({
    ...fitbit.env(),
    ...huawei.env(),
    FITBIT_SUBSCRIBER_VERIFICATION_CODE: VERIFY,
    STEP_SYNC_POLL_SECONDS: '0',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  fitbit.setSubscriberUrl(`http://127.0.0.1:${port}/api/providers/fitbit/notifications`);
});

afterAll(async () => {
  await t.close();
  await fitbit.close();
  await huawei.close();
});

/** What the user's browser does: opens the authorize address, presses Allow, follows the redirect. */
async function consent(authorizeUrl: string, decision: 'allow' | 'deny' = 'allow') {
  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const answer = await fetch(new URL(action, authorizeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request, decision }).toString(),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location') ?? '');
  expect(back.toString().startsWith(t.config.stepConnections.redirectUri)).toBe(true);
  const code = back.searchParams.get('code');
  const error = back.searchParams.get('error');
  return { state: back.searchParams.get('state') ?? '', ...(code ? { code } : {}), ...(error ? { error } : {}) };
}

describe('through the real clients and their stand-ins', () => {
  it('Fitbit: connect with PKCE, subscriber verification, a signed notification makes a sync due, and the sync credits the day', async () => {
    const user = await registerUser(t);
    const started = await api(t, startStepConnection, { token: user.token, body: { provider: 'fitbit' } });
    expect(started.code, started.message).toBe(CODES.OK);
    fitbit.signInAs('9XKQ7C');
    const finished = await api(t, finishStepConnection, {
      token: user.token,
      body: await consent(started.data.authorizeUrl),
    });
    expect(finished.code, finished.message).toBe(CODES.OK);
    expect(finished.data).toMatchObject({ provider: 'fitbit', accountName: 'Emma W.', status: 'active' });
    expect(fitbit.subscriptions.has('9XKQ7C')).toBe(true);

    expect(await fitbit.verifySubscriber(VERIFY)).toBe(204);
    expect(await fitbit.verifySubscriber('wrong')).toBe(404);

    // The first sync, then a walk and Fitbit's signed notification: the connection is due at once.
    await t.app.jobs.run(JOB_NAMES.stepConnections);
    const id = finished.data.id;
    const synced = await t.db.selectFrom('step_connections').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(synced.last_error).toBeNull();
    expect(synced.next_sync_at).toBeGreaterThan(t.clock.now());
    fitbit.walk('9XKQ7C', TODAY, 6_789);
    const forged = await fitbit.notify('9XKQ7C', TODAY, { forged: true });
    expect(forged.status).toBe(404);
    expect(
      (await t.db.selectFrom('step_connections').select('next_sync_at').where('id', '=', id).executeTakeFirstOrThrow())
        .next_sync_at,
    ).toBe(synced.next_sync_at);
    const signed = await fitbit.notify('9XKQ7C', TODAY);
    expect(signed.status).toBe(204);
    expect(
      (await t.db.selectFrom('step_connections').select('next_sync_at').where('id', '=', id).executeTakeFirstOrThrow())
        .next_sync_at,
    ).toBe(t.clock.now());
    await t.app.jobs.run(JOB_NAMES.stepConnections);
    const list = await api(t, listStepConnections, { token: user.token });
    expect(list.data.connections[0]).toMatchObject({ id, todaySteps: 6_789, lastError: null });
  });

  it('Huawei: connect with PKCE, sync, and a grant withdrawn at Huawei shows as revoked', async () => {
    const user = await registerUser(t);
    const started = await api(t, startStepConnection, { token: user.token, body: { provider: 'huawei' } });
    expect(started.code, started.message).toBe(CODES.OK);
    const finished = await api(t, finishStepConnection, {
      token: user.token,
      body: await consent(started.data.authorizeUrl),
    });
    expect(finished.code, finished.message).toBe(CODES.OK);
    const row = await t.db
      .selectFrom('step_connections')
      .selectAll()
      .where('id', '=', finished.data.id)
      .executeTakeFirstOrThrow();
    huawei.walk(row.provider_user_id, TODAY, 4_321);
    await t.app.jobs.run(JOB_NAMES.stepConnections);
    let list = await api(t, listStepConnections, { token: user.token });
    expect(list.data.connections[0]).toMatchObject({ provider: 'huawei', todaySteps: 4_321, lastError: null });

    huawei.revokeAccess(row.provider_user_id);
    await t.db.updateTable('step_connections').set({ next_sync_at: t.clock.now() }).where('id', '=', row.id).execute();
    await t.app.jobs.run(JOB_NAMES.stepConnections);
    list = await api(t, listStepConnections, { token: user.token });
    expect(list.data.connections[0]).toMatchObject({ status: 'revoked', lastError: { code: 'revoked' } });
  });

  it('a declined consent answers the declined message', async () => {
    const user = await registerUser(t);
    const started = await api(t, startStepConnection, { token: user.token, body: { provider: 'huawei' } });
    const declined = await api(t, finishStepConnection, {
      token: user.token,
      body: await consent(started.data.authorizeUrl, 'deny'),
    });
    expect(declined.code).toBe(CODES.BUSINESS_RULE);
    expect(declined.message).toBe('You declined to let Stride read your steps at Huawei Health; nothing was connected');
  });

  it('the demo seed connects the demo account to the stand-in’s demo watch, once, with a week of its steps', async () => {
    await seedDemo(t.app.services);
    await seedDemo(t.app.services);
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', DEMO_ACCOUNT.account)
      .executeTakeFirstOrThrow();
    const rows = await t.db
      .selectFrom('step_connections')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('provider')
      .execute();
    expect(rows.map((row) => [row.provider, row.account_name, row.status, row.last_error])).toEqual([
      ['fitbit', DEMO_STAND_INS.fitbit.account.name, 'active', null],
      ['huawei', DEMO_STAND_INS.huawei.account.name, 'active', null],
    ]);
    for (const row of rows) {
      const days = await t.db
        .selectFrom('step_sources')
        .select(['day', 'steps'])
        .where('user_id', '=', user.id)
        .where('source', '=', `connection:${row.id}`)
        .execute();
      expect(days, row.provider).toHaveLength(7);
      expect(days.every((day) => day.steps > 0)).toBe(true);
    }
  });
});
