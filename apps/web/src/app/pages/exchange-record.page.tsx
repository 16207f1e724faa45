import { listExchanges } from '../../features/wallet';
import { formatMoney, formatNumber } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { RemoteView, SimpleList } from '../remote-view';

const load = (signal: AbortSignal) => listExchanges({}, { hideErrors: true, signal });

export default function ExchangeRecordPage() {
  const { t } = useI18n();
  return (
    <RemoteView load={load}>
      {(data) => (
        <SimpleList
          rows={data.items.map((record) => ({
            key: record.id,
            primary: t('page.points', { points: formatNumber(record.points) }),
            secondary: formatMoney(record.amount),
          }))}
        />
      )}
    </RemoteView>
  );
}
