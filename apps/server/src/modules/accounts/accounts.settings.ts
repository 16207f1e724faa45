import { z } from 'zod';
import { defineSettings } from '../../config.js';

export const accountsSettings = defineSettings(
  z.object({
    ARGON2_MEMORY_KIB: z.coerce
      .number()
      .int()
      .min(19_456)
      .default(19_456)
      .describe('Password hashing cost (argon2id): memory in KiB; lower values are refused.'),
    ARGON2_ITERATIONS: z.coerce
      .number()
      .int()
      .min(2)
      .default(2)
      .describe('Password hashing cost (argon2id): iterations; lower values are refused.'),
    ARGON2_PARALLELISM: z.coerce
      .number()
      .int()
      .min(1)
      .default(1)
      .describe('Password hashing cost (argon2id): lanes; lower values are refused.'),
    SESSION_DAYS: z.coerce.number().int().min(1).default(30).describe('Sliding session lifetime, in days.'),
    // How long a server keeps a token's session and user (decision 049 "A bench that holds on a busy machine"); at most
    // a second, so a session ended on another server ends here within a second. 0 reads the database every call.
    SESSION_CACHE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(1000)
      .default(1000)
      .describe(
        "How long a server keeps a token's session and user before asking the database again (0–1000; 0 reads the database every call). Logout, password changes, freezes and identity decisions take effect at once on the server that made them, and within this time on other servers (decision 049).",
      ),
    LOGIN_CAPTCHA_AFTER_FAILURES: z.coerce
      .number()
      .int()
      .min(1)
      .default(3)
      .describe(
        'Failed logins (per account or address) before a captcha is required. An account is never locked: failures on it only make it ask for the captcha.',
      ),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce
      .number()
      .int()
      .min(1)
      .default(10)
      .describe(
        'Failed logins from one address on one account that lock that address (not the account) for the rest of the window. Also how many tries a logged-in user gets at the current password when changing it, per window (decision 038).',
      ),
    LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce
      .number()
      .int()
      .min(1)
      .default(30)
      .describe(
        'Failed logins from one address on any accounts that lock that address (not the accounts) for the rest of the window.',
      ),
    LOGIN_FAILURE_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(15)
      .describe(
        'The window, in minutes, for LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_ADDRESS and CONSOLE_LOGIN_MAX_FAILURES_PER_OPERATOR.',
      ),
    REGISTER_MAX_PER_ADDRESS: z.coerce
      .number()
      .int()
      .min(1)
      .default(20)
      .describe('Sign-ups per address in a window; more answer code 1006.'),
    REGISTER_MAX_PER_PREFIX: z.coerce
      .number()
      .int()
      .min(1)
      .default(30)
      .describe(
        'Sign-ups per number block (the mobile number without its last 4 digits) in a window; more answer code 1006.',
      ),
    REGISTER_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(60)
      .describe('The window for REGISTER_MAX_PER_ADDRESS and REGISTER_MAX_PER_PREFIX, in minutes.'),
  }),
  (e) => ({
    argon2: {
      memoryCost: e.ARGON2_MEMORY_KIB,
      timeCost: e.ARGON2_ITERATIONS,
      parallelism: e.ARGON2_PARALLELISM,
    },
    sessionDays: e.SESSION_DAYS,
    sessionCacheMs: e.SESSION_CACHE_MS,
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
  }),
);

export type AccountsSettings = ReturnType<typeof accountsSettings.read>;
