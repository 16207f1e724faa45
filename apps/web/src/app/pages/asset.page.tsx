import { listMoneyStatement } from '../../features/wallet';
import { formatMoney, formatTime } from '../../lib/format';
import { RemoteView, SimpleList } from '../remote-view';

const load = (signal: AbortSignal) => listMoneyStatement({}, { hideErrors: true, signal });

export default function AssetPage() {
  return (
    <RemoteView load={load}>
      {(data) => (
        <SimpleList
          rows={data.items.map((movement) => ({
            key: movement.id,
            primary: formatTime(movement.createdAt),
            secondary: formatMoney(movement.amount),
          }))}
        />
      )}
    </RemoteView>
  );
}
