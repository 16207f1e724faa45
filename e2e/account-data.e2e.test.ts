import { readFileSync } from 'node:fs';
import { DATA_EXPORT_SECTIONS, getUserInfo, login, type DataExport, type Envelope } from '@stride/contract';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInByApi, registerByApi } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { hashOf, top, useToken } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { shareJourney } from './support/setup.js';

// docs/product/rules.md, Your data; docs/product/client.md, Pages: your data.
let server: RunningServer;
let browser: Browser;

shareJourney((started) => ({ server, browser } = started));

async function envelopeCode(path: string, init: RequestInit): Promise<number> {
  const response = await fetch(`${server.baseUrl}${path}`, init);
  return ((await response.json()) as Envelope<unknown>).code;
}

describe('your data, end to end in Chromium', () => {
  it('downloads the data as a file, then deletes the account with the forfeit stated; the login fails after', async () => {
    const account = { account: '13966667777', password: 'walkData2026' };
    const { userId } = await registerByApi(server, account);
    await server.app.services.ledger.transfer({
      kind: 'adjustment.credit',
      legs: [
        { account: { kind: 'system', name: 'funding', asset: 'CNY' }, amount: -1_234 },
        { account: { kind: 'user', userId, asset: 'CNY' }, amount: 1_234 },
      ],
    });
    const token = await logInByApi(server.baseUrl, account);

    for (const width of [360, 1280]) {
      const { page, context, errors } = await openPhone(browser, { width });
      await useToken(context, token);
      await page.goto(`${server.baseUrl}/#/pages/my/index`);
      await top(page).getByRole('button', { name: 'Your data · Delete account' }).click();
      await expect.poll(() => hashOf(page)).toBe('#/pages-sub/account-data/index');
      await expect.poll(() => top(page).getByTestId('forfeit-warning').textContent()).toContain('12.34');
      await screenshot(page, `account-data-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }

    const { page, context, errors } = await openPhone(browser);
    await useToken(context, token);
    await page.goto(`${server.baseUrl}/#/pages-sub/account-data/index`);
    const exportForm = top(page).getByRole('form', { name: 'Download your data' });

    // The export: a wrong password is a clear error; the right one saves the file.
    await exportForm.getByLabel('Current password').fill('notMine123');
    await exportForm.getByRole('button', { name: 'Download my data' }).click();
    await expect.poll(() => exportForm.getByRole('alert').textContent()).toBe('The current password is wrong');
    await exportForm.getByLabel('Current password').fill(account.password);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exportForm.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^stride-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(readFileSync((await download.path()) ?? '', 'utf8')) as DataExport;
    expect(Object.keys(file.sections)).toEqual([...DATA_EXPORT_SECTIONS]);
    expect(file.sections.profile).toMatchObject({ id: userId, mobile: account.account });
    await expect.poll(() => exportForm.getByTestId('export-saved').textContent()).toContain('stride-data-');

    // The deletion: the balance is stated with a way to withdraw first, and must be given up.
    const deleteForm = top(page).getByRole('form', { name: 'Delete account' });
    await expect
      .poll(() => deleteForm.getByTestId('forfeit-warning').textContent())
      .toContain('Withdraw first, or they are forfeited');
    await deleteForm.getByLabel('Current password').fill(account.password);
    await deleteForm.getByLabel('Type DELETE to confirm').fill('DELETE');
    const submit = deleteForm.getByRole('button', { name: 'Delete my account' });
    expect(await submit.isDisabled()).toBe(true);
    await deleteForm.getByLabel(/I give up/).check();
    await screenshot(page, 'account-data-confirm');
    await submit.click();
    await expect.poll(() => hashOf(page)).toMatch(/^#\/pages\/login\/index/);
    // Said once on the login page: the account is gone, and what became of the data (decision 082 "A newcomer's first
    // screens").
    await expect.poll(() => top(page).getByRole('status').innerText()).toContain('Your account has been deleted.');
    await screenshot(page, 'login-after-deletion');

    // Logging in again fails; the old session is refused.
    await top(page).getByLabel('Mobile number').fill(account.account);
    await top(page).getByLabel('Password').fill(account.password);
    await top(page).getByRole('button', { name: 'Log in', exact: true }).click();
    await expect.poll(() => top(page).getByRole('alert').count()).toBeGreaterThan(0);
    expect(await envelopeCode(getUserInfo.path, { headers: { authorization: `Bearer ${token}` } })).toBe(1001);
    expect(
      await envelopeCode(login.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(account),
      }),
    ).toBe(1011);
    expect(errors).toEqual([]);
    await context.close();
  });
});
