export { QUANTITY_MAX, QUANTITY_MIN, clampQuantity, maxQuantity, orderTotal } from './order-total';
export { GoodsGrid } from './components/goods-grid';
export { GoodsDetail } from './components/goods-detail';
export { OrderForm, type OrderRetryKey } from './components/order-form';
export { GOODS_STATUS_TEXT, GoodsOrderItem } from './components/goods-order-item';
