export { LoadMoreFooter, type LoadMoreFooterProps } from './load-more-footer';
