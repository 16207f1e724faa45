import type { Notification } from '@stride/contract';
import { formatTime } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';

export interface NotificationListProps {
  readonly items: readonly Notification[];
  readonly onOpen: (item: Notification) => void;
}

/** The inbox's items, newest first; unread ones are marked (a dot, bold title, and said to screen readers). */
export function NotificationList({ items, onOpen }: NotificationListProps) {
  const { t } = useI18n();
  return (
    <ul className="list notifications" aria-label={t('title.notifications')}>
      {items.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            className={item.read ? 'notification' : 'notification notification--unread'}
            data-testid="notification"
            data-kind={item.kind}
            onClick={() => onOpen(item)}
          >
            <span className="notification__head">
              {item.read ? null : (
                <span className="notification__dot" role="img" aria-label={t('notifications.unread')} />
              )}
              <span className="notification__title">{item.title}</span>
              <time className="notification__time" dateTime={item.createdAt}>
                {formatTime(item.createdAt)}
              </time>
            </span>
            {item.body ? <span className="notification__body">{item.body}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
