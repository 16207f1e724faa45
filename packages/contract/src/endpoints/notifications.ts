import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { APP_ROUTES, IdParamsSchema, IdSchema, pageOf, PageQuerySchema, TimestampSchema } from '../common.js';

/** What a notification tells about (docs/product/rules.md, Notifications; decision 044 "The notifications inbox"). */
export const NOTIFICATION_KINDS = [
  'identity.approved',
  'identity.rejected',
  'face.approved',
  'face.rejected',
  'withdrawal.paid',
  'withdrawal.rejected',
  'goods-order.shipped',
  'card-mailing.shipped',
  'card.bought',
  'card.cash-back',
  'card.ending',
  'invite.reward',
  /** A held invite reward a reviewer released or refused (docs/product/referral-rings.md). */
  'invite.reviewed',
  'points.waiting',
  /** Points that expire on a day, told 30 and 7 days before (docs/product/points-expiry.md). */
  'points.expiring',
  'steps.cleared',
  'steps.rejected',
  /**
   * A connected wearable account the provider no longer lets Stride read (decision 086 "Connected wearable accounts").
   */
  'step-connection.revoked',
  /** Friends (docs/product/friends.md): a request to me, my request accepted, a like of my steps. */
  'friend.requested',
  'friend.accepted',
  'friend.liked',
  /** A club I belong to closed by the operators, with their reason (docs/product/clubs.md). */
  'club.closed',
  /**
   * Challenges I joined (docs/product/challenges.md): it started, it is half over, it ends today, its result, and
   * it was called off (with the reason).
   */
  'challenge.started',
  'challenge.halfway',
  'challenge.ending',
  'challenge.result',
  'challenge.cancelled',
  /** A new version of the earning rules, and the day it applies from (docs/product/earning-rules.md). */
  'rules.changed',
  /** An appeal's decision, with its reason (docs/product/appeals.md). */
  'appeal.decided',
  /** A report of mine that a reviewer dismissed: it can be appealed (docs/product/appeals.md). */
  'report.dismissed',
  'notice',
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);

/**
 * One notification, its title and body in the reader's language (rendered when read). `link` is the
 * app page it opens, with its query; a published notice has none and carries `noticeId` instead.
 */
export const NotificationSchema = z.object({
  id: IdSchema,
  kind: NotificationKindSchema,
  title: z.string(),
  body: z.string(),
  link: z.object({ path: z.enum(APP_ROUTES), query: z.record(z.string(), z.string()) }).nullable(),
  noticeId: IdSchema.nullable(),
  createdAt: TimestampSchema,
  read: z.boolean(),
});

export const listNotifications = defineEndpoint({
  id: 'notification.list',
  method: 'GET',
  path: '/api/notifications',
  access: 'user',
  summary: "The caller's notifications, newest first, published notices among them.",
  query: PageQuerySchema,
  response: pageOf(NotificationSchema),
});

export const unreadNotificationCount = defineEndpoint({
  id: 'notification.unread',
  method: 'GET',
  path: '/api/notifications/unread',
  access: 'user',
  summary: "How many of the caller's notifications are unread (the My tab's badge).",
  response: z.object({ unread: z.number().int().min(0) }),
});

export const readNotification = defineEndpoint({
  id: 'notification.read',
  method: 'POST',
  path: '/api/notifications/{id}/read',
  access: 'user',
  summary: "Marks one of the caller's notifications read (again: no change). Another user's id is not found.",
  params: IdParamsSchema,
  response: NotificationSchema,
});

export const readAllNotifications = defineEndpoint({
  id: 'notification.read-all',
  method: 'POST',
  path: '/api/notifications/read-all',
  access: 'user',
  summary: "Marks every one of the caller's notifications read; answers how many changed.",
  response: z.object({ marked: z.number().int().min(0) }),
});

export type NotificationKind = z.output<typeof NotificationKindSchema>;
export type Notification = z.output<typeof NotificationSchema>;
