import { consoleCardPlans, listCardPlans, listMyCards } from '@stride/contract';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerByApi, request, setPaymentPasswordByApi } from './support/api.js';
import { openPhone } from './support/browser.js';
import { menu, operatorDesk, shoot, type Desk } from './support/console.js';
import { idCardPng } from './support/fake-camera.js';
import { noticeShown, openRoute, top, typePaymentPassword, useToken } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { fund, idNumberOf, shareJourney, submitIdentityByApi } from './support/setup.js';

let server: RunningServer;
let browser: Browser;
let finance: Desk;

shareJourney((started) => ({ server, browser } = started));

/** A user whose real name is verified (automatic review) with ¥200.00 to spend. */
async function buyer(account: string) {
  const user = await registerByApi(server, { account, password: 'plansWalk1' });
  await submitIdentityByApi(server, user.token, { name: 'Sam Walker', idNumber: idNumberOf('11010519900307123') });
  await fund(server, user.userId, 20_000);
  return user;
}

describe('card plans and the home page in the console', () => {
  it('finance creates a plan, a user buys it, finance edits its price: the card keeps its terms, the new price is on sale', async () => {
    finance = await operatorDesk(server, browser, 'fiona', ['finance']);
    const { page } = finance;
    expect(await menu(page).allInnerTexts()).toContain('Card plans');
    await menu(page).filter({ hasText: 'Card plans' }).click();
    // The demo's plans are on sale already.
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Bronze' }).count()).toBe(1);

    await page.getByRole('button', { name: 'New plan' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Sunrise');
    await dialog.getByLabel('Price (¥)').fill('50');
    await dialog.getByLabel('Days').fill('14');
    await dialog.getByLabel('Daily steps target').fill('5000');
    await dialog.getByLabel('Daily cash back (¥)').fill('2');
    await dialog.getByLabel('Points multiplier (%)').fill('130');
    await dialog.getByLabel('Position').fill('5');
    await dialog.getByRole('button', { name: 'OK' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Sunrise' });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.innerText()).toContain('¥50.00');
    await shoot(page, 'plans');

    // The user buys it by balance in the web app and finds it in the wallet.
    const user = await buyer('13977770001');
    const paymentPassword = await setPaymentPasswordByApi(server, user.token);
    const phone = await openPhone(browser);
    await useToken(phone.context, user.token);
    await openRoute(phone.page, server.baseUrl, '/pages/invest/index');
    await top(phone.page).getByRole('button', { name: 'Buy Sunrise' }).click();
    await top(phone.page).getByRole('button', { name: 'Pay ¥50.00' }).click();
    // Paying from the balance asks first, in the payment password sheet (docs/product/payment-password.md).
    const sheet = phone.page.getByRole('dialog', { name: 'Enter your payment password' });
    await expect.poll(() => sheet.innerText()).toContain('Pay ¥50.00 from your balance for Sunrise');
    await typePaymentPassword(phone.page, paymentPassword);
    await expect.poll(() => top(phone.page).getByText('Sunrise is in your card wallet').count()).toBe(1);
    await openRoute(phone.page, server.baseUrl, '/pages-sub/card/index');
    await expect.poll(() => top(phone.page).getByRole('heading', { name: 'Sunrise' }).count()).toBe(1);
    // What the card can pay back over its term: 14 days × ¥2.00, less than its price.
    await expect.poll(() => top(phone.page).getByText('up to ¥28.00 (¥2.00 a day × 14 days)').count()).toBe(1);

    // Finance raises the price: a new version goes on sale in place of the old one.
    await page.getByRole('button', { name: 'Refresh' }).click();
    // Cards sold: the eighth column.
    await expect.poll(() => row.getByRole('cell').nth(7).innerText()).toBe('1');
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect
      .poll(() => dialog.getByText('Cards already sold under version 1 (1)', { exact: false }).count())
      .toBe(1);
    await dialog.getByLabel('Price (¥)').fill('80');
    await shoot(page, 'plans-edit');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => row.innerText()).toContain('¥80.00');
    expect(await row.innerText()).toContain('v2');
    await page.getByText('Retired', { exact: true }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Sunrise' }).innerText()).toContain('¥50.00');

    // The card keeps the terms it was sold with; the shop shows the new price.
    await openRoute(phone.page, server.baseUrl, '/pages-sub/card/index');
    // What the card can pay back over its term: 14 days × ¥2.00, less than its price.
    await expect.poll(() => top(phone.page).getByText('up to ¥28.00 (¥2.00 a day × 14 days)').count()).toBe(1);
    const [card] = await request(server.baseUrl, listMyCards, { token: user.token });
    expect(card?.plan).toMatchObject({
      name: 'Sunrise',
      price: 5_000,
      days: 14,
      dailyTarget: 5_000,
      dailyCashBack: 200,
    });
    expect(card ? Date.parse(card.endsOn) - Date.parse(card.startsOn) : 0).toBe(13 * 86_400_000);
    await openRoute(phone.page, server.baseUrl, '/pages/invest/index');
    await expect.poll(() => top(phone.page).getByRole('button', { name: 'Buy Sunrise' }).count()).toBe(1);
    const onSale = await request(server.baseUrl, listCardPlans, { token: user.token });
    expect(onSale.filter((plan) => plan.name === 'Sunrise').map((plan) => plan.price)).toEqual([8_000]);
    await expect.poll(() => top(phone.page).getByText('¥80.00').count()).toBeGreaterThan(0);

    // Another operator saves a change while this one's dialog is open: this save is refused with
    // the server's message, and the list reloads with the other change.
    await page.getByText('On sale', { exact: true }).click();
    await row.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Price (¥)').fill('90');
    const current = (await server.app.services.admin.cards.listPlans('onSale')).find((plan) => plan.name === 'Sunrise');
    if (!current) throw new Error('Sunrise is not on sale');
    await server.app.services.admin.cards.editPlan('someone-else', current.id, current.version, {
      name: current.name,
      price: 8_500,
      days: current.days,
      dailyTarget: current.dailyTarget,
      dailyCashBack: current.dailyCashBack,
      multiplierPercent: current.multiplierPercent,
      position: current.position,
    });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await noticeShown(page, 'Someone changed this meanwhile. Reload it and make your change again.');
    await expect.poll(() => row.innerText()).toContain('¥85.00');
    expect(await row.innerText()).toContain('v3');
    expect(consoleCardPlans.roles).toEqual(['finance']);
    expect(finance.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('an editor adds a banner with an uploaded image; it shows on the app’s home page', async () => {
    const editor = await operatorDesk(server, browser, 'eddie', ['editor']);
    const { page } = editor;
    await menu(page).filter({ hasText: 'Home page' }).click();
    const preview = page.getByTestId('home-preview');
    // The demo's banners are in the preview.
    await expect.poll(() => preview.getByRole('img').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'New item' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title', { exact: true }).fill('Autumn walk');
    // The banner's own image: the first upload (each other language has its own, decision 084 "Content per language").
    await dialog
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: 'autumn.png',
        mimeType: 'image/png',
        buffer: await idCardPng('#fa8c16'),
      });
    await expect
      .poll(() => dialog.getByTestId('image-preview').getAttribute('src'))
      .toMatch(/^\/media\/[0-9a-f-]{36}\.(jpg|png|webp)$/);
    // An unsafe link is refused in the form, before any call.
    await dialog.getByLabel('Link').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect
      .poll(() => dialog.getByText('Only pages of the app (/pages/...) or https: addresses.').count())
      .toBe(1);
    await dialog.getByLabel('Link').fill('/pages/invest/index');
    await dialog.getByLabel('Position').fill('0');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Autumn walk' }).count()).toBe(1);
    await expect.poll(() => preview.getByRole('img', { name: 'Autumn walk' }).count()).toBe(1);
    await shoot(page, 'home-items');
    await page.setViewportSize({ width: 768, height: 900 });
    await shoot(page, 'home-items-768');

    // The user's home shows it, and a tap leads to the plans.
    const phone = await openPhone(browser);
    const user = await registerByApi(server, { account: '13977770002', password: 'plansWalk2' });
    await useToken(phone.context, user.token);
    await openRoute(phone.page, server.baseUrl, '/pages/index/index');
    const banner = top(phone.page).getByRole('img', { name: 'Autumn walk' });
    await expect.poll(() => banner.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => banner.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await banner.click();
    await expect.poll(() => new URL(phone.page.url()).hash).toBe('#/pages/invest/index');
    expect(editor.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
