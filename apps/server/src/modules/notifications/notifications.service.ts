import { randomUUID } from 'node:crypto';
import type { APP_ROUTES, Language, Notification, NotificationKind } from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { pageResult, pageWindow } from '../../db/retry.js';
import { notFound } from '../../http/errors.js';
import { translator, type MessageKey } from '../../locales/index.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import { exportRow, type PersonalDataSection } from '../../lib/personal-data.js';
import { formatMoney } from '../../lib/money.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { NotificationRow, NotificationsRepository } from './notifications.repository.js';

/** A text that differs by language, chosen when the notification is read (plan names, a hidden club's name). */
export type Localized = Partial<Record<Language, string>> & { en: string };

/** The values each kind's text needs (decision 044 "The notifications inbox"). Amounts are in minor units. */
export interface NotificationParams {
  'identity.approved': Record<string, never>;
  'identity.rejected': { reason: string };
  'face.approved': Record<string, never>;
  'face.rejected': { reason: string };
  'withdrawal.paid': { amount: number; received: number };
  'withdrawal.rejected': { amount: number; reason: string };
  'goods-order.shipped': { orderId: string; carrier: string; trackingNumber: string };
  'card-mailing.shipped': { mailingId: string; carrier: string; trackingNumber: string };
  'card.bought': { planId: string; plan: Localized; endsOn: string };
  'card.cash-back': { planId: string; plan: Localized; amount: number; day: string };
  'card.ending': { planId: string; plan: Localized; endsOn: string };
  'invite.reward': { points: number; role: 'inviter' | 'invitee' };
  /** A held invite reward decided by a reviewer (docs/product/referral-rings.md): the points paid, or none. */
  'invite.reviewed': { points: number; role: 'inviter' | 'invitee'; outcome: 'released' | 'refused' };
  'points.waiting': { points: number; day: string };
  /** Points that expire on `day`, told `days` (30 or 7) days before (docs/product/points-expiry.md). */
  'points.expiring': { points: number; day: string; days: number };
  /**
   * A reviewed day (decision 078 "A held step day is never a dead end"): the points released to collect (or withheld)
   * and the cash back paid (or withheld).
   */
  'steps.cleared': { day: string; points: number; amount: number };
  'steps.rejected': { day: string; points: number; amount: number };
  /**
   * `provider` is one of STEP_PROVIDERS; the text names it in the reader's language (decision 086 "Connected wearable
   * accounts").
   */
  'step-connection.revoked': { provider: string; accountName: string };
  /** `name` as the app shows the other person (docs/product/friends.md). */
  'friend.requested': { name: string };
  'friend.accepted': { name: string };
  'friend.liked': { name: string; day: string };
  /** The club's name (a neutral one in every language once hidden) and the operators' reason for closing it. */
  'club.closed': { club: string | Localized; reason: string };
  /**
   * A challenge I joined (docs/product/challenges.md): its title (a neutral one in every language once hidden), and for its result how it ended for me (`outcome`:
   * `prize`, `won`, `finished`, `place` or `done`), my place (0 for none) and the points paid; `reason` is the
   * operators' when they ended it, empty when its creator called it off.
   */
  'challenge.started': { challengeId: string; challenge: string | Localized; endsOn: string };
  'challenge.halfway': { challengeId: string; challenge: string | Localized; daysLeft: number };
  'challenge.ending': { challengeId: string; challenge: string | Localized };
  'challenge.result': {
    challengeId: string;
    challenge: string | Localized;
    outcome: 'prize' | 'won' | 'finished' | 'place' | 'done';
    place: number;
    points: number;
  };
  'challenge.cancelled': { challengeId: string; challenge: string | Localized; reason: string };
  /** A new version of the earning rules (docs/product/earning-rules.md), the day it applies from, and whether worse. */
  'rules.changed': { versionId: string; effectiveOn: string; worse: boolean };
  /**
   * An appeal's decision (docs/product/appeals.md): what it was about (a day, or the kind of content reported), and
   * the reason in every language.
   */
  'appeal.decided': {
    appealId: string;
    subject: string | Localized;
    outcome: 'granted' | 'refused';
    reason: Localized;
  };
  /** A report of mine dismissed, the kind of content named in every language; the link opens its appeal. */
  'report.dismissed': { reportId: string; content: Localized };
  notice: { noticeId: string };
}

/** A page of the app (docs/product/client.md, Pages). */
type AppPath = (typeof APP_ROUTES)[number];

type Link = { path: AppPath; query?: Record<string, string> };

export interface NotificationEvent<K extends NotificationKind = NotificationKind> {
  userId: string;
  kind: K;
  params: NotificationParams[K];
  /** Names the event; the same key for the same user never makes a second row. */
  dedupeKey: string;
  link: Link | null;
  /** When it happened; the clock's now by default. */
  at?: number;
}

/**
 * Where a new notification is also pushed (decision 048 "Web Push"): the push module's `sendToUser` and
 * `nudge`, handed in by app.ts so this module imports nothing of push (which reaches it through
 * walking). Title and body are rendered in the language the user's pushes are written in.
 */
export interface NotificationPusher {
  sendToUser(
    db: Executor,
    userId: string,
    message: { title: (language: Language) => string; body: (language: Language) => string; url: string; tag: string },
  ): Promise<number>;
  nudge(): void;
  /** Which of these users have a browser to push to (a batch of events asks once, not once per user). */
  reachable?(db: Executor, userIds: readonly string[]): Promise<Set<string>>;
}

/** The page each kind opens (an APP_ROUTES path). */
const PAGE = {
  realname: '/pages-sub/realname/index',
  face: '/pages-sub/face-recognition/index',
  withdrawals: '/pages-sub/withdrawal-detail/index',
  goodsOrders: '/pages-sub/order/shop',
  mailing: '/pages-sub/physical-card-mailing/index',
  card: '/pages-sub/card/index',
  invite: '/pages/invite/index',
  home: '/pages/index/index',
  stepDay: '/pages-sub/steps/day',
  stepSources: '/pages-sub/steps/sources',
  friends: '/pages-sub/friends/index',
  clubs: '/pages-sub/clubs/index',
  challenges: '/pages-sub/challenges/index',
  rules: '/pages-sub/rules/index',
  appeals: '/pages-sub/appeals/index',
} as const satisfies Record<string, AppPath>;
export const NOTIFICATION_PAGES = PAGE;

const pickLanguage = (text: Localized, language: Language): string =>
  text[language] ?? (language.startsWith('zh') ? (text['zh-Hans'] ?? text['zh-Hant']) : undefined) ?? text.en;

/**
 * The notifications inbox (decision 044 "The notifications inbox"). `record` is the one way in: every event goes
 * through it, in the transaction of the change it tells about, once per user and dedupe key. Texts are
 * rendered when read, in the reader's language. Published notices join each user's inbox when it
 * is read (rows created then, dated when the notice was published), never a row per user at
 * publish time.
 */
export class NotificationsService {
  constructor(
    private readonly db: Db,
    private readonly repository: NotificationsRepository,
    private readonly notices: NoticesService,
    private readonly clock: Clock,
    private readonly pusher: NotificationPusher | null = null,
  ) {}

  /**
   * Writes the notification in the caller's transaction; the new row, or null when the event was
   * already told. A new row is also queued as a push to the user's browsers in the same
   * transaction (a rollback queues nothing); a notice's row is not (it joins the inbox when read,
   * decision 044 "The notifications inbox"). Call `nudge()` after the commit to send at once.
   */
  async record<K extends NotificationKind>(
    trx: Executor,
    event: NotificationEvent<K>,
  ): Promise<NotificationRow | null> {
    const link = event.link ? encodeLink(event.link) : null;
    const row = await this.repository.insertOnce(trx, {
      id: randomUUID(),
      user_id: event.userId,
      kind: event.kind,
      params: JSON.stringify(event.params),
      link,
      dedupe_key: event.dedupeKey,
      created_at: event.at ?? this.clock.now(),
      read_at: null,
    });
    if (row && this.pusher && row.kind !== 'notice') {
      await this.pusher.sendToUser(trx, row.user_id, {
        title: (language) => renderNotification(row, language).title,
        body: (language) => renderNotification(row, language).body,
        url: row.link ?? NOTIFICATION_PAGES.home,
        tag: `notification-${row.id}`,
      });
    }
    return row;
  }

  /**
   * Writes many events as `record` writes each, with one statement for the rows (a large challenge's participants,
   * told in chunks); pushes go to those of them with a browser to push to. Answers how many rows were new.
   */
  async recordMany<K extends NotificationKind>(
    trx: Executor,
    events: readonly NotificationEvent<K>[],
  ): Promise<number> {
    const rows = await this.repository.insertManyOnce(
      trx,
      events.map((event) => ({
        id: randomUUID(),
        user_id: event.userId,
        kind: event.kind,
        params: JSON.stringify(event.params),
        link: event.link ? encodeLink(event.link) : null,
        dedupe_key: event.dedupeKey,
        created_at: event.at ?? this.clock.now(),
        read_at: null,
      })),
    );
    const pusher = this.pusher;
    if (pusher) {
      const reachable = pusher.reachable
        ? await pusher.reachable(
            trx,
            rows.map((row) => row.user_id),
          )
        : new Set(rows.map((row) => row.user_id));
      for (const row of rows) {
        if (row.kind === 'notice' || !reachable.has(row.user_id)) continue;
        await pusher.sendToUser(trx, row.user_id, {
          title: (language) => renderNotification(row, language).title,
          body: (language) => renderNotification(row, language).body,
          url: row.link ?? NOTIFICATION_PAGES.home,
          tag: `notification-${row.id}`,
        });
      }
    }
    return rows.length;
  }

  /** Starts delivery of pushes queued by `record` once their transaction committed. */
  nudge(): void {
    this.pusher?.nudge();
  }

  async list(user: { id: string; createdAt: number }, page: { page: number; pageSize: number }, language: Language) {
    await this.joinNotices(user);
    const { rows, total } = await this.repository.list(this.db, user.id, pageWindow(page));
    const titles = await this.notices.titles(
      rows.filter((row) => row.kind === 'notice').map((row) => parse<'notice'>(row).noticeId),
      language,
    );
    return pageResult(
      rows.map((row) => toNotification(row, language, titles)),
      page,
      total,
    );
  }

  async unread(user: { id: string; createdAt: number }): Promise<{ unread: number }> {
    await this.joinNotices(user);
    return { unread: await this.repository.countUnread(this.db, user.id) };
  }

  async markRead(userId: string, id: string, language: Language): Promise<Notification> {
    if (!(await this.repository.markRead(this.db, userId, id, this.clock.now()))) throw notFound();
    const row = await this.repository.find(this.db, id);
    if (!row) throw notFound();
    const titles =
      row.kind === 'notice' ? await this.notices.titles([parse<'notice'>(row).noticeId], language) : new Map();
    return toNotification(row, language, titles);
  }

  async markAllRead(user: { id: string; createdAt: number }): Promise<{ marked: number }> {
    await this.joinNotices(user);
    return { marked: await this.repository.markAllRead(this.db, user.id, this.clock.now()) };
  }

  /**
   * The user's notifications in the export (decision 047 "Your data"), each with its title and body in English
   * as well as the values they were written from; erased with the account.
   */
  personalData(): PersonalDataSection {
    return {
      name: 'notifications',
      exportFor: async (userId) => {
        const rows = await this.repository.listOfUser(this.db, userId);
        const titles = await this.notices.titles(
          rows.filter((row) => row.kind === 'notice').map((row) => parse<'notice'>(row).noticeId),
          'en',
        );
        return rows.map((row) =>
          exportRow({
            id: row.id,
            kind: row.kind,
            ...renderNotification(row, 'en', titles),
            params: JSON.parse(row.params) as unknown,
            link: row.link,
            created_at: row.created_at,
            read_at: row.read_at,
          }),
        );
      },
      erase: async (trx, { userId }) => {
        await this.repository.deleteOfUser(trx, userId);
      },
    };
  }

  /**
   * Notices published since the account was created become the user's rows (dated when
   * published, deduped by the notice's id); rows of notices no longer published go.
   */
  private async joinNotices(user: { id: string; createdAt: number }): Promise<void> {
    const published = await this.notices.publishedSince(user.createdAt);
    const have = await this.repository.keysOfKind(this.db, user.id, 'notice');
    const wanted = new Set(published.map((notice) => noticeKey(notice.id)));
    for (const notice of published) {
      if (have.has(noticeKey(notice.id))) continue;
      await this.record(this.db, {
        userId: user.id,
        kind: 'notice',
        params: { noticeId: notice.id },
        dedupeKey: noticeKey(notice.id),
        link: null,
        at: notice.publishedAt,
      });
    }
    await this.repository.deleteKeys(
      this.db,
      user.id,
      [...have].filter((key) => !wanted.has(key)),
    );
  }
}

const noticeKey = (noticeId: string) => `notice:${noticeId}`;

function encodeLink(link: Link): string {
  const query = new URLSearchParams(link.query ?? {}).toString();
  return query ? `${link.path}?${query}` : link.path;
}

function decodeLink(link: string | null): Notification['link'] {
  if (!link) return null;
  const [path = '', search = ''] = link.split('?');
  return { path: path as AppPath, query: Object.fromEntries(new URLSearchParams(search)) };
}

function parse<K extends NotificationKind>(row: NotificationRow): NotificationParams[K] {
  return JSON.parse(row.params) as NotificationParams[K];
}

/** Title and body of a row in `language`, from the server's messages (decision 044 "The notifications inbox"). */
export function renderNotification(
  row: Pick<NotificationRow, 'kind' | 'params'>,
  language: Language,
  noticeTitles: ReadonlyMap<string, string> = new Map(),
): { title: string; body: string } {
  const t = translator(language);
  const kind = row.kind as NotificationKind;
  const params = JSON.parse(row.params) as Record<string, unknown>;
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') values[key] = value;
    else if (value && typeof value === 'object' && 'en' in value)
      values[key] = pickLanguage(value as Localized, language);
  }
  for (const key of ['amount', 'received'] as const) {
    if (typeof params[key] === 'number') values[key] = formatMoney(params[key]);
  }
  if (kind === 'notice') values.title = noticeTitles.get(String(params.noticeId)) ?? '';
  if (kind === 'step-connection.revoked') values.provider = t(`stepProvider.${String(params.provider)}` as MessageKey);
  const base =
    kind === 'invite.reward' || kind === 'invite.reviewed'
      ? `notification.${kind}.${String(params.role)}`
      : `notification.${kind}`;
  // A reviewed day without cash back says nothing of cash back (decision 078 "A held step day is never a dead end").
  const body =
    (kind === 'steps.cleared' || kind === 'steps.rejected') && params.amount === 0
      ? 'bodyPointsOnly'
      : kind === 'challenge.result' || kind === 'appeal.decided' || kind === 'invite.reviewed'
        ? `body.${String(params.outcome)}`
        : kind === 'challenge.cancelled' && params.reason === ''
          ? 'bodyByCreator'
          : kind === 'rules.changed' && params.worse === true
            ? 'bodyWorse'
            : 'body';
  return {
    title: t(`${base}.title` as MessageKey, values),
    body: t(`${base}.${body}` as MessageKey, values),
  };
}

function toNotification(
  row: NotificationRow,
  language: Language,
  noticeTitles: ReadonlyMap<string, string>,
): Notification {
  const { title, body } = renderNotification(row, language, noticeTitles);
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title,
    body,
    link: decodeLink(row.link),
    noticeId: row.kind === 'notice' ? parse<'notice'>(row).noticeId : null,
    createdAt: isoTime(row.created_at),
    read: row.read_at !== null,
  };
}
