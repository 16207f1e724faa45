import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { getPaymentPassword, PAYMENT_PASSWORD_LENGTH, type PaymentPasswordStatus } from '@stride/contract';
import { CODES } from '@stride/contract/codes';
import { FormError } from '../../../components/form-error';
import { useHistoryLayer, useKeyDown } from '../../../hooks';
import { formatTime } from '../../../lib/format';
import { call, isRequestError } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n';
import { findNavigator, go, PATHS } from '../../../lib/navigation';
import type { PaymentPasswordAsk } from '../../../lib/payment';
import '../../../components/action-sheet/action-sheet.css';
import '../payment-password.css';

export interface PaymentPasswordSheetProps {
  readonly ask: PaymentPasswordAsk;
  readonly onClose: () => void;
}

/** What the sheet shows: the status being read, the way to set one first, or the six boxes. */
type View = 'checking' | 'unset' | 'locked' | 'digits';

function viewOf(status: PaymentPasswordStatus): View {
  if (!status.isSet) return 'unset';
  if (status.lockedUntil && Date.parse(status.lockedUntil) > Date.now()) return 'locked';
  return 'digits';
}

/** Opens the payment password page, which comes back to this one once it is set. */
function goSetIt(onClose: () => void): void {
  const here = findNavigator()?.getStack().at(-1)?.url;
  onClose();
  go(PATHS.paymentPassword, here ? { back: here } : {});
}

/** Six boxes over one numeric input: the boxes show how many digits are in, never which. */
function DigitBoxes({
  id,
  value,
  disabled,
  describedBy,
  onChange,
}: {
  readonly id: string;
  readonly value: string;
  readonly disabled: boolean;
  readonly describedBy: string | undefined;
  readonly onChange: (digits: string) => void;
}) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!disabled) input.current?.focus();
  }, [disabled]);
  return (
    <div className="pay-password__boxes">
      {Array.from({ length: PAYMENT_PASSWORD_LENGTH }, (_, index) => (
        <span
          key={index}
          aria-hidden="true"
          className={
            index === value.length && !disabled ? 'pay-password__box pay-password__box--next' : 'pay-password__box'
          }
        >
          {index < value.length ? '•' : ''}
        </span>
      ))}
      <input
        ref={input}
        id={id}
        className="pay-password__input"
        type="password"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        maxLength={PAYMENT_PASSWORD_LENGTH}
        aria-label={t('paymentPassword.digits')}
        aria-describedby={describedBy}
        disabled={disabled}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, PAYMENT_PASSWORD_LENGTH))}
      />
    </div>
  );
}

/**
 * The payment password sheet (docs/product/payment-password.md): it names what is about to happen and its amount, and
 * sends the action once the sixth digit is typed. A wrong password's message (with the tries left) and a lock's show
 * here and the digits empty; with none set it leads to the payment password page instead. Cancel sends nothing.
 */
export function PaymentPasswordSheet(props: PaymentPasswordSheetProps) {
  return createPortal(<Sheet {...props} />, document.body);
}

function Sheet({ ask, onClose }: PaymentPasswordSheetProps) {
  const { t } = useI18n();
  const id = useId();
  const [view, setView] = useState<View>('checking');
  const [lockedUntil, setLockedUntil] = useState<string | null>(null);
  const [digits, setDigits] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const close = () => {
    if (!isBusy) onClose();
  };
  useHistoryLayer(close);
  useKeyDown((event) => {
    if (event.key === 'Escape') close();
  });

  useEffect(() => {
    const controller = new AbortController();
    call(getPaymentPassword, {}, { hideErrors: true, signal: controller.signal }).then(
      (status) => {
        setLockedUntil(status.lockedUntil);
        setView(viewOf(status));
      },
      // Unknown: the boxes, and the server's answer says the rest.
      () => {
        if (!controller.signal.aborted) setView('digits');
      },
    );
    return () => controller.abort();
  }, []);

  async function send(password: string) {
    setBusy(true);
    setMessage(undefined);
    try {
      await ask.send(password);
    } catch (error) {
      setBusy(false);
      setDigits('');
      const code = isRequestError(error) && error.kind === 'envelope' ? error.code : undefined;
      if (code === CODES.PAYMENT_PASSWORD_REQUIRED) setView('unset');
      else if (isRequestError(error) && (code === CODES.CREDENTIALS_INVALID || code === CODES.RATE_LIMITED)) {
        setMessage(error.message || t('requestError'));
      }
      // Any other failure is the action's, shown by its caller where it always was.
      else onClose();
      return;
    }
    onClose();
  }

  const change = (next: string) => {
    setDigits(next);
    if (next.length === PAYMENT_PASSWORD_LENGTH) void send(next);
  };

  const errorId = `${id}-error`;
  return (
    <div className="action-sheet">
      <div className="action-sheet__mask" aria-hidden="true" onClick={close} />
      <div
        className="action-sheet__panel pay-password"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-summary`}
      >
        <h2 id={`${id}-title`} className="pay-password__title">
          {t('paymentPassword.sheetTitle')}
        </h2>
        <p id={`${id}-summary`} className="pay-password__summary">
          {ask.summary}
        </p>
        {ask.detail ? <p className="hint pay-password__detail">{ask.detail}</p> : null}
        {view === 'checking' ? (
          <p className="hint pay-password__status" role="status">
            {t('loading')}
          </p>
        ) : view === 'unset' || view === 'locked' ? (
          <div className="pay-password__status">
            <p className="hint" role="status">
              {view === 'unset'
                ? t('paymentPassword.needed')
                : t('paymentPassword.lockedUntil', { time: formatTime(lockedUntil ?? '') })}
            </p>
            <button type="button" className="button button--block" onClick={() => goSetIt(onClose)}>
              {t(view === 'unset' ? 'paymentPassword.setNow' : 'paymentPassword.resetNow')}
            </button>
          </div>
        ) : (
          <>
            <DigitBoxes
              id={id}
              value={digits}
              disabled={isBusy}
              describedBy={message ? errorId : undefined}
              onChange={change}
            />
            <div className="pay-password__after" aria-live="polite">
              {isBusy ? <p className="hint">{t('paymentPassword.checking')}</p> : null}
              <FormError id={errorId} message={message} />
            </div>
            <button type="button" className="link pay-password__forgot" onClick={() => goSetIt(onClose)}>
              {t('paymentPassword.forgot')}
            </button>
          </>
        )}
        <button type="button" className="action-sheet__item action-sheet__cancel" disabled={isBusy} onClick={close}>
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}
