import { generateAlipayKeys, startAlipayGateway, type AlipayGateway } from '../../apps/server/fakes/alipay-gateway.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { startServer, type RunningServer } from './server.js';
import { stopJourney } from './setup.js';

/**
 * The real server in demo mode with Alipay as its payment provider, pointed at the local stand-in
 * of Alipay's gateway: the journey makes the app's keys, the gateway makes its own and posts its
 * notifications over HTTP (docs/decisions/036-alipay.md).
 */
export async function startWithAlipay(appId: string): Promise<{ gateway: AlipayGateway; server: RunningServer }> {
  const appKeys = generateAlipayKeys();
  const gateway = await startAlipayGateway({ appId, appPublicKey: appKeys.publicKey });
  const server = await startServer({
    env: {
      PAYMENT_PROVIDER: 'alipay',
      ALIPAY_APP_ID: appId,
      ALIPAY_PRIVATE_KEY: appKeys.privateKey,
      ALIPAY_PUBLIC_KEY: gateway.publicKey,
      ALIPAY_GATEWAY: gateway.gatewayUrl,
    },
  });
  return { gateway, server };
}

/**
 * A file's journey with Alipay: the gateway's stand-in and the server (`startWithAlipay`), then
 * Chromium, started before its tests and handed to `set`; closed after its tests, the gateway last.
 */
export function shareAlipayJourney(
  appId: string,
  set: (started: { gateway: AlipayGateway; server: RunningServer; browser: Browser }) => void,
): void {
  let started: { gateway?: AlipayGateway; server?: RunningServer; browser?: Browser } = {};
  beforeAll(async () => {
    const { gateway, server } = await startWithAlipay(appId);
    started = { gateway, server };
    const browser = await launchBrowser();
    started.browser = browser;
    set({ gateway, server, browser });
  });
  afterAll(async () => {
    await stopJourney(started);
    await started.gateway?.close();
  });
}
