import { generateAlipayKeys, startAlipayGateway, type AlipayGateway } from '../../apps/server/fakes/alipay-gateway.js';
import { startServer, type RunningServer } from './server.js';

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
