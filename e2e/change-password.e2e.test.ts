import { getUserInfo, type Envelope } from '@stride/contract';
import { maskMiddle } from '@stride/contract/rules';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInByApi, registerByApi, request } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { hashOf, top, useToken } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { shareJourney } from './support/setup.js';

let server: RunningServer;
let browser: Browser;

shareJourney((started) => ({ server, browser } = started));

/** The envelope's code of GET /api/user/info with a token: 1 while the session lives, 1001 after. */
async function infoCode(token: string): Promise<number> {
  const response = await fetch(`${server.baseUrl}${getUserInfo.path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as Envelope<unknown>).code;
}

async function fillPasswords(page: Page, current: string, next: string, confirmation = next): Promise<void> {
  await top(page).getByLabel('Current password').fill(current);
  await top(page).getByLabel('New password', { exact: true }).fill(next);
  await top(page).getByLabel('Confirm new password').fill(confirmation);
  await top(page).getByRole('button', { name: 'Change password' }).click();
}

describe('change password, end to end in Chromium', () => {
  it('changes the password from my assets: this phone stays signed in, the other device is signed out', async () => {
    const account = { account: '13922223333', password: 'firstWalk1' };
    await registerByApi(server, account);
    // Another device, signed in before the change.
    const tablet = await logInByApi(server.baseUrl, account);

    const { page, errors, context } = await openPhone(browser);
    await useToken(context, await logInByApi(server.baseUrl, account));
    await page.goto(`${server.baseUrl}/#/pages/my/index`);
    await top(page)
      .getByRole('navigation', { name: 'Account & security' })
      .getByRole('button', { name: 'Change password' })
      .click();
    await expect.poll(() => hashOf(page)).toBe('#/pages-sub/change-password/index');

    // A wrong current password is a clear error, and nothing changes.
    await fillPasswords(page, 'notMine123', 'secondWalk2');
    await expect.poll(() => top(page).getByRole('alert').textContent()).toBe('The current password is wrong');
    expect(await infoCode(tablet)).toBe(1);

    // The two new passwords must match, before anything is sent.
    await fillPasswords(page, account.password, 'secondWalk2', 'secondWalk3');
    await expect.poll(() => top(page).getByRole('alert').textContent()).toBe('The two passwords do not match');

    await fillPasswords(page, account.password, 'secondWalk2');
    await expect
      .poll(() => top(page).getByRole('status').textContent())
      .toContain('Every other device signed in to your account has been signed out');
    await screenshot(page, 'change-password-done');

    // The other device is signed out; this one is not, even after a reload.
    expect(await infoCode(tablet)).toBe(1001);
    await top(page).getByRole('button', { name: 'Back' }).last().click();
    await expect.poll(() => hashOf(page)).toBe('#/pages/my/index');
    await page.reload();
    await expect.poll(() => top(page).getByTestId('my-name').textContent()).toBe(maskMiddle(account.account));

    // The tablet, opened again, lands on login; the new password works there, the old one not.
    const other = await openPhone(browser);
    await useToken(other.context, tablet);
    await other.page.goto(`${server.baseUrl}/#/pages/my/index`);
    await expect.poll(() => hashOf(other.page)).toMatch(/^#\/pages\/login\/index/);
    await top(other.page).getByLabel('Mobile number').fill(account.account);
    await top(other.page).getByLabel('Password').fill(account.password);
    await top(other.page).getByRole('button', { name: 'Log in', exact: true }).click();
    await expect.poll(() => top(other.page).getByRole('alert').count()).toBeGreaterThan(0);
    await top(other.page).getByLabel('Password').fill('secondWalk2');
    await top(other.page).getByRole('button', { name: 'Log in', exact: true }).click();
    await expect.poll(() => hashOf(other.page)).toBe('#/pages/my/index');
    expect(
      (
        await request(server.baseUrl, getUserInfo, {
          token: await logInByApi(server.baseUrl, { ...account, password: 'secondWalk2' }),
        })
      ).account,
    ).toBe(account.account);

    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await other.context.close();
    await context.close();
  });
});
