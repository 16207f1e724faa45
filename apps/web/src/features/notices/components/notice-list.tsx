import type { NoticeSummary } from '@stride/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { StatusTip } from '../../../components/status-tip';
import { useReachBottom } from '../../../hooks';
import { describeError } from '../../../lib/http';
import { formatDate } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { listNotices } from '../api/list-notices';
import { Overlay } from '../../../components/overlay';

interface Loaded {
  readonly items: readonly NoticeSummary[];
  readonly page: number;
  readonly hasMore: boolean;
}

/** Every published notice (GET /api/notices), paged as the panel scrolls to its end. */
export function NoticeList({
  onOpen,
  onClose,
}: {
  readonly onOpen: (notice: NoticeSummary) => void;
  readonly onClose: () => void;
}) {
  const { t } = useI18n();
  const scroller = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [isLoading, setLoading] = useState(true);
  const busy = useRef(false);

  const loadPage = useCallback(
    (page: number) => {
      if (busy.current) return;
      busy.current = true;
      setLoading(true);
      setError(undefined);
      listNotices({ page }, { hideErrors: true })
        .then(
          (answer) => {
            setLoaded((previous) => ({
              items: page === 1 ? answer.items : [...(previous?.items ?? []), ...answer.items],
              page,
              hasMore: answer.hasMore,
            }));
          },
          (failure: unknown) =>
            setError(describeError(failure, { request: t('requestError'), network: t('networkError') })),
        )
        .finally(() => {
          busy.current = false;
          setLoading(false);
        });
    },
    [t],
  );

  useEffect(() => loadPage(1), [loadPage]);
  const more = () => {
    if (loaded?.hasMore) loadPage(loaded.page + 1);
  };
  useReachBottom(more, { target: scroller, enabled: Boolean(loaded?.hasMore) });
  const retry = () => loadPage(loaded ? loaded.page + 1 : 1);

  return (
    <Overlay
      title={t('home.notices')}
      closeLabel={t('notices.close')}
      bodyClassName="notice-overlay__body"
      onClose={onClose}
    >
      <div ref={scroller} className="notice-list__scroller">
        {loaded && loaded.items.length > 0 ? (
          <ul className="list" aria-label={t('home.notices')}>
            {loaded.items.map((notice) => (
              <li key={notice.id}>
                <button type="button" className="list__item list__item--button" onClick={() => onOpen(notice)}>
                  <span>{notice.title}</span>
                  <time className="list__secondary" dateTime={notice.publishedAt}>
                    {formatDate(notice.publishedAt)}
                  </time>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {loaded && loaded.items.length === 0 ? <StatusTip status="empty" message={t('notices.none')} /> : null}
        {isLoading ? <StatusTip status="loading" /> : null}
        {error ? <StatusTip status="error" message={error} onRetry={retry} /> : null}
        {loaded && loaded.items.length > 0 && !loaded.hasMore ? <StatusTip status="noMore" /> : null}
        {loaded?.hasMore && !isLoading && !error ? (
          <div className="load-more">
            <button type="button" className="link" onClick={more}>
              {t('list.loadMore')}
            </button>
          </div>
        ) : null}
      </div>
    </Overlay>
  );
}
