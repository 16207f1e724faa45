import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buyCard, createPayment, listCardPlans } from '@stride/contract';
import { logInByApi, request } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { menu, operatorDesk, shoot } from './support/console.js';
import { DEMO, openRoute, top, useToken } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { shareJourney } from './support/setup.js';

let server: RunningServer;
let browser: Browser;

shareJourney((started) => ({ server, browser } = started));

/** The demo content (docs/product/rules.md, Content in every language) as each language reads it. */
const SEEN = {
  'zh-CN': {
    notice: '邀请好友，一起走',
    plan: '铜卡',
    goods: '运动水壶',
    category: '步行装备',
    channel: 'Stride 健走交流群',
    banner: '走路赚返现',
    english: ['Invite friends, walk together', 'Bronze', 'Sports water bottle', 'Stride walkers group'],
  },
  'zh-TW': {
    notice: '邀請好友，一起走',
    plan: '銅卡',
    goods: '運動水壺',
    category: '健走裝備',
    channel: 'Stride 健走交流群',
    banner: '走路賺返現',
    english: ['Invite friends, walk together', 'Bronze', 'Sports water bottle'],
  },
  'en-US': {
    notice: 'Invite friends, walk together',
    plan: 'Bronze',
    goods: 'Sports water bottle',
    category: 'Walking gear',
    channel: 'Stride walkers group',
    banner: 'Walk and earn',
    english: [],
  },
} as const;

const shown = (page: Page, text: string) => top(page).getByText(text, { exact: true }).count();

/** The words drawn in home's banner pictures (the demo's are SVG data URLs). */
const bannerWords = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('img')]
      .map((image) => image.getAttribute('src') ?? '')
      .filter((src) => src.startsWith('data:image/svg+xml;base64,'))
      .map((src) => {
        const bytes = Uint8Array.from(atob(src.slice(src.indexOf(',') + 1)), (c) => c.charCodeAt(0));
        return new TextDecoder().decode(bytes);
      })
      .join(' '),
  );

describe('server content in the user’s language, end to end in Chromium', () => {
  for (const [locale, seen] of Object.entries(SEEN)) {
    it(`a phone in ${locale} reads notices, plans, goods and channels in its language`, async () => {
      const token = await logInByApi(server.baseUrl, DEMO);
      const { page, context, errors } = await openPhone(browser, { width: 390, locale });
      await useToken(context, token);
      const open = (route: string) => openRoute(page, server.baseUrl, route);

      await open('/pages/index/index');
      await expect.poll(() => shown(page, seen.notice)).toBeGreaterThan(0);
      // The banner's picture has its words drawn in the phone's language (decision 084 "Content per language").
      await expect.poll(() => bannerWords(page)).toContain(seen.banner);
      if (locale === 'zh-CN') await screenshot(page, 'content-zh-Hans-home');

      await open('/pages/invest/index');
      await expect.poll(() => shown(page, seen.plan)).toBeGreaterThan(0);
      if (locale === 'zh-CN') await screenshot(page, 'content-zh-Hans-plans');

      await open('/pages/shop/index');
      await expect.poll(() => shown(page, seen.goods)).toBeGreaterThan(0);
      await expect.poll(() => shown(page, seen.category)).toBeGreaterThan(0);
      if (locale === 'zh-CN') await screenshot(page, 'content-zh-Hans-mall');

      await open('/pages-sub/official-community/index');
      await expect.poll(() => shown(page, seen.channel)).toBe(1);

      // Nothing of the English default leaks into another language.
      for (const english of seen.english) expect(await page.getByText(english, { exact: true }).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('a merchant adds a Chinese name in the goods editor; a Chinese phone shows it, an English one the default', async () => {
    const { page } = await operatorDesk(server, browser, 'merchant.lin', ['merchant']);
    await menu(page)
      .filter({ hasText: /^Goods$/ })
      .click();
    const row = page.getByRole('row').filter({ hasText: 'Reflective armband' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Edit Reflective armband' });
    await dialog.getByRole('button', { name: /Other languages/ }).click();
    await dialog.getByRole('tab', { name: /Chinese \(Simplified\)/ }).click();
    const chinese = dialog.getByLabel('Name · Chinese (Simplified)');
    // The demo seed wrote every language; the operator changes the Simplified one.
    await expect.poll(() => chinese.inputValue()).toBe('反光臂带');
    await chinese.fill('夜跑反光臂带');
    await shoot(page, 'goods-languages');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const token = await logInByApi(server.baseUrl, DEMO);
    for (const [locale, name] of [
      ['zh-CN', '夜跑反光臂带'],
      ['en-US', 'Reflective armband'],
    ] as const) {
      const phone = await openPhone(browser, { width: 360, locale });
      await useToken(phone.context, token);
      await openRoute(phone.page, server.baseUrl, '/pages/shop/index');
      await expect.poll(() => shown(phone.page, name)).toBeGreaterThan(0);
      expect(phone.errors).toEqual([]);
      await phone.context.close();
    }
  });

  it('an editor writes a notice in English with a Traditional Chinese title and body; each phone reads its own', async () => {
    const { page } = await operatorDesk(server, browser, 'editor.mei', ['editor']);
    await menu(page).filter({ hasText: 'Notices' }).click();
    await page.getByRole('button', { name: 'New notice' }).click();
    const dialog = page.getByRole('dialog', { name: 'New notice' });
    await dialog.getByLabel('Title', { exact: true }).fill('Lantern walk');
    await dialog.getByRole('textbox', { name: 'Text', exact: true }).click();
    await page.keyboard.type('Meet at the old bridge at seven.');
    await dialog.getByRole('button', { name: /Other languages/ }).click();
    await dialog.getByRole('tab', { name: /Chinese \(Traditional\)/ }).click();
    await dialog.getByLabel('Title · Chinese (Traditional)').fill('提燈夜走');
    await dialog.getByRole('textbox', { name: 'Text · Chinese (Traditional)' }).click();
    await page.keyboard.type('晚上七點在老橋集合。');
    await expect.poll(() => dialog.getByRole('tab', { name: /Chinese \(Traditional\) ✓/ }).count()).toBe(1);
    await shoot(page, 'notices-languages');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Lantern walk' });
    await row.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => row.getByText('Published', { exact: true }).count()).toBe(1);

    const token = await logInByApi(server.baseUrl, DEMO);
    for (const [locale, title, body] of [
      ['zh-HK', '提燈夜走', '晚上七點在老橋集合。'],
      // No Simplified text: its sibling, Traditional, comes before the English default.
      ['zh-CN', '提燈夜走', '晚上七點在老橋集合。'],
      ['fr-FR', 'Lantern walk', 'Meet at the old bridge at seven.'],
    ] as const) {
      const phone = await openPhone(browser, { width: 360, locale });
      await useToken(phone.context, token);
      await openRoute(phone.page, server.baseUrl, '/pages/index/index');
      const notice = top(phone.page).getByText(title, { exact: true }).first();
      await expect.poll(() => notice.count()).toBe(1);
      await notice.click();
      const frame = phone.page.frameLocator('iframe.notice-body');
      await expect.poll(() => frame.getByText(body).count()).toBe(1);
      expect(phone.errors).toEqual([]);
      await phone.context.close();
    }
  });

  it('the sandbox pay page speaks the app’s Chinese at 360 px and leads back to the orders', async () => {
    const token = await logInByApi(server.baseUrl, DEMO);
    const [plan] = await request(server.baseUrl, listCardPlans, { token });
    const order = await request(server.baseUrl, buyCard, {
      token,
      body: { planId: plan!.id, payWith: 'online', idempotencyKey: `languages-pay-${Date.now()}` },
    });
    // The app starts the payment in its language (its Accept-Language), as the web app does.
    const started = await fetch(`${server.baseUrl}${createPayment.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-language': 'zh-Hans' },
      body: JSON.stringify({ orderId: order.id, idempotencyKey: `languages-pay-${Date.now()}` }),
    });
    const { data: payment } = (await started.json()) as { data: { payUrl: string } };
    // A browser set to English still shows the app's language.
    const { page, context, errors } = await openPhone(browser, { width: 360, locale: 'en-US' });
    await useToken(context, token);
    await page.goto(payment.payUrl);
    await expect.poll(() => page.getByRole('button', { name: /^确认支付 ¥/ }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'sandbox-pay-zh-Hans-360');
    await page.getByRole('button', { name: /^确认支付 ¥/ }).click();
    await expect.poll(() => page.getByRole('heading', { name: '支付成功' }).count()).toBe(1);
    await screenshot(page, 'sandbox-pay-zh-Hans-360-paid');
    await page.getByRole('link', { name: '返回我的订单' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/pages-sub/order/member');
    expect(errors).toEqual([]);
    await context.close();
  });
});
