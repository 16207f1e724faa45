import type { NoticeSummary, Notification } from '@stride/contract';
import { useState } from 'react';
import { LoadMoreFooter } from '../../components/load-more-footer';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatusTip } from '../../components/status-tip';
import { usePagedList, useSubmit } from '../../hooks';
import { NoticeDetail } from '../../features/notices';
import {
  listNotifications,
  NotificationList,
  readAllNotifications,
  readNotification,
  unreadStore,
} from '../../features/notifications';
import { useI18n } from '../../lib/i18n';
import { go } from '../../lib/navigation';
import { FormError } from '../../components/form-error';

const load = (page: number, signal: AbortSignal) => listNotifications({ page }, { hideErrors: true, signal });
const keyOf = (item: Notification) => item.id;

/**
 * The notifications inbox (decision 044 "The notifications inbox"): newest first, paged; tapping an item marks it read
 * and opens its page (a notice opens over the inbox); "mark all read" clears the My tab's badge.
 */
export default function NotificationsPage() {
  const { t } = useI18n();
  const list = usePagedList(load, { keyOf });
  const markAll = useSubmit();
  const [notice, setNotice] = useState<NoticeSummary | undefined>(undefined);

  const open = (item: Notification) => {
    if (!item.read) {
      void readNotification(item.id, { hideErrors: true }).then(
        (updated) => {
          list.update((each) => each.id === item.id, updated);
          unreadStore.refresh();
        },
        () => undefined,
      );
    }
    if (item.link) go(item.link.path, item.link.query);
    else if (item.noticeId) setNotice({ id: item.noticeId, title: item.body, publishedAt: item.createdAt });
  };

  const readAll = () =>
    void markAll.run(async () => {
      await readAllNotifications({ hideErrors: true });
      for (const item of list.items) {
        if (!item.read) list.update((each) => each.id === item.id, { ...item, read: true });
      }
      unreadStore.set(0);
    });

  if (list.status === 'loading') return <StatusTip status="loading" />;
  if (list.status === 'error') return <StatusTip status="error" message={list.error ?? ''} onRetry={list.reload} />;
  if (list.items.length === 0) return <StatusTip status="empty" message={t('notifications.none')} />;
  const hasUnread = list.items.some((item) => !item.read);
  return (
    <PullToRefresh>
      <div className="notifications-actions">
        <button type="button" className="link" disabled={!hasUnread || markAll.isBusy} onClick={readAll}>
          {t('notifications.readAll')}
        </button>
      </div>
      <FormError message={markAll.error} />
      <NotificationList items={list.items} onOpen={open} />
      <LoadMoreFooter list={list} />
      {notice ? <NoticeDetail notice={notice} onClose={() => setNotice(undefined)} /> : null}
    </PullToRefresh>
  );
}
