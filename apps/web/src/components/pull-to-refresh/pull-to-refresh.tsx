import type { ReactNode } from 'react';
import { usePullToRefresh, type PullToRefreshOptions } from '../../hooks';
import { refreshShownPage } from '../../lib/data-changed';
import { useI18n, type MessageKey } from '../../lib/i18n';
import './pull-to-refresh.css';

export interface PullToRefreshProps extends Omit<PullToRefreshOptions, 'onRefresh'> {
  /**
   * What a pull does; by default every value and list of the page shown reads again, quietly, and
   * the pull waits for their answers (lib/data-changed.ts, decision 076 "Screens that stay current").
   */
  readonly onRefresh?: PullToRefreshOptions['onRefresh'];
  readonly children: ReactNode;
}

const STATUS_TEXT = {
  idle: 'pull.pull',
  pulling: 'pull.pull',
  canRelease: 'pull.release',
  refreshing: 'pull.refreshing',
} as const satisfies Record<string, MessageKey>;

/** Content that refreshes when pulled down 45 px from its top and released. */
export function PullToRefresh({ children, onRefresh = refreshShownPage, ...options }: PullToRefreshProps) {
  const { t } = useI18n();
  const { distance, status, handlers } = usePullToRefresh({ ...options, onRefresh });
  return (
    <div className="pull-to-refresh" {...handlers}>
      <div className="pull-to-refresh__head" style={{ height: distance }} aria-live="polite">
        {status === 'idle' ? null : <span className="pull-to-refresh__text">{t(STATUS_TEXT[status])}</span>}
      </div>
      {children}
    </div>
  );
}
