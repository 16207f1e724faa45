import { listWithdrawals } from '../../features/wallet';
import { formatMoney, formatTime } from '../../lib/format';
import { RemoteView, SimpleList } from '../remote-view';

const load = (signal: AbortSignal) => listWithdrawals({}, { hideErrors: true, signal });

export default function WithdrawalDetailPage() {
  return (
    <RemoteView load={load}>
      {(data) => (
        <SimpleList
          rows={data.items.map((withdrawal) => ({
            key: withdrawal.id,
            primary: formatTime(withdrawal.createdAt),
            secondary: formatMoney(withdrawal.amount),
          }))}
        />
      )}
    </RemoteView>
  );
}
