import { listMembershipOrders } from '@stride/contract';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AlipayGateway } from '../apps/server/fakes/alipay-gateway.js';
import { shareAlipayJourney } from './support/alipay.js';
import { logInByApi, request } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { hashOf, noticeShown, openRoute, top } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { signUpInApp } from './support/sign-up.js';
import { idNumberOf, startOnlinePayment, submitIdentityByApi } from './support/setup.js';

const APP_ID = '2021000000000099';
const USER = { account: '13977770001', password: 'providerWalk1' };

let gateway: AlipayGateway;
let server: RunningServer;
let browser: Browser;

// Demo mode keeps SMS in the outbox (its page shows sign-up codes); payments go to the Alipay stand-in.
shareAlipayJourney(APP_ID, (started) => ({ gateway, server, browser } = started));

describe('a new user, from the SMS code to a card paid through Alipay (docs/decisions/034–037)', () => {
  it('signs up with the code from the outbox, buys a card through the Alipay gateway, and cancels a second order', async () => {
    const { page, context, errors } = await openPhone(browser);

    // 1. Sign up: the captcha sends a code, the demo outbox page shows it, the code creates the account.
    await openRoute(page, server.baseUrl, '/pages/login/index');
    await top(page).getByRole('tab', { name: 'Sign up' }).click();
    await signUpInApp(page, server, USER);
    await expect.poll(() => hashOf(page)).toMatch(/^#\/(pages\/index\/index)?$/);

    // 2. Real name (demo mode decides identity checks at once), by the API as the real-name page would.
    const token = await logInByApi(server.baseUrl, USER);
    await submitIdentityByApi(server, token, { name: 'Zhou Walker', idNumber: idNumberOf('11010519900307123') });

    // 3. Buy Silver online: Alipay's pay page opens in a new tab; Pay; the notification activates the card.
    await openRoute(page, server.baseUrl, '/pages/invest/index');
    const alipay = await startOnlinePayment(page, context, 'Silver', '¥299.00');
    expect(new URL(alipay.url()).searchParams.get('method')).toBe('alipay.trade.wap.pay');
    await alipay.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => alipay.getByRole('heading', { name: 'Payment complete' }).count()).toBe(1);
    await expect.poll(() => top(page).getByText('Silver is in your card wallet').count(), { timeout: 20_000 }).toBe(1);
    await alipay.close();

    // 4. Start Bronze online, leave its pay page unpaid, and cancel the order: its trade is closed at Alipay.
    await openRoute(page, server.baseUrl, '/pages/invest/index');
    const unpaid = await startOnlinePayment(page, context, 'Bronze', '¥99.00');
    const bronzeTrade = new URL(unpaid.url()).searchParams.get('biz_content') ?? '';
    expect(bronzeTrade).toContain('"total_amount":"99.00"');
    await unpaid.close();

    await openRoute(page, server.baseUrl, '/pages-sub/order/member');
    const cancel = top(page).getByRole('button', { name: 'Cancel order: Bronze' });
    await expect.poll(() => cancel.count(), { timeout: 10_000 }).toBe(1);
    await cancel.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
    await noticeShown(page, 'Order cancelled');
    await screenshot(page, 'providers-orders');

    const orders = await request(server.baseUrl, listMembershipOrders, { token });
    expect(orders.items.map((order) => [order.planName, order.status])).toEqual([
      ['Bronze', 'cancelled'],
      ['Silver', 'paid'],
    ]);
    const closes = gateway.calls.filter((call) => call.method === 'alipay.trade.close');
    expect(closes).toHaveLength(1);
    expect(gateway.notifications.map((note) => note.fields.trade_status)).toEqual(['TRADE_SUCCESS']);
    expect(errors).toEqual([]);
  });
});
