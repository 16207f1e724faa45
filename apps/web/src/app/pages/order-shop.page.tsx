import { listGoodsOrders } from '@stride/contract';
import { call } from '../../lib/http';
import type { GoodsOrderStatus } from '@stride/contract';
import { useCallback, useState } from 'react';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatusTabs } from '../../components/status-tabs';
import { showToast } from '../../components/toast';
import { GOODS_STATUS_TEXT, GoodsOrderItem } from '../../features/shop';
import { ListStateTips, LoadMoreFooter } from '../../components/load-more-footer';
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
  const label = (tab: GoodsOrderStatus | '') => (tab ? t(GOODS_STATUS_TEXT[tab]) : t('shop.all'));
  return (
    <PullToRefresh onRefresh={list.reload}>
      <StatusTabs label={t('orders.byStatus')} tabs={TABS} value={status} onChange={setStatus} tabLabel={label} />
      <div role="tabpanel" aria-label={label(status)}>
        <ListStateTips list={list} emptyMessage={t('shop.noOrders')} />
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
