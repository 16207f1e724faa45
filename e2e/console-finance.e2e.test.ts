import { readFileSync } from 'node:fs';
import {
  buyCard,
  getHome,
  listCardPlans,
  listMembershipOrders,
  listMoneyStatement,
  listWithdrawals,
  requestWithdrawal,
} from '@stride/contract';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerByApi, request, setPaymentPasswordByApi } from './support/api.js';
import { openPhone } from './support/browser.js';
import { menu, MENU_OF, operatorDesk, shoot } from './support/console.js';
import { openRoute, top, useToken } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import {
  approveIdentity,
  fund,
  idNumberOf,
  saveCardByApi,
  shareJourney,
  submitIdentityByApi,
} from './support/setup.js';

const REAL_NAME = 'Lin Walker';

let server: RunningServer;
let browser: Browser;

// Above ¥100 a withdrawal needs two finance operators.
shareJourney((started) => ({ server, browser } = started), {
  identityReview: 'operator',
  env: { WITHDRAWAL_SECOND_APPROVAL_ABOVE: '10000' },
});

/** A verified, face-checked user with ¥300.00 and a bank card (the ID number's first 17 digits). */
async function payoutUser(account: string, first17 = '11010519850612777') {
  const user = await registerByApi(server, { account, password: 'financeWalk1' });
  await submitIdentityByApi(server, user.token, { name: REAL_NAME, idNumber: idNumberOf(first17) });
  await approveIdentity(server, user);
  await fund(server, user.userId, 30_000);
  return { ...user, cardId: await saveCardByApi(server, user.token, REAL_NAME) };
}

describe('finance in the console', () => {
  it('two finance desks: a correction under four eyes reaches the statement; a large withdrawal needs both', async () => {
    const user = await payoutUser('13966661234');
    const ann = await operatorDesk(server, browser, 'fin-ann', ['finance']);
    const ben = await operatorDesk(server, browser, 'fin-ben', ['finance']);
    expect(await menu(ann.page).allInnerTexts()).toEqual(MENU_OF.finance);

    // Ann requests a ¥12.50 credit for the user, found by mobile number.
    const a = ann.page;
    await menu(a).filter({ hasText: 'Balance corrections' }).click();
    await a.getByLabel('User id or mobile number').fill('13966661234');
    await a.getByRole('button', { name: 'Look up' }).click();
    await expect.poll(() => a.getByText('139****1234 · balance ¥300.00 · 0 points').count()).toBe(1);
    await a.getByLabel('Amount').fill('12.50');
    await a.getByLabel('Reason').fill('Refund of a duplicated card fee');
    await a.getByRole('button', { name: 'Request', exact: true }).click();
    const annRow = a.locator('.ant-table-row').filter({ hasText: 'Refund of a duplicated card fee' });
    await expect.poll(() => annRow.count()).toBe(1);
    // Her own request: no approve button, a note that another operator decides.
    expect(await annRow.innerText()).toContain('Yours: another operator decides');
    expect(await annRow.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await annRow.innerText()).toContain('139****1234');
    await shoot(a, 'corrections');
    await a.setViewportSize({ width: 768, height: 800 });
    await shoot(a, 'corrections-768');
    await a.setViewportSize({ width: 1280, height: 800 });

    // Ben approves it.
    const b = ben.page;
    await menu(b).filter({ hasText: 'Balance corrections' }).click();
    const benRow = b.locator('.ant-table-row').filter({ hasText: 'Refund of a duplicated card fee' });
    await expect.poll(() => benRow.count()).toBe(1);
    await benRow.getByRole('button', { name: 'Approve' }).click();
    await b.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    // The list shows pending ones first; the approved one is under "All" and "Approved".
    await expect.poll(() => benRow.count()).toBe(0);
    await b.getByText('Approved', { exact: true }).click();
    await expect.poll(() => benRow.count()).toBe(1);
    expect(await benRow.innerText()).toContain('fin-ben');

    // The user's statement shows the correction and the balance, by the API and in the app.
    const statement = await request(server.baseUrl, listMoneyStatement, { token: user.token });
    expect(statement.items[0]).toMatchObject({ type: 'adjustment.credit', amount: 1_250, balanceAfter: 31_250 });
    const phone = await openPhone(browser);
    await useToken(phone.context, user.token);
    await openRoute(phone.page, server.baseUrl, '/pages-sub/asset/index');
    const movements = top(phone.page).getByRole('list', { name: 'Funds statement' }).getByRole('listitem');
    await expect.poll(() => movements.count()).toBeGreaterThan(0);
    expect(await movements.first().innerText()).toMatch(
      /Balance correction \(credit\)\s+\+¥12\.50[\s\S]*Balance ¥312\.50/,
    );
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    // A ¥200 withdrawal: Ann gives the first approval, cannot pay it herself; Ben pays it.
    const withdrawal = await request(server.baseUrl, requestWithdrawal, {
      token: user.token,
      body: {
        amount: 20_000,
        bankCardId: user.cardId,
        idempotencyKey: 'finance-large-0001',
        paymentPassword: await setPaymentPasswordByApi(server, user.token),
      },
    });
    await menu(a).filter({ hasText: 'Withdrawals' }).click();
    const annWithdrawal = a.locator('.ant-table-row').filter({ hasText: '¥200.00' });
    await expect.poll(() => annWithdrawal.count()).toBe(1);
    expect(await annWithdrawal.innerText()).toContain('Needs two operators');
    expect(await annWithdrawal.innerText()).toContain('139****1234');
    await annWithdrawal.getByRole('button', { name: 'Approve' }).click();
    await a.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => annWithdrawal.getByText('Approved by fin-ann').count()).toBe(1);
    expect(await annWithdrawal.innerText()).toContain('Yours: another operator pays');
    expect(await annWithdrawal.getByRole('button', { name: 'Mark paid' }).count()).toBe(0);
    await shoot(a, 'withdrawals-four-eyes');

    // The CSV for the bank batch: the full account number and the amount to pay in yuan.
    const [file] = await Promise.all([
      a.waitForEvent('download'),
      a.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = readFileSync(await file.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('id,holder_name,bank,account_number,amount_cny,reference');
    expect(csv).toContain(`${withdrawal.id},${REAL_NAME},Bank of Walking,6222020200112345679,198.00,`);

    await menu(b).filter({ hasText: 'Withdrawals' }).click();
    const benWithdrawal = b.locator('.ant-table-row').filter({ hasText: '¥200.00' });
    await expect.poll(() => benWithdrawal.getByRole('button', { name: 'Mark paid' }).count()).toBe(1);
    await benWithdrawal.getByRole('button', { name: 'Mark paid' }).click();
    await b.getByRole('dialog').getByLabel('Bank reference').fill('BOW-20261123-77');
    await b.getByRole('dialog').getByRole('button', { name: 'Mark paid' }).click();
    await expect.poll(() => benWithdrawal.count()).toBe(0);
    // Finance finds it under "Paid" with the bank's reference and who paid it.
    await b.locator('.ant-segmented').getByText('Paid', { exact: true }).click();
    await expect.poll(() => benWithdrawal.count()).toBe(1);
    expect(await benWithdrawal.innerText()).toMatch(/BOW-20261123-77\s+paid by fin-ben/);
    await shoot(b, 'withdrawals-paid');
    const paid = await request(server.baseUrl, listWithdrawals, { token: user.token });
    expect(paid.items.find((item) => item.id === withdrawal.id)?.status).toBe('paid');

    // The ledger report: the adjustments account, what users hold, a clean check.
    await menu(b).filter({ hasText: 'Ledger report' }).click();
    await expect.poll(() => b.getByText('Debits equal credits', { exact: false }).count()).toBe(1);
    await expect.poll(() => b.getByRole('row').filter({ hasText: 'system:adjustments:CNY' }).count()).toBe(1);
    expect(await b.getByRole('row').filter({ hasText: 'system:adjustments:CNY' }).innerText()).toContain('-¥12.50');
    await shoot(b, 'ledger');

    expect(ann.errors).toEqual([]);
    expect(ben.errors).toEqual([]);
    await ann.context.close();
    await ben.context.close();
  }, 180_000);

  it('finance cancels a paid membership order: the card ends and the price goes back to the balance', async () => {
    const user = await payoutUser('13966665678', '11010519900308123');
    const [plan] = await request(server.baseUrl, listCardPlans, { token: user.token });
    if (!plan) throw new Error('the demo has card plans');
    const order = await request(server.baseUrl, buyCard, {
      token: user.token,
      body: {
        planId: plan.id,
        payWith: 'balance',
        idempotencyKey: `journey-refund-${Date.now()}`,
        paymentPassword: await setPaymentPasswordByApi(server, user.token),
      },
    });
    const balance = (await request(server.baseUrl, getHome, { token: user.token })).balance;

    const desk = await operatorDesk(server, browser, 'fin-cal', ['finance']);
    const { page } = desk;
    await menu(page).filter({ hasText: 'Membership orders' }).click();
    const row = page.locator('.ant-table-row').filter({ hasText: order.id });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await row.getByRole('button', { name: 'Cancel and refund' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Bought twice by mistake; asked by phone.');
    await shoot(page, 'membership-orders-cancel');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await page.locator('.ant-segmented').getByText('Cancelled', { exact: true }).click();
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('To the balance');

    const home = await request(server.baseUrl, getHome, { token: user.token });
    expect(home.balance).toBe(balance + plan.price);
    const orders = await request(server.baseUrl, listMembershipOrders, {
      token: user.token,
      query: { status: 'cancelled' },
    });
    expect(orders.items.map((item) => item.id)).toEqual([order.id]);
    expect(desk.errors).toEqual([]);
    await desk.context.close();
  }, 120_000);
});
