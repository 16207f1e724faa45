import type { PagedList } from '../../hooks';
import { StatusTip } from '../status-tip';

/** What a paged list shows in place of its first page: loading, its error with a retry, or that it is empty. */
export function ListStateTips<T>({
  list,
  emptyMessage,
}: {
  readonly list: PagedList<T>;
  readonly emptyMessage?: string;
}) {
  if (list.status === 'loading') return <StatusTip status="loading" />;
  if (list.status === 'error') return <StatusTip status="error" message={list.error ?? ''} onRetry={list.reload} />;
  if (list.status === 'ready' && list.items.length === 0) return <StatusTip status="empty" message={emptyMessage} />;
  return null;
}
