export { listGoods } from './api/list-goods';
export { listGoodsOrders } from './api/list-goods-orders';
