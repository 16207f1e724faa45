import { getHome } from '@stride/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerByApi, request } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { top, useToken } from './support/journey.js';
import { walk } from './support/motion.js';
import type { RunningServer } from './support/server.js';
import { ANY_STEP_RATE, shareJourney } from './support/setup.js';

/** The app's one step counter (docs/product/client.md, Step counter), with a faked motion sensor. */
const WALKED_STEPS = 200;

let server: RunningServer;
let browser: Browser;

const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Stride' }).getByRole('button', { name, exact: true });
const homeSection = (page: Page) => page.locator('section[data-route="/pages/index/index"]');

/** Every GET /api/home and POST /api/steps the page sends, and the reports the server answered. */
function watchRequests(page: Page) {
  const seen = { homeReads: 0, reportsAnswered: [] as unknown[] };
  page.on('request', (sent) => {
    if (sent.method() === 'GET' && new URL(sent.url()).pathname === '/api/home') seen.homeReads += 1;
  });
  page.on('response', (answer) => {
    const sent = answer.request();
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/steps') {
      seen.reportsAnswered.push(sent.postDataJSON());
    }
  });
  return seen;
}

shareJourney((started) => ({ server, browser } = started), { env: ANY_STEP_RATE });

describe('the step counter, end to end in Chromium', () => {
  it('keeps home alive across tabs, counts steps walked on the my page and shows them on home, and opens walk mode', async () => {
    const { page, context, errors } = await openPhone(browser, { width: 360 });
    const { token } = await registerByApi(server, { account: '13955550101', password: 'stepWalk1' });
    await useToken(context, token);
    const seen = watchRequests(page);
    await page.goto(`${server.baseUrl}/#/pages/index/index`);
    await expect
      .poll(() => top(page).getByText('No motion sensor on this device').count(), { timeout: 10_000 })
      .toBe(1);
    expect(await top(page).getByTestId('step-sync').innerText()).toBe('This phone: not synced yet');
    // One read of home for the start: the page's and the counter's business day share the start
    // script's early read (decision 060 "The first page's reads leave with its code, fewer files").
    await page.waitForLoadState('networkidle');
    expect(seen.homeReads).toBe(1);
    // A mark on home's page: a page loaded again would not carry it.
    await homeSection(page).evaluate((element) => element.setAttribute('data-kept', 'yes'));

    // Home → My → Home → My → Home: the same pages, kept; each reads home's figures again when
    // it is shown again (decision 076 "Screens that stay current"), once.
    await tab(page, 'My').click();
    await expect.poll(() => top(page).getAttribute('data-route')).toBe('/pages/my/index');
    // My assets shows figures once its read of home has been answered. (A wait for network idle
    // would not do: after an in-page navigation it returns at once, before the read is sent.)
    await expect.poll(() => top(page).getByTestId('my-balance').count(), { timeout: 10_000 }).toBe(1);
    const reads = seen.homeReads;
    expect(reads).toBe(2);
    await tab(page, 'Home').click();
    await expect.poll(() => top(page).getAttribute('data-route')).toBe('/pages/index/index');
    await tab(page, 'My').click();
    await expect.poll(() => top(page).getAttribute('data-route')).toBe('/pages/my/index');
    await tab(page, 'Home').click();
    await expect.poll(() => top(page).getAttribute('data-route')).toBe('/pages/index/index');
    await expect.poll(() => seen.homeReads).toBe(reads + 3);
    expect(await homeSection(page).getAttribute('data-kept')).toBe('yes');

    // Walk with the my page on top: the one counter counts and reports this device's count.
    await tab(page, 'My').click();
    await expect.poll(() => top(page).getAttribute('data-route')).toBe('/pages/my/index');
    await walk(page, WALKED_STEPS);
    await expect
      .poll(async () => (await request(server.baseUrl, getHome, { token })).steps, { timeout: 10_000 })
      .toBe(WALKED_STEPS);
    // The page sees the answer a moment after the server stored the report.
    await expect.poll(() => seen.reportsAnswered.length).toBe(1);
    expect(seen.reportsAnswered).toEqual([
      {
        day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
        steps: WALKED_STEPS,
        source: 'web',
        device: expect.stringMatching(/^\d{19}$/) as unknown,
        rhythm: expect.objectContaining({ intervals: WALKED_STEPS - 1 }) as unknown,
      },
    ]);

    // Home, the same page as before, shows them and when they were synced.
    await tab(page, 'Home').click();
    await expect.poll(() => top(page).getByTestId('steps-today').innerText()).toBe(String(WALKED_STEPS));
    expect(await homeSection(page).getAttribute('data-kept')).toBe('yes');
    await expect
      .poll(() => top(page).getByTestId('step-sync').innerText())
      .toMatch(/^This phone last synced [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}:\d{2}$/);
    await screenshot(page, 'step-counter-home-360');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'step-counter-home-1280');

    // Walk mode: start, live steps, time and distance, end with a summary.
    await top(page).getByRole('button', { name: 'Start a walk' }).click();
    await expect.poll(() => top(page).getAttribute('data-route')).toBe('/pages-sub/steps/walk');
    await top(page).getByRole('button', { name: 'Start walking' }).click();
    await walk(page, 20);
    await expect.poll(() => top(page).getByTestId('walk-steps').innerText()).toBe('20');
    expect(await top(page).getByTestId('walk-distance').innerText()).toBe('0.01 km');
    await expect.poll(() => top(page).getByTestId('walk-time').innerText(), { timeout: 5_000 }).not.toBe('00:00');
    // Headless Chromium grants or refuses the wake lock; either way the page says what happens.
    await expect
      .poll(() =>
        top(page)
          .getByText(/The screen stays on during the walk\.|This browser cannot keep the screen on/)
          .count(),
      )
      .toBe(1);
    await screenshot(page, 'step-counter-walk-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await screenshot(page, 'step-counter-walk-360');
    await top(page).getByRole('button', { name: 'End the walk' }).click();
    await expect.poll(() => top(page).getByRole('heading', { name: 'Your walk' }).count()).toBe(1);
    expect(await top(page).getByTestId('walk-steps').innerText()).toBe('20');
    await screenshot(page, 'step-counter-walk-summary-360');

    // A reload keeps the ended walk and this device's count.
    await page.reload();
    await expect.poll(() => top(page).getByRole('heading', { name: 'Your walk' }).count(), { timeout: 10_000 }).toBe(1);

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('keeps the steps walked offline, across tab switches, and stores them once when the network is back', async () => {
    const { page, context, errors } = await openPhone(browser);
    const { token } = await registerByApi(server, { account: '13955550102', password: 'stepWalk2' });
    await useToken(context, token);
    const seen = watchRequests(page);
    await page.goto(`${server.baseUrl}/#/pages/index/index`);
    await expect.poll(() => top(page).getByTestId('steps-today').innerText(), { timeout: 10_000 }).toBe('0');
    // My assets is opened once online (a page's code loads when first opened).
    await tab(page, 'My').click();
    await expect.poll(() => top(page).getAttribute('data-route')).toBe('/pages/my/index');
    await tab(page, 'Home').click();

    await context.setOffline(true);
    await walk(page, WALKED_STEPS);
    await expect.poll(() => top(page).getByTestId('steps-today').innerText()).toBe(String(WALKED_STEPS));
    await expect.poll(() => top(page).getByTestId('step-sync').innerText()).toContain('200 steps waiting to sync');
    await tab(page, 'My').click();
    await expect.poll(() => top(page).getAttribute('data-route')).toBe('/pages/my/index');
    await tab(page, 'Home').click();
    await expect.poll(() => top(page).getAttribute('data-route')).toBe('/pages/index/index');
    expect(seen.reportsAnswered).toEqual([]);

    await context.setOffline(false);
    await expect
      .poll(async () => (await request(server.baseUrl, getHome, { token })).steps, { timeout: 45_000 })
      .toBe(WALKED_STEPS);
    await expect.poll(() => top(page).getByTestId('step-sync').innerText()).toMatch(/^This phone last synced [^·]+$/);
    // Sent once: one report reached the server, with this device's 200 steps.
    expect(seen.reportsAnswered).toEqual([expect.objectContaining({ steps: WALKED_STEPS, source: 'web' })]);
    expect(await top(page).getByTestId('steps-today').innerText()).toBe(String(WALKED_STEPS));

    // The browser logs each report that failed offline; nothing else went wrong.
    expect(errors.filter((error) => !error.endsWith('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  }, 120_000);
});
