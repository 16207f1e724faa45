import { listBankCards } from '../../features/wallet';
import type { PageProps } from '../page-props';
import { RemoteView, SimpleList } from '../remote-view';

const load = (signal: AbortSignal) => listBankCards({ hideErrors: true, signal });

/** Page input `id`: the payout method being edited. */
export default function WithdrawalTypeEditPage({ query }: PageProps) {
  return (
    <RemoteView load={load}>
      {(cards) => {
        const card = cards.find((item) => item.id === query.id);
        if (!card) return null;
        return (
          <SimpleList
            rows={[
              { key: 'bank', primary: card.bank, secondary: card.accountMasked },
              { key: 'holder', primary: card.holderName },
            ]}
          />
        );
      }}
    </RemoteView>
  );
}
