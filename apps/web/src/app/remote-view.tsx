import type { ReactNode } from 'react';
import { StatusTip } from '../components/status-tip';
import { useRemote } from './use-remote';

export interface RemoteViewProps<T> {
  /** A stable function (module level): a new one means a new load. */
  readonly load: (signal: AbortSignal) => Promise<T>;
  /** Null or an empty array shows the empty state. */
  readonly children: (data: T) => ReactNode;
}

/** The page's main read call with its loading, empty and error (retry) states. */
export function RemoteView<T>({ load, children }: RemoteViewProps<T>) {
  const { state, retry } = useRemote(load);
  if (state.status === 'loading') return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  const content = children(state.data);
  if (content === null || (Array.isArray(content) && content.length === 0)) return <StatusTip status="empty" />;
  return <>{content}</>;
}

export interface ListRow {
  readonly key: string;
  readonly primary: ReactNode;
  readonly secondary?: ReactNode;
}

export function SimpleList({ rows }: { readonly rows: readonly ListRow[] }) {
  if (rows.length === 0) return <StatusTip status="empty" />;
  return (
    <ul className="list">
      {rows.map((row) => (
        <li key={row.key} className="list__item">
          <span>{row.primary}</span>
          {row.secondary === undefined ? null : <span className="list__secondary">{row.secondary}</span>}
        </li>
      ))}
    </ul>
  );
}
