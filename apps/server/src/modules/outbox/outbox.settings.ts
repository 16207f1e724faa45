import { z } from 'zod';
import { defineSettings, type Mode, type StartupProblems } from '../../config.js';

const ALIYUN_SMS_VARIABLES = [
  'ALIYUN_SMS_ACCESS_KEY_ID',
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_REGISTER',
  'ALIYUN_SMS_TEMPLATE_RESET',
  'ALIYUN_SMS_TEMPLATE_PAYMENT',
] as const;

// SMS delivery and codes (decision 034 "SMS delivery and codes"): the provider, the outbox deliverer, the code limits.
const OutboxEnv = z.object({
  SMS_PROVIDER: z.enum(['outbox', 'aliyun']).optional().meta({
    description:
      'Where SMS codes go (decision 034): `outbox` keeps them in the outbox (`/demo/outbox`, the console); `aliyun` sends them by Alibaba Cloud SMS. Production mode refuses to start without `aliyun`.',
    defaultText: '`outbox` in demo mode; required in production',
  }),
  ALIYUN_SMS_ACCESS_KEY_ID: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe(
      'The AccessKey id that signs `SendSms` calls; required with `SMS_PROVIDER=aliyun` (start-up names any missing one).',
    ),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe(
      'The AccessKey secret that signs `SendSms` calls; required with `SMS_PROVIDER=aliyun`. Keep the secret out of the repository.',
    ),
  ALIYUN_SMS_SIGN_NAME: z.string().trim().min(1).optional().describe('The approved SMS signature name.'),
  ALIYUN_SMS_TEMPLATE_REGISTER: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe('The approved template code for the sign-up code; the template takes `${code}`.'),
  ALIYUN_SMS_TEMPLATE_RESET: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe('The approved template code for the password-reset code; the template takes `${code}`.'),
  ALIYUN_SMS_TEMPLATE_PAYMENT: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe(
      'The approved template code for the code that sets or resets a payment password (docs/product/payment-password.md); the template takes `${code}`.',
    ),
  ALIYUN_SMS_ENDPOINT: z
    .url()
    .default('https://dysmsapi.aliyuncs.com')
    .describe(
      "The SMS API's address; tests and journeys point it at the local fake (`node --import tsx apps/server/fakes/aliyun-sms.ts` prints the variables for it).",
    ),
  SMS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(10_000)
    .describe("Delivery from the outbox: each call's timeout."),
  SMS_MAX_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(20)
    .default(5)
    .describe('Delivery from the outbox: tries per message; then the message is failed with the reason.'),
  SMS_RETRY_BASE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(30)
    .describe(
      'Delivery from the outbox: the first wait before a retry (doubled after each further one, at most an hour).',
    ),
  SMS_POLL_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5)
    .describe(
      'How often the server looks for due messages (it also sends as soon as one is queued); `0`: never on its own.',
    ),
  SMS_CODE_RESEND_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3_600)
    .default(60)
    .describe('One SMS code per number this often (sign-up and reset together).'),
  SMS_CODE_DAILY_MAX_PER_NUMBER: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .describe('SMS codes per number in a day (UTC); more answer code 1006.'),
  SMS_CODE_DAILY_MAX_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .default(50)
    .describe('SMS codes per address in a day (UTC); more answer code 1006.'),
});

/**
 * The SMS provider: the outbox alone (demo), or Alibaba Cloud SMS with every variable it needs;
 * what is missing joins the start-up problems (decision 038 "Changing the password while logged in").
 */
function smsSettings(mode: Mode, e: z.output<typeof OutboxEnv>, problems: StartupProblems) {
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
    templates: { register: string; reset: string; payment: string };
    endpoint: string;
  } | null = null;
  const before = problems.count;
  if (provider === 'aliyun') problems.requireAll(e, ALIYUN_SMS_VARIABLES, 'for SMS_PROVIDER=aliyun (decision 034).');
  if (provider === 'aliyun' && problems.count === before) {
    aliyun = {
      accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
      accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
      signName: e.ALIYUN_SMS_SIGN_NAME ?? '',
      templates: {
        register: e.ALIYUN_SMS_TEMPLATE_REGISTER ?? '',
        reset: e.ALIYUN_SMS_TEMPLATE_RESET ?? '',
        payment: e.ALIYUN_SMS_TEMPLATE_PAYMENT ?? '',
      },
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

export const outboxSettings = defineSettings(OutboxEnv, (e, { mode, problems }) => ({
  /** SMS codes and their delivery (decision 034 "SMS delivery and codes"). */
  sms: smsSettings(mode, e, problems),
}));

export type OutboxSettings = ReturnType<typeof outboxSettings.read>;
