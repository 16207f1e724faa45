import type { OrderSummary } from '@stride/contract';
import { formatMoney, formatNumber, formatTime } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { ORDER_STATUS_TEXT } from '../order-status';

export interface OrderSummaryItemProps {
  readonly order: OrderSummary;
  /** Opens the order's own list (exchanged goods or membership). */
  readonly onOpen: (order: OrderSummary) => void;
}

/** One line of "My orders": a membership paid in money or goods paid in points. */
export function OrderSummaryItem({ order, onOpen }: OrderSummaryItemProps) {
  const { t } = useI18n();
  const price =
    order.kind === 'goods'
      ? t('orders.goodsLine', { quantity: order.quantity, points: formatNumber(order.points) })
      : formatMoney(order.amount);
  return (
    <li>
      <button type="button" className="list__row order-line" onClick={() => onOpen(order)}>
        <span className="order-line__main">
          <span className="order-line__title">{order.title}</span>
          <span className="order-line__meta">
            {t(order.kind === 'goods' ? 'orders.kind.goods' : 'orders.kind.membership')} · {formatTime(order.createdAt)}
          </span>
        </span>
        <span className="order-line__side">
          <span className="order-line__status">{t(ORDER_STATUS_TEXT[order.status])}</span>
          <span className="order-line__price">{price}</span>
        </span>
      </button>
    </li>
  );
}
