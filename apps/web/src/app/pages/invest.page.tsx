import { buyCard, getHome, listCardPlans, listMyCards } from '@stride/contract';
import type { CardPlan, MembershipOrder, MyCard } from '@stride/contract';
import { useState } from 'react';
import { useSubmit } from '../../hooks';
import { PaymentSelector, canPayWithBalance, type PaymentMethod } from '../../components/payment-selector';
import { PlanRows, PlanValue, holdsPlan, termCashBack } from '../../features/cards';
import { PaymentStatusNote, useOrderPayment } from '../../features/payments';
import { usePaymentPassword } from '../../features/payment-password';
import { createRetryKey, call } from '../../lib/http';
import { formatMoney, formatNumber } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { PATHS, go } from '../../lib/navigation';
import { PAYMENT_PASSWORD_ANSWERS } from '../../lib/payment';
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
  const paymentPassword = usePaymentPassword();
  const isPaid = isBought || payment.state === 'paid';

  // Errors (1002 real name, 1012 balance) show through the request layer's dialogs; the payment password's, in its sheet.
  const order = (password?: string) =>
    buyKey.run((idempotencyKey) =>
      call(
        buyCard,
        {
          body: {
            planId: plan.id,
            payWith: method,
            idempotencyKey,
            ...(password === undefined ? {} : { paymentPassword: password }),
          },
        },
        { quietCodes: PAYMENT_PASSWORD_ANSWERS },
      ),
    );

  /** Paying from the balance spends at once: the sheet says what, how much and what is left, and asks the password. */
  const buyByBalance = () =>
    paymentPassword.ask({
      summary: t('paymentPassword.buy', { amount: formatMoney(plan.price), name: plan.name }),
      detail: t('paymentPassword.buyLeft', { left: formatMoney(balance - plan.price) }),
      send: async (password) => {
        const paid = await order(password);
        setBought(true);
        onBalance(balance - paid.amount);
      },
    });

  const buy = () => {
    if (!pending && method === 'balance') {
      buyByBalance();
      return;
    }
    void run(async () => {
      if (pending) {
        await payment.pay(pending.id);
        return;
      }
      const created = await order();
      setPending(created);
      await payment.pay(created.id);
    });
  };

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
      <button type="button" className="button button--block" disabled={isBusy || isPolling} onClick={buy}>
        {pending ? t('orders.payAgain') : t('pay.submit', { amount: formatMoney(plan.price) })}
      </button>
      {paymentPassword.sheet}
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
