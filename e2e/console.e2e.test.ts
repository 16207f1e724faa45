import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  getIdentity,
  listMoneyStatement,
  listWithdrawals,
  requestWithdrawal,
  residentIdCheckCharacter,
  submitIdentity,
} from '@stride/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../apps/server/src/seed/demo-seed.js';
import { registerByApi, request, setPaymentPasswordByApi, uploadByApi } from './support/api.js';
import {
  desk,
  type Desk,
  enrol,
  logIn,
  menu,
  MENU_OF,
  nextCode,
  operatorDesk,
  setFirstPassword,
  shoot,
} from './support/console.js';
import { idCardPng } from './support/fake-camera.js';
import { ops } from './support/ops.js';
import type { RunningServer } from './support/server.js';
import {
  approveIdentity,
  fund,
  saveCardByApi,
  startJourney,
  stopJourney,
  submitIdentityByApi,
} from './support/setup.js';

const REAL_NAME = 'Lin Walker';

let server: RunningServer;
let browser: Browser;
let workDir: string;
/** The demo operator's console, kept signed in from the first journey for the admin's steps. */
let admin: Desk;

let idCounter = 0;
function idNumber(): string {
  idCounter += 1;
  const first17 = `11010519850612${String(idCounter).padStart(3, '0')}`;
  return first17 + residentIdCheckCharacter(first17);
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'stride-console-'));
  ({ server, browser } = await startJourney({ identityReview: 'operator' }));
});

afterAll(async () => {
  await stopJourney({ server, browser });
  rmSync(workDir, { recursive: true, force: true });
});

describe('operator console', () => {
  it('the demo operator enrols TOTP on the first login, then logs in again with a code', async () => {
    admin = await desk(browser);
    const { page } = admin;
    await page.goto(`${server.baseUrl}/console`);
    await expect.poll(() => page.getByRole('button', { name: 'Log in' }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/console/');
    await shoot(page, 'login');

    await logIn(server, page, DEMO_OPERATOR.name, DEMO_OPERATOR.password);
    const { totp } = await enrol(page, 'enrol');
    await expect.poll(() => page.getByTestId('operator-name').innerText()).toBe('demo');
    // The demo operator holds every role, so every screen is in the menu.
    expect(await menu(page).allInnerTexts()).toEqual(
      expect.arrayContaining(['Identity checks', 'Withdrawals', 'Operators', 'Audit log']),
    );

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Log in' }).count()).toBe(1);
    // Enrolled now: the password alone opens nothing.
    await logIn(server, page, DEMO_OPERATOR.name, DEMO_OPERATOR.password, nextCode(totp));
    await expect.poll(() => page.getByTestId('operator-name').count()).toBe(1);
    expect(await menu(page).count()).toBeGreaterThanOrEqual(4);
    expect(admin.errors).toEqual([]);
  });

  it('a reviewer approves a real-name verification waiting for an operator, and the user sees it verified', async () => {
    const user = await registerByApi(server, { account: '13966660001', password: 'reviewWalk1' });
    const front = await uploadByApi(server.baseUrl, user.token, await idCardPng('#d8e6f5'), 'id_front');
    const back = await uploadByApi(server.baseUrl, user.token, await idCardPng('#f5e6d8'), 'id_back');
    const id = idNumber();
    const submitted = await request(server.baseUrl, submitIdentity, {
      token: user.token,
      body: { name: REAL_NAME, idNumber: id, frontImageId: front, backImageId: back },
    });
    expect(submitted.status).toBe('pending');

    const passwordFile = path.join(workDir, 'rita.txt');
    writeFileSync(passwordFile, 'rita-reviews-2026\n');
    await ops(server, ['operators', 'create', 'rita', '--roles', 'reviewer', '--password-file', passwordFile, '--yes']);

    const reviewer = await desk(browser);
    const { page } = reviewer;
    await logIn(server, page, 'rita', 'rita-reviews-2026');
    await enrol(page);
    await expect.poll(() => page.getByTestId('operator-name').innerText()).toBe('rita');
    // A reviewer's menu: the identity and face-check queues, and flagged days.
    expect(await menu(page).allInnerTexts()).toEqual(MENU_OF.reviewer);

    // The user is named by the masked mobile number (decision 080 "A console a new operator can read").
    const row = page.getByRole('row').filter({ hasText: '139****0001' });
    await expect.poll(() => row.count()).toBe(1);
    // The ID number is masked: its first 3 and last 4 characters only.
    const rowText = await row.innerText();
    expect(rowText).toContain(REAL_NAME);
    expect(rowText).toContain(`${id.slice(0, 3)}`);
    expect(rowText).toContain(id.slice(-4));
    expect(rowText).not.toContain(id);
    await shoot(page, 'identity');

    // Review opens the check with the whole ID number beside the photos, a recorded look.
    await row.getByRole('button', { name: 'Review' }).click();
    const opened = page.getByTestId('identity-case');
    await expect.poll(() => opened.count()).toBe(1);
    await expect.poll(() => opened.innerText()).toContain(id);
    expect(await opened.innerText()).toContain('Opening this check is recorded in the audit log.');
    await shoot(page, 'identity-case');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => opened.count()).toBe(0);
    const looks = await server.app.services.audit.list(100);
    expect(looks.filter((look) => look.action === 'identity.view-case').map((look) => look.operator)).toEqual(['rita']);

    // Approving asks first, naming the person as the row shows them and what it opens.
    await row.getByRole('button', { name: 'Approve' }).click();
    const confirm = page.getByRole('dialog');
    await expect.poll(() => confirm.count()).toBe(1);
    const asked = await confirm.innerText();
    expect(asked).toContain(`Approve ${REAL_NAME} (`);
    expect(asked).toContain('account 139****0001');
    expect(asked).toContain('the user can then buy cards, add bank cards and, after the face check, withdraw.');
    expect(asked).not.toContain(id);
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => row.count()).toBe(0);
    expect((await request(server.baseUrl, getIdentity, { token: user.token })).status).toBe('verified');
    expect(reviewer.errors).toEqual([]);
    await reviewer.context.close();
  });

  it('an admin creates a finance operator, who pays one withdrawal and rejects another with its refund', async () => {
    // The user: verified, face check passed (both by an operator), money on the balance, a card.
    const user = await registerByApi(server, { account: '13966660002', password: 'payoutWalk1' });
    await submitIdentityByApi(server, user.token, { name: REAL_NAME, idNumber: idNumber() });
    await approveIdentity(server, user);
    await fund(server, user.userId, 20_000);
    const cardId = await saveCardByApi(server, user.token, REAL_NAME);
    const paymentPassword = await setPaymentPasswordByApi(server, user.token);
    for (const [amount, key] of [
      [5_000, 'console-pay-0001'],
      [6_000, 'console-reject-01'],
    ] as const) {
      await request(server.baseUrl, requestWithdrawal, {
        token: user.token,
        body: { amount, bankCardId: cardId, idempotencyKey: key, paymentPassword },
      });
    }

    // The admin creates the finance operator in the console; the password is shown once.
    const { page: adminPage } = admin;
    await menu(adminPage).filter({ hasText: 'Operators' }).click();
    await adminPage.getByRole('button', { name: 'New operator' }).click();
    const createDialog = adminPage.getByRole('dialog').filter({ hasText: 'New operator' });
    await createDialog.getByLabel('Name').fill('fay');
    await createDialog.getByLabel('Finance').check();
    await createDialog.getByRole('button', { name: 'OK' }).click();
    const initialPassword = adminPage.getByTestId('initial-password');
    await expect.poll(() => initialPassword.count()).toBe(1);
    const password = (await initialPassword.innerText()).trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    // Finance waits for a second admin (decision 074 "Independent second approvers"): the dialog says so.
    expect(await adminPage.getByTestId('pending-roles').innerText()).toContain('Finance');
    await shoot(adminPage, 'operators-created');
    await adminPage.getByRole('button', { name: 'Done' }).click();
    const grants = adminPage.getByTestId('role-grants');
    await expect.poll(() => grants.getByRole('row').filter({ hasText: 'fay' }).count()).toBe(1);
    // The admin who asked cannot approve it: its row says so, with no Approve button.
    expect(await grants.innerText()).toContain('You asked: a different admin approves');
    expect(await grants.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await shoot(adminPage, 'operators');

    // A second admin, made on the command line, approves the grant on its Operators page.
    const second = await operatorDesk(server, browser, 'ada', ['admin']);
    await menu(second.page).filter({ hasText: 'Operators' }).click();
    const grantRow = second.page.getByTestId('role-grants').getByRole('row').filter({ hasText: 'fay' });
    await expect.poll(() => grantRow.count()).toBe(1);
    expect(await grantRow.innerText()).toContain(DEMO_OPERATOR.name);
    await shoot(second.page, 'operators-role-grant');
    await grantRow.getByRole('button', { name: 'Approve' }).click();
    await second.page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => second.page.getByTestId('role-grants').count()).toBe(0);
    expect(second.errors).toEqual([]);
    await second.context.close();

    const finance = await desk(browser);
    const { page } = finance;
    await logIn(server, page, 'fay', password);
    // The given password opens only its own replacement (decision 073 "Operator sign-in"); enrolment follows.
    await setFirstPassword(page, password, 'fay-chose-this-2026');
    await enrol(page);
    await expect.poll(() => page.getByTestId('operator-name').innerText()).toBe('fay');
    expect(await menu(page).allInnerTexts()).toEqual(MENU_OF.finance);
    await menu(page).filter({ hasText: 'Withdrawals' }).click();

    const toPay = page.getByRole('row').filter({ hasText: '¥50.00' });
    const toReject = page.getByRole('row').filter({ hasText: '¥60.00' });
    await expect.poll(() => toPay.count()).toBe(1);
    expect(await toReject.count()).toBe(1);
    await shoot(page, 'withdrawals');
    await page.setViewportSize({ width: 768, height: 800 });
    await shoot(page, 'withdrawals-768');
    await page.setViewportSize({ width: 1280, height: 800 });

    await toPay.getByRole('button', { name: 'Mark paid' }).click();
    await page.getByRole('dialog').getByLabel('Bank reference').fill('BOW-20261123-01');
    await page.getByRole('dialog').getByRole('button', { name: 'Mark paid' }).click();
    await expect.poll(() => toPay.count()).toBe(0);

    await toReject.getByRole('button', { name: 'Reject' }).click();
    const reasonDialog = page.getByRole('dialog').filter({ hasText: 'Reason for rejecting' });
    await reasonDialog.getByLabel('Reason (the user sees it)').fill('The bank account is closed.');
    await reasonDialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => toReject.count()).toBe(0);

    const withdrawals = await request(server.baseUrl, listWithdrawals, { token: user.token });
    expect(
      withdrawals.items
        .map(({ amount, status, rejectReason }) => ({ amount, status, rejectReason }))
        .sort((a, b) => a.amount - b.amount),
    ).toEqual([
      { amount: 5_000, status: 'paid', rejectReason: null },
      { amount: 6_000, status: 'rejected', rejectReason: 'The bank account is closed.' },
    ]);
    const statement = await request(server.baseUrl, listMoneyStatement, { token: user.token });
    expect(statement.items.filter((item) => item.type === 'withdraw.refund').map((item) => item.amount)).toEqual([
      6_000,
    ]);
    expect(statement.items[0]?.balanceAfter).toBe(20_000 - 5_000);
    expect(finance.errors).toEqual([]);
    await finance.context.close();

    // The admin finds both decisions in the audit log, by operator and action.
    await menu(adminPage).filter({ hasText: 'Audit log' }).click();
    await adminPage.getByLabel('Operator', { exact: true }).fill('fay');
    await adminPage.getByLabel('Target type').click();
    await adminPage
      .locator('.ant-select-item-option')
      .filter({ hasText: /^Withdrawal$/ })
      .click();
    await adminPage.getByRole('button', { name: 'Search' }).click();
    const auditRows = adminPage.locator('.ant-table-tbody tr.ant-table-row');
    // The table keeps the unfiltered rows (fay's among them) until the search is answered: only
    // fay's rows, both decisions among them, say that it was.
    await expect
      .poll(async () => {
        const texts = await auditRows.allInnerTexts();
        if (!texts.every((row) => row.includes('fay'))) return 'rows by other operators';
        // Each action by its name, not its key (decision 080 "A console a new operator can read").
        return ['Marked a withdrawal paid', 'Rejected a withdrawal'].filter((action) =>
          texts.some((row) => row.includes(action)),
        );
      })
      .toEqual(['Marked a withdrawal paid', 'Rejected a withdrawal']);
    await shoot(adminPage, 'audit');
    expect(admin.errors).toEqual([]);
  });
});
