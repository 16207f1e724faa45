import { exchangePoints, getRules } from '@stride/contract';
import type { ExchangeRecord } from '@stride/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { StatusTip } from '../../../components/status-tip';
import { TextInput } from '../../../components/text-input';
import { useHistoryLayer, useKeyDown, useRemote, useSubmit } from '../../../hooks';
import { formatMoney, formatNumber } from '../../../lib/format';
import { call } from '../../../lib/http';
import type { RetryKey } from '../../../lib/http';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import {
  checkExchange,
  exchangeAmount,
  maxExchangeablePoints,
  minExchangeablePoints,
  parsePoints,
  type ExchangeProblem,
  type ExchangeRule,
} from '../exchange-amount';
import './exchange-sheet.css';

export interface ExchangeSheetProps {
  readonly visible: boolean;
  readonly availablePoints: number;
  readonly retryKey: RetryKey;
  readonly onExchanged: (record: ExchangeRecord) => void;
  readonly onClose: () => void;
}

const PROBLEM_TEXT: Record<ExchangeProblem, MessageKey> = {
  notNumber: 'exchange.problem.notNumber',
  belowMinimum: 'exchange.problem.belowMinimum',
  notWholeUnits: 'exchange.problem.notWholeUnits',
  notEnoughPoints: 'exchange.problem.notEnoughPoints',
};

/** Points to cash: shows the cash a number of points gives, asks, then exchanges. */
export function ExchangeSheet(props: ExchangeSheetProps) {
  if (!props.visible) return null;
  return createPortal(<Sheet {...props} />, document.body);
}

const loadRules = (signal: AbortSignal) => call(getRules, {}, { hideErrors: true, signal });

/** Asks the server for its exchange rule each time the sheet opens: an operator may change it. */
function Sheet(props: ExchangeSheetProps) {
  const { t } = useI18n();
  const { state, retry } = useRemote(loadRules);
  const { onClose } = props;
  useHistoryLayer(onClose);
  useKeyDown((event) => {
    if (event.key === 'Escape' && state.status !== 'ready') onClose();
  });
  if (state.status === 'ready') return <RuledSheet {...props} rule={state.data} />;
  return (
    <div className="exchange-sheet">
      <div className="exchange-sheet__mask" aria-hidden="true" onClick={onClose} />
      <div className="exchange-sheet__panel" role="dialog" aria-modal="true" aria-label={t('exchange.title')}>
        {state.status === 'loading' ? (
          <StatusTip status="loading" />
        ) : (
          <StatusTip status="error" message={state.message} onRetry={retry} />
        )}
      </div>
    </div>
  );
}

function RuledSheet({
  rule,
  availablePoints,
  retryKey,
  onExchanged,
  onClose,
}: ExchangeSheetProps & { readonly rule: ExchangeRule }) {
  const { t } = useI18n();
  const titleId = useId();
  const max = maxExchangeablePoints(rule, availablePoints);
  const [text, setText] = useState(max > 0 ? String(Math.min(max, minExchangeablePoints(rule))) : '');
  const [problem, setProblem] = useState<ExchangeProblem | undefined>(undefined);
  // Busy until the sheet closes after a success.
  const { isBusy, run } = useSubmit({ staysBusyOnSuccess: true });
  // The question before exchanging is asked in the sheet itself, with the amount it gives.
  const [confirming, setConfirming] = useState<number | undefined>(undefined);
  const form = useRef<HTMLFormElement>(null);
  const points = parsePoints(text);
  const amount = exchangeAmount(rule, points ?? 0);

  useEffect(() => {
    form.current?.querySelector('input')?.focus();
  }, []);
  useKeyDown((event) => {
    if (event.key === 'Escape' && !isBusy) onClose();
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkExchange(rule, points, availablePoints);
    setProblem(found);
    if (found || points === undefined) return;
    setConfirming(points);
  };

  const exchange = (chosen: number) =>
    // Errors show through the request layer's dialog; the sheet stays open to try again.
    run(() =>
      retryKey
        .run((idempotencyKey) => call(exchangePoints, { body: { points: chosen, idempotencyKey } }))
        .then(onExchanged),
    );

  return (
    <div className="exchange-sheet">
      <div className="exchange-sheet__mask" aria-hidden="true" onClick={isBusy ? undefined : onClose} />
      <div className="exchange-sheet__panel" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="exchange-sheet__title">
          {t('exchange.title')}
        </h2>
        <p className="hint">
          {t('exchange.available', { points: formatNumber(availablePoints) })} ·{' '}
          {t('exchange.rule', {
            unit: formatNumber(rule.exchangePointsPerUnit),
            amount: formatMoney(rule.exchangeCashPerUnit),
          })}
        </p>
        {confirming === undefined ? (
          <form ref={form} onSubmit={submit} noValidate>
            <TextInput
              label={t('exchange.points')}
              inputMode="numeric"
              autoComplete="off"
              value={text}
              maxLength={9}
              onChange={(next) => {
                setText(next);
                setProblem(undefined);
              }}
              error={
                problem
                  ? t(PROBLEM_TEXT[problem], {
                      min: formatNumber(rule.exchangeMinPoints),
                      unit: formatNumber(rule.exchangePointsPerUnit),
                    })
                  : undefined
              }
            />
            <p className="exchange-sheet__preview" role="status" aria-live="polite">
              {t('exchange.youGet', { amount: formatMoney(amount) })}
            </p>
            <div className="exchange-sheet__actions">
              <button
                type="button"
                className="button button--ghost"
                onClick={() => setText(String(max))}
                disabled={max === 0}
              >
                {t('exchange.all')}
              </button>
              <button type="button" className="button button--ghost" onClick={onClose}>
                {t('cancel')}
              </button>
              <button type="submit" className="button">
                {t('exchange.submit')}
              </button>
            </div>
          </form>
        ) : (
          <div>
            <p className="exchange-sheet__preview" role="alert">
              {t('exchange.confirm', {
                points: formatNumber(confirming),
                amount: formatMoney(exchangeAmount(rule, confirming)),
              })}
            </p>
            <div className="exchange-sheet__actions">
              <button
                type="button"
                className="button button--ghost"
                disabled={isBusy}
                onClick={() => setConfirming(undefined)}
              >
                {t('back')}
              </button>
              <button type="button" className="button" disabled={isBusy} onClick={() => void exchange(confirming)}>
                {t('ok')}
              </button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
