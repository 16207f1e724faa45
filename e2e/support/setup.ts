import { residentIdCheckCharacter, saveBankCard, submitFace, submitIdentity, type LedgerType } from '@stride/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { logInByApi, request, uploadByApi } from './api.js';
import { launchBrowser, openPhone } from './browser.js';
import { idCardPng } from './fake-camera.js';
import { DEMO, top, useToken } from './journey.js';
import { startServer, type RunningServer, type ServerOptions } from './server.js';

/**
 * A day's first report may otherwise carry at most 300 steps for each minute since local midnight
 * (UTC+8): a journey that reports steps would see them refused in the first minutes of the day.
 */
export const ANY_STEP_RATE = { STEPS_MAX_PER_MINUTE: '1000000' };

/**
 * A file's server and Chromium, shared by its tests: each test opens a context of its own (its
 * own storage and cookies) and an account of its own where it changes one.
 */
export async function startJourney(
  start: ServerOptions | (() => Promise<RunningServer>) = {},
): Promise<{ server: RunningServer; browser: Browser }> {
  const server = typeof start === 'function' ? await start() : await startServer(start);
  return { server, browser: await launchBrowser() };
}

/** Closes what `startJourney` started: the browser first, so that no page calls a stopped server. */
export async function stopJourney(started: { server?: RunningServer; browser?: Browser }): Promise<void> {
  await started.browser?.close();
  await started.server?.stop();
}

/**
 * A file's journey: starts its server and Chromium before its tests (`startJourney`), hands them
 * to `set`, and closes them after its tests (`stopJourney`).
 */
export function shareJourney(
  set: (started: { server: RunningServer; browser: Browser }) => void,
  start?: Parameters<typeof startJourney>[0],
): void {
  let started: { server?: RunningServer; browser?: Browser } = {};
  beforeAll(async () => {
    const journey = await startJourney(start);
    started = journey;
    set(journey);
  });
  afterAll(() => stopJourney(started));
}

/** A phone (`openPhone`) signed in as the demo account, by its token. */
export async function openDemoPhone(
  server: RunningServer,
  browser: Browser,
  options?: Parameters<typeof openPhone>[1],
): Promise<Awaited<ReturnType<typeof openPhone>>> {
  const phone = await openPhone(browser, options);
  await useToken(phone.context, await logInByApi(server.baseUrl, DEMO));
  return phone;
}

/** A valid resident ID number from its first 17 digits. */
export const idNumberOf = (first17: string) => first17 + residentIdCheckCharacter(first17);

/** A real name with photos of both ID card sides, submitted by the API as the real-name page submits it. */
export async function submitIdentityByApi(
  server: RunningServer,
  token: string,
  identity: { name: string; idNumber: string },
): Promise<void> {
  const frontImageId = await uploadByApi(server.baseUrl, token, await idCardPng('#d8e6f5'), 'id_front');
  const backImageId = await uploadByApi(server.baseUrl, token, await idCardPng('#f5e6d8'), 'id_back');
  await request(server.baseUrl, submitIdentity, { token, body: { ...identity, frontImageId, backImageId } });
}

/** The submitted identity and a manual face check, both approved by an operator. */
export async function approveIdentity(server: RunningServer, user: { token: string; userId: string }): Promise<void> {
  await server.app.services.admin.identity.review('e2e', user.userId, { approve: true });
  await request(server.baseUrl, submitFace, { token: user.token, body: { method: 'manual' } });
  await server.app.services.admin.identity.reviewFace('e2e', user.userId, { approve: true });
}

/** Money (in fen) or points put in a user's account straight through the ledger. */
export async function fund(
  server: RunningServer,
  userId: string,
  amount: number,
  asset: 'CNY' | 'POINTS' = 'CNY',
): Promise<void> {
  await server.app.services.ledger.transfer({
    kind: 'test.fund' as LedgerType,
    legs: [
      { account: { kind: 'system', name: asset === 'CNY' ? 'funding' : 'adjustments', asset }, amount: -amount },
      { account: { kind: 'user', userId, asset }, amount },
    ],
  });
}

/** The bank card a withdrawal goes to, saved by the API; answers its id. */
export async function saveCardByApi(
  server: RunningServer,
  token: string,
  holderName: string,
  accountNumber = '6222020200112345679',
): Promise<string> {
  const card = await request(server.baseUrl, saveBankCard, {
    token,
    body: { bank: 'Bank of Walking', holderName, accountNumber },
  });
  return card.id;
}

/**
 * On the cards page: buys a plan with online payment, and answers the payment page that opens in
 * a new tab, loaded.
 */
export async function startOnlinePayment(
  page: Page,
  context: BrowserContext,
  plan: string,
  price: string,
): Promise<Page> {
  await top(page)
    .getByRole('button', { name: `Buy ${plan}` })
    .click();
  await top(page)
    .getByRole('radio', { name: /Online payment/ })
    .check();
  const payTab = context.waitForEvent('page');
  await top(page)
    .getByRole('button', { name: `Pay ${price}` })
    .click();
  const pay = await payTab;
  await pay.waitForLoadState();
  return pay;
}
