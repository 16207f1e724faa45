import { getCaptcha, requestPasswordKey } from '@stride/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerByApi, request } from './support/api.js';
import { openPhone } from './support/browser.js';
import { menu, operatorDesk, shoot, type Desk } from './support/console.js';
import { expectGreeting, hashOf, noticeShown, top } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { shareJourney } from './support/setup.js';

const FROZEN = 'This account is frozen. Please contact customer service.';
const USER = { account: '13977770001', password: 'careWalk26' };

let server: RunningServer;
let browser: Browser;
let admin: Desk;
let support: Desk;

shareJourney((started) => ({ server, browser } = started));

async function logInToApp(page: Page): Promise<void> {
  await top(page).getByLabel('Mobile number').fill(USER.account);
  await top(page).getByLabel('Password').fill(USER.password);
  await top(page).getByRole('button', { name: 'Log in', exact: true }).click();
}

/** The users screen: search by part of the number, then open the one user found. */
async function openUser(page: Page, digits: string): Promise<void> {
  await menu(page).filter({ hasText: 'Users' }).click();
  await page.getByPlaceholder('Mobile number (3+ digits, anywhere in it) or user id').fill(digits);
  await page.getByRole('button', { name: 'Search' }).click();
  const open = page.getByRole('button', { name: 'Open' });
  await expect.poll(() => open.count()).toBe(1);
  await open.click();
  await expect.poll(() => page.getByTestId('user-page').count()).toBe(1);
}

const drawer = (page: Page) => page.locator('.ant-drawer-content-wrapper');

/** Confirms the reason dialog of a freeze or an unfreeze. */
async function giveReason(page: Page, reason: string): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: 'Reason (kept in the audit log)' });
  await dialog.getByLabel('Reason (kept in the audit log)').fill(reason);
  await dialog.getByRole('button', { name: 'OK' }).click();
}

describe('user care in the console', () => {
  it('an admin freezes a user who is using the app: the app logs them out with the message and login is refused, until unfrozen', async () => {
    await registerByApi(server, USER);
    const phone = await openPhone(browser);
    await phone.page.goto(`${server.baseUrl}/`);
    await expect.poll(() => hashOf(phone.page)).toMatch(/^#\/pages\/login\/index/);
    await logInToApp(phone.page);
    await expectGreeting(phone.page, USER.account);

    admin = await operatorDesk(server, browser, 'care-admin', ['admin']);
    const { page } = admin;
    expect(await menu(page).allInnerTexts()).toEqual(expect.arrayContaining(['Users', 'Outbox']));
    await openUser(page, '7770001');
    // An admin reads the whole number, and the page says the account is active.
    await expect.poll(() => drawer(page).getByText(`User ${USER.account}`).count()).toBe(1);
    await expect.poll(() => drawer(page).getByText('Active', { exact: true }).count()).toBe(1);

    await drawer(page).getByRole('button', { name: 'Freeze' }).click();
    await giveReason(page, 'Chargeback fraud reported by the bank');
    await noticeShown(page, 'Account frozen.');
    await expect
      .poll(() =>
        drawer(page)
          .getByText(/^Frozen since .* by care-admin$/)
          .count(),
      )
      .toBe(1);
    await expect.poll(() => drawer(page).getByRole('button', { name: 'Unfreeze' }).count()).toBe(1);
    await shoot(page, 'user-frozen');

    // The app's next call answers 1018: the message once, and back to the login page.
    await phone.page.getByRole('navigation').getByText('My', { exact: true }).click();
    await expect.poll(() => phone.page.getByText(FROZEN).count()).toBe(1);
    await expect.poll(() => hashOf(phone.page)).toMatch(/^#\/pages\/login\/index/);
    await phone.page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => phone.page.getByText(FROZEN).count()).toBe(0);
    expect(await phone.page.evaluate(() => localStorage.getItem('token') ?? '')).toBe('');
    // A login with the right password is refused with the same message, on the form.
    await logInToApp(phone.page);
    await expect.poll(() => top(phone.page).getByRole('alert').innerText()).toBe(FROZEN);

    await drawer(page).getByRole('button', { name: 'Unfreeze' }).click();
    await giveReason(page, 'The bank withdrew the chargeback');
    await noticeShown(page, 'Account unfrozen.');
    await expect.poll(() => drawer(page).getByRole('button', { name: 'Freeze' }).count()).toBe(1);

    await logInToApp(phone.page);
    await expectGreeting(phone.page, USER.account);
    expect(phone.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await phone.context.close();
  });

  it('support sees the user page masked, cannot freeze, and may reset login limits (at a tablet width)', async () => {
    support = await operatorDesk(server, browser, 'care-support', ['support'], 768);
    const { page } = support;
    const items = await menu(page).allInnerTexts();
    expect(items).toEqual(expect.arrayContaining(['Users', 'Outbox']));
    expect(items).not.toContain('Operators');

    await menu(page).filter({ hasText: 'Users' }).click();
    await page.getByPlaceholder('Mobile number (3+ digits, anywhere in it) or user id').fill('7770001');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByRole('cell', { name: '139****0001' }).count()).toBe(1);
    expect(await page.getByText(USER.account).count()).toBe(0);
    await shoot(page, 'users-768');

    await page.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => page.getByTestId('user-page').count()).toBe(1);
    await expect.poll(() => drawer(page).getByText('User 139****0001').count()).toBe(1);
    expect(await drawer(page).getByText('Numbers and names are masked for your role.').count()).toBe(1);
    expect(await drawer(page).getByRole('button', { name: 'Freeze' }).count()).toBe(0);
    expect(await drawer(page).getByRole('button', { name: 'Unfreeze' }).count()).toBe(0);
    await shoot(page, 'user-page-768');

    await drawer(page).getByRole('button', { name: 'Reset login limits' }).click();
    await page.locator('.ant-modal').getByRole('button', { name: 'Reset login limits' }).click();
    await noticeShown(page, /^Login limits cleared/);
    expect(support.errors).toEqual([]);
  });

  it('the outbox shows a reset code masked to every role, and the recipient masked to support', async () => {
    const { captchaId } = await request(server.baseUrl, getCaptcha);
    await request(server.baseUrl, requestPasswordKey, {
      query: { account: USER.account, captchaId, captchaCode: server.captcha.last },
    });
    const { page } = admin;
    await page.locator('.ant-drawer-close').click();
    await menu(page).filter({ hasText: 'Outbox' }).click();
    await expect
      .poll(() => page.getByText('Messages the service queued, sent or failed to send', { exact: false }).count())
      .toBe(1);
    // The user's sign-up code and then the reset code: the reset code's row.
    const rows = page.locator('.ant-table-row').filter({ hasText: USER.account });
    await expect.poll(() => rows.count()).toBe(2);
    const row = rows.filter({ hasText: 'password reset code' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('Stride: your password reset code is ••••••.');
    expect(await row.innerText()).not.toMatch(/\b\d{6}\b/);
    await shoot(page, 'outbox');

    // The seeded demo account has a verified identity and a welcome credit, its statement line
    // named in words (decision 080 "A console a new operator can read"): the documentation's picture of a user's page.
    await openUser(page, '0138000');
    await expect.poll(() => drawer(page).getByText('Verified', { exact: true }).count()).toBe(1);
    await expect.poll(() => drawer(page).getByText('Welcome credit (demo)', { exact: true }).count()).toBe(1);
    await shoot(page, 'user-page');
    expect(admin.errors).toEqual([]);

    const desk = support.page;
    await desk.locator('.ant-drawer-close').click();
    await menu(desk).nth(1).click();
    // The outbox's row (not the users list's, which it replaces): the recipient and the code masked.
    const masked = desk
      .locator('.ant-table-row')
      .filter({ hasText: '139****0001' })
      .filter({ hasText: 'password reset code is ••••••' });
    await expect.poll(() => masked.count()).toBe(1);
    expect(await desk.getByText(USER.account).count()).toBe(0);
    expect(support.errors).toEqual([]);
  });
});
