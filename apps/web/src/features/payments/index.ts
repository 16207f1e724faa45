export { getPayment } from './api/get-payment';
