export { listOrders } from './api/list-orders';
export { listCardMailings } from './api/list-card-mailings';
