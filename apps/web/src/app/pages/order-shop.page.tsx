import { listGoodsOrders } from '../../features/shop';
import { formatNumber } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { RemoteView, SimpleList } from '../remote-view';

const load = (signal: AbortSignal) => listGoodsOrders({}, { hideErrors: true, signal });

export default function OrderShopPage() {
  const { t } = useI18n();
  return (
    <RemoteView load={load}>
      {(data) => (
        <SimpleList
          rows={data.items.map((order) => ({
            key: order.id,
            primary: order.goods.name,
            secondary: t('page.points', { points: formatNumber(order.points) }),
          }))}
        />
      )}
    </RemoteView>
  );
}
