import type { ReactNode } from 'react';
import { useRemote } from '../../hooks';
import { StatusTip } from '../status-tip';

export interface RemoteViewProps<T> {
  /** A stable function (module level): a new one means a new load. */
  readonly load: (signal: AbortSignal) => Promise<T>;
  /** Null or an empty array shows the empty state. */
  readonly children: (data: T) => ReactNode;
}

/** A read call with its loading, empty and error (retry) states. */
export function RemoteView<T>({ load, children }: RemoteViewProps<T>) {
  const { state, retry } = useRemote(load);
  if (state.status === 'loading') return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  const content = children(state.data);
  if (content === null || (Array.isArray(content) && content.length === 0)) return <StatusTip status="empty" />;
  return <>{content}</>;
}
