import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getHome, listDeviceTokens, postDeviceSteps, type Envelope, type ResponseOf } from '@stride/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appleExportZip, takeoutZip } from '../apps/server/test/health-exports.js';
import { registerByApi, request } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { openRoute, top, useToken } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { ANY_STEP_RATE, startJourney, stopJourney } from './support/setup.js';

let server: RunningServer;
let browser: Browser;
const files = mkdtempSync(path.join(tmpdir(), 'stride-exports-'));

/** A day `back` days before now, in UTC+8 (the business day), as `YYYY-MM-DD`. */
const dayBack = (back: number) => new Date(Date.now() + 8 * 3_600_000 - back * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  // Today's 1,234 steps in one report.
  ({ server, browser } = await startJourney({ env: ANY_STEP_RATE }));
});
afterAll(async () => {
  await stopJourney({ server, browser });
  rmSync(files, { recursive: true, force: true });
});

describe('step sources, end to end in Chromium', () => {
  it('creates a token and posts steps with it, imports Apple Health and Takeout exports, and revokes the token', async () => {
    const { token } = await registerByApi(server, { account: '13700000001', password: 'walk2026far' });
    const { page, context, errors } = await openPhone(browser, { width: 360 });
    await useToken(context, token);

    // From the My page to Step sources.
    await openRoute(page, server.baseUrl, '/pages/my/index');
    await top(page).getByRole('button', { name: 'Step sources' }).click();
    await expect.poll(() => top(page).getByRole('heading', { name: 'The in-app counter' }).count()).toBe(1);
    await expect.poll(() => top(page).getByText('No tokens yet').count()).toBe(1);

    // A token, shown once, with the copy-paste example.
    await top(page).getByLabel('Name (for example “Watch”)').fill('Shortcut');
    await top(page).getByRole('button', { name: 'Create token' }).click();
    const shown = top(page).getByTestId('new-token');
    await expect.poll(() => shown.count()).toBe(1);
    const deviceToken = await shown.innerText();
    expect(deviceToken).toMatch(/^sst_/);
    expect(await top(page).locator('pre').innerText()).toContain(`Authorization: Bearer ${deviceToken}`);
    await expect.poll(() => top(page).getByText('Not used yet').count()).toBe(1);
    await screenshot(page, 'step-sources-token-360');

    // The token posts steps; it opens nothing else.
    const response = await fetch(`${server.baseUrl}${postDeviceSteps.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${deviceToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ steps: 1234 }),
    });
    const posted = (await response.json()) as Envelope<ResponseOf<typeof postDeviceSteps>>;
    expect(posted).toMatchObject({ code: 1, data: { steps: 1234 } });
    expect((await request(server.baseUrl, getHome, { token })).steps).toBe(1234);
    const refused = await fetch(`${server.baseUrl}${listDeviceTokens.path}`, {
      headers: { authorization: `Bearer ${deviceToken}` },
    });
    expect(((await refused.json()) as Envelope<unknown>).code).toBe(1001);

    // The page shows it used.
    await page.reload();
    await expect
      .poll(
        () =>
          top(page)
            .getByText(/^Last used /)
            .count(),
        { timeout: 10_000 },
      )
      .toBe(1);

    // An Apple Health export: two sources, the higher one per day.
    const apple = path.join(files, 'export.zip');
    writeFileSync(
      apple,
      await appleExportZip([
        { start: `${dayBack(12)} 09:00:00 +0800`, value: 4000, source: 'iPhone' },
        { start: `${dayBack(12)} 10:00:00 +0800`, value: 5000, source: 'Apple Watch' },
        { start: `${dayBack(11)} 09:00:00 +0800`, value: 7000, source: 'iPhone' },
        { start: `${dayBack(10)} 09:00:00 +0800`, value: 6500, source: 'iPhone' },
      ]),
    );
    await top(page).locator('input[type="file"]').setInputFiles(apple);
    await top(page).getByRole('button', { name: 'Import', exact: true }).click();
    const result = top(page).getByTestId('import-result');
    await expect.poll(() => result.innerText(), { timeout: 15_000 }).toContain('Imported: 3 days with steps.');
    expect(await result.innerText()).toContain(`From ${dayBack(12)} to ${dayBack(10)}`);

    // A Google Takeout export.
    const takeout = path.join(files, 'takeout-20261122T000000Z-001.zip');
    writeFileSync(
      takeout,
      await takeoutZip([
        { date: dayBack(30), steps: 8123 },
        { date: dayBack(29), steps: 9001 },
      ]),
    );
    await top(page).getByRole('radio', { name: 'Google Fit' }).click();
    await top(page).locator('input[type="file"]').setInputFiles(takeout);
    await top(page).getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => result.innerText(), { timeout: 15_000 }).toContain('Imported: 2 days with steps.');
    await expect.poll(() => top(page).getByTestId('import-row').count()).toBe(2);
    await screenshot(page, 'step-sources-imports-360');

    // The same file again adds nothing.
    await top(page).getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => result.innerText(), { timeout: 15_000 }).toContain('This file was already imported on');
    expect(await top(page).getByTestId('import-row').count()).toBe(2);

    // A file that is not an export: the server's message, nothing added.
    const bogus = path.join(files, 'notes.zip');
    writeFileSync(bogus, 'not a zip at all');
    await top(page).locator('input[type="file"]').setInputFiles(bogus);
    await top(page).getByRole('button', { name: 'Import', exact: true }).click();
    await expect
      .poll(() => top(page).getByRole('alert').innerText(), { timeout: 15_000 })
      .toContain('The file is not a zip archive');

    // Revoke, after confirming: the token can no longer post.
    await top(page).getByRole('button', { name: 'Revoke Shortcut' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => top(page).getByText('No tokens yet').count()).toBe(1);
    const after = await fetch(`${server.baseUrl}${postDeviceSteps.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${deviceToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ steps: 1300 }),
    });
    expect(((await after.json()) as Envelope<unknown>).code).toBe(1001);

    // The wide layout, once the dialog and the toast are gone.
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.getByText('Token revoked').count(), { timeout: 5_000 }).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'step-sources-1280');
    expect(errors).toEqual([]);
    await context.close();
  });
});
