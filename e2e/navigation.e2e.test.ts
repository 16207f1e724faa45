import { submitFace, submitIdentity } from '@stride/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInByApi, registerByApi, request, setPaymentPasswordByApi, uploadByApi } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { idCardPng } from './support/fake-camera.js';
import { DEMO, hashOf, openRoute, top, typePaymentPassword, useToken } from './support/journey.js';
import { ops } from './support/ops.js';
import type { RunningServer } from './support/server.js';
import { openDemoPhone, shareJourney } from './support/setup.js';

/**
 * docs/product/client.md, Navigation: back closes what was opened last, pages read again when they
 * are shown, a page that failed offline loads when the network is back, a detour returns, and the
 * login page's back and redirect.
 */

let server: RunningServer;
let browser: Browser;

const open = (page: Page, route: string) => openRoute(page, server.baseUrl, route);
const layerOf = (page: Page) =>
  page.evaluate(() => (history.state as { strideLayer?: number } | null)?.strideLayer ?? 0);
/** A typed hash: the app pushes that page on top of the stack. */
const typeHash = (page: Page, route: string) =>
  page.evaluate((target) => {
    location.hash = target;
  }, route);

// Operators review: a manual face check stays pending until one approves it.
shareJourney((started) => ({ server, browser } = started), { identityReview: 'operator' });

describe('navigation and freshness, in Chromium', () => {
  it('back closes the goods detail and leaves the mall as it was; its own close leaves no entry', async () => {
    const { page, context, errors } = await openDemoPhone(server, browser);
    await open(page, '/pages/shop/index');
    const goods = top(page).getByRole('button', { name: /Sports water bottle/ });
    await goods.click();
    const detail = page.getByRole('dialog', { name: 'Sports water bottle' });
    await expect.poll(() => detail.isVisible()).toBe(true);
    expect(await layerOf(page)).toBeGreaterThan(0);
    await screenshot(page, 'navigation-goods-detail');

    // A page opened from the detail goes on top of it; back from there finds the detail as it was.
    await detail.getByRole('button', { name: 'One more' }).click();
    await expect.poll(() => detail.getByTestId('order-total').innerText()).toBe('2,400');
    await typeHash(page, '/pages-sub/address/index');
    await expect.poll(() => hashOf(page)).toBe('#/pages-sub/address/index');
    await expect.poll(() => detail.isVisible()).toBe(false);
    await page.goBack();
    await expect.poll(() => detail.isVisible()).toBe(true);
    expect(await detail.getByTestId('order-total').innerText()).toBe('2,400');

    // The browser's (or the phone's) back closes the detail; the mall stays, same page, no reload.
    await page.goBack();
    await expect.poll(() => detail.count()).toBe(0);
    expect(hashOf(page)).toBe('#/pages/shop/index');
    expect(await goods.isVisible()).toBe(true);
    expect(await layerOf(page)).toBe(0);

    // Closing it with its own button takes its entry out: no dead entry is left, so the next back
    // leaves the mall at once (to the blank page the journey started from).
    await goods.click();
    await expect.poll(() => detail.isVisible()).toBe(true);
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => detail.count()).toBe(0);
    await expect.poll(() => layerOf(page)).toBe(0);
    expect(hashOf(page)).toBe('#/pages/shop/index');
    await page.goBack();
    await expect.poll(() => page.url()).toBe('about:blank');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('back closes the notice opened last, then the list of notices, and home stays', async () => {
    const { page, context, errors } = await openDemoPhone(server, browser);
    await open(page, '/pages/index/index');
    await top(page).getByRole('button', { name: 'More notices' }).click();
    const list = page.getByRole('dialog', { name: 'Notices' });
    await list.getByRole('button', { name: /Points shop is open/ }).click();
    const notice = page.getByRole('dialog', { name: 'Points shop is open' });
    await expect.poll(() => notice.isVisible()).toBe(true);

    await page.goBack();
    await expect.poll(() => notice.count()).toBe(0);
    expect(await list.isVisible()).toBe(true);
    await page.goBack();
    await expect.poll(() => list.count()).toBe(0);
    expect(hashOf(page)).toBe('#/pages/index/index');
    expect(await top(page).getByTestId('home-points').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('My shows the new balance and card after buying a card from My → plans and coming back', async () => {
    // Paying from the balance asks for the payment password (docs/product/payment-password.md).
    const paymentPassword = await setPaymentPasswordByApi(server, await logInByApi(server.baseUrl, DEMO));
    const { page, context, errors } = await openDemoPhone(server, browser);
    await open(page, '/pages/my/index');
    const balance = top(page).getByTestId('my-balance');
    await expect.poll(() => balance.innerText()).toBe('¥2,000.00');
    const cards = top(page).getByRole('region', { name: 'Active cards' });
    await expect.poll(() => cards.getByText('No active card').count()).toBeGreaterThan(0);

    await top(page).getByRole('button', { name: 'Membership plans' }).click();
    await top(page).getByRole('button', { name: 'Buy Bronze' }).click();
    await top(page).getByRole('button', { name: 'Pay ¥99.00' }).click();
    await typePaymentPassword(page, paymentPassword);
    await expect.poll(() => top(page).getByText('Bronze is in your card wallet').count()).toBe(1);

    await page.goBack();
    expect(hashOf(page)).toBe('#/pages/my/index');
    await expect.poll(() => balance.innerText()).toBe('¥1,901.00');
    await expect.poll(() => cards.getByText(/Bronze/).count()).toBeGreaterThan(0);
    await screenshot(page, 'navigation-my-fresh');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('home on its error state loads again by itself when the network comes back', async () => {
    const { page, context } = await openDemoPhone(server, browser);
    // The connection drops just as home asks for its figures.
    await page.route('**/api/home', (route) => route.abort('internetdisconnected'));
    await open(page, '/pages/index/index');
    await expect.poll(() => top(page).getByRole('button', { name: 'Retry' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await top(page).getByTestId('home-points').count()).toBe(0);
    await page.unroute('**/api/home');

    await context.setOffline(true);
    await context.setOffline(false);
    await expect.poll(() => top(page).getByTestId('home-points').count(), { timeout: 15_000 }).toBe(1);
    await context.close();
  });

  it('the face-check detour from a withdrawal returns to the withdraw page instead of pushing another', async () => {
    const { token, userId } = await registerByApi(server, { account: '13955550001', password: 'detourWalk1' });
    const front = await uploadByApi(server.baseUrl, token, await idCardPng('#d8e6f5'), 'id_front');
    const back = await uploadByApi(server.baseUrl, token, await idCardPng('#f5e6d8'), 'id_back');
    await request(server.baseUrl, submitIdentity, {
      token,
      body: { name: 'Lin Walker', idNumber: '110105199003071239', frontImageId: front, backImageId: back },
    });
    await ops(server, ['identity', 'approve', userId, '--operator', 'e2e', '--yes']);

    const { page, context, errors } = await openPhone(browser);
    await useToken(context, token);
    await open(page, '/pages/index/index');
    await typeHash(page, '/pages-sub/withdrawal/index');
    await top(page).getByRole('button', { name: 'Go to the face check' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/pages-sub/face-recognition/index');
    const badge = top(page).locator('.identity-badge').first();
    await expect.poll(() => badge.textContent()).toBe('Not done');

    // The user asks for a manual review; an operator approves it while the page is open, and the
    // page reads again when the app comes back into view.
    await request(server.baseUrl, submitFace, { token, body: { method: 'manual' } });
    await ops(server, ['face', 'approve', userId, '--operator', 'e2e', '--yes']);
    await expect.poll(() => badge.textContent()).toBe('Not done');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => badge.textContent()).toBe('Passed');
    const toWithdraw = top(page).getByRole('button', { name: 'Go to withdraw' });
    await expect.poll(() => toWithdraw.count(), { timeout: 10_000 }).toBe(1);
    await toWithdraw.click();

    await expect.poll(() => hashOf(page)).toBe('#/pages-sub/withdrawal/index');
    // Back, from the withdraw page, is home: the face page is not there any more.
    await page.goBack();
    await expect.poll(() => hashOf(page)).toBe('#/pages/index/index');
    expect(await page.locator('.page[data-route="/pages-sub/face-recognition/index"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("login's back leaves the app on a first open, and a logged-in user opening login is sent on", async () => {
    const first = await openPhone(browser);
    await open(first.page, '/pages/login/index');
    await expect.poll(() => top(first.page).getByRole('button', { name: 'Back' }).count()).toBe(1);
    await top(first.page).getByRole('button', { name: 'Back' }).click();
    // Nothing of the app came before it: back goes where the browser was (here, a blank page).
    await expect.poll(() => first.page.url()).toBe('about:blank');
    await first.context.close();

    const { page, context, errors } = await openDemoPhone(server, browser);
    await open(page, `/pages/login/index?redirect=${encodeURIComponent('/pages/my/index')}`);
    await expect.poll(() => hashOf(page)).toBe('#/pages/my/index');
    await expect.poll(() => top(page).getByTestId('my-balance').count()).toBe(1);
    await open(page, '/pages/login/index');
    await expect.poll(() => hashOf(page)).toBe('#/pages/index/index');
    expect(errors).toEqual([]);
    await context.close();
  });
});
