import type { OrderSummary } from '@stride/contract';
import type { MessageKey } from '../../lib/i18n';

export type OrderStatus = OrderSummary['status'];

/** The tabs of "My orders", in the order a purchase passes through them. */
export const ORDER_TABS: readonly (OrderStatus | '')[] = [
  '',
  'pending',
  'paid',
  'to_ship',
  'shipped',
  'completed',
  'cancelled',
  'expired',
];

export const ORDER_STATUS_TEXT: Record<OrderStatus, MessageKey> = {
  pending: 'orders.status.pending',
  paid: 'orders.status.paid',
  expired: 'orders.status.expired',
  cancelled: 'orders.status.cancelled',
  to_ship: 'shop.status.to_ship',
  shipped: 'shop.status.shipped',
  completed: 'shop.status.completed',
};
