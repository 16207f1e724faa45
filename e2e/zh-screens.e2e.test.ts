import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR } from './support/browser.js';
import { openRoute, top } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { openDemoPhone, shareJourney } from './support/setup.js';

/**
 * The app's main pages as a Chinese user sees them on a 390 px phone: every word of the interface
 * and of the content in Simplified Chinese (docs/decisions/040, 042). `DOCS_SCREENSHOTS=1` writes
 * the pictures into docs/screenshots, where docs/product/client.md shows them.
 */
const SHOTS =
  process.env.DOCS_SCREENSHOTS === '1'
    ? fileURLToPath(new URL('../docs/screenshots', import.meta.url))
    : SCREENSHOT_DIR;

let server: RunningServer;
let browser: Browser;

shareJourney((started) => ({ server, browser } = started));

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `app-${name}-zh-Hans-390.png`) });
}

describe('the app in Simplified Chinese at 390 px', () => {
  it('home, My, the mall and the card plans show Chinese words and Chinese content names', async () => {
    const { page, errors } = await openDemoPhone(server, browser, { width: 390, locale: 'zh-CN' });

    await openRoute(page, server.baseUrl, '/pages/index/index');
    await expect.poll(() => page.getByRole('navigation').getByText('首页', { exact: true }).count()).toBe(1);
    // A banner's title (its picture's text alternative) in Chinese.
    await expect.poll(() => top(page).innerHTML(), { timeout: 10_000 }).toContain('每天走满 6000 步，赚取返现');
    await page.waitForLoadState('networkidle');
    await shoot(page, 'home');

    await openRoute(page, server.baseUrl, '/pages/my/index');
    await expect.poll(() => top(page).innerText(), { timeout: 10_000 }).toContain('13800138000'.slice(-4));
    await page.waitForLoadState('networkidle');
    await shoot(page, 'my');

    await openRoute(page, server.baseUrl, '/pages/shop/index');
    await expect.poll(() => top(page).getByRole('button').count(), { timeout: 10_000 }).toBeGreaterThan(3);
    await page.waitForLoadState('networkidle');
    expect(await top(page).getByText('Sports water bottle').count()).toBe(0);
    await shoot(page, 'mall');

    await openRoute(page, server.baseUrl, '/pages/invest/index');
    for (const name of ['铜卡', '银卡', '金卡']) {
      await expect.poll(() => top(page).getByRole('heading', { name }).count()).toBe(1);
    }
    await page.waitForLoadState('networkidle');
    await shoot(page, 'plans');
    expect(errors).toEqual([]);
  });
});
