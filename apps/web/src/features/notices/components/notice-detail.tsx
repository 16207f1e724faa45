import type { NoticeSummary } from '@stride/contract';
import { useEffect, useState } from 'react';
import { StatusTip } from '../../../components/status-tip';
import { describeError } from '../../../lib/http';
import { formatTime } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { getNotice } from '../api/get-notice';
import { NoticeBody } from './notice-body';
import { Overlay } from '../../../components/overlay';

type Detail =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly message: string }
  | { readonly status: 'ready'; readonly body: string };

/** One notice (GET /api/notice) full screen. */
export function NoticeDetail({ notice, onClose }: { readonly notice: NoticeSummary; readonly onClose: () => void }) {
  const { t } = useI18n();
  const [attempt, setAttempt] = useState(0);
  const [detail, setDetail] = useState<Detail>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getNotice(notice.id, { hideErrors: true, signal: controller.signal }).then(
      (found) => {
        if (!controller.signal.aborted) setDetail({ status: 'ready', body: found.body });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setDetail({
          status: 'error',
          message: describeError(error, { request: t('requestError'), network: t('networkError') }),
        });
      },
    );
    return () => controller.abort();
  }, [notice.id, attempt, t]);
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
        {detail.status === 'error' ? (
          <StatusTip
            status="error"
            message={detail.message}
            onRetry={() => {
              setDetail({ status: 'loading' });
              setAttempt((value) => value + 1);
            }}
          />
        ) : null}
        {detail.status === 'ready' ? <NoticeBody title={notice.title} body={detail.body} /> : null}
      </article>
    </Overlay>
  );
}
