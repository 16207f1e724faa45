import { cancelMembershipOrder, listMembershipOrders } from '@stride/contract';
import { call } from '../../lib/http';
import type { MembershipOrder } from '@stride/contract';
import { useCallback } from 'react';
import { StatusTip } from '../../components/status-tip';
import { PaymentStatusNote, useOrderPayment } from '../../features/payments';
import { LoadMoreFooter } from '../../components/load-more-footer';
import { usePagedList, useSubmit } from '../../hooks';
import { showToast } from '../../components/toast';
import { formatMoney, formatTime } from '../../lib/format';
import { useI18n, type MessageKey } from '../../lib/i18n';
import { confirmPaymentJump } from '../feedback';
import '../../features/cards/components/cards.css';
import '../../features/wallet/wallet.css';

const STATUS_TEXT: Record<MembershipOrder['status'], MessageKey> = {
  pending: 'orders.status.pending',
  paid: 'orders.status.paid',
  cancelled: 'orders.status.cancelled',
  expired: 'orders.status.expired',
};
const STATUS_BADGE: Record<MembershipOrder['status'], string> = {
  pending: 'badge badge--warn',
  paid: 'badge badge--good',
  cancelled: 'badge badge--muted',
  expired: 'badge badge--muted',
};

async function confirmCancel(order: MembershipOrder): Promise<boolean> {
  const { dialogs } = await import('../dialogs');
  const { t } = await import('../../lib/i18n');
  return dialogs.confirm(t('orders.cancelConfirm', { name: order.planName }), t('orders.cancel'), t('orders.keep'));
}

const load = (page: number, signal: AbortSignal) =>
  call(listMembershipOrders, { query: { page } }, { hideErrors: true, signal });

/**
 * My membership (GET /api/member_card/orders): orders and their states; a pending one is paid again
 * or cancelled (its open payment closed first, decision 037 "The payment lifecycle").
 */
export default function OrderMemberPage() {
  const { t } = useI18n();
  const list = usePagedList(load);
  const payment = useOrderPayment(confirmPaymentJump);
  const { reload, update } = list;
  const cancelling = useSubmit();

  const payAgain = useCallback(
    (order: MembershipOrder) => {
      payment
        .pay(order.id)
        .then((end) => {
          if (end === 'paid') reload();
        })
        .catch(() => undefined);
    },
    [payment, reload],
  );

  const cancel = useCallback(
    async (order: MembershipOrder) => {
      if (!(await confirmCancel(order))) return;
      // The request layer shows why it was refused (paid meanwhile: 1007); the list then shows it.
      const isDone = await cancelling.run(() =>
        call(cancelMembershipOrder, { params: { id: order.id } }).then((next) =>
          update((item) => item.id === next.id, next),
        ),
      );
      if (isDone) await showToast(t('orders.cancelled'));
      else reload();
    },
    [cancelling, reload, update, t],
  );

  if (list.status === 'loading') return <StatusTip status="loading" />;
  if (list.status === 'error') return <StatusTip status="error" message={list.error ?? ''} onRetry={list.reload} />;
  if (list.items.length === 0) return <StatusTip status="empty" message={t('orders.none')} />;

  const isPolling = payment.state === 'pending' || payment.state === 'confirming';
  return (
    <>
      <ul className="plans">
        {list.items.map((order) => (
          <li key={order.id} className="card" aria-labelledby={`order-${order.id}`}>
            <div className="item-card__head">
              <h2 id={`order-${order.id}`} className="item-card__title">
                {order.planName}
              </h2>
              <span className={STATUS_BADGE[order.status]}>{t(STATUS_TEXT[order.status])}</span>
            </div>
            <dl className="plan__details item-card__rows">
              <div className="plan__row">
                <dt>{t('orders.amount')}</dt>
                <dd>{formatMoney(order.amount)}</dd>
              </div>
              <div className="plan__row">
                <dt>{t('orders.payWith')}</dt>
                <dd>{t(order.payWith === 'balance' ? 'pay.balance' : 'pay.online')}</dd>
              </div>
              <div className="plan__row">
                <dt>{t('orders.createdAt')}</dt>
                <dd>{formatTime(order.createdAt)}</dd>
              </div>
              {order.paidAt ? (
                <div className="plan__row">
                  <dt>{t('orders.paidAt')}</dt>
                  <dd>{formatTime(order.paidAt)}</dd>
                </div>
              ) : null}
              {order.status === 'pending' ? (
                <div className="plan__row">
                  <dt>{t('orders.payBefore')}</dt>
                  <dd>{formatTime(order.expiresAt)}</dd>
                </div>
              ) : null}
            </dl>
            {order.status === 'pending' ? (
              <div className="item-card__actions">
                {payment.orderId === order.id ? <PaymentStatusNote state={payment.state} /> : null}
                <button
                  type="button"
                  className="button"
                  disabled={isPolling}
                  aria-label={t('orders.payAgainNamed', { name: order.planName })}
                  onClick={() => payAgain(order)}
                >
                  {t('orders.payAgain')}
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={isPolling || cancelling.isBusy}
                  aria-label={t('orders.cancelNamed', { name: order.planName })}
                  onClick={() => void cancel(order)}
                >
                  {t('orders.cancel')}
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <LoadMoreFooter list={list} />
    </>
  );
}
