export { LoadMoreFooter, type LoadMoreFooterProps } from './load-more-footer';
export { ListStateTips } from './list-state-tips';
