import { cancelOrder, confirmOrder, listGoods, listGoodsOrders, listOrders } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { ShopService } from './shop.service.js';

export function registerShopRoutes(endpoints: EndpointRegistrar, deps: { shop: ShopService }): void {
  const { shop } = deps;

  endpoints.handle(listGoods, ({ query }) => shop.listGoods(query));

  endpoints.handle(confirmOrder, ({ user, body }) => shop.confirmOrder(user.id, body));

  endpoints.handle(cancelOrder, ({ user, body }) => shop.cancelOrder(user.id, body.orderId));

  endpoints.handle(listGoodsOrders, ({ user, query }) => shop.listGoodsOrders(user.id, query));

  endpoints.handle(listOrders, ({ user, query }) => shop.listOrders(user.id, query));
}
