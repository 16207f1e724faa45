import { cancelOrder, confirmOrder, listGoods, listGoodsOrders, listOrders } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { ShopService } from './shop.service.js';

export function registerShopRoutes(endpoints: EndpointRegistrar, deps: { shop: ShopService }): void {
  const { shop } = deps;

  endpoints.handle(listGoods, ({ query, language }) => shop.listGoods(query, language));

  endpoints.handle(confirmOrder, ({ user, body, language }) => shop.confirmOrder(user.id, body, language));

  endpoints.handle(cancelOrder, ({ user, body, language }) => shop.cancelOrder(user.id, body.orderId, language));

  endpoints.handle(listGoodsOrders, ({ user, query, language }) => shop.listGoodsOrders(user.id, query, language));

  endpoints.handle(listOrders, ({ user, query, language }) => shop.listOrders(user.id, query, language));
}
