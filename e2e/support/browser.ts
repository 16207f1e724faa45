import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const SCREENSHOT_DIR = fileURLToPath(new URL('../../test-results/screenshots', import.meta.url));

/** Every browser a journey launched and has not closed, for the failure report (e2e/support/failures.ts). */
export const openBrowsers = new Set<Browser>();

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

/** Chromium, headless; `args` adds flags of a journey's own (a fake camera, say). */
export async function launchBrowser(args: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, '--disable-sync', '--no-first-run', ...args],
  });
  openBrowsers.add(browser);
  browser.on('disconnected', () => openBrowsers.delete(browser));
  return browser;
}

/**
 * A phone-sized context, with any page error or console error collected for the test to assert on.
 * The web app's service worker is blocked here: a journey that cuts or stubs calls with
 * `page.route` would not see the calls the worker makes; the install journey has its own profile.
 */
export async function openPhone(
  browser: Browser,
  options: { width?: number; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 375, height: 740 },
    locale: options.locale ?? 'en-US',
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { context, page, errors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // A sheet or a dialog that is still rising is shown where it comes to rest.
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
}

/**
 * A phone-sized Chromium with a profile on disk under `dir` and the service worker allowed:
 * Chromium refuses to install from an incognito context, which is what a plain new context is, and
 * an app opened without a network needs the worker that installs there.
 */
export async function openInstallablePhone(
  dir: string,
  options: { width?: number; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await chromium.launchPersistentContext(path.join(dir, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, '--no-first-run'],
    viewport: { width: options.width ?? 360, height: 740 },
    locale: options.locale ?? 'en-US',
    hasTouch: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { context, page, errors };
}
