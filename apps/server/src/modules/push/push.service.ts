import { randomUUID } from 'node:crypto';
import { LANGUAGES, type Language, type PushPreferences, type PushSubscriptionView } from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { AppError } from '../../http/errors.js';
import { translator, type MessageKey } from '../../locales/index.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import { exportRow, type PersonalDataSection } from '../../lib/personal-data.js';
import type { MessageSender } from '../outbox/outbox.service.js';
import type { StepReports } from '../walking/step-reports.js';
import type { PushPreferencesRow, PushRepository, PushSubscriptionRow } from './push.repository.js';
import type { PushSettings } from './push.settings.js';

/**
 * A text given as it is, a message key rendered in the user's language when queued, or a function
 * of that language (a notification's title and body, decision 044 "The notifications inbox").
 */
export type PushText =
  string | { key: MessageKey; values?: Record<string, string | number> } | ((language: Language) => string);

/** What one push says (decision 048 "Web Push"). */
export interface PushMessage {
  title: PushText;
  body: PushText;
  /** The app page it opens when tapped (a path of the app, e.g. /pages-sub/withdrawal-detail/index?id=…). */
  url?: string;
  /** Pushes with the same tag replace each other on the device. */
  tag?: string;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
}

/** The JSON a service worker receives (apps/web/src/sw/push.ts reads it). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

export interface ReminderSweepResult {
  reminded: number;
  /** Reminder time passed with the goal already reached: marked done for the day, nothing sent. */
  reached: number;
}

const DEFAULT_REMINDER_MINUTE = 20 * 60;
const SWEEP_PAGE = 200;

/**
 * Whether a server may send to this endpoint (decision 048 "Web Push"). An entry of `WEB_PUSH_ENDPOINT_HOSTS`
 * is a host name, which allows https on that host or a subdomain, on the default port; or an
 * origin (`http://127.0.0.1:8790`), which allows exactly that scheme, host and port: the only way
 * to name a local stand-in. Never credentials. Nothing is allowed by mode: a loopback address that
 * no entry names is refused in demo mode too, or a user could make the server post to any port of
 * its own host. The URL parser has already turned `127.1`, `2130706433` and `0x7f.1` into
 * `127.0.0.1`, so an origin entry is compared with what the server would really connect to.
 */
export function endpointAllowed(endpoint: string, entries: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const host = url.hostname.toLowerCase();
  return entries.some((entry) => {
    if (entry.includes('://')) return originOf(entry) === url.origin;
    return url.protocol === 'https:' && url.port === '' && (host === entry || host.endsWith(`.${entry}`));
  });
}

function originOf(entry: string): string | undefined {
  try {
    return new URL(entry).origin;
  } catch {
    return undefined;
  }
}

/** A short name for the browser that subscribed, from its User-Agent (e.g. "Chrome · Android"). */
export function browserLabel(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /(Chrome|Chromium|CriOS)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  const label = [browser, system].filter(Boolean).join(' · ');
  return label === '' ? null : label.slice(0, 120);
}

/** `HH:MM` ↔ minutes after midnight. */
export function minuteOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}
export function timeOf(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The local date (YYYY-MM-DD) and minute of the day at `ms` in an IANA time zone. */
export function localTime(ms: number, timeZone: string): { day: string; minute: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    minute: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

function languageOf(value: string): Language {
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en';
}

function toView(row: PushSubscriptionRow): PushSubscriptionView {
  let host = '';
  try {
    host = new URL(row.endpoint).host;
  } catch {
    host = '';
  }
  return {
    id: row.id,
    label: row.label,
    host,
    createdAt: isoTime(row.created_at),
    lastSuccessAt: row.last_success_at === null ? null : isoTime(row.last_success_at),
    failures: row.failures,
  };
}

function toPreferences(row: PushPreferencesRow | undefined): PushPreferences {
  return {
    enabled: row ? row.enabled === 1 : true,
    reminder: row ? row.reminder_enabled === 1 : false,
    reminderTime: timeOf(row?.reminder_minute ?? DEFAULT_REMINDER_MINUTE),
    timeZone: row?.time_zone ?? 'UTC',
  };
}

/**
 * Web Push (decision 048 "Web Push"): browsers' subscriptions (own only), the user's preferences, pushes
 * queued in the caller's transaction as outbox rows of the `push` channel (one per subscription,
 * written in the user's language when queued), and the daily goal reminder's sweep.
 */
export class PushService {
  constructor(
    private readonly db: Db,
    private readonly repository: PushRepository,
    private readonly outbox: MessageSender,
    private readonly walking: StepReports,
    private readonly clock: Clock,
    private readonly config: PushSettings,
  ) {}

  publicKey(): { publicKey: string } {
    return { publicKey: this.config.webPush.publicKey };
  }

  async subscribe(
    userId: string,
    input: { endpoint: string; keys: { p256dh: string; auth: string } },
    userAgent: string | undefined,
  ): Promise<PushSubscriptionView> {
    const { endpoint } = input;
    if (!endpointAllowed(endpoint, this.config.webPush.endpointHosts)) {
      throw new AppError('VALIDATION_FAILED', 'pushEndpointRefused');
    }
    // A browser's keys: an uncompressed P-256 point and a 16-byte secret (RFC 8291).
    const point = Buffer.from(input.keys.p256dh, 'base64url');
    if (point.length !== 65 || point[0] !== 4 || Buffer.from(input.keys.auth, 'base64url').length !== 16) {
      throw new AppError('VALIDATION_FAILED', 'pushKeysInvalid');
    }
    const label = browserLabel(userAgent);
    const keys = { p256dh: input.keys.p256dh, auth: input.keys.auth };
    const inserted = await this.repository.insertSubscription(this.db, {
      id: randomUUID(),
      user_id: userId,
      endpoint,
      ...keys,
      label,
      created_at: this.clock.now(),
      last_success_at: null,
    });
    if (!inserted) {
      const existing = await this.repository.findByEndpoint(this.db, endpoint);
      if (!existing) throw new AppError('CONFLICT', 'conflict'); // removed meanwhile: subscribe again
      const sameKeys = existing.p256dh === keys.p256dh && existing.auth === keys.auth;
      // Mine: the browser may have new keys. Another account's: only the browser holding its
      // keys (the same browser, signed in as someone else now) takes it over.
      if (existing.user_id !== userId && !sameKeys) throw new AppError('CONFLICT', 'pushEndpointTaken');
      const moved = await this.repository.reassign(
        this.db,
        endpoint,
        { userId: existing.user_id, p256dh: existing.p256dh, auth: existing.auth },
        { userId, ...keys, label },
      );
      if (!moved) throw new AppError('CONFLICT', 'conflict');
    }
    const row = await this.repository.findByEndpoint(this.db, endpoint);
    if (!row || row.user_id !== userId) throw new AppError('CONFLICT', 'conflict');
    return toView(row);
  }

  async unsubscribe(userId: string, endpoint: string): Promise<{ done: true }> {
    await this.repository.deleteOwn(this.db, userId, endpoint);
    return { done: true };
  }

  async list(userId: string): Promise<PushSubscriptionView[]> {
    return (await this.repository.listForUser(this.db, userId)).map(toView);
  }

  async preferences(userId: string): Promise<PushPreferences> {
    return toPreferences(await this.repository.findPreferences(this.db, userId));
  }

  async savePreferences(
    userId: string,
    input: { enabled: boolean; reminder: boolean; reminderTime: string; timeZone: string },
    language: Language,
  ): Promise<PushPreferences> {
    if (!isTimeZone(input.timeZone)) {
      throw new AppError('VALIDATION_FAILED', 'pushTimeZoneUnknown', { timeZone: input.timeZone });
    }
    const row: PushPreferencesRow = {
      user_id: userId,
      enabled: input.enabled ? 1 : 0,
      reminder_enabled: input.reminder ? 1 : 0,
      reminder_minute: minuteOf(input.reminderTime),
      time_zone: input.timeZone,
      language,
      updated_at: this.clock.now(),
    };
    await this.repository.savePreferences(this.db, row);
    return toPreferences(row);
  }

  /**
   * Queues `message` to each of the user's subscriptions in `db` (the caller's transaction: a
   * rollback queues nothing), written in the user's push language; none when the user turned
   * pushes off. Returns how many were queued. Call `nudge()` after the commit to send at once
   * rather than at the deliverer's next poll.
   */
  /** Which of these users have a subscription (a batch of notifications pushes to those only). */
  reachable(db: Executor, userIds: readonly string[]): Promise<Set<string>> {
    return this.repository.usersWithSubscriptions(db, userIds);
  }

  async sendToUser(db: Executor, userId: string, message: PushMessage): Promise<number> {
    const preferences = await this.repository.findPreferences(db, userId);
    if (preferences && preferences.enabled !== 1) return 0;
    const subscriptions = await this.repository.listForUser(db, userId);
    if (subscriptions.length === 0) return 0;
    const language = languageOf(preferences?.language ?? 'en');
    const t = translator(language);
    const render = (text: PushText) =>
      typeof text === 'string' ? text : typeof text === 'function' ? text(language) : t(text.key, text.values);
    const payload: PushPayload = {
      title: render(message.title),
      body: render(message.body),
      url: message.url ?? '/pages/index/index',
      ...(message.tag ? { tag: message.tag } : {}),
    };
    const body = JSON.stringify(payload);
    for (const subscription of subscriptions) {
      await this.outbox.send(db, {
        channel: 'push',
        recipient: subscription.id,
        body,
        params: { ttl: String(this.config.webPush.ttlSeconds), urgency: message.urgency ?? 'normal' },
      });
    }
    return subscriptions.length;
  }

  /**
   * The user's push data in the export (decision 047 "Your data"): subscriptions (endpoint and browser, not the
   * keys), preferences and the days reminded. The deletion erases all of it, and the pushes still
   * queued to those subscriptions.
   */
  personalData(): PersonalDataSection {
    return {
      name: 'push',
      exportFor: async (userId) => {
        const [subscriptions, preferences, reminders] = await Promise.all([
          this.repository.listForUser(this.db, userId),
          this.repository.findPreferences(this.db, userId),
          this.repository.remindersOfUser(this.db, userId),
        ]);
        return {
          subscriptions: subscriptions.map((row) =>
            exportRow({
              id: row.id,
              endpoint: row.endpoint,
              label: row.label,
              created_at: row.created_at,
              last_success_at: row.last_success_at,
              failures: row.failures,
            }),
          ),
          preferences: preferences ? { ...toPreferences(preferences), language: preferences.language } : null,
          reminders: reminders.map((row) => exportRow(row)),
        };
      },
      erase: async (trx, { userId }) => {
        for (const subscription of await this.repository.listForUser(trx, userId)) {
          await this.outbox.forget(trx, subscription.id);
        }
        await this.repository.deleteAllOfUser(trx, userId);
      },
    };
  }

  /** Starts delivery of what was queued and committed (else the deliverer's next poll sends it). */
  nudge(): void {
    this.outbox.nudge();
  }

  /**
   * The daily goal reminder (decision 048 "Web Push"): for each user with it on whose chosen local time has
   * come today, once per local day (a row keyed by user and day), a push when today's steps are
   * under the goal; when the goal is reached the day is marked done and nothing is sent.
   */
  async sweepReminders(): Promise<ReminderSweepResult> {
    const result: ReminderSweepResult = { reminded: 0, reached: 0 };
    let after = '';
    for (;;) {
      const page = await this.repository.remindable(this.db, after, SWEEP_PAGE);
      if (page.length === 0) break;
      after = page[page.length - 1]?.user_id ?? after;
      for (const preferences of page) {
        const outcome = await this.remind(preferences);
        if (outcome) result[outcome] += 1;
      }
    }
    if (result.reminded > 0) this.nudge();
    return result;
  }

  private async remind(preferences: PushPreferencesRow): Promise<keyof ReminderSweepResult | undefined> {
    const now = this.clock.now();
    const zone = isTimeZone(preferences.time_zone) ? preferences.time_zone : 'UTC';
    const local = localTime(now, zone);
    if (local.minute < preferences.reminder_minute) return undefined;
    const userId = preferences.user_id;
    if (await this.repository.hasReminder(this.db, userId, local.day)) return undefined;
    const { steps, goal } = await this.walking.goalProgress(userId);
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.repository.claimReminder(trx, userId, local.day, now))) return undefined;
      if (steps >= goal) return 'reached';
      await this.sendToUser(trx, userId, {
        title: { key: 'push.reminderTitle' },
        body: { key: 'push.reminderBody', values: { steps, goal, left: goal - steps } },
        url: '/pages-sub/steps/walk',
        tag: `goal-reminder-${local.day}`,
      });
      return 'reminded';
    });
  }
}
