import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listWithdrawals } from '@stride/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, request, smsCodeOf } from './support/api.js';
import { idCardPng, writeY4m } from './support/fake-camera.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { hashOf, openRoute, top, typePaymentPassword, useToken } from './support/journey.js';
import { ops } from './support/ops.js';
import { startServer, type RunningServer } from './support/server.js';
import { fund, stopJourney } from './support/setup.js';

const FACE_SAMPLE = fileURLToPath(new URL('../node_modules/@vladmandic/face-api/demo/sample1.jpg', import.meta.url));
/** The sample has three people; the fake camera shows only the middle one, since the page wants one face. */
const ONE_FACE = { left: 680, top: 280, width: 600, height: 450 };
/** 18 characters, a real birth date and the right MOD 11-2 check character (the demo user has 11010519491231002X). */
const ID_NUMBER = '110105199003071239';
/** Passes the Luhn check (6222020200112345678 does not). */
const CARD_NUMBER = '6222020200112345679';
const REAL_NAME = 'Lin Walker';
const ACCOUNT = '13955556666';
const PAYMENT_PASSWORD = '258036';

let server: RunningServer;
let browser: Browser;
let workDir: string;

const open = (page: Page, route: string) => openRoute(page, server.baseUrl, route);

const register = () => registerByApi(server, { account: ACCOUNT, password: 'payoutWalk1' });

async function phone(token: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'en-US', hasTouch: true });
  await context.grantPermissions(['camera'], { origin: server.baseUrl });
  await useToken(context, token);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  // The face detector (TensorFlow.js, its model files, the camera) must work under the app's policy.
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) errors.push(`console: ${message.text()}`);
  });
  return { context, page, errors };
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'stride-identity-'));
  await writeFile(path.join(workDir, 'front.png'), await idCardPng('#d8e6f5'));
  await writeFile(path.join(workDir, 'back.png'), await idCardPng('#f5e6d8'));
  await writeY4m(FACE_SAMPLE, path.join(workDir, 'face.y4m'), ONE_FACE, { width: 640, height: 480 });
  server = await startServer();
  // The fake front camera is a browser flag: this file's browser has its own.
  browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${path.join(workDir, 'face.y4m')}`,
  ]);
});

afterAll(async () => {
  await stopJourney({ server, browser });
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('identity and payouts', () => {
  it('verifies the real name, adds a card, passes the face check, withdraws and sees it paid', async () => {
    const { token, userId } = await register();
    const { context, page, errors } = await phone(token);

    // Real name: name, ID number and both ID photos, uploaded and shown from their private URLs.
    await open(page, '/pages-sub/realname/index');
    await expect.poll(() => top(page).locator('.identity-badge').textContent()).toBe('Not verified');
    // The ID photos' own consent comes first (decision 046 "Policies and consent").
    await top(page).getByRole('button', { name: 'I agree, continue' }).click();
    await top(page).getByLabel('Real name').fill(REAL_NAME);
    await top(page).getByLabel('ID number').fill(ID_NUMBER);
    await top(page).getByLabel('Front side').setInputFiles(path.join(workDir, 'front.png'));
    await top(page).getByLabel('Back side').setInputFiles(path.join(workDir, 'back.png'));
    await expect
      .poll(() =>
        top(page)
          .locator('.identity-photo__image')
          .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src.slice(0, 5))),
      )
      .toEqual(['blob:', 'blob:']);
    await top(page).getByRole('button', { name: 'Submit for verification' }).click();
    await expect.poll(() => top(page).locator('.identity-badge').first().textContent()).toBe('Verified');
    await expect.poll(() => top(page).getByText('110***********1239').count()).toBe(1);

    // Payout method: the holder name starts as the verified name; a wrong check digit is refused here.
    await open(page, '/pages-sub/withdrawal-type/index');
    await top(page).getByRole('button', { name: 'Add payout method' }).click();
    await expect.poll(() => top(page).getByLabel('Holder name').inputValue()).toBe(REAL_NAME);
    await top(page).getByLabel('Bank').fill('ICBC');
    await top(page).getByLabel('Card number').fill('6222020200112345678');
    await top(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => top(page).getByText('This card number is not valid; please check it').count()).toBe(1);
    await top(page).getByLabel('Card number').fill(CARD_NUMBER);
    await top(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => top(page).getByRole('button', { name: 'ICBC card ending 5679, edit' }).count()).toBe(1);

    // The withdraw page raises the face check first: no amount to enter or confirm before it.
    await open(page, '/pages-sub/withdrawal/index');
    await expect.poll(() => top(page).getByRole('heading', { name: 'Face check first' }).count()).toBe(1);
    expect(await top(page).getByLabel('Amount').count()).toBe(0);
    await screenshot(page, 'withdraw-face-check-first');
    await top(page).getByRole('button', { name: 'Go to the face check' }).click();
    await expect.poll(() => hashOf(page)).toMatch(/^#\/pages-sub\/face-recognition\/index/);

    // Face check: consent, the (fake) front camera, one face found in the browser, then sent. The
    // detector library and its model load only after consent.
    const faceFiles: string[] = [];
    page.on('request', (request) => {
      if (/face-detector|face-models/.test(request.url())) faceFiles.push(request.url());
    });
    await open(page, '/pages-sub/face-recognition/index');
    const agree = top(page).getByRole('button', { name: 'I agree, open the camera' });
    await expect.poll(() => agree.count()).toBe(1);
    expect(faceFiles).toEqual([]);
    await agree.click();
    const capture = top(page).getByRole('button', { name: 'Take photo' });
    await expect.poll(() => capture.isEnabled(), { timeout: 30_000 }).toBe(true);
    await capture.click();
    await expect.poll(() => top(page).locator('.identity-badge').textContent(), { timeout: 60_000 }).toBe('Passed');
    await expect.poll(() => top(page).getByText('Face photo').count()).toBe(1);
    expect(faceFiles.some((url) => url.includes('/face-models/tiny_face_detector_model.bin'))).toBe(true);

    // Money to withdraw, straight through the ledger.
    await fund(server, userId, 20000);

    await open(page, '/pages-sub/withdrawal/index');
    await expect.poll(() => top(page).locator('.payouts-balance').textContent()).toBe('Balance ¥200.00');
    await top(page).getByLabel('Amount').fill('100');
    await expect.poll(() => top(page).getByText('Fee ¥1.00, you receive ¥99.00').count()).toBe(1);
    // The expected arrival is said before anything is sent.
    expect(
      await top(page)
        .getByText('Expected in your bank account within 2 business days of the request, once it is reviewed.')
        .count(),
    ).toBe(1);
    await top(page).getByRole('button', { name: 'Withdraw', exact: true }).click();
    await top(page).getByRole('button', { name: 'Confirm' }).click();

    // A withdrawal asks for the payment password (docs/product/payment-password.md). None is set yet: the sheet says
    // so and leads to its page, which comes back here once it is set.
    const sheet = page.getByRole('dialog', { name: 'Enter your payment password' });
    await expect.poll(() => sheet.innerText()).toContain('Withdraw ¥100.00 to ICBC ****5679');
    await expect.poll(() => sheet.getByText(/^This needs a payment password/).count()).toBe(1);
    await sheet.getByRole('button', { name: 'Set a payment password' }).click();
    await expect
      .poll(() => hashOf(page))
      .toBe('#/pages-sub/payment-password/index?back=%2Fpages-sub%2Fwithdrawal%2Findex');
    await expect.poll(() => top(page).getByText('Not set', { exact: true }).count()).toBe(1);
    const form = top(page).getByRole('form', { name: 'Set your payment password' });
    await form.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => form.getByText(/^A code has been sent/).count()).toBe(1);
    await form.getByLabel('Code from the SMS').fill(await smsCodeOf(server, ACCOUNT, 'payment'));
    // A run is refused before anything is sent.
    await form.getByLabel('New payment password', { exact: true }).fill('123456');
    await form.getByLabel('New payment password again').fill('123456');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toMatch(/^Too easy to guess/);
    await form.getByLabel('New payment password', { exact: true }).fill(PAYMENT_PASSWORD);
    await form.getByLabel('New payment password again').fill(PAYMENT_PASSWORD);
    await screenshot(page, 'payment-password-page');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/pages-sub/withdrawal/index');

    // The same sheet on a Chinese phone of 360 px: what, how much, to which card, six boxes. Cancel sends nothing.
    const chinese = await browser.newContext({
      viewport: { width: 360, height: 740 },
      locale: 'zh-CN',
      hasTouch: true,
    });
    await useToken(chinese, token);
    const zhPage = await chinese.newPage();
    await open(zhPage, '/pages-sub/withdrawal/index');
    await top(zhPage).locator('.payouts-amount__input').fill('100');
    await top(zhPage).getByRole('button', { name: '提现', exact: true }).click();
    await top(zhPage).getByRole('button', { name: '确认', exact: true }).click();
    const zhSheet = zhPage.getByRole('dialog', { name: '请输入支付密码' });
    await expect.poll(() => zhSheet.innerText()).toContain('提现 ¥100.00 到 ICBC ****5679');
    await expect.poll(() => zhSheet.getByLabel('支付密码，6 位数字').isVisible()).toBe(true);
    await screenshot(zhPage, 'payment-password-sheet');
    await zhSheet.getByRole('button', { name: '取消' }).click();
    await expect.poll(() => zhSheet.count()).toBe(0);
    await chinese.close();
    expect((await request(server.baseUrl, listWithdrawals, { token })).items).toEqual([]);

    // Back on the confirmation: a wrong password says the tries left and empties the boxes; the right one withdraws.
    await top(page).getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => sheet.innerText()).toContain('You receive ¥99.00 after the ¥1.00 fee.');
    await typePaymentPassword(page, '802461');
    await expect.poll(() => sheet.getByRole('alert').textContent()).toMatch(/tries left/);
    expect(await sheet.locator('.pay-password__input').inputValue()).toBe('');
    await typePaymentPassword(page, PAYMENT_PASSWORD);
    await expect.poll(() => top(page).getByText('Withdrawal of ¥100.00 requested').count()).toBe(1);
    // When it arrives is said once, in the done note, not again in the form below it.
    const arrival = top(page).getByText(
      'Expected in your bank account within 2 business days of the request, once it is reviewed.',
    );
    expect(await arrival.count()).toBe(1);
    expect(
      await top(page)
        .locator('.payouts-done')
        .getByText(/^Expected in your bank account/)
        .count(),
    ).toBe(1);
    // The amount left the balance at once, into a pending withdrawal.
    await expect.poll(() => top(page).locator('.payouts-balance').textContent()).toBe('Balance ¥100.00');
    const statement = await request(server.baseUrl, listWithdrawals, { token });
    expect(statement.items.map((item) => item.status)).toEqual(['pending']);

    // The operator pays it from the command line.
    await ops(server, [
      'withdrawals',
      'pay',
      statement.items[0]?.id ?? '',
      '--reference',
      'E2E-REF-1',
      '--operator',
      'e2e',
      '--yes',
    ]);

    await open(page, '/pages-sub/withdrawal-detail/index');
    const record = top(page).locator('.payouts-record');
    await expect.poll(() => record.locator('.payouts-status').textContent()).toBe('Paid');
    await expect
      .poll(() => record.getByRole('list', { name: 'Progress' }).locator('.payouts-timeline__status').allTextContents())
      .toEqual(['Requested', 'Paid']);
    expect(await record.textContent()).toContain('Fee ¥1.00 · received ¥99.00');
    // The reference the finance operator recorded, on the user's own record.
    expect(await record.textContent()).toContain('Bank reference: E2E-REF-1');

    // Deleting the card asks first; the withdrawal made to it keeps showing it. The row's actions
    // stay in the tab order, so a keyboard reaches Delete without swiping.
    await open(page, '/pages-sub/withdrawal-type/index');
    const remove = top(page).getByRole('button', { name: 'Delete', exact: true });
    await expect.poll(() => remove.count()).toBe(1);
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('Delete ICBC ****5679?');
    // The destructive action is red.
    const deleteButton = dialog.getByRole('button', { name: 'Delete' });
    expect(await deleteButton.locator('.dialog-danger').evaluate((node) => getComputedStyle(node).color)).toBe(
      'rgb(198, 40, 40)',
    );
    await deleteButton.click();
    await expect.poll(() => top(page).getByText('No payout methods yet. Add a bank card to withdraw.').count()).toBe(1);
    const after = await request(server.baseUrl, listWithdrawals, { token });
    expect(after.items.map((item) => item.bankCard.accountMasked)).toEqual(['****5679']);

    expect(errors).toEqual([]);
    await context.close();
  });
});
