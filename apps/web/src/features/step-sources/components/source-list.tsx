import type { ReactNode } from 'react';
import { StatusTip } from '../../../components/status-tip';
import type { RemoteValue } from '../../../hooks';

export interface SourceListProps<T> {
  /** The section's own read call, which its actions refresh. */
  readonly remote: Pick<RemoteValue<T[]>, 'state' | 'retry'>;
  readonly label: string;
  readonly emptyText: string;
  /** One `<li>` per item. */
  readonly children: (item: T) => ReactNode;
}

/** A step-sources section's list (tokens, past imports): loading, error with retry, empty, or rows. */
export function SourceList<T>({ remote, label, emptyText, children }: SourceListProps<T>) {
  const { state, retry } = remote;
  if (state.status === 'loading') return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  if (state.data.length === 0) return <p className="hint step-sources__empty">{emptyText}</p>;
  return (
    <ul className="step-sources__list" aria-label={label}>
      {state.data.map(children)}
    </ul>
  );
}
