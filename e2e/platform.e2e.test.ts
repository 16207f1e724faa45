import { maskMiddle } from '@stride/contract/rules';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest, type Db } from '../apps/server/src/db/database.js';
import { logInByApi, registerByApi } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { startFront } from './support/front.js';
import { DEMO, hashOf, openRoute as open, top } from './support/journey.js';
import { startServer, type RunningServer } from './support/server.js';
import { shareJourney } from './support/setup.js';

/** The pages of docs/product/client.md, with the English title each page's head shows. */
const ROUTES: Record<string, string> = {
  '/pages/index/index': 'Stride',
  '/pages/edit-password/index': 'Forgot password',
  '/pages/invest/index': 'Membership plans',
  '/pages/invite/index': 'Invite rewards',
  '/pages/login/index': 'Log in',
  '/pages/my/index': 'My assets',
  '/pages/shop/index': 'Points shop',
  '/pages-sub/address/edit': 'Add address',
  '/pages-sub/address/index': 'Delivery addresses',
  '/pages-sub/asset/index': 'Funds statement',
  '/pages-sub/card/index': 'Card wallet',
  '/pages-sub/demo/index': 'Demo',
  '/pages-sub/exchange-record/index': 'Exchange records',
  '/pages-sub/face-recognition/index': 'Face recognition',
  '/pages-sub/insurance/index': 'My insurance',
  '/pages-sub/notifications/index': 'Notifications',
  '/pages-sub/official-community/index': 'Official community',
  '/pages-sub/order/list': 'My orders',
  '/pages-sub/order/member': 'My membership',
  '/pages-sub/order/shop': 'Exchanged goods',
  '/pages-sub/physical-card-mailing/index': 'Physical card mailing',
  '/pages-sub/points-statement/index': 'Points statement',
  '/pages-sub/profile/index': 'Profile',
  '/pages-sub/realname/index': 'Real-name verification',
  '/pages-sub/steps/sources': 'Step sources',
  '/pages-sub/withdrawal/index': 'Withdraw',
  '/pages-sub/withdrawal-detail/index': 'Withdrawal records',
  '/pages-sub/withdrawal-type/edit': 'Add payout method',
  '/pages-sub/withdrawal-type/index': 'Payout methods',
  '/pages-sub/policy/terms': 'Terms of service',
  '/pages-sub/policy/privacy': 'Privacy policy',
};
const NO_LOGIN = new Set([
  '/pages-sub/official-community/index',
  '/pages-sub/physical-card-mailing/index',
  '/pages/login/index',
  '/pages/edit-password/index',
  '/pages-sub/policy/terms',
  '/pages-sub/policy/privacy',
]);
const TABS = ['/pages/index/index', '/pages/invite/index', '/pages/shop/index', '/pages/my/index'];
/** Logged in, login sends the user on (docs/product/client.md, Navigation; e2e/navigation). */
const LOGGED_IN_ROUTES = Object.entries(ROUTES).filter(([route]) => route !== '/pages/login/index');

let server: RunningServer;
let browser: Browser;

async function loggedIn(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((value) => {
    if (location.protocol.startsWith('http') && !sessionStorage.getItem('e2e-seeded')) {
      localStorage.setItem('token', value);
      sessionStorage.setItem('e2e-seeded', '1');
    }
  }, token);
}

async function headTitle(page: Page): Promise<string> {
  const title = top(page).locator('h1').first();
  await title.waitFor();
  return (await title.innerText()).trim();
}

shareJourney((started) => ({ server, browser } = started));

describe('the client platform, end to end', () => {
  it('opens every route logged out as the guard says, without a console error', async () => {
    const { page, errors, context } = await openPhone(browser);
    for (const route of Object.keys(ROUTES)) {
      await open(page, server.baseUrl, route);
      if (NO_LOGIN.has(route)) {
        await expect.poll(() => headTitle(page), { message: route }).toBe(ROUTES[route]);
        expect(hashOf(page)).toBe(`#${route}`);
      } else {
        await expect
          .poll(() => hashOf(page), { message: route })
          .toBe(`#/pages/login/index?redirect=${encodeURIComponent(route)}`);
        await expect.poll(() => headTitle(page)).toBe('Log in');
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  // One load of each page serves both checks: its title and whether it shows the tab bar, with the
  // specified geometry on the four tab pages only.
  it('opens every route logged in, with its title and the tab bar on the four tab pages only, without a console error', async () => {
    const { page, errors, context } = await openPhone(browser);
    await loggedIn(context, await logInByApi(server.baseUrl, DEMO));
    for (const [route, title] of LOGGED_IN_ROUTES) {
      await open(page, server.baseUrl, route);
      await expect.poll(() => headTitle(page), { message: route }).toBe(title);
      // Let the page's own first call settle before moving on (the demo page shows its loading
      // state on purpose, always: its samples count for one).
      const samples = route === '/pages-sub/demo/index' ? 1 : 0;
      await expect.poll(() => top(page).locator('[aria-busy="true"]').count(), { message: route }).toBe(samples);
      const bar = page.locator('nav.tab-bar');
      if (!TABS.includes(route)) {
        expect(await bar.count(), route).toBe(0);
        continue;
      }
      const geometry = await bar.evaluate((nav) => {
        const items = [...nav.querySelectorAll('button')];
        const selected = nav.querySelector('[aria-current="page"]');
        const other = items.find((item) => item !== selected);
        const icon = selected?.querySelector('.tab-bar__icon svg')?.getBoundingClientRect();
        const label = selected?.querySelector('.tab-bar__label');
        const labelBox = label?.getBoundingClientRect();
        return {
          height: nav.getBoundingClientRect().height,
          bottom: nav.getBoundingClientRect().bottom,
          items: items.length,
          iconWidth: icon?.width,
          iconHeight: icon?.height,
          labelSize: label ? getComputedStyle(label).fontSize : '',
          gap: labelBox && icon ? Math.round(labelBox.top - icon.bottom) : -1,
          selectedColor: selected ? getComputedStyle(selected).color : '',
          otherColor: other ? getComputedStyle(other).color : '',
          borderTop: getComputedStyle(nav, '::before').height,
        };
      });
      expect(geometry, route).toMatchObject({
        height: 56,
        bottom: 740,
        items: 4,
        iconWidth: 20,
        iconHeight: 20,
        labelSize: '10px',
        gap: 3,
        borderTop: '1px',
      });
      // Light blue when selected, grey otherwise.
      const [r, g, b] = geometry.selectedColor.match(/\d+/g)!.map(Number) as [number, number, number];
      expect(b, route).toBeGreaterThan(200);
      expect(b - r, route).toBeGreaterThan(60);
      const [gr, gg, gb] = geometry.otherColor.match(/\d+/g)!.map(Number) as [number, number, number];
      expect(Math.max(gr, gg, gb) - Math.min(gr, gg, gb), route).toBeLessThan(16);
      expect(await page.locator('nav.tab-bar [aria-current="page"]').innerText()).toBe(
        {
          '/pages/index/index': 'Home',
          '/pages/invite/index': 'Invite',
          '/pages/shop/index': 'Mall',
          '/pages/my/index': 'My',
        }[route],
      );
      expect(g).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes home from the back button of a deep link', async () => {
    const { page, context, errors } = await openPhone(browser);
    await loggedIn(context, await logInByApi(server.baseUrl, DEMO));
    await open(page, server.baseUrl, '/pages-sub/asset/index');
    await expect.poll(() => headTitle(page)).toBe('Funds statement');
    await top(page).getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => hashOf(page)).toMatch(/^#\/(pages\/index\/index)?$/);
    await expect.poll(() => page.locator('nav.tab-bar [aria-current="page"]').innerText()).toBe('Home');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a notice in its sandboxed frame under the security headers, which refuse framing', async () => {
    const home = await fetch(`${server.baseUrl}/`);
    expect(home.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(home.headers.get('x-frame-options')).toBe('DENY');
    const { page, context, errors } = await openPhone(browser);
    await loggedIn(context, await logInByApi(server.baseUrl, DEMO));
    await open(page, server.baseUrl, '/pages/index/index');
    await top(page)
      .getByRole('button', { name: /Points shop is open/ })
      .click();
    const notice = page.frameLocator('iframe.notice-body');
    await expect.poll(() => notice.getByText('Sports water bottle').count()).toBe(1);
    // The frame's own <style> applies under the inherited policy.
    await expect
      .poll(() => notice.locator('a').evaluate((link) => getComputedStyle(link).color))
      .toBe('rgb(14, 106, 232)');
    // The app itself refuses to be framed: a page that frames it shows nothing of it.
    const framer = await context.newPage();
    const framed: string[] = [];
    framer.on('console', (message) => framed.push(message.text()));
    await framer.setContent(`<iframe src="${server.baseUrl}/#/pages/login/index"></iframe>`);
    await expect.poll(() => framed.some((text) => /frame-ancestors|X-Frame-Options/.test(text))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('logs out and lands on login when the server answers 1001', async () => {
    const { page, context, errors } = await openPhone(browser);
    const token = await logInByApi(server.baseUrl, DEMO);
    await loggedIn(context, token);
    await open(page, server.baseUrl, '/pages/my/index');
    await expect.poll(() => top(page).getByText(maskMiddle(DEMO.account)).count()).toBe(1);

    // The session ends on the server (as after a password reset on another device); the next
    // call the app makes for this user answers 1001.
    await fetch(`${server.baseUrl}/api/user/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    await page.evaluate(() => localStorage.removeItem('userInfo'));
    await page.reload();
    await expect.poll(() => hashOf(page)).toMatch(/^#\/pages\/login\/index/);
    await expect.poll(() => headTitle(page)).toBe('Log in');
    expect(await page.evaluate(() => [localStorage.getItem('token') ?? '', localStorage.getItem('userInfo')])).toEqual([
      '',
      null,
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows one real-name dialog for a 1002 answer and leads to the real-name page', async () => {
    const registered = { data: await registerByApi(server, { account: '13955556666', password: 'unverified1' }) };
    const { page, context, errors } = await openPhone(browser);
    await loggedIn(context, registered.data.token);
    await open(page, server.baseUrl, '/pages/invest/index');
    await top(page).getByRole('button', { name: 'Buy Bronze' }).click();
    await top(page)
      .getByRole('button', { name: /^Pay ¥99\.00$/ })
      .click();

    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.innerText()).toContain('Please verify your real name first.');
    await dialog.getByRole('button', { name: 'verify now' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/pages-sub/realname/index');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves to the backup host when the primary host is down', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stride-failover-'));
    const db: Db = createDatabase({ dialect: 'sqlite', file: path.join(dir, 'shared.db') });
    await migrateToLatest(db);
    // Two hosts of one deployment share the database and the application secret.
    const appSecret = 'failover-secret-failover-secret-0123';
    const primary = await startServer({ db, serveWeb: false, appSecret });
    const front = await startFront(primary.baseUrl);
    const backupCalls: string[] = [];
    const backup = await startServer({
      db,
      serveWeb: false,
      appSecret,
      corsOrigins: [front.origin],
      calls: backupCalls,
    });
    try {
      const { page, context, errors } = await openPhone(browser);
      await loggedIn(context, await logInByApi(primary.baseUrl, DEMO));
      // The backup arrives in the app's address, before the hash; the app keeps it for the session.
      await page.goto(`${front.origin}/?api=${encodeURIComponent(backup.baseUrl)}#/pages/my/index`);
      await expect.poll(() => headTitle(page)).toBe('My assets');
      await expect.poll(() => top(page).getByText(maskMiddle(DEMO.account)).count()).toBe(1);
      expect(await page.evaluate(() => sessionStorage.getItem('api'))).toBe(backup.baseUrl);
      expect(backupCalls).toEqual([]);

      front.isApiDown = true;
      // Forget the cached user so the guard must ask a host for it.
      await page.evaluate(() => localStorage.removeItem('userInfo'));
      await page.goto(`${front.origin}/#/pages/my/index`);
      await expect.poll(() => top(page).getByText(maskMiddle(DEMO.account)).count()).toBe(1);
      expect(backupCalls).toContain('GET /api/user/info');
      expect(await page.getByText('Network error, please try again later').count()).toBe(0);
      // The only console errors are the browser's notes of the primary's 503s.
      expect(errors.filter((error) => !error.includes('503'))).toEqual([]);
      await context.close();
    } finally {
      await backup.stop();
      await front.stop();
      await primary.stop();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('looks right at 360 px and 1280 px (screenshots of login, home and demo)', async () => {
    const token = await logInByApi(server.baseUrl, DEMO);
    for (const width of [360, 1280]) {
      const { page, context, errors } = await openPhone(browser, { width });
      await open(page, server.baseUrl, '/pages/login/index');
      await expect.poll(() => headTitle(page)).toBe('Log in');
      await screenshot(page, `login-${width}`);
      await loggedIn(context, token);
      for (const [route, name] of [
        ['/pages/index/index', 'home'],
        ['/pages-sub/demo/index', 'demo'],
      ] as const) {
        await open(page, server.baseUrl, route);
        await expect.poll(() => headTitle(page)).toBe(ROUTES[route]);
        // The page's own chunk has rendered (and home's first call has settled; the demo page
        // shows a loading state on purpose).
        await expect.poll(() => top(page).locator('main > *').count()).toBeGreaterThan(0);
        if (name === 'home') await expect.poll(() => top(page).locator('[aria-busy="true"]').count()).toBe(0);
        await screenshot(page, `${name}-${width}`);
      }
      // The app column is centred and never wider than the 375 px design on a wide window.
      const column = await page.locator('.app').first().boundingBox();
      if (width === 1280) {
        expect(column?.width).toBeLessThanOrEqual(375);
        expect(Math.round((column?.x ?? 0) * 2 + (column?.width ?? 0))).toBe(1280);
      } else {
        expect(column?.width).toBe(360);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
