export { PageActivityContext, usePageActive } from './page-activity';
export { PageTitleContext, usePageTitle } from './page-title';
export { LONG_PRESS_MS, LONG_PRESS_TOLERANCE_PX, useLongPress, type LongPressHandlers } from './use-long-press';
export { usePaymentPolling, type PaymentPolling, type PaymentPollingState } from './use-payment-polling';
export {
  PULL_THRESHOLD_PX,
  pullDistance,
  usePullToRefresh,
  type PullStatus,
  type PullToRefreshOptions,
  type PullToRefreshState,
} from './use-pull-to-refresh';
export {
  REACH_BOTTOM_DISTANCE_PX,
  REACH_BOTTOM_REARM_MS,
  useReachBottom,
  type ReachBottomOptions,
} from './use-reach-bottom';
export { useHistoryLayer } from './use-history-layer';
export { useKeyDown } from './use-key-down';
export { useImageSource } from './use-object-url';
export { useErrorText } from './use-error-text';
export { useRemote, type LoadStatus, type Remote, type RemoteOptions, type RemoteValue } from './use-remote';
export { usePagedList, type Page, type PagedList, type PagedListOptions } from './use-paged-list';
export { useSubmit, type Submit, type SubmitOptions } from './use-submit';
