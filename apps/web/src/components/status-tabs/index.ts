export { StatusTabs, type StatusTabsProps } from './status-tabs';
