import './notifications.css';

export {
  listNotifications,
  readAllNotifications,
  readNotification,
  unreadNotificationCount,
} from './api/notifications';
export { createUnreadStore, unreadStore, type UnreadStore } from './unread-store';
export { useUnreadCount } from './use-unread-count';
export { NotificationList } from './components/notification-list';
export { badgeText } from './badge-text';
