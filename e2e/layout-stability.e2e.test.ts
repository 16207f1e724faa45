import type { Browser, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInByApi } from './support/api.js';
import { openPhone } from './support/browser.js';
import { DEMO, top, useToken } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { shareJourney } from './support/setup.js';

// Nothing on an entry page moves when a late answer arrives (decision 060 "The first page's reads leave with its code,
// fewer files"; Lighthouse's layout shift target is 0.02 or less). Each case holds one of the page's answers back until
// the rest of the page has painted, then lets it through: the worst order for the layout, made certain.

let server: RunningServer;
let browser: Browser;

shareJourney((started) => ({ server, browser } = started));

/** Collects every layout shift of the page from its first paint, as Lighthouse sums them. */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Reflect.set(window, '__shifts', shifts);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!Reflect.get(entry, 'hadRecentInput')) shifts.push(Number(Reflect.get(entry, 'value')));
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function shiftOf(page: Page): Promise<number> {
  // Two frames after the last change: a shift is reported for the frame that moved things.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (Reflect.get(window, '__shifts') as number[]).reduce((sum, value) => sum + value, 0));
}

async function openWithLateAnswer(
  width: number,
  route: string,
  late: string,
  painted: (page: Page) => Promise<void>,
  arrived: (page: Page) => Promise<void>,
  { loggedIn = true }: { loggedIn?: boolean } = {},
): Promise<number> {
  const { context, page } = await openPhone(browser, { width });
  if (loggedIn) await useToken(context, await logInByApi(server.baseUrl, DEMO));
  await watchShifts(page);
  const held: Route[] = [];
  await page.route(`**${late}`, (call) => {
    held.push(call);
  });
  await page.goto(`${server.baseUrl}/#${route}`);
  await painted(page);
  expect(held.length).toBeGreaterThan(0);
  for (const call of held.splice(0)) await call.continue();
  await page.unroute(`**${late}`);
  await arrived(page);
  const shift = await shiftOf(page);
  await context.close();
  return shift;
}

describe('entry pages keep their layout while answers arrive', () => {
  it('login: the welcome’s rules arriving after the form moves nothing (decision 089)', async () => {
    // A first open, logged out: the welcome above the form reads the rules (decision 082 "A newcomer's first screens").
    // It used to appear only once they were read, and pushed the form down by its height.
    const shift = await openWithLateAnswer(
      412,
      '/pages/login/index',
      '/api/rules',
      (page) => expect.poll(() => top(page).locator('form.card').count()).toBe(1),
      (page) => expect.poll(() => top(page).getByTestId('welcome').getAttribute('aria-busy')).toBe('false'),
      { loggedIn: false },
    );
    expect(shift).toBeLessThan(0.005);
  });

  it('home: the streak line arriving after the wallet moves nothing below it', async () => {
    // 412 px, Lighthouse's phone: there the old streak line fitted on one line until it loaded.
    const shift = await openWithLateAnswer(
      412,
      '/pages/index/index',
      '/api/steps/achievements',
      (page) => expect.poll(() => top(page).getByTestId('home-points').count()).toBe(1),
      (page) => expect.poll(() => top(page).locator('.step-streak__count').innerText()).not.toBe('Streak…'),
    );
    expect(shift).toBeLessThan(0.005);
  });

  it('mall: the points line arriving after the goods moves nothing below it', async () => {
    const shift = await openWithLateAnswer(
      360,
      '/pages/shop/index',
      '/api/home',
      (page) => expect.poll(() => top(page).locator('.goods-grid').count()).toBe(1),
      (page) => expect.poll(() => top(page).getByTestId('shop-points').count()).toBe(1),
    );
    expect(shift).toBeLessThan(0.005);
  });
});
