// `npm run fakes`: the local stand-ins of the outside providers, for trying production mode on one
// machine (docs/deployment.md, "Try production locally"): Alibaba Cloud SMS, Alipay's gateway, and the Huawei
// Health Kit and Fitbit clouds (with their demo walkers), each with fresh credentials. Writes the variables that point a server at them to an environment file,
// prints every SMS it receives (the codes a person types), and runs until stopped. No message and
// no money and no step data leaves this machine.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateAlipayKeys, startAlipayGateway } from './alipay-gateway.js';
import { startAliyunSmsFake } from './aliyun-sms.js';
import { startFitbitFake } from './fitbit.js';
import { startHuaweiHealthFake } from './huawei-health.js';

const { values } = parseArgs({
  options: {
    env: { type: 'string', default: path.join(tmpdir(), 'stride-fakes.env') },
    'alipay-port': { type: 'string', default: '9510' },
    'sms-port': { type: 'string', default: '9520' },
    'huawei-port': { type: 'string', default: '9530' },
    'fitbit-port': { type: 'string', default: '9540' },
    // Where the Fitbit stand-in posts its notifications: the server's subscriber endpoint.
    'fitbit-subscriber': { type: 'string', default: 'http://127.0.0.1:8080/api/providers/fitbit/notifications' },
  },
});

const keysDir = mkdtempSync(path.join(tmpdir(), 'stride-fakes-'));
const app = generateAlipayKeys();
const appId = '2021000000000001';
const alipay = await startAlipayGateway({ appId, appPublicKey: app.publicKey, port: Number(values['alipay-port']) });
const sms = await startAliyunSmsFake({ port: Number(values['sms-port']) });
const huawei = await startHuaweiHealthFake({ port: Number(values['huawei-port']), demo: true });
const fitbit = await startFitbitFake({
  port: Number(values['fitbit-port']),
  demo: true,
  subscriberUrl: values['fitbit-subscriber'],
});
const privateKeyFile = path.join(keysDir, 'alipay-app-private-key.pem');
const publicKeyFile = path.join(keysDir, 'alipay-public-key.pem');
writeFileSync(privateKeyFile, app.privateKey, { mode: 0o600 });
writeFileSync(publicKeyFile, alipay.publicKey);

const env: Record<string, string> = {
  ...sms.env(),
  ...huawei.env(),
  ...fitbit.env(),
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
    `Huawei Health Kit stand-in at ${huawei.url} (HUAWEI ID's authorize page has Allow and Deny)`,
    `Fitbit Web API stand-in at ${fitbit.url} (notifications go to ${values['fitbit-subscriber']})`,
    `Variables for the server: ${values.env}`,
    '  set -a; . /path/to/your.env; . ' + values.env + '; set +a; npm start',
    'Each SMS the server sends is printed here. Ctrl-C stops them all.',
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
    void Promise.all([sms.close(), alipay.close(), huawei.close(), fitbit.close()]).then(() => process.exit(0));
  });
}
