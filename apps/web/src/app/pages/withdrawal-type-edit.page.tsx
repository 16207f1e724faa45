import { getIdentity, listBankCards } from '@stride/contract';
import { call } from '../../lib/http';
import { useCallback } from 'react';
import { StatusTip } from '../../components/status-tip';
import { useRemote } from '../../hooks';
import { showToast } from '../../components/toast';
import { BankCardForm } from '../../features/payouts';
import { useI18n } from '../../lib/i18n';
import { PATHS, go, goBack } from '../../lib/navigation';
import type { PageProps } from '../page-props';
import '../../features/payouts/payouts.css';

/** Page input `id`: the payout method being edited; without it a new one is added. */
export default function WithdrawalTypeEditPage({ query }: PageProps) {
  const { t } = useI18n();
  const editId = query.id;
  const load = useCallback(
    async (signal: AbortSignal) => {
      const [identity, cards] = await Promise.all([
        call(getIdentity, {}, { hideErrors: true, signal }),
        editId ? call(listBankCards, { query: {} }, { hideErrors: true, signal }) : Promise.resolve([]),
      ]);
      return { identity, card: cards.find((item) => item.id === editId) };
    },
    [editId],
  );
  const { state, retry } = useRemote(load, { reloadOnShow: true });
  if (state.status === 'loading') return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  const { identity, card } = state.data;
  if (editId && !card) return <StatusTip status="empty" message={t('payouts.notFound')} />;
  if (identity.status !== 'verified') {
    return (
      <section className="card">
        <p>{t('payouts.needsRealName')}</p>
        <button type="button" className="button button--block" onClick={() => go(PATHS.realname)}>
          {t('verifyNow')}
        </button>
      </section>
    );
  }
  return (
    <BankCardForm
      key={card?.id ?? 'new'}
      realName={identity.name}
      {...(card ? { card } : {})}
      onSaved={() => {
        void showToast(t('payouts.saved'));
        goBack();
      }}
    />
  );
}
