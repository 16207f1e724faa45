import { useState } from 'react';
import { getHome, getRules, getWithdrawalRules, listBankCards } from '@stride/contract';
import { call } from '../../lib/http';
import type { Withdrawal } from '@stride/contract';
import { StatusTip } from '../../components/status-tip';
import { useRemote } from '../../hooks';
import { WithdrawalForm } from '../../features/payouts';
import { usePaymentPassword } from '../../features/payment-password';
import { formatMoney } from '../../lib/format';
import { t, useI18n } from '../../lib/i18n';
import { PATHS, go } from '../../lib/navigation';
import '../../features/payouts/payouts.css';
import { CardSection } from '../../components/card-section';

async function load(signal: AbortSignal) {
  const [rules, cards, home, limits] = await Promise.all([
    call(getWithdrawalRules, {}, { hideErrors: true, signal }),
    call(listBankCards, { query: {} }, { hideErrors: true, signal }),
    call(getHome, {}, { hideErrors: true, signal }),
    call(getRules, {}, { hideErrors: true, signal }),
  ]);
  return { rules, cards, balance: home.balance, maxCards: limits.bankCardsMax };
}

async function offerFaceCheck(message: string): Promise<void> {
  const { dialogs } = await import('../dialogs');
  if (await dialogs.confirm(message, t('withdraw.goFace'))) go(PATHS.faceRecognition);
}

export default function WithdrawalPage() {
  const { t: translate } = useI18n();
  const { state, retry, reload } = useRemote(load, { reloadOnShow: true });
  const [done, setDone] = useState<Withdrawal | undefined>(undefined);
  const paymentPassword = usePaymentPassword();
  if (state.status === 'loading') return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  const { rules, cards, balance, maxCards } = state.data;
  return (
    <>
      {done ? (
        <section className="card payouts-done" role="status">
          <p className="payouts-title">{translate('withdraw.done', { amount: formatMoney(done.amount) })}</p>
          <p className="hint">
            {translate('withdraw.doneHint', { received: formatMoney(done.received), fee: formatMoney(done.fee) })}
          </p>
          <p className="hint">{translate('withdraw.arrival', { days: rules.arrivalBusinessDays })}</p>
        </section>
      ) : null}
      {!rules.faceVerified ? (
        // Known on arrival: the face check comes first, before any amount or confirmation.
        <CardSection
          titleId="withdraw-face-first"
          title={translate('withdraw.faceFirstTitle')}
          titleClassName="payouts-title"
          className="payouts-face"
        >
          <p className="hint">{translate('withdraw.faceNeeded')}</p>
          <p className="hint">{translate('withdraw.faceHow')}</p>
          <button type="button" className="button button--block" onClick={() => go(PATHS.faceRecognition)}>
            {translate('withdraw.goFace')}
          </button>
        </CardSection>
      ) : (
        <WithdrawalForm
          rules={rules}
          cards={cards}
          maxCards={maxCards}
          balance={balance}
          onSuccess={(withdrawal) => {
            setDone(withdrawal);
            reload();
          }}
          onFaceCheckRequired={(message) => void offerFaceCheck(message)}
          onAddCard={() => go(PATHS.withdrawalTypeEdit)}
          askPaymentPassword={paymentPassword.ask}
          // The done note above says when the money arrives: said once.
          showsArrival={!done}
        />
      )}
      <div className="payouts-links">
        <button type="button" className="link" onClick={() => go(PATHS.withdrawalDetail)}>
          {translate('title.withdrawalDetail')}
        </button>
        <button type="button" className="link" onClick={() => go(PATHS.withdrawalType)}>
          {translate('title.withdrawalType')}
        </button>
      </div>
      {paymentPassword.sheet}
    </>
  );
}
