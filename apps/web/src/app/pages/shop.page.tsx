import { listGoods } from '../../features/shop';
import { formatNumber } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { RemoteView, SimpleList } from '../remote-view';

const load = (signal: AbortSignal) => listGoods({}, { hideErrors: true, signal });

export default function ShopPage() {
  const { t } = useI18n();
  return (
    <RemoteView load={load}>
      {(data) => (
        <SimpleList
          rows={data.items.map((goods) => ({
            key: goods.id,
            primary: goods.name,
            secondary: t('page.points', { points: formatNumber(goods.points) }),
          }))}
        />
      )}
    </RemoteView>
  );
}
