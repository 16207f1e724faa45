import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import {
  ConfigError,
  defineSettings,
  isLoopbackUrl,
  MIN_SECRET_LENGTH,
  parseKey,
  readKeySource,
  readOrCreateDemoSecret,
  type Mode,
  type StartupProblems,
} from '../../config.js';

const DEMO_SANDBOX_SECRET_FILE = 'demo-sandbox-secret';
/** Alipay's production gateway for the v2 open API (`alipay.trade.*`, decision 036 "Alipay as a payment provider"). */
export const ALIPAY_PRODUCTION_GATEWAY = 'https://openapi.alipay.com/gateway.do';

const PaymentsEnv = z.object({
  PAYMENT_PROVIDER: z.enum(['sandbox', 'alipay', 'none']).optional().meta({
    description:
      'Online payment provider: `sandbox`, `alipay` (decision 036) or `none`, which answers code 1010 for online payment. Production mode refuses to start without it (a real provider, or `none` to run without online payment, said explicitly) and refuses `sandbox` (its pay page marks payments paid without money).',
    defaultText: '`sandbox` in demo mode; must be set in production',
  }),
  PAYMENT_SANDBOX_SECRET: z.string().optional().meta({
    description:
      "HMAC key of the sandbox provider's callbacks and of its signed, expiring pay links (at least 32 characters).",
    defaultText: 'generated into `DATA_DIR/demo-sandbox-secret` in demo mode',
  }),
  PAYMENT_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(30)
    .describe(
      'An online payment not completed by then is expired (its trade closed at the provider first, decision 037).',
    ),
  MEMBERSHIP_ORDER_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(1_440)
    .describe('A pending membership order can be paid (again) until then.'),
  // Alipay (PAYMENT_PROVIDER=alipay, decision 036 "Alipay as a payment provider"): the app's id, its RSA2 private key
  // and Alipay's public key (PEM, inline or as a file), the gateway and each call's timeout.
  ALIPAY_APP_ID: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .optional()
    .describe(
      "With `PAYMENT_PROVIDER=alipay`: the app's id on Alipay's open platform (decision 036). Start-up names every missing Alipay variable.",
    ),
  ALIPAY_PRIVATE_KEY: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe(
      "The app's RSA2 private key (2048 bits; PEM, PKCS#1 or PKCS#8, or the bare base64 of Alipay's key tool), inline; or `ALIPAY_PRIVATE_KEY_FILE` (one of the two). It signs every request; keep it with the secrets.",
    ),
  ALIPAY_PRIVATE_KEY_FILE: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe("A file holding the app's RSA2 private key, instead of `ALIPAY_PRIVATE_KEY` (one of the two)."),
  ALIPAY_PUBLIC_KEY: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe(
      "Alipay's public key (PEM or bare base64) from the open platform, inline; or `ALIPAY_PUBLIC_KEY_FILE`: every answer and notification must carry its signature.",
    ),
  ALIPAY_PUBLIC_KEY_FILE: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe("A file holding Alipay's public key, instead of `ALIPAY_PUBLIC_KEY` (one of the two)."),
  ALIPAY_GATEWAY: z
    .url()
    .default(ALIPAY_PRODUCTION_GATEWAY)
    .describe(
      "Alipay's gateway (the sandbox's or the local fake's for tests); production mode requires `https://`, except to an address on this machine (a local stand-in gateway).",
    ),
  ALIPAY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(5_000)
    .describe(
      'Each call to Alipay (query, close, refund) gives up after this long, and the call fails with nothing assumed.',
    ),
  // The payment lifecycle (decision 037 "The payment lifecycle"): how often the server sweeps pending payments past
  // their expiry (query, close, expire or credit), sends due provider refunds and expires orders; 0 off.
  PAYMENT_SWEEP_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(86_400)
    .default(30)
    .describe(
      'How often the server settles payments past their expiry (query, close, expire or credit), sends due provider refunds and expires orders (decision 037); `0` turns it off (`npm run ops -- payments sweep` runs one pass).',
    ),
});

type Env = z.output<typeof PaymentsEnv>;

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
  // except to this machine itself (a local stand-in of the gateway, docs/deployment.md, Try production locally).
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

export const paymentsSettings = defineSettings(PaymentsEnv, (e, { mode, dataDir, problems }) => {
  // Payments: production names its provider explicitly, a real one or `none` (no online payment).
  if (mode === 'production' && e.PAYMENT_PROVIDER === undefined) {
    const real = PaymentsEnv.shape.PAYMENT_PROVIDER.unwrap().options.filter(
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

  return {
    payments: {
      provider: paymentProvider,
      sandboxSecret: sandboxSecret ?? '',
      /** Set when PAYMENT_PROVIDER=alipay: keys as PEM (PKCS#8 private, SPKI public). */
      alipay,
      expiryMinutes: e.PAYMENT_EXPIRY_MINUTES,
      orderExpiryMinutes: e.MEMBERSHIP_ORDER_EXPIRY_MINUTES,
      sweepIntervalSeconds: e.PAYMENT_SWEEP_INTERVAL_SECONDS,
    },
  };
});

export type PaymentsSettings = ReturnType<typeof paymentsSettings.read>;
