import { createPrivateKey, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env: the frame's variables here, each module's in its
 * `<module>.settings.ts`. docs/configuration.md is generated from both (npm run docs:config).
 */

const DEMO_SECRET_FILE = 'demo-secret';
const DEMO_DATA_KEY_FILE = 'demo-data-key';
const DATA_KEY_BYTES = 32;
export const MIN_SECRET_LENGTH = 32;

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((value) => value === 'true');

/** The frame's variables: the HTTP app, the database, secrets, storage, jobs, metrics, the demo. */
export const FrameEnv = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe('`production` implies production mode.'),
  STRIDE_MODE: z.enum(['demo', 'production']).optional().meta({
    description:
      'Demo mode seeds demo data and shows `/demo/outbox`. It is for trying Stride on this machine: start-up warns loudly when `HOST` is not a loopback address.',
    defaultText: '`demo`, or `production` when `NODE_ENV=production`',
  }),
  HOST: z
    .string()
    .min(1)
    .default('127.0.0.1')
    .describe('Address to listen on; `0.0.0.0` to reach it from other devices (production mode; demo mode warns).'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080).describe('Port to listen on.'),
  PUBLIC_URL: z.url().optional().meta({
    description:
      "The address people use (printed at start-up); invite, pay and download links are built from it. Unset in demo mode: `http://HOST:PORT`. Never taken from a request's Host header. Production refuses an address that is not `https://` unless it is on this machine.",
    defaultText: '— (required in production)',
  }),
  DATA_DIR: z
    .string()
    .min(1)
    .default('data')
    .describe('Where the embedded database, the demo secret and uploads live.'),
  DATABASE_URL: z.string().min(1).optional().meta({
    description: '`postgres://user:pass@host:5432/db` for PostgreSQL, or `file:/path/to.db` for SQLite.',
    defaultText: 'SQLite file `DATA_DIR/stride.db`',
  }),
  APP_SECRET: z.string().optional().meta({
    description:
      'Key for hashing tokens, codes and captcha answers. Production mode refuses to start without one of at least 32 characters, or with the demo one.',
    defaultText: 'generated into `DATA_DIR/demo-secret` in demo mode',
  }),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('Logs are JSON lines (pino) with request ids; no tokens, query strings or bodies.'),
  WEB_DIST: z.string().optional().meta({
    description: 'The built web app to serve; empty to serve the API only.',
    defaultText: '`apps/web/dist`',
  }),
  CONSOLE_DIST: z.string().optional().meta({
    description: 'The built operator console to serve at `/console/`; empty to not serve it.',
    defaultText: '`apps/console/dist`',
  }),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url()))
    .describe('Comma-separated origins of web apps served elsewhere that use this server as a backup API host.'),
  TRUST_PROXY: flag('false').describe("`true` behind a reverse proxy, so rate limits see the client's address."),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024)
    .describe('Largest JSON body accepted.'),
  DATA_ENCRYPTION_KEY: z.string().optional().meta({
    description:
      '32 random bytes in base64 (`openssl rand -base64 32`): AES-256-GCM key for ID and bank account numbers at rest. Production mode refuses to start without one, or with the demo one. Keep it with the database backup: without it those numbers cannot be read.',
    defaultText: 'generated into `DATA_DIR/demo-data-key` in demo mode',
  }),
  BUSINESS_UTC_OFFSET_MINUTES: z.coerce
    .number()
    .int()
    .min(-720)
    .max(840)
    .default(480)
    .describe(
      `The business day's time zone as a fixed offset from UTC (480 is UTC+8): when "today" starts for steps, points, cash back and card terms.`,
    ),
  CLEANUP_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(60)
    .describe(
      'How often the server removes unused uploads, expired captchas, old rate counters and ended SMS codes; `0` turns it off (`npm run ops -- files cleanup` does it by hand).',
    ),
  JOBS_QUEUE: z
    .enum(['auto', 'pg-boss', 'in-process'])
    .default('auto')
    .describe(
      'Where background jobs queue (decision 055; docs/product/rules.md, Background jobs): `auto` is pg-boss on PostgreSQL (its own `pgboss` schema, created and migrated by pg-boss when a worker starts) and in-process on SQLite; `pg-boss` needs PostgreSQL; `in-process` only for one instance.',
    ),
  JOBS_WORKER: flag('true').describe(
    '`false`: this instance runs no jobs and queues none; the instances on the same PostgreSQL that do find what is due on their own timers.',
  ),
  JOBS_SHUTDOWN_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(300)
    .default(8)
    .describe('A stopping server takes no new job and waits this long at most for the running ones.'),
  JOBS_POLL_SECONDS: z.coerce
    .number()
    .min(0.5)
    .max(60)
    .default(2)
    .describe('How often an idle pg-boss worker asks for a job.'),
  CASH_BACK_SETTLE_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_440)
    .default(60)
    .describe(
      'How often the server pays the daily card cash back of ended days that no step report paid (yesterday and the day before); `0` turns it off.',
    ),
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe(
      'Serve `/metrics` to `Authorization: Bearer <token>` only: on the public port, or on `METRICS_PORT` when set. At least 32 characters in production (`openssl rand -base64 48`). Neither this nor `METRICS_PORT`: no `/metrics`.',
    ),
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65_535)
    .optional()
    .describe(
      'Serve `/metrics` (Prometheus) on a listener of its own at this port and `METRICS_HOST`, never on the public port (decision 056, docs/operations.md).',
    ),
  METRICS_HOST: z
    .string()
    .trim()
    .min(1)
    .default('127.0.0.1')
    .describe('The address of the `METRICS_PORT` listener. In production a non-loopback one needs `METRICS_TOKEN`.'),
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600)
    .default(25)
    .describe(
      'On SIGTERM, how long requests in flight may finish before they are cut off (docs/operations.md, Stopping a server).',
    ),
  STORAGE: z
    .enum(['disk', 's3'])
    .default('disk')
    .describe(
      'Where uploads (ID and face photos, avatars, catalogue images) and uploaded companion packages live (decision 054): `disk` (`UPLOAD_DIR` and `DATA_DIR/companion`, one machine) or `s3`, an S3-compatible bucket every instance shares (AWS S3, MinIO, Ceph, Alibaba OSS in S3 mode). Objects stay private: the server streams them after its own access check. `npm run ops -- storage copy-to-s3` copies what is on the disk into the bucket.',
    ),
  S3_ENDPOINT: z.url().optional().meta({
    description: "The S3-compatible service's address, e.g. `http://minio:9000`; unset for AWS S3 itself.",
    defaultText: 'unset (AWS)',
  }),
  S3_REGION: z
    .string()
    .trim()
    .min(1)
    .default('us-east-1')
    .describe("The bucket's region (self-hosted services accept any)."),
  S3_BUCKET: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe(
      'With `STORAGE=s3`: the bucket (private; no public access needed). Start-up names every missing S3 variable.',
    ),
  S3_ACCESS_KEY_ID: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe('With `STORAGE=s3`: an access key that may read, write, list and delete in the bucket.'),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional().describe("With `STORAGE=s3`: the access key's secret."),
  S3_FORCE_PATH_STYLE: flag('false').describe(
    '`true`: the bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted services want.',
  ),
  S3_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(10_000)
    .describe(
      'Each call to the storage gives up after this long (tried 3 times in all); then the caller gets code 1014 and nothing is lost.',
    ),
  SUPPORT_CONTACT: z
    .string()
    .trim()
    .max(200)
    .default('')
    .describe(
      "Where users reach support: an email address, a phone number or an `https://` address (anything else stops the start). A frozen account's message names it, and My shows it as 'Contact support' (`GET /api/rules`); empty, neither does (decision 082).",
    ),
  DEMO_WELCOME_BALANCE: z.coerce
    .number()
    .int()
    .min(0)
    .default(200_000)
    .describe('Cash the demo account receives once, through the ledger, in minor units (¥2,000).'),
  DEMO_WELCOME_POINTS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5_000)
    .describe('Points the demo account receives once, through the ledger.'),
  DEMO_OUTBOX_ALL: flag('false').describe(
    "`true`: `/demo/outbox` lists every account's messages (sign-up and reset codes), not only the demo account's. Anyone who opens it can then reset any password; start-up warns. For local testing only.",
  ),
});

/** How the app offers the support contact: a mail, a call, or a page (decision 082 "A newcomer's first screens"). */
export type SupportContact = { readonly kind: 'email' | 'phone' | 'url'; readonly value: string };

/**
 * SUPPORT_CONTACT (decision 082 "A newcomer's first screens"): an email address, a phone number (digits, spaces,
 * dashes, brackets, an optional leading +) or an http(s) address; empty is none. Anything else joins the
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

const S3_VARIABLES = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * Object storage (decision 054 "Object storage"): the disk, or STORAGE=s3 with its bucket and keys; what is
 * missing joins the start-up problems (decision 038 "Changing the password while logged in").
 */
function storageSettings(e: FrameEnvValues, problems: StartupProblems) {
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
 * as one ConfigError (decision 038 "Changing the password while logged in"), so that one start names every variable to
 * set rather than one per attempt. Each block of `fromEnv` adds to it: `missing` for a variable that must be set,
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
 * Where /metrics is served (decision 056 "Metrics, liveness apart from readiness, draining on shutdown"). `enabled`
 * only when METRICS_TOKEN or METRICS_PORT is set. Production refuses a short token, and a metrics listener reachable
 * from other machines without one: the ledger's totals and the traffic are the operator's business.
 */
function metricsSettings(e: FrameEnvValues, mode: Mode, problems: StartupProblems) {
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

export type Mode = 'demo' | 'production';
type FrameEnvValues = z.output<typeof FrameEnv>;

/** The frame's settings from its checked variables; what is wrong joins `problems`. */
function readFrame(e: FrameEnvValues, problems: StartupProblems) {
  const mode: Mode = e.STRIDE_MODE ?? (e.NODE_ENV === 'production' ? 'production' : 'demo');
  const dataDir = path.resolve(e.DATA_DIR);
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

  const dataKey = loadDataKey(mode, dataDir, e.DATA_ENCRYPTION_KEY, problems);

  // Invite and pay links are built from PUBLIC_URL, never from a request's Host header.
  if (mode === 'production' && !e.PUBLIC_URL) {
    problems.missing('PUBLIC_URL', 'the address people use (e.g. https://walk.example.com); links are built from it.');
  }
  // Plain http would send the console's cookie without `Secure` and every link in the clear
  // (decision 038 "Changing the password while logged in"); only an address on this machine (a local trial) may use it.
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
  const storage = storageSettings(e, problems);
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
    /** The built operator console, served at /console/ (decision 022 "The operator console"). */
    consoleDist: e.CONSOLE_DIST ? path.resolve(e.CONSOLE_DIST) : undefined,
    trustProxy: e.TRUST_PROXY,
    /** Web app origins served elsewhere that may call this server as a backup API host. */
    corsOrigins: e.CORS_ORIGINS,
    bodyLimit: e.BODY_LIMIT_BYTES,
    /** AES-256-GCM key for personal data at rest (ID and account numbers). */
    dataKey,
    /** The business day's time zone as a fixed offset from UTC (no daylight saving). */
    businessUtcOffsetMinutes: e.BUSINESS_UTC_OFFSET_MINUTES,
    /** How often the server removes unused uploads, expired captchas and old counters; 0: never. */
    cleanupIntervalMinutes: e.CLEANUP_INTERVAL_MINUTES,
    /**
     * Where users reach support, named in the frozen-account message and on My; null: none (decision 082 "A newcomer's
     * first screens").
     */
    supportContact: support,
    /** Where uploads and packages live: the disk, or an S3-compatible bucket (decision 054 "Object storage"). */
    storage,
    /** Background jobs (decision 055 "Background jobs in a queue"). */
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
    /**
     * /metrics (decision 056 "Metrics, liveness apart from readiness, draining on shutdown"): off, behind a bearer
     * token, or on a listener of its own.
     */
    metrics,
    /**
     * How long SIGTERM waits for requests in flight before it cuts them off (decision 056 "Metrics, liveness apart from
     * readiness, draining on shutdown").
     */
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    /** `outboxAll`: /demo/outbox lists every message, not only the demo account's. */
    demo: {
      welcomeBalance: e.DEMO_WELCOME_BALANCE,
      welcomePoints: e.DEMO_WELCOME_POINTS,
      outboxAll: e.DEMO_OUTBOX_ALL,
    },
  };
}

/**
 * The frame's part of the configuration: what the HTTP app, the database, storage, jobs, metrics
 * and the demo read. Each module's own variables are its settings (docs/configuration.md).
 */
export type FrameConfig = ReturnType<typeof readFrame>;

/** What a module's settings are read with, besides its own variables. */
export interface SettingsContext {
  mode: Mode;
  /** DATA_DIR, resolved. */
  dataDir: string;
  /** The frame's settings, read before every module's. */
  frame: FrameConfig;
  /**
   * The one list of start-up problems (decision 038 "Changing the password while logged in"): add to it, it is thrown
   * once.
   */
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

/**
 * Reads the frame's variables and then every module's, in the modules' order: a variable that
 * does not parse is named with all the others that do not; then what production start-up finds
 * wrong is thrown once, over the whole configuration (decision 038 "Changing the password while logged in").
 */
export function readConfig<Out extends object>(
  env: Record<string, string | undefined>,
  slices: readonly SettingsSlice[],
): FrameConfig & Out {
  const schemas = [FrameEnv, ...slices.map((slice) => slice.env)];
  const issues: string[] = [];
  const parsed = schemas.map((schema) => {
    const result = schema.safeParse(env);
    if (!result.success) {
      issues.push(...result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
    }
    return result.data as Record<string, unknown>;
  });
  if (issues.length > 0) throw new ConfigError(`Invalid configuration:\n  ${issues.join('\n  ')}`);
  const problems = new StartupProblems();
  const [frameValues, ...moduleValues] = parsed;
  const frame = readFrame(frameValues as FrameEnvValues, problems);
  const context: SettingsContext = { mode: frame.mode, dataDir: frame.dataDir, frame, problems };
  const config: Record<string, unknown> = { ...frame };
  slices.forEach((slice, index) => Object.assign(config, slice.read(moduleValues[index] ?? {}, context)));
  // Every block has added what it found: one start names them all.
  problems.throwIfAny(frame.mode);
  return config as FrameConfig & Out;
}

/** Whether an address to listen on only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare) || bare === '::ffff:127.0.0.1';
}

/**
 * What start-up must shout about, at every start: demo mode (demo account with a published
 * password, outbox of reset codes, sandbox payments) reachable from other machines, the outbox
 * opened to all, and production mode verifying real names without a person (decision 038 "Changing the password while
 * logged in").
 */
export function startupWarnings(config: FrameConfig & { identityReview: 'auto' | 'operator' }): string[] {
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
