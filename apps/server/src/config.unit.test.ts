import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, StartupProblems, startupWarnings } from './config.js';
import { loadConfig } from './modules/index.js';

const DATA_KEY = Buffer.alloc(32, 7).toString('base64');
/** An SMS provider production mode accepts (decision 034 "SMS delivery and codes"). */
const ALIYUN_SMS = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-key-id',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'key-secret',
  ALIYUN_SMS_SIGN_NAME: 'Stride',
  ALIYUN_SMS_TEMPLATE_REGISTER: 'SMS_1',
  ALIYUN_SMS_TEMPLATE_RESET: 'SMS_2',
  ALIYUN_SMS_TEMPLATE_PAYMENT: 'SMS_3',
};
/** A VAPID key pair and subject production mode accepts (decision 048 "Web Push"). */
const WEB_PUSH = {
  WEB_PUSH_VAPID_PUBLIC_KEY: 'BJglYCZb1o25ME2U7e-gbRF7kT2fEKwUGZiT5X3balOGNzgOBrW1nrOD1dyfGMfDnm3e9gPVA0224l7q5BDuhLo',
  WEB_PUSH_VAPID_PRIVATE_KEY: 'fRVIGvubva2-Lneby1lV5FvI59fCT2mFwOe3pwz0VS4',
  WEB_PUSH_SUBJECT: 'mailto:ops@walk.example.com',
};
/** A production configuration that starts: everything it requires is set. */
const PRODUCTION = {
  STRIDE_MODE: 'production',
  APP_SECRET: 'x'.repeat(40),
  DATA_ENCRYPTION_KEY: DATA_KEY,
  PUBLIC_URL: 'https://walk.example.com',
  PAYMENT_PROVIDER: 'none',
  ...ALIYUN_SMS,
  ...WEB_PUSH,
};
const made: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stride-config-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('config', () => {
  it('defaults to demo mode with an embedded SQLite file and a generated secret', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.mode).toBe('demo');
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.join(dataDir, 'stride.db') });
    expect(config.appSecret).toBe(readFileSync(path.join(dataDir, 'demo-secret'), 'utf8'));
    expect(loadConfig({ DATA_DIR: dataDir }).appSecret).toBe(config.appSecret);
  });

  it('switches to PostgreSQL by DATABASE_URL', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u@localhost:5432/stride' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u@localhost:5432/stride' });
  });

  it('refuses to start in production without a strong secret, or with the demo one', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', APP_SECRET: 'short' })).toThrow(/at least 32/);
    const demo = loadConfig({ DATA_DIR: dataDir }).appSecret;
    expect(() => loadConfig({ DATA_DIR: dataDir, STRIDE_MODE: 'production', APP_SECRET: demo })).toThrow(/demo secret/);
    const strong = 'x'.repeat(16) + 'y'.repeat(16) + 'z';
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        APP_SECRET: strong,
        DATA_ENCRYPTION_KEY: DATA_KEY,
        PUBLIC_URL: 'https://walk.example.com',
        PAYMENT_PROVIDER: 'none',
        ...ALIYUN_SMS,
        ...WEB_PUSH,
        ...WEB_PUSH,
        ...WEB_PUSH,
      }).mode,
    ).toBe('production');
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });

  it('flags days for review by documented defaults, each one settable', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).stepFlags).toEqual({
      rhythmMinIntervals: 200,
      rhythmMaxCv: 0.01,
      disagreeRatio: 2,
      disagreeMinSteps: 5_000,
      sharedDeviceAccounts: 3,
      sharedAddressAccounts: 3,
      reviewExpectedHours: 24,
    });
    const set = loadConfig({
      DATA_DIR: tempDir(),
      STEP_FLAG_RHYTHM_MIN_INTERVALS: '50',
      STEP_FLAG_RHYTHM_MAX_CV: '0.02',
      STEP_FLAG_DISAGREE_RATIO: '3',
      STEP_FLAG_DISAGREE_MIN_STEPS: '2000',
      STEP_FLAG_SHARED_DEVICE_ACCOUNTS: '5',
      STEP_FLAG_SHARED_ADDRESS_ACCOUNTS: '1',
      STEP_REVIEW_EXPECTED_HOURS: '48',
    }).stepFlags;
    expect(set).toEqual({
      rhythmMinIntervals: 50,
      rhythmMaxCv: 0.02,
      disagreeRatio: 3,
      disagreeMinSteps: 2_000,
      sharedDeviceAccounts: 5,
      sharedAddressAccounts: 1,
      reviewExpectedHours: 48,
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), STEP_FLAG_RHYTHM_MAX_CV: '2' })).toThrow(/STEP_FLAG_RHYTHM_MAX_CV/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), STEP_FLAG_DISAGREE_RATIO: '0.5' })).toThrow(
      /STEP_FLAG_DISAGREE_RATIO/,
    );
  });

  it('keeps points for ever by default; an expiry is 0 or more than 30 days (docs/product/points-expiry.md)', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).pointsExpiryDays).toBe(0);
    expect(loadConfig({ DATA_DIR: tempDir(), POINTS_EXPIRY_DAYS: '365' }).pointsExpiryDays).toBe(365);
    expect(() => loadConfig({ DATA_DIR: tempDir(), POINTS_EXPIRY_DAYS: '30' })).toThrow(
      /POINTS_EXPIRY_DAYS: 0 \(points never expire\), or more than 30 days/,
    );
  });

  it('runs background jobs by default, on pg-boss only with PostgreSQL (decision 055)', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).jobs).toEqual({
      queue: 'auto',
      worker: true,
      shutdownMs: 8_000,
      pollSeconds: 2,
      cashBackIntervalMs: 60 * 60_000,
    });
    const set = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://u@localhost:5432/stride',
      JOBS_QUEUE: 'pg-boss',
      JOBS_WORKER: 'false',
      JOBS_SHUTDOWN_SECONDS: '3',
      JOBS_POLL_SECONDS: '0.5',
      CASH_BACK_SETTLE_INTERVAL_MINUTES: '0',
    }).jobs;
    expect(set).toEqual({
      queue: 'pg-boss',
      worker: false,
      shutdownMs: 3_000,
      pollSeconds: 0.5,
      cashBackIntervalMs: 0,
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), JOBS_QUEUE: 'pg-boss' })).toThrow(
      'JOBS_QUEUE=pg-boss needs a PostgreSQL DATABASE_URL',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), JOBS_WORKER: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), JOBS_POLL_SECONDS: '0.1' })).toThrow(ConfigError);
  });

  it('refuses argon2 settings below the OWASP minimum', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ARGON2_MEMORY_KIB: '4096' })).toThrow(/ARGON2_MEMORY_KIB/);
  });
});

describe('CORS origins', () => {
  it('are off by default and must be URLs', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).corsOrigins).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: tempDir(), CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins,
    ).toEqual(['https://a.example', 'https://b.example']);
    expect(() => loadConfig({ DATA_DIR: tempDir(), CORS_ORIGINS: 'not a url' })).toThrow(/CORS_ORIGINS/);
  });

  it('generates a sandbox payment secret in demo mode and refuses the sandbox in production', () => {
    const dataDir = tempDir();
    const demo = loadConfig({ DATA_DIR: dataDir });
    expect(demo.payments.provider).toBe('sandbox');
    expect(demo.payments.sandboxSecret).toBe(readFileSync(path.join(dataDir, 'demo-sandbox-secret'), 'utf8'));
    const production = {
      DATA_DIR: dataDir,
      STRIDE_MODE: 'production',
      APP_SECRET: 'x'.repeat(40),
      DATA_ENCRYPTION_KEY: DATA_KEY,
      PUBLIC_URL: 'https://walk.example.com',
      ...ALIYUN_SMS,
      ...WEB_PUSH,
      ...WEB_PUSH,
    };
    // Production names its provider: none is a choice, never a default.
    expect(() => loadConfig(production)).toThrow(/PAYMENT_PROVIDER must be set/);
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'none' }).payments.provider).toBe('none');
    // Its pay page marks payments paid without money: refused in production, whatever the secret.
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /PAYMENT_PROVIDER=sandbox is refused in production/,
    );
    expect(() =>
      loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox', PAYMENT_SANDBOX_SECRET: 's'.repeat(40) }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, PAYMENT_SANDBOX_SECRET: 'short' })).toThrow(/at least 32/);
    expect(loadConfig({ DATA_DIR: dataDir, BUSINESS_UTC_OFFSET_MINUTES: '-300' }).businessUtcOffsetMinutes).toBe(-300);
  });
});

describe('the SMS provider', () => {
  it('is the outbox in demo mode, with the code and delivery defaults', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.sms).toEqual({
      provider: 'outbox',
      aliyun: null,
      delivery: { timeoutMs: 10_000, maxAttempts: 5, retryBaseMs: 30_000, pollMs: 5_000 },
      codes: { resendMs: 60_000, dailyPerNumber: 10, dailyPerAddress: 50 },
    });
  });

  it('must be aliyun in production, and names each missing variable', () => {
    const production = {
      DATA_DIR: tempDir(),
      STRIDE_MODE: 'production',
      APP_SECRET: 'x'.repeat(40),
      DATA_ENCRYPTION_KEY: DATA_KEY,
      PUBLIC_URL: 'https://walk.example.com',
      PAYMENT_PROVIDER: 'none',
      ...WEB_PUSH,
    };
    expect(() => loadConfig(production)).toThrow(
      /^Stride cannot start in production mode: set SMS_PROVIDER\.\n {2}SMS_PROVIDER must be set: aliyun/,
    );
    expect(() => loadConfig({ ...production, SMS_PROVIDER: 'outbox' })).toThrow(
      /SMS_PROVIDER=outbox is refused in production mode/,
    );
    const { ALIYUN_SMS_SIGN_NAME: _sign, ALIYUN_SMS_TEMPLATE_RESET: _reset, ...partial } = ALIYUN_SMS;
    expect(() => loadConfig({ ...production, ...partial })).toThrow(
      /^Stride cannot start in production mode: set ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_RESET\.\n/,
    );
    // The payment password's template too (docs/product/payment-password.md).
    const { ALIYUN_SMS_TEMPLATE_PAYMENT: _payment, ...withoutPayment } = ALIYUN_SMS;
    expect(() => loadConfig({ ...production, ...withoutPayment })).toThrow(
      /^Stride cannot start in production mode: set ALIYUN_SMS_TEMPLATE_PAYMENT\.\n/,
    );
    const config = loadConfig({ ...production, ...ALIYUN_SMS, ...WEB_PUSH });
    expect(config.sms.aliyun).toEqual({
      accessKeyId: 'LTAI-key-id',
      accessKeySecret: 'key-secret',
      signName: 'Stride',
      templates: { register: 'SMS_1', reset: 'SMS_2', payment: 'SMS_3' },
      endpoint: 'https://dysmsapi.aliyuncs.com',
    });
  });
});

describe('the data encryption key', () => {
  it('is generated into the data folder in demo mode and kept across starts', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.dataKey).toHaveLength(32);
    expect(readFileSync(path.join(dataDir, 'demo-data-key'), 'utf8')).toBe(first.dataKey.toString('base64'));
    expect(loadConfig({ DATA_DIR: dataDir }).dataKey.equals(first.dataKey)).toBe(true);
  });

  it('is required in production, must be 32 bytes, and may not be the demo key', () => {
    const dataDir = tempDir();
    const demoKey = loadConfig({ DATA_DIR: dataDir }).dataKey.toString('base64');
    const production = {
      DATA_DIR: dataDir,
      STRIDE_MODE: 'production',
      APP_SECRET: 'x'.repeat(40),
      PAYMENT_PROVIDER: 'none',
    };
    expect(() => loadConfig(production)).toThrow(/DATA_ENCRYPTION_KEY must be set/);
    expect(() => loadConfig({ ...production, DATA_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/32 bytes/);
    expect(() => loadConfig({ ...production, DATA_ENCRYPTION_KEY: demoKey })).toThrow(/demo key/);
    const config = loadConfig({
      ...production,
      DATA_ENCRYPTION_KEY: DATA_KEY,
      PUBLIC_URL: 'https://walk.example.com',
      ...ALIYUN_SMS,
      ...WEB_PUSH,
      ...WEB_PUSH,
    });
    expect(config.dataKey.equals(Buffer.alloc(32, 7))).toBe(true);
    expect(config.identityReview).toBe('operator');
    expect(loadConfig({ DATA_DIR: dataDir }).identityReview).toBe('auto');
  });

  it('has the withdrawal defaults of docs/product/rules.md', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).withdraw).toEqual({
      min: 1_000,
      dailyMax: 500_000,
      feePermille: 10,
      feeMin: 100,
      // Above this a second finance operator must approve (decision 023 "Money under four eyes").
      secondApprovalAbove: 500_000,
      // The expected arrival the withdraw page shows (decision 041 "Flows that ask first and say what happened").
      arrivalBusinessDays: 2,
    });
    expect(loadConfig({ DATA_DIR: tempDir(), WITHDRAW_ARRIVAL_BUSINESS_DAYS: '5' }).withdraw.arrivalBusinessDays).toBe(
      5,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), WITHDRAW_ARRIVAL_BUSINESS_DAYS: '31' })).toThrow();
  });

  it('has a step length for distances, 70 cm unless set, within 30 to 150 cm', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).steps.lengthCm).toBe(70);
    expect(loadConfig({ DATA_DIR: tempDir(), STEP_LENGTH_CM: '65' }).steps.lengthCm).toBe(65);
    expect(() => loadConfig({ DATA_DIR: tempDir(), STEP_LENGTH_CM: '10' })).toThrow(/STEP_LENGTH_CM/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), STEP_LENGTH_CM: 'long' })).toThrow(/STEP_LENGTH_CM/);
  });
});

describe('links and demo exposure', () => {
  const { PUBLIC_URL: _url, ...production } = PRODUCTION;

  it('refuses production mode without PUBLIC_URL, the origin of every link', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ ...production, DATA_DIR: dataDir })).toThrow(/PUBLIC_URL must be set/);
    expect(loadConfig({ ...production, DATA_DIR: dataDir, PUBLIC_URL: 'https://walk.example.com' }).publicUrl).toBe(
      'https://walk.example.com',
    );
  });

  it('refuses a plain-http PUBLIC_URL in production unless the address is on this machine', () => {
    const dataDir = tempDir();
    for (const url of ['http://walk.example.com', 'http://10.0.0.5:8080', 'ftp://walk.example.com']) {
      expect(() => loadConfig({ ...production, DATA_DIR: dataDir, PUBLIC_URL: url }), url).toThrow(
        /PUBLIC_URL=.* is refused in production mode: people reach Stride over https/,
      );
    }
    for (const url of ['http://127.0.0.1:8080', 'http://localhost:8080', 'http://[::1]:8080']) {
      expect(loadConfig({ ...production, DATA_DIR: dataDir, PUBLIC_URL: url }).publicUrl, url).toBe(url);
    }
  });

  it('warns at every start when production verifies real names without a person', () => {
    const dataDir = tempDir();
    const settings = { ...production, DATA_DIR: dataDir, PUBLIC_URL: 'https://walk.example.com' };
    expect(startupWarnings(loadConfig(settings))).toEqual([]);
    expect(startupWarnings(loadConfig({ ...settings, IDENTITY_REVIEW: 'operator' }))).toEqual([]);
    expect(startupWarnings(loadConfig({ ...settings, IDENTITY_REVIEW: 'auto' }))).toEqual([
      expect.stringMatching(/^IDENTITY_REVIEW=auto IN PRODUCTION MODE: .*Real-name verification gates withdrawals/),
    ]);
    // Demo mode verifies automatically by default and says so in its banner, not as a warning.
    expect(startupWarnings(loadConfig({ DATA_DIR: dataDir }))).toEqual([]);
  });

  it('takes push services by host name or exact origin, and refuses an entry that is neither', () => {
    const dataDir = tempDir();
    const hosts = loadConfig({
      DATA_DIR: dataDir,
      WEB_PUSH_ENDPOINT_HOSTS: 'fcm.googleapis.com, http://127.0.0.1:8790',
    });
    expect(hosts.webPush.endpointHosts).toEqual(['fcm.googleapis.com', 'http://127.0.0.1:8790']);
    for (const entry of ['http://127.0.0.1:8790/push', 'http://user@127.0.0.1:8790', 'http://']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, WEB_PUSH_ENDPOINT_HOSTS: entry }), entry).toThrow(
        /WEB_PUSH_ENDPOINT_HOSTS: .* is neither a host name nor an origin/,
      );
    }
  });

  it('listens on loopback by default and warns loudly when demo mode listens elsewhere or opens the outbox', () => {
    const dataDir = tempDir();
    const local = loadConfig({ DATA_DIR: dataDir });
    expect(local.host).toBe('127.0.0.1');
    expect(local.demo.outboxAll).toBe(false);
    expect(startupWarnings(local)).toEqual([]);
    expect(startupWarnings(loadConfig({ DATA_DIR: dataDir, HOST: '::1' }))).toEqual([]);
    expect(startupWarnings(loadConfig({ DATA_DIR: dataDir, HOST: 'localhost' }))).toEqual([]);
    const exposed = startupWarnings(loadConfig({ DATA_DIR: dataDir, HOST: '0.0.0.0' }));
    expect(exposed).toHaveLength(1);
    expect(exposed[0]).toMatch(/^DEMO MODE IS LISTENING ON 0\.0\.0\.0/);
    const opened = startupWarnings(loadConfig({ DATA_DIR: dataDir, DEMO_OUTBOX_ALL: 'true' }));
    expect(opened).toEqual([expect.stringContaining('DEMO_OUTBOX_ALL=true')]);
    expect(() => loadConfig({ DATA_DIR: dataDir, DEMO_OUTBOX_ALL: 'yes' })).toThrow(/DEMO_OUTBOX_ALL/);
    const prod = loadConfig({
      ...production,
      DATA_DIR: dataDir,
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://walk.example.com',
    });
    expect(startupWarnings(prod)).toEqual([]);
  });
});

describe('production start-up checks', () => {
  const complete = PRODUCTION;
  const messageOf = (env: Record<string, string>): string => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    throw new Error('the configuration was accepted');
  };

  it('names every missing variable at once, in one first line, then what each needs', () => {
    const message = messageOf({ DATA_DIR: tempDir(), STRIDE_MODE: 'production' });
    const [head, ...details] = message.split('\n');
    expect(head).toBe(
      'Stride cannot start in production mode: set APP_SECRET, DATA_ENCRYPTION_KEY, PUBLIC_URL, SMS_PROVIDER, PAYMENT_PROVIDER, WEB_PUSH_VAPID_PUBLIC_KEY, WEB_PUSH_VAPID_PRIVATE_KEY, WEB_PUSH_SUBJECT.',
    );
    expect(details).toEqual([
      expect.stringMatching(/^ {2}APP_SECRET must be set: at least 32 random characters/),
      expect.stringMatching(/^ {2}DATA_ENCRYPTION_KEY must be set: 32 random bytes in base64/),
      expect.stringMatching(/^ {2}PUBLIC_URL must be set: the address people use/),
      expect.stringMatching(/^ {2}SMS_PROVIDER must be set: aliyun/),
      expect.stringMatching(/^ {2}PAYMENT_PROVIDER must be set: .*none to run without online payment\.$/),
      expect.stringMatching(/^ {2}WEB_PUSH_VAPID_PUBLIC_KEY must be set: the VAPID public key/),
      expect.stringMatching(/^ {2}WEB_PUSH_VAPID_PRIVATE_KEY must be set: the VAPID private key/),
      expect.stringMatching(/^ {2}WEB_PUSH_SUBJECT must be set: mailto: or https:/),
    ]);
  });

  it('names only what is missing, and refusals of values that are set come with it', () => {
    const dataDir = tempDir();
    const { PAYMENT_PROVIDER: _provider, ...withoutProvider } = complete;
    expect(messageOf({ ...withoutProvider, DATA_DIR: dataDir })).toMatch(
      /^Stride cannot start in production mode: set PAYMENT_PROVIDER\.\n {2}PAYMENT_PROVIDER must be set: [^\n]*$/,
    );
    const { PUBLIC_URL: _url, ...withoutUrl } = withoutProvider;
    const both = messageOf({ ...withoutUrl, DATA_DIR: dataDir, APP_SECRET: 'short' });
    expect(both.split('\n')).toEqual([
      'Stride cannot start in production mode: set PUBLIC_URL, PAYMENT_PROVIDER.',
      expect.stringContaining('PUBLIC_URL must be set'),
      expect.stringContaining('PAYMENT_PROVIDER must be set'),
      expect.stringContaining('APP_SECRET is too short: at least 32'),
    ]);
    const sandbox = messageOf({ ...complete, DATA_DIR: dataDir, PAYMENT_PROVIDER: 'sandbox' });
    expect(sandbox.split('\n')).toEqual([
      'Stride cannot start in production mode:',
      expect.stringContaining('PAYMENT_PROVIDER=sandbox is refused in production mode'),
    ]);
  });

  it('starts when everything is set, and demo mode needs none of it', () => {
    expect(loadConfig({ ...complete, DATA_DIR: tempDir() }).payments.provider).toBe('none');
    expect(loadConfig({ DATA_DIR: tempDir() }).payments.provider).toBe('sandbox');
  });

  it('is a list a configuration block adds to: variables a choice needs, alternatives, refusals', () => {
    const problems = new StartupProblems();
    expect(() => problems.throwIfAny('production')).not.toThrow();
    const env = { PROVIDER_ID: 'app', PROVIDER_KEY_FILE: '/keys/app.pem', PROVIDER_GATEWAY: '  ' };
    problems.requireAll(
      env,
      [
        'PROVIDER_ID',
        ['PROVIDER_KEY', 'PROVIDER_KEY_FILE'],
        ['PROVIDER_PUBLIC_KEY', 'PROVIDER_PUBLIC_KEY_FILE'],
        'PROVIDER_GATEWAY',
      ],
      'for PAYMENT_PROVIDER=provider.',
    );
    problems.refuse('PROVIDER_ID is a test id.');
    expect(problems.count).toBe(3);
    expect(() => problems.throwIfAny('production')).toThrow(ConfigError);
    expect(() => problems.throwIfAny('production')).toThrow(
      [
        'Stride cannot start in production mode: set PROVIDER_PUBLIC_KEY or PROVIDER_PUBLIC_KEY_FILE, PROVIDER_GATEWAY.',
        '  PROVIDER_PUBLIC_KEY or PROVIDER_PUBLIC_KEY_FILE must be set: for PAYMENT_PROVIDER=provider.',
        '  PROVIDER_GATEWAY must be set: for PAYMENT_PROVIDER=provider.',
        '  PROVIDER_ID is a test id.',
      ].join('\n'),
    );
  });
});

describe('Web Push keys (decision 048)', () => {
  it('generates a VAPID pair once into the data folder in demo mode and keeps it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).webPush;
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(first.subject).toMatch(/^mailto:/);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'demo-vapid-keys.json'), 'utf8'))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
    expect(loadConfig({ DATA_DIR: dataDir }).webPush.publicKey).toBe(first.publicKey);
  });

  it.each([
    ['WEB_PUSH_VAPID_PUBLIC_KEY', 'abc', /WEB_PUSH_VAPID_PUBLIC_KEY must be a base64url P-256 public key/],
    ['WEB_PUSH_VAPID_PRIVATE_KEY', 'a'.repeat(60), /WEB_PUSH_VAPID_PRIVATE_KEY must be a base64url P-256 private key/],
    ['WEB_PUSH_SUBJECT', 'http://walk.example.com', /WEB_PUSH_SUBJECT must be a mailto: or https: address/],
  ])('refuses a malformed %s (%s)', (name, value, refusal) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...WEB_PUSH, [name]: value })).toThrow(refusal);
  });

  it('takes well-formed keys and a mailto: or https: subject', () => {
    const set = loadConfig({ DATA_DIR: tempDir(), ...WEB_PUSH }).webPush;
    expect(set).toMatchObject({ publicKey: WEB_PUSH.WEB_PUSH_VAPID_PUBLIC_KEY, subject: WEB_PUSH.WEB_PUSH_SUBJECT });
  });
});

// Metrics and shutdown (decision 056 "Metrics, liveness apart from readiness, draining on shutdown").
describe('metrics and shutdown settings', () => {
  const production = () => ({ DATA_DIR: tempDir(), ...PRODUCTION });

  it('keeps /metrics off and drains for 25 s by default', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.metrics).toEqual({ enabled: false, token: undefined, port: undefined, host: '127.0.0.1' });
    expect(config.shutdownGraceSeconds).toBe(25);
    expect(loadConfig({ DATA_DIR: tempDir(), SHUTDOWN_GRACE_SECONDS: '5' }).shutdownGraceSeconds).toBe(5);
  });

  it('turns /metrics on with a token or a port of its own', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), METRICS_TOKEN: 'short' }).metrics).toMatchObject({
      enabled: true,
      token: 'short',
    });
    expect(loadConfig({ DATA_DIR: tempDir(), METRICS_PORT: '9100' }).metrics).toMatchObject({
      enabled: true,
      port: 9100,
      host: '127.0.0.1',
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: '9100', METRICS_PORT: '9100' })).toThrow(
      /METRICS_PORT must differ from PORT/,
    );
  });

  it('refuses in production a short token, and a metrics listener open to other machines without one', () => {
    expect(loadConfig(production()).metrics.enabled).toBe(false);
    expect(() => loadConfig({ ...production(), METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN is too short: at least 32 random characters/,
    );
    expect(() => loadConfig({ ...production(), METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0' })).toThrow(
      /METRICS_HOST=0\.0\.0\.0 serves \/metrics to other machines/,
    );
    const token = 'm'.repeat(40);
    expect(
      loadConfig({ ...production(), METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: token }).metrics,
    ).toEqual({ enabled: true, token, port: 9100, host: '0.0.0.0' });
    expect(loadConfig({ ...production(), METRICS_PORT: '9100' }).metrics.host).toBe('127.0.0.1');
  });
});

describe('object storage (decision 054)', () => {
  const production = PRODUCTION;

  it('is the disk unless STORAGE=s3', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).storage).toEqual({ kind: 'disk', s3: null });
    expect(() => loadConfig({ DATA_DIR: tempDir(), STORAGE: 'ftp' })).toThrow(/STORAGE/);
  });

  it('names every missing S3 variable in the one start-up message, in demo mode too', () => {
    expect(() => loadConfig({ ...production, DATA_DIR: tempDir(), STORAGE: 's3', S3_BUCKET: 'stride' })).toThrow(
      /^Stride cannot start in production mode: set S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY\.\n {2}S3_ACCESS_KEY_ID must be set: for STORAGE=s3/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), STORAGE: 's3' })).toThrow(
      /^Stride cannot start in demo mode: set S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY\./,
    );
  });

  it('reads the bucket, its endpoint and keys, with the documented defaults', () => {
    const config = loadConfig({
      ...production,
      DATA_DIR: tempDir(),
      STORAGE: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'stride',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'http://minio:9000',
        region: 'us-east-1',
        bucket: 'stride',
        accessKeyId: 'key-id',
        secretAccessKey: 'secret',
        forcePathStyle: true,
        timeoutMs: 10_000,
      },
    });
  });
});

describe('the support contact (decision 082)', () => {
  const contactOf = (value?: string) =>
    loadConfig({ DATA_DIR: tempDir(), ...(value === undefined ? {} : { SUPPORT_CONTACT: value }) }).supportContact;

  it('is none unless set, and none when set blank', () => {
    expect(contactOf()).toBeNull();
    expect(contactOf('')).toBeNull();
    expect(contactOf('   ')).toBeNull();
  });

  it('is an email address, a phone number or an http(s) address, trimmed', () => {
    expect(contactOf(' help@walk.example.com ')).toEqual({ kind: 'email', value: 'help@walk.example.com' });
    expect(contactOf('+86 400-123-4567')).toEqual({ kind: 'phone', value: '+86 400-123-4567' });
    expect(contactOf('https://walk.example.com/help')).toEqual({
      kind: 'url',
      value: 'https://walk.example.com/help',
    });
  });

  it('refuses anything else at start-up, naming the variable', () => {
    expect(() => contactOf('call us')).toThrow(/SUPPORT_CONTACT=call us is neither an email address/);
    expect(() => contactOf('javascript:alert(1)')).toThrow(ConfigError);
    expect(() => contactOf('x'.repeat(201))).toThrow(/SUPPORT_CONTACT/);
  });
});

describe('connected wearable accounts (decision 086)', () => {
  // A PUBLIC_URL with its trailing slash: the redirect still has one slash.
  const production = { ...PRODUCTION, PUBLIC_URL: 'https://walk.example.com/' };

  it('offers no provider unless configured, and redirects to the Step sources page of this server', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: '9090' });
    expect(config.stepConnections).toEqual({
      redirectUri: 'http://127.0.0.1:9090/pages-sub/steps/sources',
      syncEveryMinutes: 60,
      pollSeconds: 60,
      timeoutMs: 10_000,
      huawei: null,
      fitbit: null,
    });
    expect(loadConfig({ DATA_DIR: tempDir(), HOST: '0.0.0.0' }).stepConnections.redirectUri).toBe(
      'http://localhost:8080/pages-sub/steps/sources',
    );
  });

  it('turns a provider on with its id and secret, with the documented addresses', () => {
    const config = loadConfig({
      ...production,
      DATA_DIR: tempDir(),
      HUAWEI_HEALTH_CLIENT_ID: '110000001',
      HUAWEI_HEALTH_CLIENT_SECRET: 'huawei-secret',
      FITBIT_CLIENT_ID: '23QFKE',
      FITBIT_CLIENT_SECRET: 'fitbit-secret',
      FITBIT_SUBSCRIBER_VERIFICATION_CODE: 'verify-me',
      STEP_SYNC_EVERY_MINUTES: '30',
      STEP_SYNC_POLL_SECONDS: '0',
      STEP_PROVIDER_TIMEOUT_MS: '2500',
    });
    expect(config.stepConnections).toEqual({
      redirectUri: 'https://walk.example.com/pages-sub/steps/sources',
      syncEveryMinutes: 30,
      pollSeconds: 0,
      timeoutMs: 2_500,
      huawei: {
        clientId: '110000001',
        clientSecret: 'huawei-secret',
        oauthUrl: 'https://oauth-login.cloud.huawei.com',
        apiUrl: 'https://health-api.cloud.huawei.com',
      },
      fitbit: {
        clientId: '23QFKE',
        clientSecret: 'fitbit-secret',
        authorizeUrl: 'https://www.fitbit.com',
        apiUrl: 'https://api.fitbit.com',
        subscriberVerificationCode: 'verify-me',
        subscriberId: null,
      },
    });
  });

  it('names the missing half of a pair, and refuses plain http in production except to this machine', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), FITBIT_CLIENT_ID: '23QFKE' })).toThrow(
      /^Stride cannot start in demo mode: set FITBIT_CLIENT_SECRET\.\n {2}FITBIT_CLIENT_SECRET must be set: FITBIT_CLIENT_ID and FITBIT_CLIENT_SECRET are set together/,
    );
    expect(() =>
      loadConfig({ ...production, DATA_DIR: tempDir(), HUAWEI_HEALTH_CLIENT_SECRET: 's', FITBIT_CLIENT_SECRET: 's' }),
    ).toThrow(/set HUAWEI_HEALTH_CLIENT_ID, FITBIT_CLIENT_ID\./);
    const fitbit = { FITBIT_CLIENT_ID: '23QFKE', FITBIT_CLIENT_SECRET: 's' };
    expect(() =>
      loadConfig({ ...production, ...fitbit, DATA_DIR: tempDir(), FITBIT_API_URL: 'http://fitbit.example.com' }),
    ).toThrow(/FITBIT_API_URL must be an https:\/\/ address in production mode/);
    const local = loadConfig({
      ...production,
      ...fitbit,
      DATA_DIR: tempDir(),
      FITBIT_API_URL: 'http://127.0.0.1:9540',
      FITBIT_AUTHORIZE_URL: 'http://127.0.0.1:9540',
    });
    expect(local.stepConnections.fitbit?.apiUrl).toBe('http://127.0.0.1:9540');
  });
});
