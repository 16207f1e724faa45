import type { ReactNode } from 'react';
import { usePullToRefresh, type PullToRefreshOptions } from '../../hooks';
import { useI18n, type MessageKey } from '../../lib/i18n';
import './pull-to-refresh.css';

export interface PullToRefreshProps extends PullToRefreshOptions {
  readonly children: ReactNode;
}

const STATUS_TEXT = {
  idle: 'pull.pull',
  pulling: 'pull.pull',
  canRelease: 'pull.release',
  refreshing: 'pull.refreshing',
} as const satisfies Record<string, MessageKey>;

/** Content that refreshes when pulled down 45 px from its top and released. */
export function PullToRefresh({ children, ...options }: PullToRefreshProps) {
  const { t } = useI18n();
  const { distance, status, handlers } = usePullToRefresh(options);
  return (
    <div className="pull-to-refresh" {...handlers}>
      <div className="pull-to-refresh__head" style={{ height: distance }} aria-live="polite">
        {status === 'idle' ? null : <span className="pull-to-refresh__text">{t(STATUS_TEXT[status])}</span>}
      </div>
      {children}
    </div>
  );
}
