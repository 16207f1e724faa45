import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.js';
import { loadConfig } from '../index.js';
import { ALIPAY_PRODUCTION_GATEWAY } from './payments.settings.js';
import {
  alipayTime,
  formatAlipayAmount,
  fromOutTradeNo,
  parseAlipayAmount,
  parseAlipayTime,
  toOutTradeNo,
} from './alipay-provider.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'stride-alipay-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pkcs8 = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const pkcs1 = privateKey.export({ format: 'pem', type: 'pkcs1' }).toString();
const spki = publicKey.export({ format: 'pem', type: 'spki' }).toString();
const bare = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

const alipay = {
  DATA_DIR: dataDir,
  PAYMENT_PROVIDER: 'alipay',
  ALIPAY_APP_ID: '2021000000000042',
  ALIPAY_PRIVATE_KEY: pkcs8,
  ALIPAY_PUBLIC_KEY: spki,
};

describe('Alipay amounts, times and trade numbers', () => {
  it('writes and reads yuan amounts exactly, from the digits', () => {
    expect([0, 1, 10, 99, 100, 9_900, 12_345, 100_000_000_00].map(formatAlipayAmount)).toEqual([
      '0.00',
      '0.01',
      '0.10',
      '0.99',
      '1.00',
      '99.00',
      '123.45',
      '100000000.00',
    ]);
    expect(['0.01', '0.1', '99', '99.00', '123.45', '100000000.00'].map(parseAlipayAmount)).toEqual([
      1, 10, 9_900, 9_900, 12_345, 100_000_000_00,
    ]);
    // 0.29 * 100 is 28.999999999999996 in floating point; the digits give 29.
    expect(parseAlipayAmount('0.29')).toBe(29);
    for (const bad of ['', '-1.00', '1.001', '01.00', '1e3', ' 1.00', '1.', '.5', '1,00', 'NaN', undefined]) {
      expect(parseAlipayAmount(bad)).toBeNull();
    }
    expect(() => formatAlipayAmount(1.5)).toThrow(RangeError);
    expect(() => formatAlipayAmount(-1)).toThrow(RangeError);
  });

  it('writes and reads Beijing time whatever the server zone', () => {
    const instant = Date.UTC(2026, 10, 22, 16, 30, 5);
    expect(alipayTime(instant)).toBe('2026-11-23 00:30:05');
    expect(parseAlipayTime('2026-11-23 00:30:05')).toBe(instant);
    for (const bad of ['2026-11-23T00:30:05', '2026-02-30 10:00:00', '2026-11-23 24:00:00', '', undefined]) {
      expect(parseAlipayTime(bad)).toBeNull();
    }
  });

  it('maps a payment id to a trade number of letters and digits and back', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(toOutTradeNo(id)).toBe('0f8fad5bd9cb469fa16570867728950e');
    expect(fromOutTradeNo(toOutTradeNo(id))).toBe(id);
    for (const bad of [id, '0F8FAD5BD9CB469FA16570867728950E', 'abc', '', undefined]) {
      expect(fromOutTradeNo(bad)).toBeNull();
    }
  });
});

describe('Alipay configuration', () => {
  it('names every missing variable when PAYMENT_PROVIDER=alipay', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PAYMENT_PROVIDER: 'alipay' })).toThrow(
      /^Stride cannot start in demo mode: set ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY or ALIPAY_PRIVATE_KEY_FILE, ALIPAY_PUBLIC_KEY or ALIPAY_PUBLIC_KEY_FILE\.\n {2}ALIPAY_APP_ID must be set: for PAYMENT_PROVIDER=alipay/,
    );
    expect(() => loadConfig({ ...alipay, ALIPAY_PUBLIC_KEY: undefined })).toThrow(
      /^Stride cannot start in demo mode: set ALIPAY_PUBLIC_KEY or ALIPAY_PUBLIC_KEY_FILE\.\n/,
    );
    // Other providers ignore the Alipay variables.
    expect(loadConfig({ DATA_DIR: dataDir }).payments.alipay).toBeNull();
  });

  it('reads keys inline or from files, PKCS#1, PKCS#8 or bare base64, with the production gateway by default', () => {
    const config = loadConfig(alipay);
    expect(config.payments).toMatchObject({
      provider: 'alipay',
      alipay: {
        appId: '2021000000000042',
        privateKey: pkcs8,
        publicKey: spki,
        gateway: ALIPAY_PRODUCTION_GATEWAY,
        timeoutMs: 5_000,
      },
    });
    const keyFile = path.join(dataDir, 'app-private-key.pem');
    const publicFile = path.join(dataDir, 'alipay-public-key.txt');
    writeFileSync(keyFile, pkcs1);
    writeFileSync(publicFile, bare(spki));
    const fromFiles = loadConfig({
      ...alipay,
      ALIPAY_PRIVATE_KEY: undefined,
      ALIPAY_PUBLIC_KEY: undefined,
      ALIPAY_PRIVATE_KEY_FILE: keyFile,
      ALIPAY_PUBLIC_KEY_FILE: publicFile,
      ALIPAY_GATEWAY: 'http://127.0.0.1:9510/gateway.do',
      ALIPAY_TIMEOUT_MS: '2500',
    });
    expect(fromFiles.payments.alipay).toMatchObject({
      privateKey: pkcs8,
      publicKey: spki,
      gateway: 'http://127.0.0.1:9510/gateway.do',
      timeoutMs: 2_500,
    });
    expect(loadConfig({ ...alipay, ALIPAY_PRIVATE_KEY: bare(pkcs8) }).payments.alipay?.privateKey).toBe(pkcs8);
  });

  it('refuses both forms of a key, an unreadable file, a key that is not RSA2, and a clear gateway in production', () => {
    expect(() => loadConfig({ ...alipay, ALIPAY_PRIVATE_KEY_FILE: '/nowhere' })).toThrow(
      /Set ALIPAY_PRIVATE_KEY or ALIPAY_PRIVATE_KEY_FILE, not both/,
    );
    expect(() => loadConfig({ ...alipay, ALIPAY_PUBLIC_KEY: undefined, ALIPAY_PUBLIC_KEY_FILE: '/nowhere' })).toThrow(
      /ALIPAY_PUBLIC_KEY_FILE cannot be read/,
    );
    expect(() => loadConfig({ ...alipay, ALIPAY_PUBLIC_KEY: 'not a key' })).toThrow(
      /ALIPAY_PUBLIC_KEY is not a valid RSA public key/,
    );
    expect(() => loadConfig({ ...alipay, ALIPAY_PRIVATE_KEY: spki })).toThrow(/ALIPAY_PRIVATE_KEY is not a valid/);
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'pem', type: 'spki' });
    expect(() => loadConfig({ ...alipay, ALIPAY_PUBLIC_KEY: small.toString() })).toThrow(/at least 2048 bits/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' });
    expect(() => loadConfig({ ...alipay, ALIPAY_PRIVATE_KEY: ec.toString() })).toThrow(/must be an RSA key/);
    expect(() => loadConfig({ ...alipay, ALIPAY_TIMEOUT_MS: '0' })).toThrow(ConfigError);
    const production = {
      ...alipay,
      STRIDE_MODE: 'production',
      APP_SECRET: 'x'.repeat(40),
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      PUBLIC_URL: 'https://walk.example.com',
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-key-id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'key-secret',
      ALIYUN_SMS_SIGN_NAME: 'Stride',
      ALIYUN_SMS_TEMPLATE_REGISTER: 'SMS_1',
      ALIYUN_SMS_TEMPLATE_RESET: 'SMS_2',
      ALIYUN_SMS_TEMPLATE_PAYMENT: 'SMS_3',
      WEB_PUSH_VAPID_PUBLIC_KEY:
        'BJglYCZb1o25ME2U7e-gbRF7kT2fEKwUGZiT5X3balOGNzgOBrW1nrOD1dyfGMfDnm3e9gPVA0224l7q5BDuhLo',
      WEB_PUSH_VAPID_PRIVATE_KEY: 'fRVIGvubva2-Lneby1lV5FvI59fCT2mFwOe3pwz0VS4',
      WEB_PUSH_SUBJECT: 'mailto:ops@walk.example.com',
    };
    expect(loadConfig(production).payments.provider).toBe('alipay');
    expect(() => loadConfig({ ...production, ALIPAY_GATEWAY: 'http://openapi.alipay.com/gateway.do' })).toThrow(
      /ALIPAY_GATEWAY must be an https:\/\/ address in production/,
    );
    // A stand-in gateway on this machine (docs/deployment.md, Try production locally) may speak plain http.
    expect(
      loadConfig({ ...production, ALIPAY_GATEWAY: 'http://127.0.0.1:4555/gateway.do' }).payments.alipay?.gateway,
    ).toBe('http://127.0.0.1:4555/gateway.do');
  });
});
