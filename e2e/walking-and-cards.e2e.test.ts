import { getHome } from '@stride/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInByApi, request, setPaymentPasswordByApi } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { DEMO, isInsideViewport, openRoute, top, typePaymentPassword, useToken } from './support/journey.js';
import { walk } from './support/motion.js';
import type { RunningServer } from './support/server.js';
import { ANY_STEP_RATE, shareJourney, startOnlinePayment } from './support/setup.js';

/** Steps walked through synthetic motion events. */
const WALKED_STEPS = 200;

let server: RunningServer;
let browser: Browser;

const open = (page: Page, route: string) => openRoute(page, server.baseUrl, route);

shareJourney((started) => ({ server, browser } = started), { env: ANY_STEP_RATE });

describe('walking, points and member cards, end to end in Chromium', () => {
  it('counts and reports steps, collects and exchanges points, buys cards by balance and online, claims insurance and shows every movement', async () => {
    const { page, context, errors } = await openPhone(browser);
    const token = await logInByApi(server.baseUrl, DEMO);
    await useToken(context, token);
    await page.goto(`${server.baseUrl}/#/pages/index/index`);

    // Home: headless Chromium has no motion sensor (it sends one empty reading), and the page says so.
    await expect
      .poll(() => top(page).getByText('No motion sensor on this device').count(), { timeout: 10_000 })
      .toBe(1);
    await expect.poll(() => top(page).getByTestId('home-points').innerText()).toBe('5,000');
    await screenshot(page, 'walking-home');

    // Walk: the counter counts the synthetic motion and reports it (POST /api/steps) at once.
    await walk(page, WALKED_STEPS);
    await expect.poll(() => top(page).getByTestId('steps-today').innerText()).toBe(String(WALKED_STEPS));
    await expect
      .poll(async () => (await request(server.baseUrl, getHome, { token })).steps, { timeout: 10_000 })
      .toBe(WALKED_STEPS);

    // Collect: 200 steps earn 2 points.
    const collect = top(page).getByRole('button', { name: 'Collect 2 points' });
    await collect.click();
    await expect.poll(() => top(page).getByTestId('home-points').innerText()).toBe('5,002');
    await expect.poll(() => top(page).getByRole('button', { name: 'Nothing to collect yet' }).isDisabled()).toBe(true);

    // Exchange 100 points: the cash shows before confirming.
    await top(page).getByRole('region', { name: 'My wallet' }).getByRole('button', { name: 'Exchange' }).click();
    const sheet = page.getByRole('dialog', { name: 'Points to cash' });
    await sheet.getByLabel('Points to exchange').fill('100');
    await expect.poll(() => sheet.getByRole('status').innerText()).toBe('You get ¥1.00');
    await sheet.getByRole('button', { name: 'Exchange', exact: true }).click();
    await expect.poll(() => sheet.getByRole('alert').innerText()).toBe('Exchange 100 points for ¥1.00?');
    // The question fits a 360 × 740 phone whole, its buttons too.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => isInsideViewport(page, sheet)).toBe(true);
    await screenshot(page, 'exchange-confirm-360');
    await page.setViewportSize({ width: 375, height: 740 });
    await sheet.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => top(page).getByTestId('home-balance').innerText()).toBe('¥2,001.00');
    await expect.poll(() => top(page).getByTestId('home-points').innerText()).toBe('4,902');

    // Buy Bronze by balance: the payment password sheet says the amount and what is left, and it pays once the
    // password is typed (docs/product/payment-password.md).
    const paymentPassword = await setPaymentPasswordByApi(server, token);
    await top(page).getByRole('button', { name: 'Member cards' }).click();
    await top(page).getByRole('button', { name: 'Buy Bronze' }).click();
    await top(page).getByRole('button', { name: 'Pay ¥99.00' }).click();
    const payConfirm = page.getByRole('dialog', { name: 'Enter your payment password' });
    await expect.poll(() => payConfirm.innerText()).toContain('Pay ¥99.00 from your balance for Bronze');
    expect(await payConfirm.innerText()).toContain('¥1,902.00 will be left in your balance.');
    await typePaymentPassword(page, paymentPassword);
    await expect.poll(() => top(page).getByText('Bronze is in your card wallet').count()).toBe(1);

    // Buy Silver online: the sandbox page opens in a new tab, this tab's poll sees it paid.
    const sandbox = await startOnlinePayment(page, context, 'Silver', '¥299.00');
    // The page's stylesheet is a served file its Content-Security-Policy allows.
    await expect
      .poll(() => sandbox.evaluate(() => getComputedStyle(document.querySelector('.demo') as Element).backgroundColor))
      .toBe('rgb(255, 247, 230)');
    await expect.poll(() => top(page).getByText('Waiting for payment').count()).toBe(1);
    await sandbox.getByRole('button', { name: 'Pay ¥299.00' }).click();
    await expect.poll(() => top(page).getByText('Silver is in your card wallet').count(), { timeout: 20_000 }).toBe(1);
    await sandbox.close();

    // The wallet holds both cards, with today's progress.
    await top(page).getByRole('button', { name: 'Open the card wallet' }).first().click();
    await expect.poll(() => top(page).getByRole('heading', { name: 'Bronze' }).count()).toBe(1);
    await expect.poll(() => top(page).getByRole('heading', { name: 'Silver' }).count()).toBe(1);
    await expect.poll(() => top(page).getByText(`${WALKED_STEPS} / 6,000 steps`).count()).toBe(1);
    await screenshot(page, 'walking-wallet');

    // My membership: both orders paid.
    await open(page, '/pages-sub/order/member');
    await expect.poll(() => top(page).getByRole('listitem').count()).toBe(2);
    await expect.poll(() => top(page).getByText('Paid', { exact: true }).count()).toBe(2);

    // Insurance: claim Bronze's for myself, give Silver's to a parent.
    await open(page, '/pages-sub/insurance/index');
    const bronzePolicy = top(page).getByRole('listitem').filter({ hasText: 'Bronze walking insurance' });
    const silverPolicy = top(page).getByRole('listitem').filter({ hasText: 'Silver walking insurance' });
    await bronzePolicy.getByRole('button', { name: 'Claim for myself' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Claim for myself' }).click();
    await expect.poll(() => bronzePolicy.getByText('In force').count()).toBe(1);
    await silverPolicy.getByRole('button', { name: 'Give to family' }).click();
    await silverPolicy.getByLabel('Name').fill('Li Hua');
    await silverPolicy.getByLabel('Relation').selectOption('parent');
    // The ID number rule of real-name: a resident ID with a wrong check character is refused here.
    await silverPolicy.getByLabel('ID number').fill('110101195001011234');
    await silverPolicy.getByRole('button', { name: 'Give policy' }).click();
    await expect.poll(() => silverPolicy.getByText(/an 18-digit resident ID with its check digit/).count()).toBe(1);
    await silverPolicy.getByLabel('ID number').fill('110101195001011239');
    await silverPolicy.getByRole('button', { name: 'Give policy' }).click();
    // Giving is final: the payment password sheet names the person and the cover, and says so first.
    const giveConfirm = page.getByRole('dialog', { name: 'Enter your payment password' });
    await expect.poll(() => giveConfirm.innerText()).toContain('Give Li Hua (parent) the Silver walking insurance');
    expect(await giveConfirm.innerText()).toContain('Once given it cannot be taken back or given to anyone else.');
    await typePaymentPassword(page, paymentPassword);
    await expect.poll(() => silverPolicy.getByText('In force').count()).toBe(1);
    expect(await silverPolicy.getByText(/^110\*+1239$/).count()).toBe(1);

    // Funds statement: every movement of the balance, newest first.
    await open(page, '/pages-sub/asset/index');
    const rows = top(page).getByRole('list', { name: 'Funds statement' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringMatching(/Member card purchase\s+-¥99\.00[\s\S]*Balance ¥1,902\.00/),
      expect.stringMatching(/Points exchange\s+\+¥1\.00[\s\S]*Balance ¥2,001\.00/),
      expect.stringMatching(/Welcome bonus\s+\+¥2,000\.00[\s\S]*Balance ¥2,000\.00/),
    ]);
    await top(page).getByLabel('Type').selectOption('exchange');
    await top(page).getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await screenshot(page, 'walking-statement');

    // Exchange records.
    await open(page, '/pages-sub/exchange-record/index');
    await expect.poll(() => top(page).getByText('100 points exchanged').count()).toBe(1);

    // From there, every points movement in one statement (decision 081 "One points statement"), newest first.
    await top(page).getByRole('button', { name: 'Every points movement ›' }).click();
    const points = top(page).getByRole('list', { name: 'Points statement' }).getByRole('listitem');
    await expect.poll(() => points.count()).toBeGreaterThanOrEqual(2);
    const [exchanged, collected] = await points.allInnerTexts();
    expect(exchanged).toMatch(/Exchanged for cash\s+-100 points[\s\S]*Balance 4,902 points[\s\S]*Exchange records ›/);
    expect(collected).toMatch(/Collected for walking\s+\+2 points[\s\S]*Balance 5,002 points[\s\S]*Receipt for/);
    // The demo's welcome points are labelled like every other line.
    expect((await points.allInnerTexts()).at(-1)).toMatch(/^Welcome bonus\s+\+5,000 points/);
    await screenshot(page, 'points-statement');

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
