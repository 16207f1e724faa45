import { cancelOrder } from '@stride/contract';
import { call } from '../../../lib/http';
import type { GoodsOrder, GoodsOrderStatus } from '@stride/contract';
import { useSubmit } from '../../../hooks';
import { formatNumber, formatTime } from '../../../lib/format';
import { useI18n, type MessageKey } from '../../../lib/i18n';

export const GOODS_STATUS_TEXT: Record<GoodsOrderStatus, MessageKey> = {
  to_ship: 'shop.status.to_ship',
  shipped: 'shop.status.shipped',
  completed: 'shop.status.completed',
  cancelled: 'shop.status.cancelled',
};

const BADGE: Record<GoodsOrderStatus, string> = {
  to_ship: 'badge badge--warn',
  shipped: 'badge',
  completed: 'badge badge--good',
  cancelled: 'badge badge--muted',
};

export interface GoodsOrderItemProps {
  readonly order: GoodsOrder;
  /** Asks the user; resolves true to go ahead. */
  readonly confirm: (message: string) => Promise<boolean>;
  readonly onChanged: (order: GoodsOrder) => void;
}

/** One exchanged goods order: state, shipment, where it goes, and cancel while it waits to ship. */
export function GoodsOrderItem({ order, confirm, onChanged }: GoodsOrderItemProps) {
  const { t } = useI18n();
  const cancelling = useSubmit();
  const titleId = `goods-order-${order.id}`;

  const cancel = async () => {
    const isSure = await confirm(t('shop.cancelConfirm', { points: formatNumber(order.points) }));
    if (!isSure) return;
    // The request layer shows why (it shipped meanwhile: 1007).
    await cancelling.run(() => call(cancelOrder, { body: { orderId: order.id } }).then(onChanged));
  };

  return (
    <li className="card goods-order" aria-labelledby={titleId}>
      <div className="goods-order__head">
        {order.goods.images[0] ? <img className="goods-order__image" src={order.goods.images[0]} alt="" /> : null}
        <div className="goods-order__title">
          <h3 id={titleId} className="goods-order__name">
            {order.goods.name}
          </h3>
          <span className="hint">
            {t('shop.lineSummary', { quantity: order.quantity, points: formatNumber(order.points) })}
          </span>
        </div>
        <span className={BADGE[order.status]}>{t(GOODS_STATUS_TEXT[order.status])}</span>
      </div>
      <dl className="goods-order__rows">
        <div>
          <dt>{t('shop.orderedAt')}</dt>
          <dd>{formatTime(order.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('shop.shipTo')}</dt>
          <dd>
            {order.address.name} {order.address.phone} · {order.address.region} {order.address.detail}
          </dd>
        </div>
        {order.carrier || order.trackingNumber ? (
          <div>
            <dt>{t('shop.tracking')}</dt>
            <dd data-testid="tracking">
              {order.carrier} {order.trackingNumber}
            </dd>
          </div>
        ) : null}
        {order.cancelledAt ? (
          <div>
            <dt>{t('shop.cancelledAt')}</dt>
            <dd>{formatTime(order.cancelledAt)}</dd>
          </div>
        ) : null}
      </dl>
      {order.status === 'to_ship' ? (
        <div className="goods-order__actions">
          <button
            type="button"
            className="button button--ghost"
            disabled={cancelling.isBusy}
            aria-label={t('shop.cancelNamed', { name: order.goods.name })}
            onClick={() => void cancel()}
          >
            {t('shop.cancel')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
