import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { defineSettings, type Mode, type StartupProblems } from '../../config.js';

const DEMO_VAPID_FILE = 'demo-vapid-keys.json';
const VAPID_PUBLIC_BYTES = 65;
const VAPID_PRIVATE_BYTES = 32;

// Web Push (decision 048 "Web Push"): the VAPID key pair and contact (generated into DATA_DIR in demo
// mode, required in production), the push services subscriptions may point at, how long a
// push service keeps an undelivered message, and how often the daily goal reminder is swept.
const PushEnv = z.object({
  WEB_PUSH_VAPID_PUBLIC_KEY: z.string().trim().min(1).optional().meta({
    description:
      "The public key of the VAPID key pair that signs Web Push messages (decision 048), base64url as `npx web-push generate-vapid-keys` prints it. Changing the pair invalidates every browser's subscription (users turn pushes on again).",
    defaultText: 'generated into `DATA_DIR/demo-vapid-keys.json` in demo mode; required in production',
  }),
  WEB_PUSH_VAPID_PRIVATE_KEY: z.string().trim().min(1).optional().meta({
    description:
      'The private key of the VAPID key pair that signs Web Push messages (decision 048), base64url as `npx web-push generate-vapid-keys` prints it. Keep the private key out of the repository.',
    defaultText: 'generated into `DATA_DIR/demo-vapid-keys.json` in demo mode; required in production',
  }),
  WEB_PUSH_SUBJECT: z.string().trim().min(1).optional().meta({
    description: 'A `mailto:` or `https:` contact the push services may use to reach the operator.',
    defaultText: '`mailto:demo@stride.invalid` in demo mode; required in production',
  }),
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
    )
    .describe(
      'The push services a subscription may point at (the host or a subdomain, https, default port); anything else is refused, so the server never posts to an address a user chose. An entry may instead be an origin (`http://127.0.0.1:8790`), which allows exactly that scheme, host and port: the only way to name a local stand-in (no address is allowed by mode; decision 048).',
    ),
  WEB_PUSH_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(2_419_200)
    .default(86_400)
    .describe(
      'How long a push service keeps a push for a device that is offline. Pushes go out from the outbox with the `SMS_TIMEOUT_MS`, `SMS_MAX_ATTEMPTS`, `SMS_RETRY_BASE_SECONDS` and `SMS_POLL_SECONDS` delivery settings.',
    ),
  PUSH_REMINDER_SWEEP_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600)
    .default(60)
    .describe('How often the server looks for daily goal reminders that are due; `0` turns it off.'),
});

function base64urlBytes(value: string): number {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url').length : -1;
}

/**
 * Web Push (decision 048 "Web Push"): the VAPID keys (base64url, an uncompressed P-256 public key and its
 * 32-byte private key) and the subject (mailto: or https:). Demo mode generates a pair once into
 * DATA_DIR unless both are set; production requires all three (decision 038 "Changing the password while logged in").
 */
function webPushSettings(e: z.output<typeof PushEnv>, mode: Mode, dataDir: string, problems: StartupProblems) {
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

export const pushSettings = defineSettings(PushEnv, (e, { mode, dataDir, problems }) => ({
  /** Web Push: VAPID keys, subject, allowed push services, TTL, reminder sweep (decision 048 "Web Push"). */
  webPush: webPushSettings(e, mode, dataDir, problems),
}));

export type PushSettings = ReturnType<typeof pushSettings.read>;
