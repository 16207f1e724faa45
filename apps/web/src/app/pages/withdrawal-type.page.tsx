import { deleteBankCard, getRules, listBankCards } from '@stride/contract';
import { call } from '../../lib/http';
import type { BankCard } from '@stride/contract';
import { StatusTip } from '../../components/status-tip';
import { useErrorText, useRemote } from '../../hooks';
import { showToast } from '../../components/toast';
import { BankCardList } from '../../features/payouts';
import { t, useI18n } from '../../lib/i18n';
import { PATHS, go } from '../../lib/navigation';
import '../../features/payouts/payouts.css';

async function load(signal: AbortSignal) {
  const [cards, rules] = await Promise.all([
    call(listBankCards, { query: {} }, { hideErrors: true, signal }),
    call(getRules, {}, { hideErrors: true, signal }),
  ]);
  return { cards, maxCards: rules.bankCardsMax };
}

async function confirmDelete(card: BankCard): Promise<boolean> {
  const { confirmDanger } = await import('../dialogs');
  return confirmDanger(
    t('payouts.deleteConfirm', { bank: card.bank, masked: card.accountMasked }),
    t('payouts.delete'),
  );
}

export default function WithdrawalTypePage() {
  const { t: translate } = useI18n();
  const errorText = useErrorText();
  const { state, retry, reload } = useRemote(load, { reloadOnShow: true });
  if (state.status === 'loading') return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  return (
    <BankCardList
      cards={state.data.cards}
      maxCards={state.data.maxCards}
      onAdd={() => go(PATHS.withdrawalTypeEdit)}
      onEdit={(card) => go(PATHS.withdrawalTypeEdit, { id: card.id })}
      onDelete={(card) => {
        void confirmDelete(card).then(async (isConfirmed) => {
          if (!isConfirmed) return;
          try {
            await call(deleteBankCard, { params: { id: card.id } }, { hideErrors: true });
            void showToast(translate('payouts.deleted'));
          } catch (error) {
            void showToast(errorText(error));
          }
          reload();
        });
      }}
    />
  );
}
