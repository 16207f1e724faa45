import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { maskMiddle } from '@stride/contract/rules';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest, type Db } from '../apps/server/src/db/database.js';
import { logInByApi } from './support/api.js';
import { openInstallablePhone, screenshot } from './support/browser.js';
import { DEMO, top, useToken } from './support/journey.js';
import { startServer } from './support/server.js';

// docs/product/client.md, Install, offline and updates; decision 045 "An installable app that opens offline".
const WEB_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const OFFLINE = 'You’re offline. What you see may be out of date; you can make changes again once you’re back online.';

async function headTitle(page: Page): Promise<string> {
  const title = top(page).locator('h1').first();
  await title.waitFor();
  return (await title.innerText()).trim();
}

const banner = (page: Page) => page.locator('.offline-banner:not([hidden])');
const controller = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');

let dir: string;
let db: Db;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'stride-install-'));
  // One database for the server and the server started again, as after a restart.
  db = createDatabase({ dialect: 'sqlite', file: path.join(dir, 'stride.db') });
  await migrateToLatest(db);
});

afterAll(async () => {
  await db.destroy();
  // Chromium's profile may still be writing as it closes: rm retries ENOTEMPTY and EBUSY.
  rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
});

describe('the installable, offline-capable app', () => {
  it('installs, opens from the worker with the server stopped, clears the offline state when it is back, and offers a new version', async () => {
    const appSecret = 'install-secret-install-secret-0123';
    let server = await startServer({ db, appSecret });
    const base = server.baseUrl;
    const port = Number(new URL(base).port);
    const token = await logInByApi(base, DEMO);
    const { page, context, errors } = await openInstallablePhone(dir);
    await useToken(context, token);
    // Notifications allowed, as a user who turned pushes on would have (for the push below).
    await context.grantPermissions(['notifications'], { origin: base });
    try {
      await page.goto(`${base}/#/pages/my/index`);
      await expect.poll(() => headTitle(page)).toBe('My assets');
      await expect.poll(() => top(page).getByText(maskMiddle(DEMO.account)).count()).toBe(1);
      // The worker installs (precaching the shell and every page) and takes the open page.
      await expect.poll(() => controller(page), { timeout: 30_000 }).toBe(`${base}/sw.js`);
      expect(await banner(page).count()).toBe(0);

      // Installable, by Chromium's own check (the one behind its install prompt; Lighthouse 12 has
      // no installability audit any more): a linked, valid manifest with 192 and 512 px icons and
      // a worker that controls the start_url.
      const cdp = await context.newCDPSession(page);
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toBe(`${base}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      const parsed = JSON.parse(manifest.data ?? '{}') as {
        start_url: string;
        display: string;
        icons: { src: string; sizes: string; purpose: string }[];
      };
      expect(parsed).toMatchObject({ start_url: '/', display: 'standalone' });
      for (const size of ['192x192', '512x512']) {
        const icon = parsed.icons.find((entry) => entry.sizes === size && entry.purpose === 'any');
        const response = await fetch(new URL(icon?.src ?? '/missing', base));
        expect(response.headers.get('content-type'), size).toBe('image/png');
      }
      const start = await context.newPage();
      await start.goto(new URL(parsed.start_url, base).href);
      await expect.poll(() => controller(start)).toBe(`${base}/sw.js`);
      await start.close();

      // The worker runs the Web Push handlers (decision 048 "Web Push"): it imported sw-push.js, served fresh
      // like sw.js, and a push the browser delivers to it shows as a notification.
      const pushScript = await fetch(`${base}/sw-push.js`);
      expect(pushScript.headers.get('cache-control')).toBe('no-cache');
      expect(await pushScript.text()).toContain('notificationclick');
      const registrations: { registrationId: string; scopeURL: string }[] = [];
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
      await cdp.send('ServiceWorker.enable');
      await expect.poll(() => registrations.some((entry) => entry.scopeURL === `${base}/`)).toBe(true);
      const registrationId = registrations.find((entry) => entry.scopeURL === `${base}/`)?.registrationId ?? '';
      // Delivered again until it shows (a push can reach the worker while Chromium still starts
      // it); the tag makes a second one replace the first.
      const deliverPush = () =>
        cdp.send('ServiceWorker.deliverPushMessage', {
          origin: base,
          registrationId,
          data: JSON.stringify({
            title: 'Withdrawal rejected',
            body: 'Account closed',
            url: '/pages/index/index',
            tag: 'install-check',
          }),
        });
      const shown = () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map(
            (notification) => `${notification.title}: ${notification.body} (${notification.tag})`,
          ),
        );
      await expect
        .poll(
          async () => {
            const titles = await shown();
            if (titles.length === 0) await deliverPush();
            return titles;
          },
          { timeout: 20_000, interval: 500 },
        )
        .toEqual(['Withdrawal rejected: Account closed (install-check)']);
      await cdp.send('ServiceWorker.disable');

      // The server stops; the app opens from the worker's cache with the offline state.
      await server.stop();
      await page.reload();
      await expect.poll(() => headTitle(page)).toBe('My assets');
      await expect.poll(() => banner(page).innerText()).toBe(OFFLINE);
      expect(await page.locator('.offline-banner').getAttribute('role')).toBe('status');
      // The page shows its own failed load under the banner, and no network-error dialog on top.
      await expect.poll(() => top(page).getByRole('button', { name: 'Retry' }).count()).toBeGreaterThan(0);
      expect(await page.getByRole('dialog').count()).toBe(0);
      // The banner covers nothing: the page starts below it.
      const bannerBottom = (await banner(page).boundingBox())?.y ?? 0;
      const bannerHeight = (await banner(page).boundingBox())?.height ?? 0;
      expect(bannerHeight).toBeGreaterThan(0);
      const bodyTop = await top(page)
        .locator('.page__body')
        .evaluate((body) => body.getBoundingClientRect().top + Number.parseFloat(getComputedStyle(body).paddingTop));
      expect(bodyTop).toBeGreaterThanOrEqual(bannerBottom + bannerHeight);
      await screenshot(page, 'install-offline-360');
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(page, 'install-offline-1280');
      await page.setViewportSize({ width: 360, height: 740 });
      // API answers never come from a cache, and the server's own pages are never the app shell.
      expect(
        await page.evaluate(() =>
          fetch('/api/rules').then(
            (r) => String(r.status),
            () => 'failed',
          ),
        ),
      ).toBe('failed');
      for (const address of ['/console/', '/demo/outbox']) {
        const other = await context.newPage();
        await expect(other.goto(`${base}${address}`), address).rejects.toThrow(/ERR_CONNECTION_REFUSED/);
        await other.close();
      }

      // It starts again, on the same address, with a new build's worker (sw.js changed): the
      // offline state clears by itself, and the new version waits for the user.
      const nextDist = path.join(dir, 'web-next');
      cpSync(WEB_DIST, nextDist, { recursive: true });
      appendFileSync(path.join(nextDist, 'sw.js'), '\n// next build\n');
      // Its compressed copies too, as the build writes them (decision 050 "Static files precompressed at build time"):
      // the server sends those.
      const nextWorker = readFileSync(path.join(nextDist, 'sw.js'));
      writeFileSync(path.join(nextDist, 'sw.js.br'), brotliCompressSync(nextWorker));
      writeFileSync(path.join(nextDist, 'sw.js.gz'), gzipSync(nextWorker));
      server = await startServer({ db, appSecret, port, env: { WEB_DIST: nextDist } });
      await expect.poll(() => banner(page).count(), { timeout: 40_000 }).toBe(0);
      // The page's failed loads read again by themselves once the API answers.
      await expect.poll(() => top(page).getByText(maskMiddle(DEMO.account)).count()).toBe(1);
      await expect.poll(() => top(page).getByRole('button', { name: 'Retry' }).count()).toBe(0);
      await screenshot(page, 'install-back-online-360');

      await page.evaluate(() =>
        navigator.serviceWorker.getRegistration().then((registration) => registration?.update()),
      );
      const prompt = page.locator('.update-banner[role="alert"]');
      await expect.poll(() => prompt.innerText(), { timeout: 30_000 }).toContain('A new version of Stride is ready.');
      await screenshot(page, 'install-update-360');
      await prompt.getByRole('button', { name: 'Reload' }).click();
      // The waiting worker takes over and the page reloads with it.
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return Boolean(navigator.serviceWorker.controller && registration?.active && !registration.waiting);
          }),
        )
        .toBe(true);
      await expect.poll(() => prompt.count()).toBe(0);
      await expect.poll(() => headTitle(page)).toBe('My assets');
      // The only console errors are the browser's notes of the calls that failed while it was stopped.
      expect(
        errors.filter(
          (error) => !/^console: Failed to load resource: net::ERR_(CONNECTION_REFUSED|FAILED)$/.test(error),
        ),
      ).toEqual([]);
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
