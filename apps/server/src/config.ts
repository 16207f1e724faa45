import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The only reader of process.env. Every variable is documented in the README. */

const DEMO_SECRET_FILE = 'demo-secret';
const MIN_SECRET_LENGTH = 32;

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
  LOGIN_CAPTCHA_AFTER_FAILURES: z.coerce.number().int().min(1).default(3),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
});

export type Dialect = 'sqlite' | 'postgres';

export interface Config {
  mode: 'demo' | 'production';
  host: string;
  port: number;
  publicUrl: string | undefined;
  dataDir: string;
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  appSecret: string;
  logLevel: z.output<typeof EnvSchema>['LOG_LEVEL'];
  webDist: string | undefined;
  trustProxy: boolean;
  /** Web app origins served elsewhere that may call this server as a backup API host. */
  corsOrigins: string[];
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  bodyLimit: number;
  sessionDays: number;
  login: {
    captchaAfterFailures: number;
    maxFailuresPerAccount: number;
    maxFailuresPerAddress: number;
    failureWindowMinutes: number;
  };
}

export class ConfigError extends Error {}

function readOrCreateDemoSecret(dataDir: string): string {
  const file = path.join(dataDir, DEMO_SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const mode = e.STRIDE_MODE ?? (e.NODE_ENV === 'production' ? 'production' : 'demo');
  const dataDir = path.resolve(e.DATA_DIR);

  let appSecret = e.APP_SECRET;
  if (mode === 'production') {
    if (!appSecret || appSecret.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(
        `APP_SECRET must be set to at least ${MIN_SECRET_LENGTH} random characters in production mode.`,
      );
    }
    const demoFile = path.join(dataDir, DEMO_SECRET_FILE);
    if (existsSync(demoFile) && readFileSync(demoFile, 'utf8').trim() === appSecret) {
      throw new ConfigError('APP_SECRET is the demo secret; production mode refuses to start with it.');
    }
  } else {
    appSecret ??= readOrCreateDemoSecret(dataDir);
  }

  const url = e.DATABASE_URL;
  let database: Config['database'];
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    database = { dialect: 'postgres', url };
  } else if (url && url.startsWith('file:')) {
    database = { dialect: 'sqlite', file: path.resolve(url.slice('file:'.length)) };
  } else if (url) {
    throw new ConfigError('DATABASE_URL must start with postgres://, postgresql:// or file:');
  } else {
    database = { dialect: 'sqlite', file: path.join(dataDir, 'stride.db') };
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
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    argon2: {
      memoryCost: e.ARGON2_MEMORY_KIB,
      timeCost: e.ARGON2_ITERATIONS,
      parallelism: e.ARGON2_PARALLELISM,
    },
    bodyLimit: e.BODY_LIMIT_BYTES,
    sessionDays: e.SESSION_DAYS,
    login: {
      captchaAfterFailures: e.LOGIN_CAPTCHA_AFTER_FAILURES,
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      failureWindowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
    },
  };
}
