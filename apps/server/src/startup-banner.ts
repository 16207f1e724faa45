import type { Config } from './modules/index.js';
import { DEMO_ACCOUNT, DEMO_OPERATOR } from './seed/demo-seed.js';

const PAYMENTS: Record<Config['payments']['provider'], string> = {
  sandbox: 'a sandbox payment provider',
  alipay: 'payments through Alipay',
  none: 'no payment provider (card purchases are off)',
};

/** The lines `npm start` prints once the server listens: where it is, and what demo mode really does. */
export function bannerLines(config: Config, address: string): string[] {
  const lines = [
    '',
    `  Stride is running at ${address}`,
    `  Database: ${config.database.dialect}${config.database.dialect === 'sqlite' ? ` (${config.database.file})` : ''}`,
  ];
  if (config.mode === 'demo') {
    const sms =
      config.sms.provider === 'outbox'
        ? 'SMS codes kept in the outbox instead of being sent'
        : 'SMS codes go out by Alibaba Cloud SMS';
    lines.push(
      `  DEMO MODE: sample data, ${PAYMENTS[config.payments.provider]}, and ${sms}.`,
      `  Demo account: ${DEMO_ACCOUNT.account} / password ${DEMO_ACCOUNT.password}`,
      `  Demo console operator: ${DEMO_OPERATOR.name} / password ${DEMO_OPERATOR.password} (every role) at ${address}/console/`,
      `  Outbox (the demo account's messages and sign-up codes${config.demo.outboxAll ? ', and EVERY account’s' : ''}): ${address}/demo/outbox`,
    );
  }
  lines.push(`  API description: ${address}/api/openapi.json`, '');
  return lines;
}
