import { buyCard, createPayment, getPayment, listCardPlans, listMembershipOrders } from '@stride/contract';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInByApi, request } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { DEMO, noticeShown, openRoute, top, useToken } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { shareJourney } from './support/setup.js';

let server: RunningServer;
let browser: Browser;

shareJourney((started) => ({ server, browser } = started));

describe('membership orders, end to end in Chromium', () => {
  it('a user cancels a pending order on the membership orders page: its open payment is closed first', async () => {
    const token = await logInByApi(server.baseUrl, DEMO);
    const [plan] = await request(server.baseUrl, listCardPlans, { token });
    if (!plan) throw new Error('the demo has card plans');
    const order = await request(server.baseUrl, buyCard, {
      token,
      body: { planId: plan.id, payWith: 'online', idempotencyKey: `journey-cancel-${Date.now()}` },
    });
    const payment = await request(server.baseUrl, createPayment, {
      token,
      body: { orderId: order.id, idempotencyKey: `journey-pay-${Date.now()}` },
    });

    const { page, context, errors } = await openPhone(browser);
    await useToken(context, token);
    await openRoute(page, server.baseUrl, '/pages-sub/order/member');
    const card = top(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: plan.name }) });
    const cancel = top(page).getByRole('button', { name: `Cancel order: ${plan.name}` });
    await expect.poll(() => cancel.count(), { timeout: 10_000 }).toBe(1);
    expect(await card.first().getByText('Pending').count()).toBe(1);

    // The confirm dialog: Cancel keeps the order; "Cancel order" cancels it.
    await cancel.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(`Cancel this order for ${plan.name}?`, { exact: false }).count()).toBe(1);
    await screenshot(page, 'membership-order-cancel');
    const cancelledShown = noticeShown(page, 'Order cancelled');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();

    await expect.poll(() => card.first().getByText('Cancelled').count(), { timeout: 10_000 }).toBe(1);
    expect(await cancel.count()).toBe(0);
    await cancelledShown;

    const cancelled = await request(server.baseUrl, listMembershipOrders, { token, query: { status: 'cancelled' } });
    expect(cancelled.items.map((item) => item.id)).toContain(order.id);
    expect((await request(server.baseUrl, getPayment, { token, params: { id: payment.id } })).status).toBe('failed');
    expect(errors).toEqual([]);
  });
});
