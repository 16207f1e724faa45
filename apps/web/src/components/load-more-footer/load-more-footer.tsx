import type { RefObject } from 'react';
import { useReachBottom, type PagedList } from '../../hooks';
import { useI18n } from '../../lib/i18n';
import { StatusTip } from '../status-tip';
import './load-more-footer.css';

export interface LoadMoreFooterProps<T> {
  readonly list: PagedList<T>;
  /** A scroll container; without one, the page (window) scroll. */
  readonly target?: RefObject<HTMLElement | null>;
}

/**
 * The end of a paged list: loads the next page on reaching the bottom, with a button for keyboards
 * and for lists too short to scroll, "No more" at the end, and a next page's error with retry.
 */
export function LoadMoreFooter<T>({ list, target }: LoadMoreFooterProps<T>) {
  const { t } = useI18n();
  useReachBottom(list.loadMore, { enabled: list.status === 'ready' && list.hasMore, ...(target ? { target } : {}) });
  if (list.status !== 'ready' || list.items.length === 0) return null;
  if (list.isLoadingMore) return <StatusTip status="loading" />;
  if (list.error) return <StatusTip status="error" message={list.error} onRetry={list.loadMore} />;
  if (!list.hasMore) return <StatusTip status="noMore" />;
  return (
    <div className="load-more">
      <button type="button" className="link" onClick={list.loadMore}>
        {t('list.loadMore')}
      </button>
    </div>
  );
}
