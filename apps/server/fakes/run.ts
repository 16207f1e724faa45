// `npm run fakes`: the local stand-ins of the outside providers, for trying production mode on one
// machine (README, "Try production locally"): Alibaba Cloud SMS and Alipay's gateway, each with
// fresh credentials. Writes the variables that point a server at them to an environment file,
// prints every SMS it receives (the codes a person types), and runs until stopped. No message and
// no money leaves this machine.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateAlipayKeys, startAlipayGateway } from './alipay-gateway.js';
import { startAliyunSmsFake } from './aliyun-sms.js';

const { values } = parseArgs({
  options: {
    env: { type: 'string', default: path.join(tmpdir(), 'stride-fakes.env') },
    'alipay-port': { type: 'string', default: '9510' },
    'sms-port': { type: 'string', default: '9520' },
  },
});

const keysDir = mkdtempSync(path.join(tmpdir(), 'stride-fakes-'));
const app = generateAlipayKeys();
const appId = '2021000000000001';
const alipay = await startAlipayGateway({ appId, appPublicKey: app.publicKey, port: Number(values['alipay-port']) });
const sms = await startAliyunSmsFake({ port: Number(values['sms-port']) });
const privateKeyFile = path.join(keysDir, 'alipay-app-private-key.pem');
const publicKeyFile = path.join(keysDir, 'alipay-public-key.pem');
writeFileSync(privateKeyFile, app.privateKey, { mode: 0o600 });
writeFileSync(publicKeyFile, alipay.publicKey);

const env: Record<string, string> = {
  ...sms.env(),
  PAYMENT_PROVIDER: 'alipay',
  ALIPAY_APP_ID: appId,
  ALIPAY_PRIVATE_KEY_FILE: privateKeyFile,
  ALIPAY_PUBLIC_KEY_FILE: publicKeyFile,
  ALIPAY_GATEWAY: alipay.gatewayUrl,
};
writeFileSync(
  values.env,
  `${Object.entries(env)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')}\n`,
  {
    mode: 0o600,
  },
);
process.stdout.write(
  [
    `Alibaba Cloud SMS stand-in at ${sms.url}`,
    `Alipay gateway stand-in at ${alipay.gatewayUrl} (its pay page has Pay and Cancel)`,
    `Variables for the server: ${values.env}`,
    '  set -a; . /path/to/your.env; . ' + values.env + '; set +a; npm start',
    'Each SMS the server sends is printed here. Ctrl-C stops both.',
    '',
  ].join('\n'),
);

let shown = 0;
const timer = setInterval(() => {
  for (; shown < sms.received.length; shown += 1) {
    const message = sms.received[shown];
    if (!message) continue;
    const code = message.templateParam.code ?? JSON.stringify(message.templateParam);
    process.stdout.write(
      `SMS to ${message.phone} (template ${message.templateCode}): code ${code} → ${message.answer}\n`,
    );
  }
}, 250);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    clearInterval(timer);
    void Promise.all([sms.close(), alipay.close()]).then(() => process.exit(0));
  });
}
