import { z } from 'zod';
import { DoneSchema, IdSchema, text, TimestampSchema } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

/**
 * Web Push (decision 048 "Web Push"): the server's VAPID public key, a browser's subscription (own only),
 * and the user's push preferences with the daily goal reminder.
 */

/** Base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64url = (max: number) =>
  text()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: 'rule.base64url' });

/** The endpoint a browser's push service gave it; its host is checked by the server. */
export const PushEndpointSchema = text().trim().min(1).max(2048);

export const PushSubscriptionSchema = z.object({
  id: IdSchema,
  /** Which browser, from its User-Agent when it subscribed. */
  label: z.string().nullable(),
  /** The endpoint's host only (the whole endpoint is a capability and is not shown back). */
  host: z.string(),
  createdAt: TimestampSchema,
  lastSuccessAt: TimestampSchema.nullable(),
  failures: z.number().int(),
});

/** `HH:MM`, 24-hour, in `timeZone`. */
export const ReminderTimeSchema = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'rule.timeOfDay' });

export const PushPreferencesSchema = z.object({
  /** Pushes go to my subscribed browsers at all. */
  enabled: z.boolean(),
  /** The daily goal reminder: once a day at `reminderTime` when today's steps are under the goal. */
  reminder: z.boolean(),
  reminderTime: z.string(),
  /** An IANA time zone name (e.g. Asia/Shanghai). */
  timeZone: z.string(),
});

export const pushKey = defineEndpoint({
  id: 'push.key',
  method: 'GET',
  path: '/api/push/key',
  access: 'user',
  summary: "The server's VAPID public key (base64url), the applicationServerKey a browser subscribes with.",
  response: z.object({ publicKey: z.string() }),
});

export const subscribePush = defineEndpoint({
  id: 'push.subscribe',
  method: 'POST',
  path: '/api/push/subscriptions',
  access: 'user',
  summary:
    "Saves this browser's push subscription for me (again is fine). The endpoint must be https on a known push service; one already another account's is taken over only with the same keys (the same browser), else 1005.",
  body: z.strictObject({
    endpoint: PushEndpointSchema,
    keys: z.strictObject({ p256dh: base64url(128), auth: base64url(64) }),
  }),
  response: PushSubscriptionSchema,
});

export const unsubscribePush = defineEndpoint({
  id: 'push.unsubscribe',
  method: 'POST',
  path: '/api/push/subscriptions/remove',
  access: 'user',
  summary: 'Removes my subscription with this endpoint (done also when there is none).',
  body: z.strictObject({ endpoint: PushEndpointSchema }),
  response: DoneSchema,
});

export const listPushSubscriptions = defineEndpoint({
  id: 'push.subscriptions',
  method: 'GET',
  path: '/api/push/subscriptions',
  access: 'user',
  summary: 'My push subscriptions, newest first.',
  response: z.array(PushSubscriptionSchema),
});

export const getPushPreferences = defineEndpoint({
  id: 'push.preferences',
  method: 'GET',
  path: '/api/push/preferences',
  access: 'user',
  summary: 'My push preferences (defaults until I save them: on, no reminder, 20:00 UTC).',
  response: PushPreferencesSchema,
});

export const savePushPreferences = defineEndpoint({
  id: 'push.preferences.save',
  method: 'PUT',
  path: '/api/push/preferences',
  access: 'user',
  summary: 'Saves my push preferences; pushes are written in the language of this request from then on.',
  body: z.strictObject({
    enabled: z.boolean(),
    reminder: z.boolean(),
    reminderTime: ReminderTimeSchema,
    timeZone: text().trim().min(1).max(64),
  }),
  response: PushPreferencesSchema,
});

export type PushSubscriptionView = z.output<typeof PushSubscriptionSchema>;
export type PushPreferences = z.output<typeof PushPreferencesSchema>;
