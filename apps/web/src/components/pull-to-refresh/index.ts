export { PullToRefresh, type PullToRefreshProps } from './pull-to-refresh';
