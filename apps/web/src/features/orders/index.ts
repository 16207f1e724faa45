export { ORDER_STATUS_TEXT, ORDER_TABS, type OrderStatus } from './order-status';
export { OrderSummaryItem } from './components/order-summary-item';
