import { buyCard, getHome, listCardPlans, reportSteps, submitFace, submitIdentity } from '@stride/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerByApi, request, setPaymentPasswordByApi, uploadByApi } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { idCardPng } from './support/fake-camera.js';
import { openRoute, top, useToken } from './support/journey.js';
import { ops } from './support/ops.js';
import type { RunningServer } from './support/server.js';
import { ANY_STEP_RATE, fund, shareJourney } from './support/setup.js';

/**
 * Screens that stay current (docs/decisions/076-screens-that-stay-current.md): what an operator
 * changes while the user sits on home shows once the user switches tabs and comes back, or comes
 * back to the app, without a reload. In Simplified Chinese on a 360 px phone.
 */

let server: RunningServer;
let browser: Browser;

shareJourney((started) => ({ server, browser } = started), { env: ANY_STEP_RATE });

/** A tab by its label; My's name goes on with its unread badge. */
const tab = (page: Page, label: string) =>
  page.locator('.tab-bar').getByRole('button', { name: new RegExp(`^${label}`) });
const homeSection = (page: Page) => page.locator('section[data-route="/pages/index/index"]');
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/**
 * A new user, verified, holding a Bronze card bought with all of their balance, whose 7,000 steps
 * today came with a shaking machine's rhythm: the day's points and cash back are held for review.
 */
async function heldUser(account: string) {
  const base = server.baseUrl;
  const user = await registerByApi(server, { account, password: 'freshWalk1' });
  const front = await uploadByApi(base, user.token, await idCardPng('#d8e6f5'), 'id_front');
  const back = await uploadByApi(base, user.token, await idCardPng('#f5e6d8'), 'id_back');
  await request(base, submitIdentity, {
    token: user.token,
    body: { name: 'Lin Walker', idNumber: '110105199003071239', frontImageId: front, backImageId: back },
  });
  const face = await uploadByApi(base, user.token, await idCardPng('#e8d8f5'), 'face');
  await request(base, submitFace, { token: user.token, body: { method: 'face', imageId: face } });
  const plans = await request(base, listCardPlans, { token: user.token });
  const bronze = plans.find((plan) => plan.dailyTarget === 6_000);
  expect(bronze, 'the demo catalogue’s Bronze card').toBeDefined();
  const price = bronze?.price ?? 0;
  await fund(server, user.userId, price);
  await request(base, buyCard, {
    token: user.token,
    body: {
      planId: bronze?.id ?? '',
      payWith: 'balance',
      idempotencyKey: `fresh-${account}`,
      paymentPassword: await setPaymentPasswordByApi(server, user.token),
    },
  });
  const day = server.app.services.calendar.dayOf(Date.now());
  const answer = await request(base, reportSteps, {
    token: user.token,
    body: { day, steps: 7_000, device: `phone-${account}`, rhythm: { intervals: 600, cv: 0.003 } },
  });
  expect(answer.review?.status).toBe('flagged');
  return user;
}

/** The page becomes hidden and visible again, as when the user leaves the browser and comes back. */
async function leaveAndComeBack(page: Page): Promise<void> {
  await page.evaluate(() => {
    const set = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    set('hidden');
    set('visible');
  });
}

describe('screens that stay current, in Chinese at 360 px', () => {
  it('home shows a held day cleared by an operator after a tab switch, and a new notice after coming back to the app', async () => {
    const user = await heldUser('13988880001');
    const { context, page, errors } = await openPhone(browser, { width: 360, locale: 'zh-CN' });
    await useToken(context, user.token);
    // The motion explanation was answered before: its sheet would cover what this journey shows.
    await context.addInitScript(() => {
      if (location.protocol.startsWith('http')) localStorage.setItem('motionAsked', '1');
    });
    await openRoute(page, server.baseUrl, '/pages/index/index');
    const points = top(page).getByTestId('home-points');
    const balance = top(page).getByTestId('home-balance');
    await expect.poll(() => points.count(), { timeout: 10_000 }).toBe(1);
    expect(await points.innerText()).toBe('0');
    expect(await balance.innerText()).toBe('¥0.00');
    // What the day holds and when it is usually decided (decision 078 "A held step day is never a dead end").
    const underReview = top(page).getByText(/积分和返现 ¥[0-9.]+ 待审核 · 通常在 24 小时内完成审核/);
    expect(await underReview.count()).toBe(1);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'freshness-held-zh-Hans-360');
    // A mark on the document: a reload would lose it.
    await page.evaluate(() => document.documentElement.setAttribute('data-kept', 'yes'));

    // A reviewer clears the day while the user looks at home.
    const review = await server.app.services.admin.walking.listFlaggedDays('flagged', { page: 1, pageSize: 50 });
    const id = review.items.find((item) => item.userId === user.userId)?.id ?? '';
    await ops(server, ['flagged-days', 'clear', id, '--operator', 'rhea', '--yes']);
    const cleared = await request(server.baseUrl, getHome, { token: user.token });
    expect(cleared.review?.status).toBe('cleared');
    // The cash back is paid; the points are released to collect on home (decision 078 "A held step day is never a dead
    // end").
    expect(cleared.collectablePoints).toBeGreaterThan(0);
    expect(cleared.balance).toBeGreaterThan(0);

    // My, then home again: each shows the paid cash back, without a reload.
    await tab(page, '我的').click();
    await expect.poll(() => top(page).getAttribute('data-route')).toBe('/pages/my/index');
    // The balance is what changed (the points wait on home to be collected): wait for it.
    await expect.poll(() => top(page).getByTestId('my-balance').innerText()).toBe(yuan(cleared.balance));
    expect(await top(page).getByTestId('my-points').innerText()).toBe(String(cleared.points));
    await tab(page, '首页').click();
    await expect.poll(() => top(page).getAttribute('data-route')).toBe('/pages/index/index');
    await expect.poll(() => balance.innerText()).toBe(yuan(cleared.balance));
    expect(await points.innerText()).toBe(String(cleared.points));
    expect(await underReview.count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-kept'))).toBe('yes');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'freshness-cleared-zh-Hans-360');

    // The cleared day's points wait for the user's own tap (decision 078 "A held step day is never a dead end"), and
    // the inbox says so.
    await top(page)
      .getByRole('button', { name: `领取 ${cleared.collectablePoints} 积分` })
      .click();
    await expect.poll(() => points.innerText()).toBe(String(cleared.points + cleared.collectablePoints));
    await screenshot(page, 'freshness-collected-zh-Hans-360');
    await openRoute(page, server.baseUrl, '/pages-sub/notifications/index');
    await expect.poll(() => top(page).getByText('步数审核已通过').count(), { timeout: 10_000 }).toBe(1);
    await screenshot(page, 'freshness-inbox-zh-Hans-360');
    await openRoute(page, server.baseUrl, '/pages/index/index');
    await expect.poll(() => points.count(), { timeout: 10_000 }).toBe(1);
    await page.evaluate(() => document.documentElement.setAttribute('data-kept', 'yes'));

    // A notice published while the user is on home shows once they come back to the app.
    const title = '本周步数挑战赛开始啦';
    await ops(server, [
      'notices',
      'publish',
      '--title',
      title,
      '--body',
      '<p>走满一万步赢积分</p>',
      '--operator',
      'rhea',
      '--yes',
    ]);
    expect(await homeSection(page).getByText(title).count()).toBe(0);
    await leaveAndComeBack(page);
    await expect.poll(() => homeSection(page).getByText(title).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-kept'))).toBe('yes');
    await homeSection(page).getByText(title).scrollIntoViewIfNeeded();
    await screenshot(page, 'freshness-notice-zh-Hans-360');

    expect(errors).toEqual([]);
    await context.close();
  });
});
