import { getHome, getStepReceipt, listStepConnections } from '@stride/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFitbitFake, type FitbitFake } from '../apps/server/fakes/fitbit.js';
import { freePort } from '../apps/server/test/free-port.js';
import { registerByApi, request } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { hashOf, noticeShown, openRoute, top, useToken } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { ANY_STEP_RATE, startJourney, stopJourney } from './support/setup.js';

/**
 * A walker connects their Fitbit account from the Step sources page (docs/product/step-sources.md,
 * Connected accounts; decision 086 "Connected wearable accounts"), in Simplified Chinese on a 360 px phone: the
 * stand-in's authorization page, Allow, back to the page, the day's steps on the card, on home and on the
 * day's receipt, then Disconnect, which gives the grant back at the stand-in.
 */

const ACCOUNT = { id: '9XKQ7C', name: 'Emma W.', device: 'Charge 6' };
const WALKED = 8_421;

let fitbit: FitbitFake;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // A client id of its own: the demo seed connects the demo account only to the demo stand-in's.
  fitbit = await startFitbitFake({ clientId: 'E2E7FB', accounts: [ACCOUNT] });
  // The redirect back is built from PUBLIC_URL: the browser's origin, on a port chosen first.
  const port = await freePort();
  ({ server, browser } = await startJourney({
    port,
    env: { ...fitbit.env(), PUBLIC_URL: `http://127.0.0.1:${port}`, ...ANY_STEP_RATE },
  }));
});
afterAll(async () => {
  await stopJourney({ server, browser });
  await fitbit?.close();
});

describe('a connected Fitbit account, end to end in Chromium', () => {
  it('connects at the stand-in, shows its steps on the card, home and the receipt, and disconnects', async () => {
    const { token } = await registerByApi(server, { account: '13700000086', password: 'walk2026far' });
    const { day: today } = await request(server.baseUrl, getHome, { token });
    fitbit.walk(ACCOUNT.id, today, WALKED);

    const { page, context, errors } = await openPhone(browser, { width: 360, locale: 'zh-CN' });
    await useToken(context, token);

    // From My to Step sources: the connected accounts come first.
    await openRoute(page, server.baseUrl, '/pages/my/index');
    await top(page).getByRole('button', { name: '步数来源' }).click();
    await expect.poll(() => top(page).getByRole('heading', { name: '已连接的账号' }).count()).toBe(1);

    // Connect: the stand-in's authorization page, signed in as the watch's account.
    await top(page).getByRole('button', { name: '连接 Fitbit' }).click();
    await expect.poll(() => page.url().startsWith(`${fitbit.url}/oauth2/authorize?`)).toBe(true);
    // The way back is the Step sources page on the origin the browser uses.
    expect(new URL(page.url()).searchParams.get('redirect_uri')).toBe(`${server.baseUrl}/pages-sub/steps/sources`);
    await expect.poll(() => page.getByText(`Signed in as ${ACCOUNT.name}`).count()).toBe(1);
    await page.getByRole('button', { name: 'Allow' }).click();

    // Back on the page: the outcome, the address without the provider's answer, the card.
    const outcome = top(page).getByTestId('connection-outcome');
    await expect.poll(() => outcome.innerText(), { timeout: 15_000 }).toBe(`已连接：${ACCOUNT.name}`);
    expect(hashOf(page)).toBe('#/pages-sub/steps/sources');
    const card = top(page).getByRole('listitem', { name: `Fitbit · ${ACCOUNT.name}` });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByText('已连接', { exact: true }).count()).toBe(1);

    // Sync now reads today from the stand-in (the first sync may already have run on its own).
    await card.getByRole('button', { name: `立即同步：${ACCOUNT.name}` }).click();
    await noticeShown(page, '已同步');
    await expect.poll(() => card.getByTestId('connection-today').innerText()).toBe('今日：8,421 步');
    expect(await card.innerText()).toMatch(/上次同步 /);
    // The card as the user reads it once the toast is gone.
    await expect.poll(() => page.getByText('已同步', { exact: true }).count(), { timeout: 5_000 }).toBe(0);
    await screenshot(page, 'connected-account-zh-Hans-360');

    // Home: the day's steps are credited.
    await openRoute(page, server.baseUrl, '/pages/index/index');
    await expect.poll(() => top(page).getByTestId('steps-today').innerText(), { timeout: 10_000 }).toBe('8,421');
    await screenshot(page, 'connected-account-home-zh-Hans-360');

    // Today's receipt, from home's streak line to history and today's row: the Fitbit source.
    await top(page).getByTestId('step-streak').click();
    await expect.poll(() => hashOf(page)).toContain('#/pages-sub/steps/history');
    const row = top(page).locator(`.history-table button[data-day="${today}"]`);
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await row.click();
    await expect.poll(() => hashOf(page)).toBe(`#/pages-sub/steps/day?day=${today}`);
    await expect.poll(() => top(page).getByTestId('receipt-steps').innerText()).toBe('计入 8,421 步');
    const source = top(page).locator('.receipt-row', { hasText: `Fitbit · ${ACCOUNT.name}` });
    await expect.poll(() => source.count()).toBe(1);
    expect(await source.innerText()).toContain('已计入');
    expect(await source.locator('.receipt-row__figure').innerText()).toBe('8,421');
    await screenshot(page, 'connected-account-receipt-zh-Hans-360');
    const receipt = await request(server.baseUrl, getStepReceipt, { token, params: { day: today } });
    expect(receipt.sources).toContainEqual(
      expect.objectContaining({ kind: 'fitbit', name: ACCOUNT.name, steps: WALKED, credited: true }),
    );

    // Back to Step sources from My, and disconnect after confirming.
    await openRoute(page, server.baseUrl, '/pages/my/index');
    await top(page).getByRole('button', { name: '步数来源' }).click();
    await expect.poll(() => top(page).getByTestId('connection-today').innerText()).toBe('今日：8,421 步');
    await top(page)
      .getByRole('button', { name: `断开连接 ${ACCOUNT.name}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: '断开连接' }).click();
    await noticeShown(page, '账号已断开连接');
    await expect.poll(() => top(page).getByRole('button', { name: '连接 Fitbit' }).count()).toBe(1);
    expect(await top(page).getByTestId('connection-card').count()).toBe(0);

    // The grant went back to the stand-in, and the server lists no connection.
    expect(fitbit.calls.filter((call) => call.path === '/oauth2/revoke').map((call) => call.answer)).toEqual([200]);
    expect((await request(server.baseUrl, listStepConnections, { token })).connections).toEqual([]);
    // The steps it reported stay.
    expect((await request(server.baseUrl, getHome, { token })).steps).toBe(WALKED);

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
