import { buyCard, getHome, listCardPlans, listMyCards } from '@stride/contract';
import type { CardPlan, MembershipOrder, MyCard } from '@stride/contract';
import { useState } from 'react';
import { useSubmit } from '../../hooks';
import { PaymentSelector, canPayWithBalance, type PaymentMethod } from '../../components/payment-selector';
import { PlanRows, PlanValue, holdsPlan, termCashBack } from '../../features/cards';
import { PaymentStatusNote, useOrderPayment } from '../../features/payments';
import { createRetryKey, call } from '../../lib/http';
import { formatMoney, formatNumber } from '../../lib/format';
import { t, useI18n } from '../../lib/i18n';
import { PATHS, go } from '../../lib/navigation';
import { confirmPaymentJump } from '../feedback';
import { RemoteView } from '../../components/remote-view';
import { StatusTip } from '../../components/status-tip';
import '../../features/cards/components/cards.css';

const load = (signal: AbortSignal) =>
  Promise.all([
    call(listCardPlans, {}, { hideErrors: true, signal }),
    call(getHome, {}, { hideErrors: true, signal }),
    call(listMyCards, {}, { hideErrors: true, signal }),
  ]).then(([plans, home, cards]) => ({ plans, balance: home.balance, cards }));

const goToWallet = () => go(PATHS.card);

/**
 * Paying from the balance spends at once: it says what, how much and what is left first (decision 041 "Flows that ask
 * first and say what happened").
 */
async function confirmBalancePayment(plan: CardPlan, balance: number): Promise<boolean> {
  const { dialogs } = await import('../dialogs');
  const amount = formatMoney(plan.price);
  return dialogs.confirm(
    t('pay.balanceConfirm', { amount, name: plan.name, left: formatMoney(balance - plan.price) }),
    t('pay.submit', { amount }),
  );
}

function PlanDetails({ plan }: { readonly plan: CardPlan }) {
  const { t } = useI18n();
  const rows: [string, string][] = [
    [t('cards.term'), t('cards.days', { days: plan.days })],
    [t('cards.dailyTarget'), t('cards.steps', { steps: formatNumber(plan.dailyTarget) })],
    [t('cards.dailyCashBack'), formatMoney(plan.dailyCashBack)],
    [
      t('cards.cashBackTerm'),
      t('cards.cashBackTermValue', {
        total: formatMoney(termCashBack(plan)),
        daily: formatMoney(plan.dailyCashBack),
        days: plan.days,
      }),
    ],
    [t('cards.multiplier'), `×${plan.pointsMultiplier}`],
    [t('cards.insurance'), formatMoney(plan.insuranceCoverage)],
  ];
  return <PlanRows rows={rows} />;
}

function Purchase({
  plan,
  balance,
  onBalance,
}: {
  plan: CardPlan;
  balance: number;
  onBalance: (next: number) => void;
}) {
  const { t } = useI18n();
  const [method, setMethod] = useState<PaymentMethod>(canPayWithBalance(balance, plan.price) ? 'balance' : 'online');
  const [buyKey] = useState(createRetryKey);
  const { isBusy, run } = useSubmit();
  const [pending, setPending] = useState<MembershipOrder | undefined>(undefined);
  const [isBought, setBought] = useState(false);
  const payment = useOrderPayment(confirmPaymentJump);
  const isPaid = isBought || payment.state === 'paid';

  const buy = () =>
    run(async () => {
      if (pending) {
        await payment.pay(pending.id);
        return;
      }
      if (method === 'balance' && !(await confirmBalancePayment(plan, balance))) return;
      // Errors (1002 real name, 1012 balance) show through the request layer's dialogs.
      const order = await buyKey.run((idempotencyKey) =>
        call(buyCard, { body: { planId: plan.id, payWith: method, idempotencyKey } }),
      );
      if (order.status === 'paid') {
        setBought(true);
        onBalance(balance - order.amount);
        return;
      }
      setPending(order);
      await payment.pay(order.id);
    });

  if (isPaid) {
    return (
      <div className="plan__purchase">
        <p className="payment-note" role="status">
          {t('cards.boughtDetail', { name: plan.name })}
        </p>
        <button type="button" className="button button--block" onClick={goToWallet}>
          {t('cards.toWallet')}
        </button>
      </div>
    );
  }

  const isPolling = payment.state === 'pending' || payment.state === 'confirming';
  return (
    <div className="plan__purchase">
      {pending ? null : <PaymentSelector value={method} onChange={setMethod} balance={balance} amount={plan.price} />}
      <PaymentStatusNote state={payment.state} />
      <button type="button" className="button button--block" disabled={isBusy || isPolling} onClick={() => void buy()}>
        {pending ? t('orders.payAgain') : t('pay.submit', { amount: formatMoney(plan.price) })}
      </button>
    </div>
  );
}

function Plans({
  plans,
  cards,
  initialBalance,
}: {
  plans: readonly CardPlan[];
  cards: readonly MyCard[];
  initialBalance: number;
}) {
  const { t } = useI18n();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [balance, setBalance] = useState(initialBalance);
  return (
    <ul className="plans">
      {plans.map((plan) => (
        <li key={plan.id} className="card plan">
          <div className="plan__head">
            <h2 className="plan__name">{plan.name}</h2>
            {holdsPlan(plan, cards) ? <span className="badge badge--good">{t('cards.held')}</span> : null}
            <span className="plan__price">{formatMoney(plan.price)}</span>
          </div>
          <PlanDetails plan={plan} />
          <PlanValue plan={plan} />
          {chosen === plan.id ? (
            <Purchase plan={plan} balance={balance} onBalance={setBalance} />
          ) : (
            <button
              type="button"
              className="button button--block"
              aria-label={t('cards.buyNamed', { name: plan.name })}
              onClick={() => setChosen(plan.id)}
            >
              {t('cards.buy')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The card plans (GET /api/member_card) and buying one, by balance or online. */
export default function InvestPage() {
  const { t } = useI18n();
  return (
    <RemoteView load={load}>
      {(data) =>
        data.plans.length === 0 ? (
          // A server with no plans configured (production starts with none) says so plainly.
          <StatusTip status="empty" message={t('plans.none')} />
        ) : (
          <Plans plans={data.plans} cards={data.cards} initialBalance={data.balance} />
        )
      }
    </RemoteView>
  );
}
