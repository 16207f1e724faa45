import { isoTime } from '../../lib/clock.js';
import {
  oneOf,
  print,
  requireId,
  requireOperator,
  requireYes,
  shipCommand,
  shipmentColumns,
  type Command,
} from '../command.js';

const GOODS_ORDER_STATUSES = ['to_ship', 'shipped', 'completed', 'cancelled'] as const;

/** Shipping goods orders. */
export const ORDER_COMMANDS: Command[] = [
  {
    name: 'orders list',
    usage: ['  orders list [--status to_ship|shipped|completed|cancelled]   goods orders (default: to_ship)'],
    run: async ({ deps, values }) => {
      const status = oneOf(values.status, GOODS_ORDER_STATUSES, 'to_ship');
      const { rows } = await deps.services.admin.shop.listOrdersForOperators(status);
      print(
        deps,
        values,
        rows.map((row) => ({
          id: row.id,
          userId: row.user_id,
          goods: row.goods.name,
          quantity: row.quantity,
          points: row.points,
          status: row.status,
          ...shipmentColumns(row),
          createdAt: isoTime(row.created_at),
        })),
      );
    },
  },
  shipCommand('orders', 'orderId', (deps, operator, id, shipment) =>
    deps.services.admin.shop.shipOrder(operator, id, shipment),
  ),
  {
    name: 'orders complete',
    usage: ['  orders complete <orderId> --operator NAME --yes         after delivery'],
    run: async ({ deps, values, positionals }) => {
      const id = requireId(positionals, 'orderId');
      const operator = requireOperator(values);
      requireYes(values, `mark ${id} completed`);
      await deps.services.admin.shop.completeOrder(operator, id);
      deps.out(`${id}: completed by ${operator}`);
    },
  },
];
