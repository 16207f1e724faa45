export { createPayment } from './api/create-payment';
export { getPayment } from './api/get-payment';
export { useOrderPayment, type OrderPayment } from './use-order-payment';
export { PaymentStatusNote } from './payment-status-note';
