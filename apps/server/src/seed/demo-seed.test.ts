import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLEAN_LEDGER, balanceOf, call, createTestApp, ledgerReport, type TestApp } from '../../test/harness.js';
import { DEMO_ACCOUNT, DEMO_IDENTITY, seedDemo } from './demo-seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await ledgerReport(t)).toEqual(CLEAN_LEDGER);
});

describe('demo seed', () => {
  it('creates the card plans, home items and a verified demo account with a welcome balance, once', async () => {
    await seedDemo(t.app.services);
    await seedDemo(t.app.services);
    const login = await call<{ token: string; user: { id: string; realNameStatus: string } }>(
      t.app,
      'POST',
      '/api/user/login',
      { body: DEMO_ACCOUNT },
    );
    expect(login.data.user.realNameStatus).toBe('verified');
    const { token } = login.data;
    const identity = await call<{ name: string; idNumberMasked: string }>(t.app, 'GET', '/api/user/id/verify', {
      token,
    });
    expect(identity.data).toMatchObject({
      status: 'verified',
      name: DEMO_IDENTITY.name,
      idNumberMasked: '110***********002X',
    });
    const plans = await call<{ name: string; price: number }[]>(t.app, 'GET', '/api/member_card', { token });
    expect(plans.data.map((p) => [p.name, p.price])).toEqual([
      ['Bronze', 9_900],
      ['Silver', 29_900],
      ['Gold', 99_900],
    ]);
    expect(await balanceOf(t, login.data.user.id)).toBe(200_000);
    expect(await balanceOf(t, login.data.user.id, 'POINTS')).toBe(5_000);
    const home = await call<{ banners: unknown[]; quickEntries: unknown[] }>(t.app, 'GET', '/api/home', { token });
    expect(home.data.banners).toHaveLength(3);
    expect(home.data.quickEntries).toHaveLength(4);
  });
});
