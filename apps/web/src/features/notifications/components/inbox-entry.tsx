import { useI18n } from '../../../lib/i18n';
import { badgeText } from '../badge-text';
import { useUnreadCount } from '../use-unread-count';

/** My's entry to the inbox: one list item with the unread count. */
export function InboxEntry({ onOpen }: { readonly onOpen: () => void }) {
  const { t } = useI18n();
  const unread = useUnreadCount();
  return (
    <ul className="list">
      <li>
        <button type="button" className="list__item list__item--button" data-testid="inbox-entry" onClick={onOpen}>
          <span>{t('title.notifications')}</span>
          {unread > 0 ? (
            <>
              <span className="notification-count" aria-hidden="true">
                {badgeText(unread)}
              </span>
              <span className="sr-only">{t('notifications.unreadCount', { count: unread })}</span>
            </>
          ) : null}
        </button>
      </li>
    </ul>
  );
}
