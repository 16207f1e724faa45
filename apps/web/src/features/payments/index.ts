export { useOrderPayment, type OrderPayment } from './use-order-payment';
export { PaymentStatusNote } from './payment-status-note';
