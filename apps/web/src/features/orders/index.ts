export { listOrders } from './api/list-orders';
export { listCardMailings } from './api/list-card-mailings';
export { applyCardMailing } from './api/apply-card-mailing';
export { getCardMailingInfo } from './api/get-card-mailing-info';
export { ORDER_STATUS_TEXT, ORDER_TABS, type OrderStatus } from './order-status';
export { OrderSummaryItem } from './components/order-summary-item';
export { MailingApplyForm } from './components/mailing-apply-form';
export { MailingRecords } from './components/mailing-records';
