import { listOrders } from '@stride/contract';
import { call } from '../../lib/http';
import type { OrderSummary } from '@stride/contract';
import { useCallback, useState } from 'react';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatusTip } from '../../components/status-tip';
import { ORDER_STATUS_TEXT, ORDER_TABS, OrderSummaryItem, type OrderStatus } from '../../features/orders';
import { LoadMoreFooter } from '../../components/load-more-footer';
import { usePagedList } from '../../hooks';
import { useI18n } from '../../lib/i18n';
import { PATHS, go } from '../../lib/navigation';
import '../../features/orders/orders.css';
import '../../features/shop/shop.css';

const open = (order: OrderSummary) => go(order.kind === 'goods' ? PATHS.orderShop : PATHS.orderMember);

/** My orders (GET /api/order): membership and goods together, with a tab per state. */
export default function OrderListPage() {
  const { t } = useI18n();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const load = useCallback(
    (page: number, signal: AbortSignal) =>
      call(listOrders, { query: { page, ...(status ? { status } : {}) } }, { hideErrors: true, signal }),
    [status],
  );
  const list = usePagedList(load);
  const label = (tab: OrderStatus | '') => (tab ? t(ORDER_STATUS_TEXT[tab]) : t('shop.all'));
  return (
    <PullToRefresh onRefresh={list.reload}>
      <div className="status-tabs" role="tablist" aria-label={t('orders.byStatus')}>
        {ORDER_TABS.map((tab) => (
          <button
            key={tab || 'all'}
            type="button"
            role="tab"
            className="status-tabs__item"
            aria-selected={status === tab}
            onClick={(event) => {
              setStatus(tab);
              // A tab cut at the window's edge comes wholly into view (docs/product/client.md, Layout and formatting).
              event.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
            }}
          >
            {label(tab)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={label(status)}>
        {list.status === 'loading' ? <StatusTip status="loading" /> : null}
        {list.status === 'error' ? <StatusTip status="error" message={list.error ?? ''} onRetry={list.reload} /> : null}
        {list.status === 'ready' && list.items.length === 0 ? (
          <StatusTip status="empty" message={t('orders.noneAtAll')} />
        ) : null}
        {list.status === 'ready' && list.items.length > 0 ? (
          <ul className="order-lines" aria-label={t('title.orderList')}>
            {list.items.map((order) => (
              <OrderSummaryItem key={`${order.kind}-${order.id}`} order={order} onOpen={open} />
            ))}
          </ul>
        ) : null}
        <LoadMoreFooter list={list} />
      </div>
    </PullToRefresh>
  );
}
