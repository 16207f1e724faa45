import { listGoodsOrders } from '@stride/contract';
import { call } from '../../lib/http';
import type { GoodsOrderStatus } from '@stride/contract';
import { useCallback, useState } from 'react';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatusTip } from '../../components/status-tip';
import { showToast } from '../../components/toast';
import { GOODS_STATUS_TEXT, GoodsOrderItem } from '../../features/shop';
import { LoadMoreFooter } from '../../components/load-more-footer';
import { usePagedList } from '../../hooks';
import { useI18n } from '../../lib/i18n';
import '../../features/shop/shop.css';

const TABS: readonly (GoodsOrderStatus | '')[] = ['', 'to_ship', 'shipped', 'completed', 'cancelled'];

async function confirmCancel(message: string): Promise<boolean> {
  const { dialogs } = await import('../dialogs');
  const { t } = await import('../../lib/i18n');
  return dialogs.confirm(message, t('shop.cancel'), t('orders.keep'));
}

/** Exchanged goods (GET /api/order/goods): state, shipment and cancel before shipping, by state. */
export default function OrderShopPage() {
  const { t } = useI18n();
  const [status, setStatus] = useState<GoodsOrderStatus | ''>('');
  const load = useCallback(
    (page: number, signal: AbortSignal) =>
      call(listGoodsOrders, { query: { page, ...(status ? { status } : {}) } }, { hideErrors: true, signal }),
    [status],
  );
  const list = usePagedList(load);
  return (
    <PullToRefresh onRefresh={list.reload}>
      <div className="status-tabs" role="tablist" aria-label={t('orders.byStatus')}>
        {TABS.map((tab) => (
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
            {tab ? t(GOODS_STATUS_TEXT[tab]) : t('shop.all')}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={status ? t(GOODS_STATUS_TEXT[status]) : t('shop.all')}>
        {list.status === 'loading' ? <StatusTip status="loading" /> : null}
        {list.status === 'error' ? <StatusTip status="error" message={list.error ?? ''} onRetry={list.reload} /> : null}
        {list.status === 'ready' && list.items.length === 0 ? (
          <StatusTip status="empty" message={t('shop.noOrders')} />
        ) : null}
        {list.status === 'ready' && list.items.length > 0 ? (
          <ul className="goods-orders">
            {list.items.map((order) => (
              <GoodsOrderItem
                key={order.id}
                order={order}
                confirm={confirmCancel}
                onChanged={(next) => {
                  list.update((item) => item.id === next.id, next);
                  void showToast(t('shop.cancelled'));
                }}
              />
            ))}
          </ul>
        ) : null}
        <LoadMoreFooter list={list} />
      </div>
    </PullToRefresh>
  );
}
