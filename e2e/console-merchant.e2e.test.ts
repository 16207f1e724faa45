import {
  applyCardMailing,
  buyCard,
  confirmOrder,
  listCardMailings,
  listCardPlans,
  listGoods,
  listGoodsOrders,
  listMyCards,
  saveAddress,
} from '@stride/contract';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInByApi, request, setPaymentPasswordByApi } from './support/api.js';
import { openPhone } from './support/browser.js';
import { menu, MENU_OF, operatorDesk, shoot } from './support/console.js';
import { idCardPng } from './support/fake-camera.js';
import { DEMO, noticeShown, openRoute, top, useToken } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { shareJourney } from './support/setup.js';

let server: RunningServer;
let browser: Browser;

shareJourney((started) => ({ server, browser } = started));

describe('merchant console', () => {
  it('a merchant adds goods with an uploaded image, ships the order a user placed, and the user sees the tracking number', async () => {
    const merchant = await operatorDesk(server, browser, 'mia', ['merchant']);
    const { page } = merchant;
    // A merchant sees the three merchant screens and nothing of the other roles.
    expect(await menu(page).allInnerTexts()).toEqual(MENU_OF.merchant);

    // A category first.
    await menu(page)
      .filter({ hasText: /^Goods$/ })
      .click();
    await page.getByRole('tab', { name: 'Categories' }).click();
    await page.getByRole('button', { name: 'New category' }).click();
    const categoryDialog = page.getByRole('dialog').filter({ hasText: 'New category' });
    await categoryDialog.getByLabel('Name', { exact: true }).fill('Summer gear');
    await categoryDialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Summer gear' }).count()).toBe(1);

    // Then goods in it, with an image uploaded in the form and previewed.
    await page.getByRole('tab', { name: 'Goods' }).click();
    await page.getByRole('button', { name: 'New goods' }).click();
    const goodsDialog = page.getByRole('dialog').filter({ hasText: 'New goods' });
    await goodsDialog.getByLabel('Category').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Summer gear' }).click();
    await goodsDialog.getByLabel('Name', { exact: true }).fill('Cooling towel');
    await goodsDialog.getByLabel('Description', { exact: true }).fill('Wet it, wring it, walk on.');
    await goodsDialog.getByLabel('Price (points)').fill('600');
    await goodsDialog.getByLabel('Stock').fill('8');
    await goodsDialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'towel.png', mimeType: 'image/png', buffer: await idCardPng('#7fc8a9') });
    const thumbnail = goodsDialog.getByRole('img', { name: 'Image 1' });
    await expect.poll(() => thumbnail.getAttribute('src')).toMatch(/^\/media\/[0-9a-f-]{36}\.(jpg|png)$/);
    const imageUrl = (await thumbnail.getAttribute('src')) ?? '';
    expect(await goodsDialog.getByTestId('goods-image').count()).toBe(1);
    await goodsDialog.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog').filter({ has: page.getByRole('img', { name: 'Image preview' }) });
    await expect.poll(() => preview.getByRole('img', { name: 'Image preview' }).getAttribute('src')).toBe(imageUrl);
    // The image is served publicly, as the users' app will load it.
    await expect
      .poll(() =>
        preview.getByRole('img', { name: 'Image preview' }).evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await shoot(page, 'goods-image-preview');
    await preview.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('img', { name: 'Image preview' }).count()).toBe(0);
    await shoot(page, 'goods-edit');
    await goodsDialog.getByRole('button', { name: 'Save' }).click();
    const goodsRow = page.getByRole('row').filter({ hasText: 'Cooling towel' });
    await expect.poll(() => goodsRow.count()).toBe(1);
    expect(await goodsRow.innerText()).toContain('On sale');
    expect(await goodsRow.getByRole('img', { name: 'Cooling towel' }).getAttribute('src')).toBe(imageUrl);

    // Another operator saves the goods (here from the command line's admin) while this form is
    // open: the save is refused with the server's message, and the list shows the other save.
    await goodsRow.getByRole('button', { name: 'Edit' }).click();
    const editDialog = page.getByRole('dialog').filter({ hasText: 'Edit Cooling towel' });
    await expect.poll(() => editDialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Cooling towel');
    const goodsId = (await server.app.services.admin.shop.listGoodsForOperators()).rows.find(
      (row) => row.name === 'Cooling towel',
    )?.id;
    await server.app.services.admin.shop.saveGoods('other-operator', goodsId, { stock: 20 });
    await editDialog.getByLabel('Name', { exact: true }).fill('Cooling towel XL');
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await noticeShown(page, 'Someone changed this meanwhile. Reload it and make your change again.');
    // Image, name, category, price, stock: the stock cell shows the other operator's save.
    await expect.poll(() => goodsRow.getByRole('cell').nth(4).innerText()).toBe('20');
    // The dialog plays its closing animation after the reload was asked for.
    await expect.poll(() => editDialog.isVisible()).toBe(false);
    expect(await page.getByRole('row').filter({ hasText: 'Cooling towel XL' }).count()).toBe(0);
    await shoot(page, 'goods');

    // A user orders it through the API, to an address of theirs.
    const token = await logInByApi(server.baseUrl, DEMO);
    const address = await request(server.baseUrl, saveAddress, {
      token,
      body: { name: 'Li Lei', phone: '13800138000', region: 'Shanghai Pudong', detail: '1 Century Avenue' },
    });
    const shop = await request(server.baseUrl, listGoods, { token, query: { pageSize: 50 } });
    const towel = shop.items.find((item) => item.name === 'Cooling towel');
    expect(towel?.images).toEqual([imageUrl]);
    const order = await request(server.baseUrl, confirmOrder, {
      token,
      body: { goodsId: towel?.id ?? '', quantity: 1, addressId: address.id, idempotencyKey: 'e2e-merchant-towel-1' },
    });
    expect(order.status).toBe('to_ship');

    // The merchant finds it waiting to ship, with the address, and ships it.
    await menu(page).filter({ hasText: 'Goods orders' }).click();
    const orderRow = page.getByRole('row').filter({ hasText: 'Cooling towel' });
    await expect.poll(() => orderRow.count()).toBe(1);
    expect(await orderRow.innerText()).toContain('Li Lei');
    await shoot(page, 'goods-orders');
    await page.setViewportSize({ width: 768, height: 800 });
    await shoot(page, 'goods-orders-768');
    await page.setViewportSize({ width: 1280, height: 800 });
    await orderRow.getByRole('button', { name: 'Ship' }).click();
    const shipDialog = page.getByRole('dialog').filter({ hasText: 'Ship Cooling towel to Li Lei' });
    await shipDialog.getByLabel('Carrier').fill('SF Express');
    await shipDialog.getByLabel('Tracking number').fill('SF1234567890');
    await shipDialog.getByRole('button', { name: 'Ship' }).click();
    await noticeShown(page, 'Shipped: the user now sees the tracking number.');
    await expect.poll(() => orderRow.count()).toBe(0);
    await page.getByText('Shipped', { exact: true }).click();
    await expect.poll(() => orderRow.count()).toBe(1);
    expect(await orderRow.innerText()).toContain('SF Express SF1234567890');

    // The user's order shows it shipped with the tracking number, through the API and in the app.
    const mine = await request(server.baseUrl, listGoodsOrders, { token });
    expect(mine.items.find((item) => item.id === order.id)).toMatchObject({
      status: 'shipped',
      carrier: 'SF Express',
      trackingNumber: 'SF1234567890',
    });
    const phone = await openPhone(browser);
    await useToken(phone.context, token);
    await openRoute(phone.page, server.baseUrl, '/pages-sub/order/shop');
    const card = top(phone.page).getByRole('listitem').filter({ hasText: 'Cooling towel' });
    await expect.poll(() => card.getByTestId('tracking').innerText()).toBe('SF Express SF1234567890');
    expect(await card.locator('img').first().getAttribute('src')).toBe(imageUrl);
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    expect(merchant.errors).toEqual([]);
  });

  it('a merchant ships a physical card mailing, and the user sees it shipped', async () => {
    const token = await logInByApi(server.baseUrl, DEMO);
    const plans = await request(server.baseUrl, listCardPlans, { token });
    await request(server.baseUrl, buyCard, {
      token,
      body: {
        planId: plans.find((plan) => plan.name === 'Bronze')?.id ?? '',
        payWith: 'balance',
        idempotencyKey: 'e2e-merchant-bronze-1',
        paymentPassword: await setPaymentPasswordByApi(server, token),
      },
    });
    const cards = await request(server.baseUrl, listMyCards, { token });
    const address = await request(server.baseUrl, saveAddress, {
      token,
      body: { name: 'Han Mei', phone: '13800138001', region: 'Beijing Haidian', detail: '8 Garden Road' },
    });
    const mailing = await request(server.baseUrl, applyCardMailing, {
      token,
      body: { cardId: cards[0]?.id ?? '', addressId: address.id },
    });

    const merchant = await operatorDesk(server, browser, 'max', ['merchant']);
    const { page } = merchant;
    await menu(page).filter({ hasText: 'Card mailings' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Han Mei' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('Bronze');
    await shoot(page, 'card-mailings');
    await row.getByRole('button', { name: 'Ship' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Ship Bronze to Han Mei' });
    await dialog.getByLabel('Carrier').fill('EMS');
    await dialog.getByLabel('Tracking number').fill('EMS42');
    await dialog.getByRole('button', { name: 'Ship' }).click();
    await expect.poll(() => row.count()).toBe(0);

    const mine = await request(server.baseUrl, listCardMailings, { token });
    expect(mine.find((item) => item.id === mailing.id)).toMatchObject({
      status: 'shipped',
      carrier: 'EMS',
      trackingNumber: 'EMS42',
    });
    expect(merchant.errors).toEqual([]);
  });
});
