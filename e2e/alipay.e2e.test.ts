import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AlipayGateway } from '../apps/server/fakes/alipay-gateway.js';
import { shareAlipayJourney } from './support/alipay.js';
import { screenshot } from './support/browser.js';
import { hashOf, openRoute, top } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { openDemoPhone, startOnlinePayment } from './support/setup.js';

const APP_ID = '2021000000000077';

let gateway: AlipayGateway;
let server: RunningServer;
let browser: Browser;

shareAlipayJourney(APP_ID, (started) => ({ gateway, server, browser } = started));

describe('buying a member card through Alipay, end to end in Chromium', () => {
  it("opens Alipay's pay page in a new tab; after Pay the verified notification activates the card", async () => {
    const { page, context, errors } = await openDemoPhone(server, browser);
    await openRoute(page, server.baseUrl, '/pages/invest/index');

    const alipay = await startOnlinePayment(page, context, 'Silver', '¥299.00');

    // The tab is the gateway's mobile pay page, opened with our signed alipay.trade.wap.pay link.
    const link = new URL(alipay.url());
    expect(`${link.origin}${link.pathname}`).toBe(gateway.gatewayUrl);
    expect(link.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    await expect.poll(() => alipay.getByRole('heading', { name: 'Pay ¥299.00' }).count()).toBe(1);
    await expect.poll(() => top(page).getByText('Waiting for payment').count()).toBe(1);
    await screenshot(alipay, 'alipay-pay-page');

    await alipay.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => alipay.getByRole('heading', { name: 'Payment complete' }).count()).toBe(1);
    expect(gateway.notifications.map((note) => [note.fields.trade_status, note.answer?.body])).toEqual([
      ['TRADE_SUCCESS', 'success'],
    ]);
    await expect.poll(() => top(page).getByText('Silver is in your card wallet').count(), { timeout: 20_000 }).toBe(1);

    // Back to the merchant: the tab returns to the app's membership orders, where the order is paid.
    await alipay.getByRole('link', { name: 'Back to the merchant' }).click();
    await expect.poll(() => hashOf(alipay)).toBe('#/pages-sub/order/member');
    await expect.poll(() => top(alipay).getByText('Paid', { exact: true }).count()).toBe(1);
    await alipay.close();
    expect(errors).toEqual([]);
  });
});
