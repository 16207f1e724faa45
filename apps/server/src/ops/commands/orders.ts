import { shippingCommands } from './shipping.js';

/** Shipping goods orders. */
export const ORDER_COMMANDS = shippingCommands({
  area: 'orders',
  idName: 'orderId',
  statuses: ['to_ship', 'shipped', 'completed', 'cancelled'],
  what: 'goods orders',
  list: async (deps, status) => (await deps.services.admin.shop.listOrdersForOperators(status)).rows,
  columns: (row) => ({ goods: row.goods.name, quantity: row.quantity, points: row.points }),
  steps: (deps) => deps.services.admin.shop.shipping,
  arrive: { command: 'complete', note: '         after delivery' },
});
