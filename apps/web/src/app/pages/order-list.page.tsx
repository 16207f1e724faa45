import { listOrders } from '@stride/contract';
import { call } from '../../lib/http';
import type { OrderSummary } from '@stride/contract';
import { useCallback, useState } from 'react';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatusTabs } from '../../components/status-tabs';
import { ORDER_STATUS_TEXT, ORDER_TABS, OrderSummaryItem, type OrderStatus } from '../../features/orders';
import { ListStateTips, LoadMoreFooter } from '../../components/load-more-footer';
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
      <StatusTabs label={t('orders.byStatus')} tabs={ORDER_TABS} value={status} onChange={setStatus} tabLabel={label} />
      <div role="tabpanel" aria-label={label(status)}>
        <ListStateTips list={list} emptyMessage={t('orders.noneAtAll')} />
        {list.status === 'ready' && list.items.length > 0 ? (
          <ul className="list order-lines" aria-label={t('title.orderList')}>
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
