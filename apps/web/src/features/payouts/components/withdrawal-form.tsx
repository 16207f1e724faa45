import { useId, useRef, useState } from 'react';
import { requestWithdrawal } from '@stride/contract';
import type { BankCard, Withdrawal, WithdrawalRules } from '@stride/contract';
import { CODES } from '@stride/contract/codes';
import { ActionSheet } from '../../../components/action-sheet';
import { useErrorText, useSubmit } from '../../../hooks';
import { CardForm } from '../../../components/card-form';
import { isRequestError, call } from '../../../lib/http';
import { formatMoney, moneyInputText } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { createIdempotencyKey } from '../../../lib/http';
import { isPaymentPasswordAnswer, type PaymentPasswordAsk } from '../../../lib/payment';
import { checkAmount, type AmountProblem, type WithdrawalQuote } from '../money';
import { FormError } from '../../../components/form-error';
import { CardSection } from '../../../components/card-section';

export interface WithdrawalFormProps {
  readonly rules: WithdrawalRules;
  readonly cards: readonly BankCard[];
  /** The server's limit of payout methods (`GET /api/rules`): at it, adding one is not offered. */
  readonly maxCards: number;
  /** The cash balance in minor units. */
  readonly balance: number;
  readonly onSuccess: (withdrawal: Withdrawal) => void;
  readonly onFaceCheckRequired: (message: string) => void;
  readonly onAddCard: () => void;
  /**
   * Asks for the payment password (the page's sheet, docs/product/payment-password.md); the withdrawal is sent with it.
   */
  readonly askPaymentPassword: (ask: PaymentPasswordAsk) => void;
  /** Says when the money arrives under the rules; off while the page's done note says it. */
  readonly showsArrival?: boolean;
}

/** One confirmed attempt: a retry of the same amount to the same card after a lost answer sends the same key. */
interface Attempt {
  readonly key: string;
  readonly amount: number;
  readonly bankCardId: string;
}

function cardLabel(card: BankCard): string {
  return `${card.bank} ${card.accountMasked}`;
}

export function WithdrawalForm({
  rules,
  cards,
  maxCards,
  balance,
  onSuccess,
  onFaceCheckRequired,
  onAddCard,
  askPaymentPassword,
  showsArrival = true,
}: WithdrawalFormProps) {
  const { t } = useI18n();
  const amountId = useId();
  const [text, setText] = useState('');
  const [cardId, setCardId] = useState<string | undefined>(cards[0]?.id);
  const [isPickerOpen, setPickerOpen] = useState(false);
  const [review, setReview] = useState<WithdrawalQuote | undefined>(undefined);
  const attempt = useRef<Attempt | undefined>(undefined);
  const [showProblem, setShowProblem] = useState(false);
  const errorText = useErrorText();
  const sending = useSubmit();
  const { error, setError } = sending;

  // The first card until one is chosen, and again if the chosen one was deleted meanwhile.
  const card = cards.find((item) => item.id === cardId) ?? cards[0];
  const checked = checkAmount(text, rules, balance);
  const quote = checked.ok ? checked.quote : undefined;

  const describeProblem = (problem: AmountProblem): string => {
    switch (problem.kind) {
      case 'empty':
        return t('withdraw.error.empty');
      case 'format':
        return t('withdraw.error.format');
      case 'min':
        return t('withdraw.error.min', { min: formatMoney(problem.min) });
      case 'todayLeft':
        return t('withdraw.error.todayLeft', { left: formatMoney(problem.left) });
      case 'balance':
        return t('withdraw.error.balance', { balance: formatMoney(problem.balance) });
    }
  };
  const problem = !checked.ok && (showProblem || checked.problem.kind === 'format') ? checked.problem : undefined;

  const onReview = () => {
    setError(undefined);
    setShowProblem(true);
    if (!quote) return;
    if (!card) {
      setError(t('withdraw.error.noCard'));
      return;
    }
    setReview(quote);
  };

  /** The attempt for this amount and card: the last one while its answer was lost, else a new key. */
  const attemptFor = (amount: number, bankCardId: string): Attempt => {
    const last = attempt.current;
    const next =
      last && last.amount === amount && last.bankCardId === bankCardId
        ? last
        : { key: createIdempotencyKey(), amount, bankCardId };
    attempt.current = next;
    return next;
  };

  /** Sends the withdrawal with the password typed in the sheet; a failure rejects, for the sheet to hear. */
  const withdraw = async (amount: number, bankCardId: string, paymentPassword: string) => {
    const sent = attemptFor(amount, bankCardId);
    let failure: unknown;
    const isDone = await sending.run(
      async () => {
        const withdrawal = await call(
          requestWithdrawal,
          { body: { amount: sent.amount, bankCardId: sent.bankCardId, idempotencyKey: sent.key, paymentPassword } },
          { hideErrors: true },
        );
        attempt.current = undefined;
        setReview(undefined);
        setText('');
        setShowProblem(false);
        onSuccess(withdrawal);
      },
      (caught) => {
        failure = caught;
        // An answer from the server is final for this key; a lost answer keeps it so a retry cannot pay twice.
        if (isRequestError(caught) && caught.kind === 'envelope') attempt.current = undefined;
        // Said in the sheet, which stays open for another try.
        if (isPaymentPasswordAnswer(caught)) setError(undefined);
        if (isRequestError(caught) && caught.code === CODES.FACE_CHECK_REQUIRED) {
          // Said in the face-check dialog instead of under the form.
          setError(undefined);
          setReview(undefined);
          onFaceCheckRequired(errorText(caught));
        }
      },
    );
    if (!isDone) throw failure;
  };

  const onConfirm = () => {
    if (!review || !card) return;
    setError(undefined);
    const { amount, fee, received } = review;
    const bankCardId = card.id;
    askPaymentPassword({
      summary: t('paymentPassword.withdraw', { amount: formatMoney(amount), card: cardLabel(card) }),
      detail: t('paymentPassword.withdrawReceived', { received: formatMoney(received), fee: formatMoney(fee) }),
      send: (paymentPassword) => withdraw(amount, bankCardId, paymentPassword),
    });
  };

  if (review && card) {
    return (
      <CardSection
        titleId={`${amountId}-review`}
        title={t('withdraw.review')}
        titleClassName="payouts-title"
        className="payouts-review"
      >
        <dl className="payouts-summary">
          <div className="detail-row">
            <dt>{t('withdraw.amount')}</dt>
            <dd>{formatMoney(review.amount)}</dd>
          </div>
          <div className="detail-row">
            <dt>{t('withdraw.fee')}</dt>
            <dd>{formatMoney(review.fee)}</dd>
          </div>
          <div className="detail-row">
            <dt>{t('withdraw.received')}</dt>
            <dd className="payouts-summary__strong">{formatMoney(review.received)}</dd>
          </div>
          <div className="detail-row">
            <dt>{t('withdraw.to')}</dt>
            <dd>{cardLabel(card)}</dd>
          </div>
        </dl>
        <p className="hint">{t('withdraw.pendingNote')}</p>
        <p className="hint">{t('withdraw.arrival', { days: rules.arrivalBusinessDays })}</p>
        <FormError message={error} />
        <div className="payouts-actions">
          <button
            type="button"
            className="button button--ghost"
            disabled={sending.isBusy}
            onClick={() => {
              setError(undefined);
              setReview(undefined);
            }}
          >
            {t('withdraw.change')}
          </button>
          <button type="button" className="button" disabled={sending.isBusy} onClick={onConfirm}>
            {sending.isBusy ? t('withdraw.sending') : error ? t('retry') : t('withdraw.confirm')}
          </button>
        </div>
      </CardSection>
    );
  }

  return (
    <CardForm onSubmit={onReview}>
      <p className="payouts-balance">
        {t('withdraw.balance')} <strong>{formatMoney(balance)}</strong>
      </p>
      <div className="field">
        <label htmlFor={amountId} className="field__label">
          {t('withdraw.amount')}
        </label>
        <div className="payouts-amount">
          <span className="payouts-amount__symbol" aria-hidden="true">
            ¥
          </span>
          <input
            id={amountId}
            className="input payouts-amount__input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={text}
            maxLength={16}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${amountId}-quote`}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
          />
          <button
            type="button"
            className="link"
            onClick={() => setText(moneyInputText(Math.min(balance, rules.todayLeft)))}
          >
            {t('withdraw.all')}
          </button>
        </div>
        <div id={`${amountId}-quote`} aria-live="polite">
          {problem ? (
            <p className="form-error">{describeProblem(problem)}</p>
          ) : quote ? (
            <p className="payouts-quote">
              {t('withdraw.quote', { fee: formatMoney(quote.fee), received: formatMoney(quote.received) })}
            </p>
          ) : null}
        </div>
        <p className="hint">
          {t('withdraw.rules', {
            min: formatMoney(rules.min),
            max: formatMoney(rules.dailyMax),
            left: formatMoney(rules.todayLeft),
            permille: (rules.feePermille / 10).toString(),
            feeMin: formatMoney(rules.feeMin),
          })}
        </p>
        {showsArrival ? <p className="hint">{t('withdraw.arrival', { days: rules.arrivalBusinessDays })}</p> : null}
      </div>
      <div className="field">
        <span className="field__label" id={`${amountId}-method`}>
          {t('withdraw.method')}
        </span>
        {cards.length === 0 ? (
          <button type="button" className="button button--ghost button--block" onClick={onAddCard}>
            {t('payouts.add')}
          </button>
        ) : (
          <button
            type="button"
            className="payouts-picker"
            aria-labelledby={`${amountId}-method ${amountId}-method-value`}
            onClick={() => setPickerOpen(true)}
          >
            <span id={`${amountId}-method-value`}>{card ? cardLabel(card) : t('withdraw.chooseMethod')}</span>
            <span aria-hidden="true">›</span>
          </button>
        )}
      </div>
      <FormError message={error} />
      <button type="submit" className="button button--block">
        {t('withdraw.submit')}
      </button>
      <ActionSheet
        visible={isPickerOpen}
        extra={t('withdraw.chooseMethod')}
        actions={[
          ...cards.map((item) => ({ key: item.id, text: cardLabel(item), description: item.holderName })),
          { key: 'add', text: t('payouts.add'), disabled: cards.length >= maxCards },
        ]}
        onAction={(key) => (key === 'add' ? onAddCard() : setCardId(key))}
        onClose={() => setPickerOpen(false)}
      />
    </CardForm>
  );
}
