import { listNotifications, readAllNotifications, readNotification, unreadNotificationCount } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { NotificationsService } from './notifications.service.js';

export function registerNotificationRoutes(
  endpoints: EndpointRegistrar,
  deps: { notifications: NotificationsService },
): void {
  const { notifications } = deps;

  endpoints.handle(listNotifications, ({ user, query, language }) => notifications.list(user, query, language));

  endpoints.handle(unreadNotificationCount, ({ user }) => notifications.unread(user));

  endpoints.handle(readNotification, ({ user, params, language }) =>
    notifications.markRead(user.id, params.id, language),
  );

  endpoints.handle(readAllNotifications, ({ user }) => notifications.markAllRead(user));
}
