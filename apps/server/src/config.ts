import { createPrivateKey, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HEALTH_IMPORT_MAX_BYTES } from '@stride/contract';
import webpush from 'web-push';
import { z } from 'zod';

/** The only reader of process.env. Every variable is documented in the README. */

const DEMO_SECRET_FILE = 'demo-secret';
const DEMO_SANDBOX_SECRET_FILE = 'demo-sandbox-secret';
const DEMO_DATA_KEY_FILE = 'demo-data-key';
const DATA_KEY_BYTES = 32;
export const MIN_SECRET_LENGTH = 32;
/** Alipay's production gateway for the v2 open API (`alipay.trade.*`, decision 036). */
export const ALIPAY_PRODUCTION_GATEWAY = 'https://openapi.alipay.com/gateway.do';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  STRIDE_MODE: z.enum(['demo', 'production']).optional(),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z.string().min(1).optional(),
  APP_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  CONSOLE_DIST: z.string().optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(19_456).default(19_456),
  ARGON2_ITERATIONS: z.coerce.number().int().min(2).default(2),
  ARGON2_PARALLELISM: z.coerce.number().int().min(1).default(1),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  SESSION_DAYS: z.coerce.number().int().min(1).default(30),
  // How long a server keeps a token's session and user (decision 049); at most a second, so a
  // session ended on another server ends here within a second. 0 reads the database every call.
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(1000).default(1000),
  // How long a server keeps what home shows every user alike (home items, the latest notices;
  // decision 053): at most a second, so an operator's change on another server shows here within
  // a second. 0 reads the database every call.
  CONTENT_CACHE_MS: z.coerce.number().int().min(0).max(1000).default(1000),
  CONSOLE_SESSION_IDLE_HOURS: z.coerce.number().int().min(1).max(168).default(12),
  // Failed sign-ins on one operator, from any address, within LOGIN_FAILURE_WINDOW_MINUTES that lock
  // its sign-in for CONSOLE_LOGIN_LOCK_MINUTES (decision 073).
  CONSOLE_LOGIN_MAX_FAILURES_PER_OPERATOR: z.coerce.number().int().min(1).default(10),
  CONSOLE_LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  LOGIN_CAPTCHA_AFTER_FAILURES: z.coerce.number().int().min(1).default(3),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  REGISTER_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  REGISTER_MAX_PER_PREFIX: z.coerce.number().int().min(1).default(30),
  REGISTER_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  CAPTCHA_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
  CAPTCHA_WINDOW_MINUTES: z.coerce.number().int().min(1).default(10),
  BUSINESS_UTC_OFFSET_MINUTES: z.coerce.number().int().min(-720).max(840).default(480),
  STEPS_DAILY_CAP: z.coerce.number().int().min(1).max(100_000).default(100_000),
  STEPS_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  STEPS_DAILY_GOAL: z.coerce.number().int().min(1).default(6_000),
  STEP_FLAG_RHYTHM_MIN_INTERVALS: z.coerce.number().int().min(2).default(200),
  STEP_FLAG_RHYTHM_MAX_CV: z.coerce.number().min(0).max(1).default(0.01),
  STEP_FLAG_DISAGREE_RATIO: z.coerce.number().min(1).default(2),
  STEP_FLAG_DISAGREE_MIN_STEPS: z.coerce.number().int().min(0).default(5_000),
  STEP_FLAG_SHARED_DEVICE_ACCOUNTS: z.coerce.number().int().min(1).default(3),
  STEP_FLAG_SHARED_ADDRESS_ACCOUNTS: z.coerce.number().int().min(1).default(3),
  STEP_REVIEW_EXPECTED_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  STEP_LENGTH_CM: z.coerce.number().int().min(30).max(150).default(70),
  POINTS_STEPS_PER_POINT: z.coerce.number().int().min(1).default(100),
  POINTS_DAILY_MAX: z.coerce.number().int().min(0).default(200),
  EXCHANGE_POINTS_PER_UNIT: z.coerce.number().int().min(1).default(100),
  EXCHANGE_CASH_PER_UNIT: z.coerce.number().int().min(1).default(100),
  EXCHANGE_MIN_POINTS: z.coerce.number().int().min(1).default(100),
  INSURANCE_COVERAGE: z.coerce.number().int().min(0).default(10_000_000),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'alipay', 'none']).optional(),
  PAYMENT_SANDBOX_SECRET: z.string().optional(),
  PAYMENT_EXPIRY_MINUTES: z.coerce.number().int().min(1).default(30),
  MEMBERSHIP_ORDER_EXPIRY_MINUTES: z.coerce.number().int().min(1).default(1_440),
  // Alipay (PAYMENT_PROVIDER=alipay, decision 036): the app's id, its RSA2 private key and
  // Alipay's public key (PEM, inline or as a file), the gateway and each call's timeout.
  ALIPAY_APP_ID: z.string().trim().min(1).max(32).optional(),
  ALIPAY_PRIVATE_KEY: z.string().trim().min(1).optional(),
  ALIPAY_PRIVATE_KEY_FILE: z.string().trim().min(1).optional(),
  ALIPAY_PUBLIC_KEY: z.string().trim().min(1).optional(),
  ALIPAY_PUBLIC_KEY_FILE: z.string().trim().min(1).optional(),
  ALIPAY_GATEWAY: z.url().default(ALIPAY_PRODUCTION_GATEWAY),
  ALIPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  DATA_ENCRYPTION_KEY: z.string().optional(),
  IDENTITY_REVIEW: z.enum(['auto', 'operator']).optional(),
  UPLOAD_DIR: z.string().min(1).optional(),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /** The largest health export accepted (docs/product/step-sources.md); at most the contract's limit. */
  HEALTH_IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(HEALTH_IMPORT_MAX_BYTES)
    .default(HEALTH_IMPORT_MAX_BYTES),
  UPLOAD_MAX_PIXELS: z.coerce.number().int().min(1).default(40_000_000),
  UPLOAD_MAX_SIDE: z.coerce.number().int().min(64).default(2_048),
  UPLOAD_MAX_PER_WINDOW: z.coerce.number().int().min(1).default(20),
  UPLOAD_WINDOW_MINUTES: z.coerce.number().int().min(1).default(10),
  UPLOAD_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024 * 1024),
  UPLOAD_UNUSED_GRACE_HOURS: z.coerce.number().int().min(1).default(24),
  CLEANUP_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(60),
  // Background jobs (decision 055): the queue, whether this process works it, how long a close
  // waits for running jobs, and the daily cash back settlement's pass.
  JOBS_QUEUE: z.enum(['auto', 'pg-boss', 'in-process']).default('auto'),
  JOBS_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  JOBS_SHUTDOWN_SECONDS: z.coerce.number().int().min(0).max(300).default(8),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  CASH_BACK_SETTLE_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1_440).default(60),
  BANK_CARDS_MAX: z.coerce.number().int().min(1).default(5),
  WITHDRAW_MIN: z.coerce.number().int().min(1).default(1_000),
  WITHDRAW_DAILY_MAX: z.coerce.number().int().min(1).default(500_000),
  WITHDRAW_FEE_PERMILLE: z.coerce.number().int().min(0).max(1_000).default(10),
  WITHDRAW_FEE_MIN: z.coerce.number().int().min(0).default(100),
  WITHDRAW_ARRIVAL_BUSINESS_DAYS: z.coerce.number().int().min(0).max(30).default(2),
  WITHDRAWAL_SECOND_APPROVAL_ABOVE: z.coerce.number().int().min(0).default(500_000),
  // Decision 074: the two operators of a four-eyes decision may not have created, or given money or
  // admin roles to, one another within this many days.
  FOUR_EYES_INDEPENDENCE_DAYS: z.coerce.number().int().min(1).max(3_650).default(90),
  ADDRESSES_MAX: z.coerce.number().int().min(1).max(200).default(20),
  INVITE_REWARD_POINTS: z.coerce.number().int().min(0).default(500),
  INVITE_QUALIFYING_STEPS: z.coerce.number().int().min(1).default(5_000),
  INVITE_MAX_PER_YEAR: z.coerce.number().int().min(0).default(50),
  COMPANION_VERSION: z.string().trim().min(1).max(32).optional(),
  COMPANION_VERSION_CODE: z.coerce.number().int().min(1).optional(),
  COMPANION_PACKAGE_FILE: z.string().trim().min(1).optional(),
  COMPANION_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(200 * 1024 * 1024),
  CARD_MAILING_DESCRIPTION: z.string().trim().min(1).max(2_000).optional(),
  // Where a user reaches the operator's support (decision 082): an email address, a phone number or
  // an https:// address; empty: none, and the app names no contact.
  SUPPORT_CONTACT: z.string().trim().max(200).default(''),
  DEMO_WELCOME_BALANCE: z.coerce.number().int().min(0).default(200_000),
  DEMO_WELCOME_POINTS: z.coerce.number().int().min(0).default(5_000),
  DEMO_OUTBOX_ALL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),

  // SMS delivery and codes (decision 034): the provider, the outbox deliverer, the code limits.
  SMS_PROVIDER: z.enum(['outbox', 'aliyun']).optional(),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().trim().min(1).optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().trim().min(1).optional(),
  ALIYUN_SMS_TEMPLATE_REGISTER: z.string().trim().min(1).optional(),
  ALIYUN_SMS_TEMPLATE_RESET: z.string().trim().min(1).optional(),
  ALIYUN_SMS_ENDPOINT: z.url().default('https://dysmsapi.aliyuncs.com'),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  SMS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  SMS_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).default(30),
  SMS_POLL_SECONDS: z.coerce.number().int().min(0).default(5),
  SMS_CODE_RESEND_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  SMS_CODE_DAILY_MAX_PER_NUMBER: z.coerce.number().int().min(1).default(10),
  SMS_CODE_DAILY_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  // The payment lifecycle (decision 037): how often the server sweeps pending payments past their
  // expiry (query, close, expire or credit), sends due provider refunds and expires orders; 0 off.
  PAYMENT_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  // The notifications inbox (decision 044): how often the server looks for notifications that
  // come from time (cards ending in 3 days, points waiting); 0 off. The points reminder is sent
  // from this hour of the business day on.
  NOTIFICATION_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  NOTIFICATION_POINTS_REMINDER_HOUR: z.coerce.number().int().min(0).max(23).default(20),

  // Web Push (decision 048): the VAPID key pair and contact (generated into DATA_DIR in demo
  // mode, required in production), the push services subscriptions may point at, how long a
  // push service keeps an undelivered message, and how often the daily goal reminder is swept.
  WEB_PUSH_VAPID_PUBLIC_KEY: z.string().trim().min(1).optional(),
  WEB_PUSH_VAPID_PRIVATE_KEY: z.string().trim().min(1).optional(),
  WEB_PUSH_SUBJECT: z.string().trim().min(1).optional(),
  WEB_PUSH_ENDPOINT_HOSTS: z
    .string()
    .default(
      'fcm.googleapis.com,updates.push.services.mozilla.com,push.apple.com,notify.windows.com,push.services.mozilla.com',
    )
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  WEB_PUSH_TTL_SECONDS: z.coerce.number().int().min(0).max(2_419_200).default(86_400),
  PUSH_REMINDER_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),

  // Metrics and shutdown (decision 056, docs/operations.md): /metrics to a bearer of
  // METRICS_TOKEN on the public port, or on a listener of its own (METRICS_PORT on METRICS_HOST);
  // off when neither is set. SIGTERM drains requests for at most SHUTDOWN_GRACE_SECONDS.
  METRICS_TOKEN: z.string().trim().min(1).optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(25),
  // Object storage (decision 054): the local disk (UPLOAD_DIR and DATA_DIR/companion), or an
  // S3-compatible bucket (AWS S3, MinIO, Ceph, Alibaba OSS in S3 mode) that every instance shares.
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // Connected wearable accounts (decision 086, docs/product/step-sources.md): each provider is on
  // when its client id and secret are both set; how often each connection is synced, how often
  // the server looks for due syncs, and each call's timeout.
  HUAWEI_HEALTH_CLIENT_ID: z.string().trim().min(1).optional(),
  HUAWEI_HEALTH_CLIENT_SECRET: z.string().trim().min(1).optional(),
  HUAWEI_OAUTH_URL: z.url().default('https://oauth-login.cloud.huawei.com'),
  HUAWEI_HEALTH_API_URL: z.url().default('https://health-api.cloud.huawei.com'),
  FITBIT_CLIENT_ID: z.string().trim().min(1).optional(),
  FITBIT_CLIENT_SECRET: z.string().trim().min(1).optional(),
  FITBIT_AUTHORIZE_URL: z.url().default('https://www.fitbit.com'),
  FITBIT_API_URL: z.url().default('https://api.fitbit.com'),
  FITBIT_SUBSCRIBER_VERIFICATION_CODE: z.string().trim().min(1).optional(),
  FITBIT_SUBSCRIBER_ID: z.string().trim().min(1).optional(),
  STEP_SYNC_EVERY_MINUTES: z.coerce.number().int().min(1).max(1_440).default(60),
  STEP_SYNC_POLL_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  STEP_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});

const ALIYUN_SMS_VARIABLES = [
  'ALIYUN_SMS_ACCESS_KEY_ID',
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_REGISTER',
  'ALIYUN_SMS_TEMPLATE_RESET',
] as const;

/**
 * The SMS provider: the outbox alone (demo), or Alibaba Cloud SMS with every variable it needs;
 * what is missing joins the start-up problems (decision 038).
 */
function smsSettings(mode: 'demo' | 'production', e: z.output<typeof EnvSchema>, problems: StartupProblems) {
  const provider = e.SMS_PROVIDER ?? (mode === 'demo' ? 'outbox' : undefined);
  if (provider === undefined) {
    // Codes in an outbox no one reads would lock every user out of sign-up and password reset.
    problems.missing(
      'SMS_PROVIDER',
      'aliyun, with the ALIYUN_SMS_* variables: sign-up and password reset send codes by SMS.',
    );
  } else if (mode === 'production' && provider !== 'aliyun') {
    problems.refuse(
      'SMS_PROVIDER=outbox is refused in production mode: codes kept in an outbox no one reads lock users out of sign-up and password reset. Use aliyun.',
    );
  }
  let aliyun: {
    accessKeyId: string;
    accessKeySecret: string;
    signName: string;
    templates: { register: string; reset: string };
    endpoint: string;
  } | null = null;
  const before = problems.count;
  if (provider === 'aliyun') problems.requireAll(e, ALIYUN_SMS_VARIABLES, 'for SMS_PROVIDER=aliyun (decision 034).');
  if (provider === 'aliyun' && problems.count === before) {
    aliyun = {
      accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
      accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
      signName: e.ALIYUN_SMS_SIGN_NAME ?? '',
      templates: { register: e.ALIYUN_SMS_TEMPLATE_REGISTER ?? '', reset: e.ALIYUN_SMS_TEMPLATE_RESET ?? '' },
      endpoint: e.ALIYUN_SMS_ENDPOINT,
    };
  }
  return {
    provider: provider ?? 'outbox',
    aliyun,
    delivery: {
      timeoutMs: e.SMS_TIMEOUT_MS,
      maxAttempts: e.SMS_MAX_ATTEMPTS,
      retryBaseMs: e.SMS_RETRY_BASE_SECONDS * 1000,
      pollMs: e.SMS_POLL_SECONDS * 1000,
    },
    /** One code per number every `resendMs`; codes per number and per address in a (UTC) day. */
    codes: {
      resendMs: e.SMS_CODE_RESEND_SECONDS * 1000,
      dailyPerNumber: e.SMS_CODE_DAILY_MAX_PER_NUMBER,
      dailyPerAddress: e.SMS_CODE_DAILY_MAX_PER_ADDRESS,
    },
  };
}

type Env = z.output<typeof EnvSchema>;
export type Mode = NonNullable<Env['STRIDE_MODE']>;

/** How the app offers the support contact: a mail, a call, or a page (decision 082). */
export type SupportContact = { readonly kind: 'email' | 'phone' | 'url'; readonly value: string };

/**
 * SUPPORT_CONTACT (decision 082): an email address, a phone number (digits, spaces, dashes,
 * brackets, an optional leading +) or an http(s) address; empty is none. Anything else joins the
 * start-up problems, so that the app never offers a link that leads nowhere.
 */
export function supportContact(value: string, problems: StartupProblems): SupportContact | null {
  if (value === '') return null;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return { kind: 'email', value };
  if (/^\+?[0-9][0-9 ()-]{2,28}[0-9]$/.test(value)) return { kind: 'phone', value };
  if (/^https?:\/\/\S+$/.test(value) && URL.canParse(value)) return { kind: 'url', value };
  problems.refuse(`SUPPORT_CONTACT=${value} is neither an email address, a phone number nor an http(s):// address.`);
  return null;
}

/** Where a provider's OAuth redirect lands: the Step sources page, which finishes the connection. */
export const STEP_CONNECTION_REDIRECT_PATH = '/pages-sub/steps/sources';

/**
 * Connected wearable accounts (decision 086): a provider is on when its client id and secret are
 * both set, and one without the other joins the start-up problems. Tokens travel to the provider:
 * production refuses a plain-http address except to this machine (a local stand-in). The
 * redirect address is built from PUBLIC_URL like every link, else from HOST and PORT.
 */
function stepConnectionSettings(e: Env, mode: Mode, problems: StartupProblems) {
  const pair = (idName: string, secretName: string, id: string | undefined, secret: string | undefined) => {
    if (id === undefined && secret === undefined) return null;
    problems.requireAll(e, [idName, secretName], `${idName} and ${secretName} are set together (decision 086).`);
    return id !== undefined && secret !== undefined ? { clientId: id, clientSecret: secret } : null;
  };
  const requireHttps = (names: Array<[string, string]>) => {
    if (mode !== 'production') return;
    for (const [name, value] of names) {
      if (!value.startsWith('https://') && !isLoopbackUrl(value)) {
        problems.refuse(`${name} must be an https:// address in production mode.`);
      }
    }
  };
  const huaweiPair = pair(
    'HUAWEI_HEALTH_CLIENT_ID',
    'HUAWEI_HEALTH_CLIENT_SECRET',
    e.HUAWEI_HEALTH_CLIENT_ID,
    e.HUAWEI_HEALTH_CLIENT_SECRET,
  );
  const fitbitPair = pair('FITBIT_CLIENT_ID', 'FITBIT_CLIENT_SECRET', e.FITBIT_CLIENT_ID, e.FITBIT_CLIENT_SECRET);
  if (huaweiPair) {
    requireHttps([
      ['HUAWEI_OAUTH_URL', e.HUAWEI_OAUTH_URL],
      ['HUAWEI_HEALTH_API_URL', e.HUAWEI_HEALTH_API_URL],
    ]);
  }
  if (fitbitPair) {
    requireHttps([
      ['FITBIT_AUTHORIZE_URL', e.FITBIT_AUTHORIZE_URL],
      ['FITBIT_API_URL', e.FITBIT_API_URL],
    ]);
  }
  const host = ['0.0.0.0', '::', '[::]'].includes(e.HOST) ? 'localhost' : e.HOST;
  const origin = e.PUBLIC_URL
    ? e.PUBLIC_URL.replace(/\/+$/, '')
    : `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${e.PORT}`;
  return {
    /** The redirect_uri registered with each provider: the Step sources page. */
    redirectUri: `${origin}${STEP_CONNECTION_REDIRECT_PATH}`,
    syncEveryMinutes: e.STEP_SYNC_EVERY_MINUTES,
    /** How often the server looks for due syncs; 0: never on its own (tests sync by hand). */
    pollSeconds: e.STEP_SYNC_POLL_SECONDS,
    timeoutMs: e.STEP_PROVIDER_TIMEOUT_MS,
    huawei: huaweiPair ? { ...huaweiPair, oauthUrl: e.HUAWEI_OAUTH_URL, apiUrl: e.HUAWEI_HEALTH_API_URL } : null,
    fitbit: fitbitPair
      ? {
          ...fitbitPair,
          authorizeUrl: e.FITBIT_AUTHORIZE_URL,
          apiUrl: e.FITBIT_API_URL,
          /** What Fitbit's subscriber verification sends in `?verify=` (answered 204; anything else 404). */
          subscriberVerificationCode: e.FITBIT_SUBSCRIBER_VERIFICATION_CODE ?? null,
          /** Sent as X-Fitbit-Subscriber-Id when the app has more than one subscriber. */
          subscriberId: e.FITBIT_SUBSCRIBER_ID ?? null,
        }
      : null,
  };
}

const S3_VARIABLES = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * Object storage (decision 054): the disk, or STORAGE=s3 with its bucket and keys; what is
 * missing joins the start-up problems (decision 038).
 */
function storageSettings(e: Env, problems: StartupProblems) {
  if (e.STORAGE === 'disk') return { kind: 'disk' as const, s3: null };
  const before = problems.count;
  problems.requireAll(e, S3_VARIABLES, 'for STORAGE=s3: the bucket and its access key (decision 054).');
  if (problems.count > before || !e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    return { kind: 'disk' as const, s3: null };
  }
  return {
    kind: 's3' as const,
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      timeoutMs: e.S3_TIMEOUT_MS,
    },
  };
}

export type Dialect = 'sqlite' | 'postgres';

export class ConfigError extends Error {}

/** A value for `missing`: one variable, or alternatives of which any one will do (a key or its file). */
type Needed = string | readonly [string, ...string[]];

/**
 * What keeps the server from starting, gathered over the whole configuration and then thrown once
 * as one ConfigError (decision 038), so that one start names every variable to set rather than one
 * per attempt. Each block of `fromEnv` adds to it: `missing` for a variable that must be set,
 * `requireAll` for the variables a choice needs, `refuse` for a value that may not be used.
 */
export class StartupProblems {
  private readonly missingVariables: { names: string; hint: string }[] = [];
  private readonly refusals: string[] = [];

  /** `needed` must be set; `hint` says what to set it to. */
  missing(needed: Needed, hint: string): void {
    this.missingVariables.push({ names: typeof needed === 'string' ? needed : needed.join(' or '), hint });
  }

  /** Each of `needed` that is unset or blank in `env` is missing, for `reason` (e.g. "for PAYMENT_PROVIDER=alipay"). */
  requireAll(env: Readonly<Record<string, unknown>>, needed: readonly Needed[], reason: string): void {
    const isSet = (name: string) => {
      const value = env[name];
      return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
    };
    for (const names of needed) {
      const alternatives = typeof names === 'string' ? [names] : names;
      if (!alternatives.some(isSet)) this.missing(names, reason);
    }
  }

  /** A value that is set but may not be used: a whole sentence naming the variable. */
  refuse(sentence: string): void {
    this.refusals.push(sentence);
  }

  get count(): number {
    return this.missingVariables.length + this.refusals.length;
  }

  /**
   * Throws one ConfigError when anything was found: its first line names every missing variable,
   * then one line per variable says what to set it to, then each refusal.
   */
  throwIfAny(mode: Mode): void {
    if (this.count === 0) return;
    const names = this.missingVariables.map((variable) => variable.names);
    const head =
      names.length > 0
        ? `Stride cannot start in ${mode} mode: set ${names.join(', ')}.`
        : `Stride cannot start in ${mode} mode:`;
    const lines = [
      ...this.missingVariables.map((variable) => `${variable.names} must be set: ${variable.hint}`),
      ...this.refusals,
    ];
    throw new ConfigError(`${head}\n${lines.map((line) => `  ${line}`).join('\n')}`);
  }
}

export function readOrCreateDemoSecret(dataDir: string, name = DEMO_SECRET_FILE): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const DEMO_VAPID_FILE = 'demo-vapid-keys.json';
const VAPID_PUBLIC_BYTES = 65;
const VAPID_PRIVATE_BYTES = 32;

function base64urlBytes(value: string): number {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url').length : -1;
}

/**
 * Web Push (decision 048): the VAPID keys (base64url, an uncompressed P-256 public key and its
 * 32-byte private key) and the subject (mailto: or https:). Demo mode generates a pair once into
 * DATA_DIR unless both are set; production requires all three (decision 038).
 */
function webPushSettings(e: Env, mode: Mode, dataDir: string, problems: StartupProblems) {
  let publicKey = e.WEB_PUSH_VAPID_PUBLIC_KEY;
  let privateKey = e.WEB_PUSH_VAPID_PRIVATE_KEY;
  let subject = e.WEB_PUSH_SUBJECT;
  const hint = 'npx web-push generate-vapid-keys prints a pair (decision 048).';
  if (mode === 'production') {
    if (!publicKey) problems.missing('WEB_PUSH_VAPID_PUBLIC_KEY', `the VAPID public key; ${hint}`);
    if (!privateKey) problems.missing('WEB_PUSH_VAPID_PRIVATE_KEY', `the VAPID private key; ${hint}`);
    if (!subject) problems.missing('WEB_PUSH_SUBJECT', 'mailto: or https: contact address push services may use.');
  } else if (!publicKey || !privateKey) {
    const file = path.join(dataDir, DEMO_VAPID_FILE);
    if (existsSync(file)) {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
      ({ publicKey, privateKey } = stored);
    } else {
      const pair = webpush.generateVAPIDKeys();
      ({ publicKey, privateKey } = pair);
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, JSON.stringify(pair), { mode: 0o600 });
    }
    subject ??= 'mailto:demo@stride.invalid';
  }
  if (publicKey && base64urlBytes(publicKey) !== VAPID_PUBLIC_BYTES) {
    problems.refuse('WEB_PUSH_VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes, uncompressed).');
  }
  if (privateKey && base64urlBytes(privateKey) !== VAPID_PRIVATE_BYTES) {
    problems.refuse('WEB_PUSH_VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes).');
  }
  if (subject && !/^mailto:\S+@\S+$/.test(subject) && !/^https:\/\/\S+$/.test(subject)) {
    problems.refuse('WEB_PUSH_SUBJECT must be a mailto: or https: address.');
  }
  for (const entry of e.WEB_PUSH_ENDPOINT_HOSTS.filter((value) => value.includes('://'))) {
    if (!/^https?:\/\/[^/?#@]+\/?$/.test(entry) || !URL.canParse(entry)) {
      problems.refuse(
        `WEB_PUSH_ENDPOINT_HOSTS: ${entry} is neither a host name nor an origin such as http://127.0.0.1:8790.`,
      );
    }
  }
  return {
    publicKey: publicKey ?? '',
    privateKey: privateKey ?? '',
    subject: subject ?? '',
    /** Host names (https, default port, or a subdomain) or exact origins (a local stand-in) that subscriptions may point at. */
    endpointHosts: e.WEB_PUSH_ENDPOINT_HOSTS,
    ttlSeconds: e.WEB_PUSH_TTL_SECONDS,
    /** How often the daily goal reminder is swept; 0: never on its own (tests call the sweep). */
    reminderSweepMs: e.PUSH_REMINDER_SWEEP_SECONDS * 1000,
  };
}

function parseDataKey(value: string): Buffer {
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== DATA_KEY_BYTES) {
    throw new ConfigError(`DATA_ENCRYPTION_KEY must be ${DATA_KEY_BYTES} bytes in base64 (openssl rand -base64 32).`);
  }
  return key;
}

/** The data key; in production mode problems are gathered (and an empty key stands in until they are thrown). */
function loadDataKey(mode: Mode, dataDir: string, value: string | undefined, problems: StartupProblems): Buffer {
  const demoFile = path.join(dataDir, DEMO_DATA_KEY_FILE);
  if (mode === 'production') {
    if (!value) {
      problems.missing('DATA_ENCRYPTION_KEY', '32 random bytes in base64 (openssl rand -base64 32).');
    } else if (existsSync(demoFile) && readFileSync(demoFile, 'utf8').trim() === value.trim()) {
      problems.refuse('DATA_ENCRYPTION_KEY is the demo key; production mode refuses to start with it.');
    } else {
      try {
        return parseDataKey(value);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        problems.refuse(error.message);
      }
    }
    return Buffer.alloc(0);
  }
  if (value) return parseDataKey(value);
  if (existsSync(demoFile)) return parseDataKey(readFileSync(demoFile, 'utf8'));
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(DATA_KEY_BYTES);
  writeFileSync(demoFile, key.toString('base64'), { mode: 0o600 });
  return key;
}

/** A key given inline or as a file (not both); undefined when neither is set. */
export function readKeySource(inline: string | undefined, file: string | undefined, name: string): string | undefined {
  if (inline && file) throw new ConfigError(`Set ${name} or ${name}_FILE, not both.`);
  if (!file) return inline;
  try {
    return readFileSync(path.resolve(file), 'utf8');
  } catch (error) {
    throw new ConfigError(`${name}_FILE cannot be read: ${(error as Error).message}`);
  }
}

/**
 * A key as PEM, or as the bare base64 Alipay's key tool and open platform show (DER: PKCS#8 for
 * a private key, SubjectPublicKeyInfo for a public key).
 */
export function parseKey(text: string, kind: 'private' | 'public', name: string): KeyObject {
  const trimmed = text.trim();
  try {
    if (trimmed.startsWith('-----BEGIN')) {
      return kind === 'private' ? createPrivateKey(trimmed) : createPublicKey(trimmed);
    }
    const der = Buffer.from(trimmed.replace(/\s+/g, ''), 'base64');
    return kind === 'private'
      ? createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })
      : createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    throw new ConfigError(`${name} is not a valid RSA ${kind} key (PEM, or the bare base64 of Alipay's key tool).`);
  }
}

/**
 * PAYMENT_PROVIDER=alipay: every missing variable joins the start-up problems, and the keys must
 * parse; null when anything is wrong (the problems are then thrown before the server starts).
 */
function loadAlipay(e: Env, mode: Mode, problems: StartupProblems) {
  const before = problems.count;
  problems.requireAll(
    e,
    [
      'ALIPAY_APP_ID',
      ['ALIPAY_PRIVATE_KEY', 'ALIPAY_PRIVATE_KEY_FILE'],
      ['ALIPAY_PUBLIC_KEY', 'ALIPAY_PUBLIC_KEY_FILE'],
    ],
    "for PAYMENT_PROVIDER=alipay (the app's id, its private key, Alipay's public key; decision 036).",
  );
  const keys: KeyObject[] = [];
  try {
    const privateText = readKeySource(e.ALIPAY_PRIVATE_KEY, e.ALIPAY_PRIVATE_KEY_FILE, 'ALIPAY_PRIVATE_KEY');
    const publicText = readKeySource(e.ALIPAY_PUBLIC_KEY, e.ALIPAY_PUBLIC_KEY_FILE, 'ALIPAY_PUBLIC_KEY');
    if (privateText && publicText) {
      keys.push(
        parseKey(privateText, 'private', 'ALIPAY_PRIVATE_KEY'),
        parseKey(publicText, 'public', 'ALIPAY_PUBLIC_KEY'),
      );
    }
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.refuse(error.message);
  }
  // RSA2 is SHA256withRSA: Alipay issues and accepts RSA keys of 2048 bits.
  keys.forEach((key, index) => {
    if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
      problems.refuse(
        `${index === 0 ? 'ALIPAY_PRIVATE_KEY' : 'ALIPAY_PUBLIC_KEY'} must be an RSA key of at least 2048 bits (RSA2).`,
      );
    }
  });
  // Keys, amounts and notification addresses travel to the gateway: never in clear in production,
  // except to this machine itself (a local stand-in of the gateway, README's production recipe).
  if (mode === 'production' && !e.ALIPAY_GATEWAY.startsWith('https://') && !isLoopbackUrl(e.ALIPAY_GATEWAY)) {
    problems.refuse('ALIPAY_GATEWAY must be an https:// address in production mode.');
  }
  const [privateKey, publicKey] = keys;
  if (problems.count > before || !e.ALIPAY_APP_ID || !privateKey || !publicKey) return null;
  return {
    appId: e.ALIPAY_APP_ID,
    privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicKey: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    gateway: e.ALIPAY_GATEWAY,
    timeoutMs: e.ALIPAY_TIMEOUT_MS,
  };
}

/**
 * Where /metrics is served (decision 056). `enabled` only when METRICS_TOKEN or METRICS_PORT is
 * set. Production refuses a short token, and a metrics listener reachable from other machines
 * without one: the ledger's totals and the traffic are the operator's business.
 */
function metricsSettings(e: Env, mode: Mode, problems: StartupProblems) {
  const token = e.METRICS_TOKEN;
  const port = e.METRICS_PORT;
  if (mode === 'production' && token !== undefined && token.length < MIN_SECRET_LENGTH) {
    problems.refuse(`METRICS_TOKEN is too short: at least ${MIN_SECRET_LENGTH} random characters in production mode.`);
  }
  if (mode === 'production' && port !== undefined && token === undefined && !isLoopbackHost(e.METRICS_HOST)) {
    problems.refuse(
      `METRICS_HOST=${e.METRICS_HOST} serves /metrics to other machines: set METRICS_TOKEN too, or keep METRICS_HOST on 127.0.0.1.`,
    );
  }
  if (port !== undefined && port === e.PORT && port !== 0) {
    throw new ConfigError('METRICS_PORT must differ from PORT: /metrics never shares the public port with it.');
  }
  return { enabled: token !== undefined || port !== undefined, token, port, host: e.METRICS_HOST };
}

/** An http(s) address on this machine (127.0.0.0/8, ::1 or localhost). */
export function isLoopbackUrl(value: string): boolean {
  try {
    const host = new URL(value).hostname;
    return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

/** The settings the server runs with, from the checked variables; refusals are ConfigErrors. */
function fromEnv(e: Env) {
  const mode: Mode = e.STRIDE_MODE ?? (e.NODE_ENV === 'production' ? 'production' : 'demo');
  const dataDir = path.resolve(e.DATA_DIR);
  // Everything production start-up finds wrong, thrown once below (decision 038).
  const problems = new StartupProblems();

  // Empty only when it is missing in production mode, which is then refused below.
  let appSecret = e.APP_SECRET ?? '';
  if (mode === 'production') {
    if (!appSecret) {
      problems.missing('APP_SECRET', `at least ${MIN_SECRET_LENGTH} random characters (openssl rand -base64 48).`);
    } else if (appSecret.length < MIN_SECRET_LENGTH) {
      problems.refuse(`APP_SECRET is too short: at least ${MIN_SECRET_LENGTH} random characters in production mode.`);
    } else {
      const demoFile = path.join(dataDir, DEMO_SECRET_FILE);
      if (existsSync(demoFile) && readFileSync(demoFile, 'utf8').trim() === appSecret) {
        problems.refuse('APP_SECRET is the demo secret; production mode refuses to start with it.');
      }
    }
  } else if (!e.APP_SECRET) {
    appSecret = readOrCreateDemoSecret(dataDir);
  }

  // Payments: production names its provider explicitly, a real one or `none` (no online payment).
  if (mode === 'production' && e.PAYMENT_PROVIDER === undefined) {
    const real = EnvSchema.shape.PAYMENT_PROVIDER.unwrap().options.filter(
      (name) => name !== 'sandbox' && name !== 'none',
    );
    problems.missing(
      'PAYMENT_PROVIDER',
      `${real.length > 0 ? `${real.join(' or ')} for online payment, or ` : ''}none to run without online payment.`,
    );
  }
  const paymentProvider: NonNullable<Env['PAYMENT_PROVIDER']> =
    e.PAYMENT_PROVIDER ?? (mode === 'demo' ? 'sandbox' : 'none');
  let sandboxSecret = e.PAYMENT_SANDBOX_SECRET;
  if (mode === 'production' && paymentProvider === 'sandbox') {
    // Its pay page marks payments paid with no money moving: never for real users.
    problems.refuse(
      'PAYMENT_PROVIDER=sandbox is refused in production mode: the sandbox marks payments paid without money. Use a real provider or none.',
    );
  } else if (paymentProvider === 'sandbox') {
    if (sandboxSecret !== undefined && sandboxSecret.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(`PAYMENT_SANDBOX_SECRET must be at least ${MIN_SECRET_LENGTH} characters.`);
    }
    sandboxSecret ??= readOrCreateDemoSecret(dataDir, DEMO_SANDBOX_SECRET_FILE);
  }

  const alipay = paymentProvider === 'alipay' ? loadAlipay(e, mode, problems) : null;

  const dataKey = loadDataKey(mode, dataDir, e.DATA_ENCRYPTION_KEY, problems);

  // Invite and pay links are built from PUBLIC_URL, never from a request's Host header.
  if (mode === 'production' && !e.PUBLIC_URL) {
    problems.missing('PUBLIC_URL', 'the address people use (e.g. https://walk.example.com); links are built from it.');
  }
  // Plain http would send the console's cookie without `Secure` and every link in the clear
  // (decision 038); only an address on this machine (a local trial) may use it.
  if (mode === 'production' && e.PUBLIC_URL) {
    const url = new URL(e.PUBLIC_URL);
    const local = url.protocol === 'http:' && isLoopbackHost(url.hostname);
    if (url.protocol !== 'https:' && !local) {
      problems.refuse(
        `PUBLIC_URL=${e.PUBLIC_URL} is refused in production mode: people reach Stride over https (the console's cookie is Secure only then). Use an https:// address; plain http only for an address on this machine.`,
      );
    }
  }

  const support = supportContact(e.SUPPORT_CONTACT, problems);

  const sms = smsSettings(mode, e, problems);

  const webPush = webPushSettings(e, mode, dataDir, problems);

  const storage = storageSettings(e, problems);

  const stepConnections = stepConnectionSettings(e, mode, problems);

  const companionParts = [e.COMPANION_VERSION, e.COMPANION_VERSION_CODE, e.COMPANION_PACKAGE_FILE];
  let companion: { version: string; versionCode: number; file: string } | null = null;
  if (companionParts.some((part) => part !== undefined)) {
    if (!e.COMPANION_VERSION || e.COMPANION_VERSION_CODE === undefined || !e.COMPANION_PACKAGE_FILE) {
      throw new ConfigError(
        'COMPANION_VERSION, COMPANION_VERSION_CODE and COMPANION_PACKAGE_FILE are set together or not at all.',
      );
    }
    const file = path.resolve(dataDir, e.COMPANION_PACKAGE_FILE);
    // Served by name under /download/: it must live inside DATA_DIR.
    if (!file.startsWith(dataDir + path.sep)) {
      throw new ConfigError('COMPANION_PACKAGE_FILE must be a file under DATA_DIR.');
    }
    companion = { version: e.COMPANION_VERSION, versionCode: e.COMPANION_VERSION_CODE, file };
  }

  const url = e.DATABASE_URL;
  let database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    database = { dialect: 'postgres', url };
  } else if (url && url.startsWith('file:')) {
    database = { dialect: 'sqlite', file: path.resolve(url.slice('file:'.length)) };
  } else if (url) {
    throw new ConfigError('DATABASE_URL must start with postgres://, postgresql:// or file:');
  } else {
    database = { dialect: 'sqlite', file: path.join(dataDir, 'stride.db') };
  }

  const metrics = metricsSettings(e, mode, problems);
  if (e.JOBS_QUEUE === 'pg-boss' && database.dialect !== 'postgres') {
    throw new ConfigError('JOBS_QUEUE=pg-boss needs a PostgreSQL DATABASE_URL (SQLite runs jobs in-process)');
  }

  // Every block above has added what it found: one start names them all.
  problems.throwIfAny(mode);

  return {
    mode,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL,
    dataDir,
    database,
    appSecret,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    /** The built operator console, served at /console/ (decision 022). */
    consoleDist: e.CONSOLE_DIST ? path.resolve(e.CONSOLE_DIST) : undefined,
    trustProxy: e.TRUST_PROXY,
    /** Web app origins served elsewhere that may call this server as a backup API host. */
    corsOrigins: e.CORS_ORIGINS,
    argon2: {
      memoryCost: e.ARGON2_MEMORY_KIB,
      timeCost: e.ARGON2_ITERATIONS,
      parallelism: e.ARGON2_PARALLELISM,
    },
    bodyLimit: e.BODY_LIMIT_BYTES,
    sessionDays: e.SESSION_DAYS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    /** Home items and the latest notices kept per server for at most this long (decision 053). */
    contentCacheMs: e.CONTENT_CACHE_MS,
    /** Operator console sessions end after this long without a request (decision 021). */
    console: {
      sessionIdleHours: e.CONSOLE_SESSION_IDLE_HOURS,
      /** Failures on one operator from any address that lock its sign-in, and for how long (decision 073). */
      login: {
        maxFailuresPerOperator: e.CONSOLE_LOGIN_MAX_FAILURES_PER_OPERATOR,
        lockMinutes: e.CONSOLE_LOGIN_LOCK_MINUTES,
      },
    },
    login: {
      captchaAfterFailures: e.LOGIN_CAPTCHA_AFTER_FAILURES,
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      failureWindowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
    },
    /** Sign-ups per address and per number block (all but the last 4 digits) in a window. */
    register: {
      maxPerAddress: e.REGISTER_MAX_PER_ADDRESS,
      maxPerPrefix: e.REGISTER_MAX_PER_PREFIX,
      windowMinutes: e.REGISTER_WINDOW_MINUTES,
    },
    /** Captchas issued per address in a window (each is a database row). */
    captcha: { maxPerAddress: e.CAPTCHA_MAX_PER_ADDRESS, windowMinutes: e.CAPTCHA_WINDOW_MINUTES },
    /** The business day's time zone as a fixed offset from UTC (no daylight saving). */
    businessUtcOffsetMinutes: e.BUSINESS_UTC_OFFSET_MINUTES,
    /** `lengthCm`: one step's length, for the distance history and milestones show. */
    steps: {
      dailyCap: e.STEPS_DAILY_CAP,
      maxPerMinute: e.STEPS_MAX_PER_MINUTE,
      dailyGoal: e.STEPS_DAILY_GOAL,
      lengthCm: e.STEP_LENGTH_CM,
    },
    /**
     * When a day is flagged for review (docs/product/rules.md, Steps and points): a report's
     * rhythm of at least `rhythmMinIntervals` intervals with a coefficient of variation below
     * `rhythmMaxCv`; a highest source more than `disagreeRatio` times an all-day source and
     * `disagreeMinSteps` above it; a device or an address shared with more than the given number
     * of other accounts.
     */
    stepFlags: {
      rhythmMinIntervals: e.STEP_FLAG_RHYTHM_MIN_INTERVALS,
      rhythmMaxCv: e.STEP_FLAG_RHYTHM_MAX_CV,
      disagreeRatio: e.STEP_FLAG_DISAGREE_RATIO,
      disagreeMinSteps: e.STEP_FLAG_DISAGREE_MIN_STEPS,
      sharedDeviceAccounts: e.STEP_FLAG_SHARED_DEVICE_ACCOUNTS,
      sharedAddressAccounts: e.STEP_FLAG_SHARED_ADDRESS_ACCOUNTS,
      /** How soon a flagged day is usually decided, as the user is told (decision 078). */
      reviewExpectedHours: e.STEP_REVIEW_EXPECTED_HOURS,
    },
    points: { stepsPerPoint: e.POINTS_STEPS_PER_POINT, dailyMax: e.POINTS_DAILY_MAX },
    /** `pointsPerUnit` points buy `cashPerUnit` minor units; amounts are whole units. */
    exchange: {
      pointsPerUnit: e.EXCHANGE_POINTS_PER_UNIT,
      cashPerUnit: e.EXCHANGE_CASH_PER_UNIT,
      minPoints: e.EXCHANGE_MIN_POINTS,
    },
    insuranceCoverage: e.INSURANCE_COVERAGE,
    payments: {
      provider: paymentProvider,
      sandboxSecret: sandboxSecret ?? '',
      /** Set when PAYMENT_PROVIDER=alipay: keys as PEM (PKCS#8 private, SPKI public). */
      alipay,
      expiryMinutes: e.PAYMENT_EXPIRY_MINUTES,
      orderExpiryMinutes: e.MEMBERSHIP_ORDER_EXPIRY_MINUTES,
      sweepIntervalSeconds: e.PAYMENT_SWEEP_INTERVAL_SECONDS,
    },
    /** AES-256-GCM key for personal data at rest (ID and account numbers). */
    dataKey,
    /** `auto`: format and checksum checks decide (demo); `operator`: an operator decides. */
    identityReview: e.IDENTITY_REVIEW ?? (mode === 'demo' ? ('auto' as const) : ('operator' as const)),
    uploads: {
      dir: path.resolve(dataDir, e.UPLOAD_DIR ?? 'uploads'),
      maxBytes: e.UPLOAD_MAX_BYTES,
      maxPixels: e.UPLOAD_MAX_PIXELS,
      maxSide: e.UPLOAD_MAX_SIDE,
      /** Uploads per user in a window. */
      maxPerWindow: e.UPLOAD_MAX_PER_WINDOW,
      windowMinutes: e.UPLOAD_WINDOW_MINUTES,
      /** Stored bytes per user (files that still hold bytes). */
      quotaBytes: e.UPLOAD_QUOTA_BYTES,
      /** An upload nothing refers to is removed this long after it was made. */
      unusedGraceHours: e.UPLOAD_UNUSED_GRACE_HOURS,
    },
    /** Health exports: streamed to a temporary file under DATA_DIR, then read (decision 030). */
    imports: { maxBytes: e.HEALTH_IMPORT_MAX_BYTES },
    /** How often the server removes unused uploads, expired captchas and old counters; 0: never. */
    cleanupIntervalMinutes: e.CLEANUP_INTERVAL_MINUTES,
    bankCardsMax: e.BANK_CARDS_MAX,
    /**
     * Minor units. The fee is taken out of the amount: the balance is debited `amount`, the bank
     * receives `amount - fee`; fee = max(feeMin, ceil(amount × feePermille / 1000)).
     */
    withdraw: {
      min: e.WITHDRAW_MIN,
      dailyMax: e.WITHDRAW_DAILY_MAX,
      feePermille: e.WITHDRAW_FEE_PERMILLE,
      feeMin: e.WITHDRAW_FEE_MIN,
      /** What the withdraw page promises: a withdrawal reaches the bank within this many business days. */
      arrivalBusinessDays: e.WITHDRAW_ARRIVAL_BUSINESS_DAYS,
      /** Above this amount (minor units) a withdrawal needs two different finance operators (decision 023). */
      secondApprovalAbove: e.WITHDRAWAL_SECOND_APPROVAL_ABOVE,
    },
    /**
     * Four eyes (decisions 023, 074): the requester and the approver of a correction, the first approver and
     * the payer of a large withdrawal, and the admin asking for a finance or admin role and the admin granting
     * it may not have created, or given finance or admin to, one another within `independenceDays`.
     */
    fourEyes: { independenceDays: e.FOUR_EYES_INDEPENDENCE_DAYS },
    addressesMax: e.ADDRESSES_MAX,
    /** Both sides get `points` when the invitee first walks `steps` in a day; at most `maxPerYear` invitees per inviter. */
    invite: {
      points: e.INVITE_REWARD_POINTS,
      steps: e.INVITE_QUALIFYING_STEPS,
      maxPerYear: e.INVITE_MAX_PER_YEAR,
    },
    /** The companion package, a file under DATA_DIR; null when none is configured. */
    companion,
    /** Packages uploaded in the console: stored under DATA_DIR/companion, up to maxBytes each. */
    companionUploads: { dir: path.join(dataDir, 'companion'), maxBytes: e.COMPANION_MAX_BYTES },
    /** Replaces the built-in (translated) description of physical card mailing. */
    cardMailingDescription: e.CARD_MAILING_DESCRIPTION,
    /** Where users reach support, named in the frozen-account message and on My; null: none (decision 082). */
    supportContact: support,
    /** SMS codes and their delivery (decision 034). */
    sms,
    /** Web Push: VAPID keys, subject, allowed push services, TTL, reminder sweep (decision 048). */
    webPush,
    /** Where uploads and packages live: the disk, or an S3-compatible bucket (decision 054). */
    storage,
    /** Connected wearable accounts: Huawei Health Kit and Fitbit, each null unless configured (decision 086). */
    stepConnections,
    /** `outboxAll`: /demo/outbox lists every message, not only the demo account's. */
    /** The notifications sweep (decision 044). */
    /** Background jobs (decision 055). */
    jobs: {
      /** `auto`: pg-boss on PostgreSQL, in-process on SQLite (which one process owns). */
      queue: e.JOBS_QUEUE,
      /** Whether this process runs jobs at all (tests drive them by hand). */
      worker: e.JOBS_WORKER,
      shutdownMs: e.JOBS_SHUTDOWN_SECONDS * 1000,
      /** How often an idle pg-boss worker asks for a job. */
      pollSeconds: e.JOBS_POLL_SECONDS,
      cashBackIntervalMs: e.CASH_BACK_SETTLE_INTERVAL_MINUTES * 60_000,
    },
    notifications: {
      sweepIntervalSeconds: e.NOTIFICATION_SWEEP_INTERVAL_SECONDS,
      pointsReminderHour: e.NOTIFICATION_POINTS_REMINDER_HOUR,
    },
    /** /metrics (decision 056): off, behind a bearer token, or on a listener of its own. */
    metrics,
    /** How long SIGTERM waits for requests in flight before it cuts them off (decision 056). */
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    demo: {
      welcomeBalance: e.DEMO_WELCOME_BALANCE,
      welcomePoints: e.DEMO_WELCOME_POINTS,
      outboxAll: e.DEMO_OUTBOX_ALL,
    },
  };
}

/** The variables, checked and then read into the settings: the one declaration of `Config`. */
const ConfigSchema = EnvSchema.transform(fromEnv);
export type Config = z.output<typeof ConfigSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/** Whether an address to listen on only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare) || bare === '::ffff:127.0.0.1';
}

/**
 * What start-up must shout about, at every start: demo mode (demo account with a published
 * password, outbox of reset codes, sandbox payments) reachable from other machines, the outbox
 * opened to all, and production mode verifying real names without a person (decision 038).
 */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.mode === 'production') {
    if (config.identityReview === 'auto') {
      warnings.push(
        'IDENTITY_REVIEW=auto IN PRODUCTION MODE: every identity submission is verified at once, without a person comparing the photos, and any generated ID number with a valid checksum passes. Real-name verification gates withdrawals. Set IDENTITY_REVIEW=operator unless another check stands in front of it.',
      );
    }
    return warnings;
  }
  if (!isLoopbackHost(config.host)) {
    warnings.push(
      `DEMO MODE IS LISTENING ON ${config.host}, NOT ONLY ON THIS MACHINE. Anyone who can reach it can log in as the demo account with its published password and pay with the sandbox. Use HOST=127.0.0.1, or production mode for real users.`,
    );
  }
  if (config.demo.outboxAll) {
    warnings.push(
      'DEMO_OUTBOX_ALL=true: /demo/outbox shows every password reset code to anyone who opens it, so anyone can take over any account. For local testing only.',
    );
  }
  return warnings;
}

/**
 * The frame's part of the configuration: what the HTTP app, the database, storage, jobs, metrics
 * and the demo read. Each module's own variables are its settings (docs/configuration.md).
 */
export type FrameConfig = Pick<
  Config,
  | 'mode'
  | 'host'
  | 'port'
  | 'publicUrl'
  | 'dataDir'
  | 'database'
  | 'appSecret'
  | 'logLevel'
  | 'webDist'
  | 'consoleDist'
  | 'trustProxy'
  | 'corsOrigins'
  | 'bodyLimit'
  | 'dataKey'
  | 'businessUtcOffsetMinutes'
  | 'cleanupIntervalMinutes'
  | 'supportContact'
  | 'storage'
  | 'jobs'
  | 'metrics'
  | 'shutdownGraceSeconds'
  | 'demo'
>;

/** What a module's settings are read with, besides its own variables. */
export interface SettingsContext {
  mode: Mode;
  /** DATA_DIR, resolved. */
  dataDir: string;
  /** The frame's settings, read before every module's. */
  frame: FrameConfig;
  /** The one list of start-up problems (decision 038): add to it, it is thrown once. */
  problems: StartupProblems;
}

/**
 * One module's environment variables (a zod object whose every variable has a description, from
 * which docs/configuration.md is generated) and the settings they become in `Config`.
 */
export interface SettingsSlice<Out extends object = object> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any module's variables
  env: z.ZodObject<any>;
  read(env: Record<string, unknown>, context: SettingsContext): Out;
}

/** Declares a module's settings: its variables, and how they are read into its part of `Config`. */
export function defineSettings<Shape extends z.ZodRawShape, Out extends object>(
  env: z.ZodObject<Shape>,
  read: (env: z.output<z.ZodObject<Shape>>, context: SettingsContext) => Out,
): SettingsSlice<Out> {
  return { env, read: (values, context) => read(values as z.output<z.ZodObject<Shape>>, context) };
}
