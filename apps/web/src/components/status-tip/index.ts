export { StatusTip, type StatusTipProps } from './status-tip';
