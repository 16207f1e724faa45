import { CODES, buyCard, getHome, listCardPlans, reportSteps, type Envelope } from '@stride/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInByApi, request, setPaymentPasswordByApi } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { DEMO, top, useToken } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { shareJourney } from './support/setup.js';

let server: RunningServer;
let browser: Browser;

// A generous rate, so that the card's target can be walked at any hour of the business day; a
// report a moment after the previous one is still far too fast.
const MAX_PER_MINUTE = '1000000';
const WALKED = 7_000;
const TOO_FAST = 90_000;

shareJourney((started) => ({ server, browser } = started), { env: { STEPS_MAX_PER_MINUTE: MAX_PER_MINUTE } });

/** Today's receipt as the user opens it: from home's streak line to history, then a tap on today's bar. */
async function openTodayFromHistory(page: Page, width: number): Promise<void> {
  await page.goto(`${server.baseUrl}/#/pages/index/index`);
  await expect.poll(() => top(page).getByTestId('step-streak').innerText()).toContain('Streak: 1 day');
  expect(await top(page).getByTestId('step-streak').innerText()).toContain('Today’s goal reached');
  await screenshot(page, `step-home-${width}`);
  await top(page).getByTestId('step-streak').click();
  await expect.poll(() => page.url()).toContain('#/pages-sub/steps/history');
  await expect.poll(() => top(page).getByTestId('current-streak').innerText()).toBe('1');
  // uPlot draws the bars into its own layer; today is the last, one bar a day of the account
  // (the demo account is today's: days before it are not drawn), as the day table lists them.
  const plot = top(page).locator('.steps-chart .u-over');
  await expect.poll(() => plot.count(), { timeout: 10_000 }).toBe(1);
  const bars = await top(page).locator('.history-table tbody tr').count();
  expect(bars).toBeGreaterThan(0);
  const box = await plot.boundingBox();
  if (!box) throw new Error('the chart has no box');
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height - 2);
  await page.mouse.click(box.x + box.width * ((bars - 0.4) / (bars + 0.2)), box.y + box.height - 2);
  await expect.poll(() => page.url()).toContain('#/pages-sub/steps/day?day=');
}

describe('step history and a day’s receipt, end to end in Chromium', () => {
  it('walks past a card’s target, is refused a report too fast, and finds both on the day’s receipt', async () => {
    const token = await logInByApi(server.baseUrl, DEMO);
    const { day: today } = await request(server.baseUrl, getHome, { token });
    const plans = await request(server.baseUrl, listCardPlans, { token });
    const bronze = plans.find((plan) => plan.name === 'Bronze');
    if (!bronze) throw new Error('the demo catalogue has no Bronze');
    await request(server.baseUrl, buyCard, {
      token,
      body: {
        planId: bronze.id,
        payWith: 'balance',
        idempotencyKey: 'history-card-1',
        paymentPassword: await setPaymentPasswordByApi(server, token),
      },
    });
    const walked = await request(server.baseUrl, reportSteps, { token, body: { day: today, steps: WALKED } });
    expect(walked).toMatchObject({ steps: WALKED, cashBack: 300 });
    const refused = await fetch(`${server.baseUrl}${reportSteps.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ day: today, steps: TOO_FAST }),
    });
    const refusal = (await refused.json()) as Envelope<unknown>;
    expect(refusal.code).toBe(CODES.BUSINESS_RULE);

    for (const width of [360, 1280]) {
      const { page, context, errors } = await openPhone(browser, { width });
      await useToken(context, token);
      await openTodayFromHistory(page, width);
      expect(page.url()).toContain(`day=${today}`);
      await expect.poll(() => top(page).getByTestId('receipt-steps').innerText()).toBe('7,000 steps credited');
      const refusals = top(page).getByTestId('receipt-refusals');
      await expect.poll(() => refusals.innerText()).toMatch(/Too fast: 90,000 steps reported when at most [\d,]+ were/);
      const cashBack = top(page).getByTestId('receipt-cash-back');
      expect(await cashBack.innerText()).toMatch(/Bronze\s+\+¥3\.00/);
      expect(await top(page).getByText('Multiplier ×1.2 from Bronze').count()).toBe(1);
      await screenshot(page, `step-receipt-${width}`);

      // Back to history: its charts and table, as the user sees them.
      await page.goBack();
      await expect.poll(() => top(page).getByRole('tab', { name: 'Days' }).count()).toBe(1);
      await expect.poll(() => top(page).locator('.steps-chart canvas').count()).toBe(1);
      await screenshot(page, `step-history-${width}`);
      await top(page).getByRole('tab', { name: 'Weeks' }).click();
      await expect
        .poll(() =>
          top(page)
            .getByRole('table', { name: /per week/ })
            .locator('tbody tr')
            .first()
            .innerText(),
        )
        .toContain('7,000');

      // The funds statement's cash back row opens the same receipt.
      await page.goto(`${server.baseUrl}/#/pages-sub/asset/index`);
      const link = top(page).getByRole('button', { name: `Receipt for ${today} ›` });
      await expect.poll(() => link.count()).toBe(1);
      await link.click();
      await expect.poll(() => top(page).getByTestId('receipt-steps').innerText()).toBe('7,000 steps credited');

      expect(errors).toEqual([]);
      await context.close();
    }

    // In French: the words and the number grouping are the language's own.
    const { page, context, errors } = await openPhone(browser, { width: 360, locale: 'fr-FR' });
    await useToken(context, token);
    await page.goto(`${server.baseUrl}/#/pages-sub/steps/day?day=${today}`);
    await expect.poll(() => top(page).getByTestId('receipt-steps').innerText()).toBe('7\u202f000 pas crédités');
    expect(await top(page).getByTestId('receipt-refusals').innerText()).toContain('Trop rapide : 90\u202f000 pas');
    await screenshot(page, 'step-receipt-fr-360');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
