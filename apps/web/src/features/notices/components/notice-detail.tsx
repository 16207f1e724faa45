import { getNotice } from '@stride/contract';
import { call } from '../../../lib/http';
import type { NoticeSummary } from '@stride/contract';
import { useCallback } from 'react';
import { StatusTip } from '../../../components/status-tip';
import { useRemote } from '../../../hooks';
import { formatTime } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { NoticeBody } from './notice-body';
import { Overlay } from '../../../components/overlay';

/** One notice (GET /api/notice) full screen. */
export function NoticeDetail({ notice, onClose }: { readonly notice: NoticeSummary; readonly onClose: () => void }) {
  const { t } = useI18n();
  const load = useCallback(
    (signal: AbortSignal) =>
      call(getNotice, { query: { id: notice.id } }, { hideErrors: true, signal }).then((found) => found.body),
    [notice.id],
  );
  const { state: detail, retry } = useRemote(load);
  return (
    <Overlay
      title={notice.title}
      closeLabel={t('notices.close')}
      bodyClassName="notice-overlay__body"
      onClose={onClose}
    >
      <article className="card notice-article">
        <h3 className="notice-article__title">{notice.title}</h3>
        <time className="hint" dateTime={notice.publishedAt}>
          {formatTime(notice.publishedAt)}
        </time>
        {detail.status === 'loading' ? <StatusTip status="loading" /> : null}
        {detail.status === 'error' ? <StatusTip status="error" message={detail.message} onRetry={retry} /> : null}
        {detail.status === 'ready' ? <NoticeBody title={notice.title} body={detail.data} /> : null}
      </article>
    </Overlay>
  );
}
