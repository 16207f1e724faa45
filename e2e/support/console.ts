import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  consoleLogin,
  consoleTotpConfirm,
  consoleTotpEnrol,
  type EndpointDef,
  type Envelope,
  type OperatorRole,
  type ResponseOf,
} from '@stride/contract';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { SCREENSHOT_DIR } from './browser.js';
import { ops } from './ops.js';
import type { RunningServer } from './server.js';

/**
 * Console journeys' support: an operator's desk in Chromium, the login with its second factor,
 * and screenshots. The console's screenshots are part of its documentation (docs/decisions/022):
 * a test run writes them with the others under test-results/; `DOCS_SCREENSHOTS=1` refreshes the
 * ones in docs/.
 */
export const CONSOLE_SCREENSHOTS =
  process.env.DOCS_SCREENSHOTS === '1'
    ? fileURLToPath(new URL('../../docs/screenshots', import.meta.url))
    : SCREENSHOT_DIR;

export interface Desk {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** A desktop browser (or a tablet's width), with page errors and policy refusals collected. */
export async function desk(browser: Browser, width = 1280): Promise<Desk> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  // The kit's dialogs open with a 0.3 s zoom. A confirming press during it has now and then led
  // nowhere on a loaded machine (decision 063 "A test run under fifteen minutes", not understood): the console's
  // animations run a hundred times faster here, their events as usual, so a journey presses what has finished opening.
  const devtools = await context.newCDPSession(page);
  await devtools.send('Animation.enable');
  await devtools.send('Animation.setPlaybackRate', { playbackRate: 100 });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.text().includes('Content Security Policy')) {
      errors.push(`console: ${message.text()}`);
    }
  });
  return { context, page, errors };
}

export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(CONSOLE_SCREENSHOTS, { recursive: true });
  // Tables fade in when their data arrives; the picture shows them settled.
  await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
  await page.screenshot({ path: path.join(CONSOLE_SCREENSHOTS, `console-${name}.png`), animations: 'disabled' });
}

/** Name and password on the login screen; then the second factor when one is given. */
export async function logIn(
  server: RunningServer,
  page: Page,
  name: string,
  password: string,
  code?: string,
): Promise<void> {
  await page.goto(`${server.baseUrl}/console/`);
  await page.getByLabel('Operator name').fill(name);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  if (code === undefined) return;
  await page.getByLabel('Authenticator code or recovery code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/**
 * The first login of an operator created with a generated password: it sets a password of its
 * own before anything else (decision 073 "Operator sign-in"); enrolment follows in the same session.
 */
export async function setFirstPassword(page: Page, given: string, chosen: string): Promise<void> {
  await page.getByLabel('Password you were given').fill(given);
  await page.getByLabel('New password', { exact: true }).fill(chosen);
  await page.getByLabel('New password again').fill(chosen);
  await page.getByRole('button', { name: 'Set password' }).click();
}

/**
 * The enrolment screen of a first login: reads the key the page shows, as a person types it into
 * an authenticator, confirms a first code and keeps the recovery codes. Answers the authenticator.
 */
export async function enrol(page: Page, screenshot?: string): Promise<{ totp: TOTP; recoveryCodes: string[] }> {
  const key = page.getByTestId('totp-secret');
  await expect.poll(() => key.count()).toBe(1);
  await expect.poll(() => page.getByRole('img', { name: 'otpauth QR' }).getAttribute('src')).toMatch(/^data:image\//);
  const totp = new TOTP({ secret: Secret.fromBase32((await key.innerText()).trim()) });
  if (screenshot) await shoot(page, screenshot);
  await page.getByLabel('First code').fill(totp.generate());
  await page.getByRole('button', { name: 'Confirm' }).click();
  const list = page.getByTestId('recovery-codes').locator('li');
  await expect.poll(() => list.count()).toBe(10);
  const recoveryCodes = await list.allInnerTexts();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  return { totp, recoveryCodes };
}

/** The next time step's code: the one just used to confirm is refused as a replay. */
export const nextCode = (totp: TOTP) => totp.generate({ timestamp: Date.now() + 30_000 });

export const menu = (page: Page) => page.getByRole('menuitem');

/** The menu an operator holding one role alone sees, in its order (docs/console/README.md). */
export const MENU_OF = {
  reviewer: ['Identity checks', 'Face checks', 'Flagged days', 'Reported content', 'Appeals', 'Invite rings'],
  finance: [
    'Dashboard',
    'Withdrawals',
    'Balance corrections',
    'Ledger report',
    'Card plans',
    'Membership orders',
    'Challenges',
    'Earning rules',
    'Economy',
  ],
  merchant: ['Goods', 'Goods orders', 'Card mailings'],
  editor: ['Home page', 'Notices', 'Challenges', 'Policies', 'Community', 'Clubs', 'Companion app'],
} as const;

/**
 * An operator created with `npm run ops -- operators create`, logged in at a desk with TOTP
 * enrolled: the quickest way for a journey to reach a screen as a given role.
 */
export async function operatorDesk(
  server: RunningServer,
  browser: Browser,
  name: string,
  roles: OperatorRole[],
  width = 1280,
): Promise<Desk & { totp: TOTP }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'stride-operator-'));
  const password = `${name}-works-2026`;
  try {
    const file = path.join(dir, 'password.txt');
    writeFileSync(file, `${password}\n`);
    await ops(server, ['operators', 'create', name, '--roles', roles.join(','), '--password-file', file, '--yes']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // Logged in and enrolled by the API, as the login and enrolment screens would: those screens
  // have journeys of their own (e2e/console.e2e.test.ts); this one starts where the role's work does.
  const login = await fetch(`${server.baseUrl}${consoleLogin.path}`, {
    method: consoleLogin.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password }),
  });
  const session = ((await login.json()) as Envelope<ResponseOf<typeof consoleLogin>>).data?.me;
  const cookie = /^([^=]+)=([^;]*)/.exec(login.headers.get('set-cookie') ?? '');
  if (!session || !cookie?.[1] || !cookie[2]) throw new Error(`console login of ${name} failed`);
  const call = async <E extends EndpointDef>(endpoint: E, body?: unknown): Promise<ResponseOf<E>> => {
    const response = await fetch(`${server.baseUrl}${endpoint.path}`, {
      method: endpoint.method,
      headers: {
        cookie: `${cookie[1]}=${cookie[2]}`,
        'x-csrf-token': session.csrfToken,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const envelope = (await response.json()) as Envelope<ResponseOf<E>>;
    expect(envelope.code, `${endpoint.path}: ${envelope.message}`).toBe(1);
    return envelope.data;
  };
  const { uri } = await call(consoleTotpEnrol);
  // The key an authenticator reads from the enrolment's otpauth:// address.
  const totp = new TOTP({ secret: Secret.fromBase32(new URL(uri).searchParams.get('secret') ?? '') });
  await call(consoleTotpConfirm, { code: totp.generate() });
  const opened = await desk(browser, width);
  await opened.context.addCookies([{ name: cookie[1], value: cookie[2], url: `${server.baseUrl}/api/console/` }]);
  await opened.page.goto(`${server.baseUrl}/console/`);
  await expect.poll(() => opened.page.getByTestId('operator-name').innerText()).toBe(name);
  return { ...opened, totp };
}
