import { consoleMe, consoleNotices, consoleUpdateNotice, getDownload, type ConsoleNotice } from '@stride/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInByApi, request } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { menu, operatorDesk, shoot, type Desk } from './support/console.js';
import { idCardPng } from './support/fake-camera.js';
import { DEMO, openRoute, top, useToken } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { shareJourney } from './support/setup.js';

let server: RunningServer;
let browser: Browser;
let editor: Desk;

const TITLE = 'Autumn walking week';
const CHANNEL = 'Riverside walkers';

shareJourney((started) => ({ server, browser } = started));

/** A console call made with the desk's own cookie and CSRF token, as a script on the page could not. */
async function consoleCall<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ code: number; data: T }> {
  const me = (await (await page.request.get(`${server.baseUrl}${consoleMe.path}`)).json()) as {
    data: { csrfToken: string };
  };
  const response = await page.request.fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'x-csrf-token': me.data.csrfToken, 'content-type': 'application/json', origin: server.baseUrl },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  return (await response.json()) as { code: number; data: T };
}

describe('content in the operator console', () => {
  it('an editor writes a notice with bold text and a list, previews it and publishes it; a user reads it', async () => {
    editor = await operatorDesk(server, browser, 'editor.ada', ['editor']);
    const { page } = editor;
    await menu(page).filter({ hasText: 'Notices' }).click();
    await page.getByRole('button', { name: 'New notice' }).click();
    await page.getByLabel('Title', { exact: true }).fill(TITLE);
    const text = page.getByRole('textbox', { name: 'Text', exact: true });
    await text.click();
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Join us every evening');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('Monday by the river');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Friday in the park');
    await expect.poll(() => text.locator('li').count()).toBe(2);
    await shoot(page, 'notices-editor');

    const dialog = page.getByRole('dialog', { name: 'New notice' });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = page.frameLocator('[data-testid="notice-preview"] iframe');
    await expect.poll(() => preview.locator('strong').innerText()).toBe('Join us every evening');
    await expect.poll(() => preview.locator('li').count()).toBe(2);
    await shoot(page, 'notices-preview');
    await page.getByRole('dialog', { name: 'As users will see it' }).getByRole('button', { name: 'Close' }).click();

    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row').filter({ hasText: TITLE });
    await expect.poll(() => row.getByText('Draft').count()).toBe(1);
    await row.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => row.getByText('Published', { exact: true }).count()).toBe(1);
    await shoot(page, 'notices');

    // HTML pasted straight into the API: the script never reaches anyone.
    const list = await consoleCall<ConsoleNotice[]>(page, 'GET', consoleNotices.path);
    const notice = list.data.find((item) => item.title === TITLE);
    expect(notice?.body).toContain('<strong>Join us every evening</strong>');
    const hostile = `${notice?.body ?? ''}<script>document.title='owned'</script><p onclick="alert(1)">Bring water</p>`;
    const updated = await consoleCall<ConsoleNotice>(
      page,
      'PUT',
      consoleUpdateNotice.path.replace('{id}', notice?.id ?? ''),
      { title: TITLE, body: hostile, version: notice?.version },
    );
    expect(updated.code).toBe(1);
    expect(updated.data.body).not.toMatch(/script|onclick|owned/);
    expect(updated.data.body).toContain('<p>Bring water</p>');

    const phone = await openPhone(browser);
    await useToken(phone.context, await logInByApi(server.baseUrl, DEMO));
    await openRoute(phone.page, server.baseUrl, '/pages/index/index');
    await top(phone.page).getByRole('button', { name: 'More notices' }).click();
    await phone.page
      .getByRole('dialog', { name: 'Notices' })
      .getByRole('button', { name: new RegExp(TITLE) })
      .click();
    const body = phone.page.frameLocator('iframe.notice-body');
    await expect.poll(() => body.locator('strong').innerText()).toBe('Join us every evening');
    await expect.poll(() => body.locator('li').allInnerTexts()).toEqual(['Monday by the river', 'Friday in the park']);
    expect(await body.locator('script, [onclick]').count()).toBe(0);
    expect(await body.getByText('Bring water').count()).toBe(1);
    await screenshot(phone.page, 'console-notice-on-phone');
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    // The notices screen at a tablet's width.
    await page.setViewportSize({ width: 768, height: 900 });
    await shoot(page, 'notices-768');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('an editor adds a community channel with an uploaded QR image; users see it on the community page', async () => {
    const { page } = editor;
    await menu(page).filter({ hasText: 'Community' }).click();
    await page.getByRole('button', { name: 'New channel' }).click();
    const dialog = page.getByRole('dialog', { name: 'New channel' });
    await dialog.getByLabel('Name', { exact: true }).fill(CHANNEL);
    await dialog.getByLabel('Description', { exact: true }).fill('Every Saturday at 8');
    await dialog.getByLabel('Link').fill('https://example.com/riverside');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'qr.png',
      mimeType: 'image/png',
      buffer: await idCardPng('#2f855a'),
    });
    await expect
      .poll(() => dialog.locator('img').first().getAttribute('src'))
      .toMatch(/^\/media\/[0-9a-f-]+\.(jpg|png|webp)$/);
    await dialog.getByRole('button', { name: 'OK' }).click();
    const row = page.getByRole('row').filter({ hasText: CHANNEL });
    await expect.poll(() => row.count()).toBe(1);
    await shoot(page, 'community');

    const phone = await openPhone(browser);
    await openRoute(phone.page, server.baseUrl, '/pages-sub/official-community/index');
    await expect.poll(() => top(phone.page).getByRole('heading', { name: CHANNEL }).count()).toBe(1);
    const qr = top(phone.page).getByRole('img', { name: `QR code of ${CHANNEL}` });
    await expect.poll(() => qr.getAttribute('src')).toMatch(/\/media\/[0-9a-f-]+\.(jpg|png|webp)$/);
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('an editor uploads a companion package; the download answers it', async () => {
    const { page } = editor;
    await menu(page).filter({ hasText: 'Companion app' }).click();
    await expect.poll(() => page.getByText('No package is offered').count()).toBe(1);
    const apk = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2048, 7)]);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'stride-2.0.0.apk',
      mimeType: 'application/vnd.android.package-archive',
      buffer: apk,
    });
    await page.getByLabel('Version', { exact: true }).fill('2.0.0');
    await page.getByLabel('Version code').fill('200');
    await page.getByRole('button', { name: 'Upload and offer it' }).click();
    await expect.poll(() => page.getByText(/Uploaded in the console by editor\.ada/).count()).toBe(1);
    await shoot(page, 'companion');

    const answer = await request(server.baseUrl, getDownload);
    expect(answer).toMatchObject({ version: '2.0.0', versionCode: 200 });
    const file = await fetch(answer.url.replace(/^https?:\/\/[^/]+/, server.baseUrl));
    expect(Buffer.from(await file.arrayBuffer()).equals(apk)).toBe(true);
    expect(editor.errors).toEqual([]);
  });
});
