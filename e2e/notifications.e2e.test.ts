import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requestWithdrawal, submitFace, unreadNotificationCount } from '@stride/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerByApi, request, setPaymentPasswordByApi, uploadByApi } from './support/api.js';
import { openPhone, screenshot, SCREENSHOT_DIR } from './support/browser.js';
import { idCardPng } from './support/fake-camera.js';
import { hashOf, openRoute, top, useToken } from './support/journey.js';
import { ops } from './support/ops.js';
import type { RunningServer } from './support/server.js';
import { fund, saveCardByApi, shareJourney, submitIdentityByApi } from './support/setup.js';

/** 18 characters each, a real birth date and the right MOD 11-2 check character; one per account. */
const ID_NUMBERS = ['110105199003071239', '110105199003071255'];
/** Passes the Luhn check. */
const CARD_NUMBER = '6222020200112345679';
let people = 0;
const REAL_NAME = 'Lin Walker';
const REASON = 'The account name does not match the bank';
const DOCS_SCREENSHOTS = fileURLToPath(new URL('../docs/screenshots', import.meta.url));

let server: RunningServer;
let browser: Browser;

shareJourney((started) => ({ server, browser } = started));

/** A verified user with a bank card and a pending withdrawal of ¥50.00; answers the token and the withdrawal. */
async function withdrawer(account: string) {
  const user = await registerByApi(server, { account, password: 'inboxWalk1' });
  const base = server.baseUrl;
  const idNumber = ID_NUMBERS[people] ?? '';
  people += 1;
  await submitIdentityByApi(server, user.token, { name: REAL_NAME, idNumber });
  const face = await uploadByApi(base, user.token, await idCardPng('#e8d8f5'), 'face');
  await request(base, submitFace, { token: user.token, body: { method: 'face', imageId: face } });
  await fund(server, user.userId, 20_000);
  const withdrawal = await request(base, requestWithdrawal, {
    token: user.token,
    body: {
      amount: 5_000,
      bankCardId: await saveCardByApi(server, user.token, REAL_NAME, CARD_NUMBER),
      idempotencyKey: `inbox-${account}`,
      paymentPassword: await setPaymentPasswordByApi(server, user.token),
    },
  });
  return { ...user, withdrawalId: withdrawal.id };
}

const badge = (page: Page) => page.getByTestId('tab-badge');

describe('notifications inbox', () => {
  it('an operator rejects a withdrawal: the badge appears on My, the inbox explains it and opens the withdrawal', async () => {
    const user = await withdrawer('13966667777');
    const { context, page, errors } = await openPhone(browser, { width: 360 });
    await useToken(context, user.token);
    await openRoute(page, server.baseUrl, '/pages/index/index');
    await expect.poll(() => page.locator('.tab-bar').isVisible()).toBe(true);
    expect(await badge(page).count()).toBe(0);

    await ops(server, [
      'withdrawals',
      'reject',
      user.withdrawalId,
      '--reason',
      REASON,
      '--operator',
      'finance-fay',
      '--yes',
    ]);
    expect((await request(server.baseUrl, unreadNotificationCount, { token: user.token })).unread).toBe(1);

    // The app reads the count again when it comes back into view (the user was elsewhere).
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => badge(page).innerText()).toBe('1');
    const myTab = page.getByRole('button', { name: /^My ?, 1 unread notifications$/ });
    expect(await myTab.count()).toBe(1);
    await myTab.click();
    await expect.poll(() => hashOf(page)).toBe('#/pages/my/index');
    const entry = top(page).getByTestId('inbox-entry');
    await expect.poll(() => entry.innerText()).toMatch(/Notifications\s*1/);
    await screenshot(page, 'notifications-my-badge-360-en');
    await entry.click();
    await expect.poll(() => hashOf(page)).toBe('#/pages-sub/notifications/index');
    const item = top(page).getByTestId('notification');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.innerText()).toContain('Withdrawal rejected');
    expect(await item.innerText()).toContain(`Your withdrawal of ¥50.00 was rejected: ${REASON}.`);
    await screenshot(page, 'notifications-360-en');
    mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
    copyFileSync(
      path.join(SCREENSHOT_DIR, 'notifications-360-en.png'),
      path.join(DOCS_SCREENSHOTS, 'notifications-360-en.png'),
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'notifications-1280-en');
    await page.setViewportSize({ width: 360, height: 740 });

    await item.click();
    await expect.poll(() => hashOf(page)).toBe('#/pages-sub/withdrawal-detail/index');
    await expect.poll(() => top(page).getByText(REASON).first().isVisible()).toBe(true);
    await expect
      .poll(async () => (await request(server.baseUrl, unreadNotificationCount, { token: user.token })).unread)
      .toBe(0);
    await page.goBack();
    await expect.poll(() => hashOf(page)).toBe('#/pages-sub/notifications/index');
    await expect.poll(() => top(page).locator('.notification--unread').count()).toBe(0);
    await page.goBack();
    await expect.poll(() => hashOf(page)).toBe('#/pages/my/index');
    await expect.poll(() => badge(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads in Simplified Chinese, at 360 and 1280 px, with mark all read and the empty state', async () => {
    const user = await withdrawer('13966668888');
    await ops(server, [
      'withdrawals',
      'reject',
      user.withdrawalId,
      '--reason',
      '银行账户已注销',
      '--operator',
      'finance-fay',
      '--yes',
    ]);
    const { context, page, errors } = await openPhone(browser, { width: 360, locale: 'zh-CN' });
    await useToken(context, user.token);
    await openRoute(page, server.baseUrl, '/pages-sub/notifications/index');
    const item = top(page).getByTestId('notification');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.innerText()).toContain('提现被驳回');
    expect(await item.innerText()).toContain('您提现的 ¥50.00 被驳回：银行账户已注销。全部金额已退回余额。');
    await screenshot(page, 'notifications-360-zh-Hans');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'notifications-1280-zh-Hans');
    await top(page).getByRole('button', { name: '全部已读' }).click();
    await expect.poll(() => top(page).locator('.notification--unread').count()).toBe(0);
    expect((await request(server.baseUrl, unreadNotificationCount, { token: user.token })).unread).toBe(0);

    // A user with nothing yet sees what will appear there.
    const newcomer = await registerByApi(server, { account: '13966669999', password: 'inboxWalk1' });
    const fresh = await openPhone(browser, { width: 360 });
    await useToken(fresh.context, newcomer.token);
    await openRoute(fresh.page, server.baseUrl, '/pages-sub/notifications/index');
    await expect
      .poll(() =>
        top(fresh.page)
          .getByText(/No notifications yet/)
          .isVisible(),
      )
      .toBe(true);
    expect([...errors, ...fresh.errors]).toEqual([]);
    await fresh.context.close();
    await context.close();
  });
});
