import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './modules/index.js';
import { bannerLines } from './startup-banner.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'stride-banner-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ALIPAY = {
  PAYMENT_PROVIDER: 'alipay',
  ALIPAY_APP_ID: '2021000000000000',
  ALIPAY_PRIVATE_KEY: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  ALIPAY_PUBLIC_KEY: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
};

describe('the start-up banner', () => {
  it('names the payment provider demo mode really uses', () => {
    const sandbox = bannerLines(loadConfig({ DATA_DIR: dataDir }), 'http://localhost:8080').join('\n');
    expect(sandbox).toContain('DEMO MODE: sample data, a sandbox payment provider, and SMS codes kept in the outbox');
    const none = bannerLines(loadConfig({ DATA_DIR: dataDir, PAYMENT_PROVIDER: 'none' }), 'http://localhost:8080');
    expect(none.join('\n')).toContain('no payment provider (card purchases are off)');
    expect(none.join('\n')).not.toContain('sandbox');
  });

  it('says Alipay, not a sandbox, with PAYMENT_PROVIDER=alipay', () => {
    const text = bannerLines(loadConfig({ DATA_DIR: dataDir, ...ALIPAY }), 'http://localhost:8080').join('\n');
    expect(text).toContain('DEMO MODE: sample data, payments through Alipay, and SMS codes kept in the outbox');
    expect(text).not.toContain('sandbox');
  });
});
