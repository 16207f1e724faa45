import { listBankCards } from '../../features/wallet';
import { RemoteView, SimpleList } from '../remote-view';

const load = (signal: AbortSignal) => listBankCards({ hideErrors: true, signal });

export default function WithdrawalTypePage() {
  return (
    <RemoteView load={load}>
      {(data) => (
        <SimpleList rows={data.map((card) => ({ key: card.id, primary: card.bank, secondary: card.accountMasked }))} />
      )}
    </RemoteView>
  );
}
