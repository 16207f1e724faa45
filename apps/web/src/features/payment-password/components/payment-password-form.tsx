import { useEffect, useState } from 'react';
import {
  isSimplePaymentPassword,
  PAYMENT_PASSWORD_LENGTH,
  PAYMENT_PASSWORD_PATTERN,
  requestPaymentPasswordCode,
  setPaymentPassword,
  SMS_CODE_LENGTH,
  type PaymentPasswordStatus,
} from '@stride/contract';
import { CardForm } from '../../../components/card-form';
import { FormError } from '../../../components/form-error';
import { OneTimeCodeInput, TextInput } from '../../../components/text-input';
import { useSubmit } from '../../../hooks';
import { call } from '../../../lib/http';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import '../payment-password.css';

const SECONDS_PER_MINUTE = 60;
const TICK_MS = 1_000;
const CODE_PATTERN = /^[0-9]{6}$/;

/** Why the code and the new password typed twice cannot be sent, as a message key; none when they can. */
export function paymentPasswordProblem(code: string, password: string, repeat: string): MessageKey | undefined {
  if (!CODE_PATTERN.test(code)) return 'paymentPassword.error.code';
  if (!PAYMENT_PASSWORD_PATTERN.test(password)) return 'paymentPassword.error.digits';
  if (password !== repeat) return 'reset.mismatch';
  if (isSimplePaymentPassword(password)) return 'paymentPassword.error.simple';
  return undefined;
}

/** A field of six digits typed on the number pad and never shown. */
function DigitsInput({
  label,
  value,
  onChange,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}) {
  return (
    <TextInput
      label={label}
      type="password"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      maxLength={PAYMENT_PASSWORD_LENGTH}
      required
      value={value}
      onChange={onChange}
    />
  );
}

/**
 * Sets or resets the payment password (docs/product/payment-password.md, Setting and resetting it): a code by SMS to
 * the account's number (again once the countdown the server gave has run out), then the code and the new six digits
 * twice. `onSaved` hears the new status.
 */
export function PaymentPasswordForm({
  isSet,
  onSaved,
}: {
  /** Whether one is set already: the form then changes or resets it. */
  readonly isSet: boolean;
  readonly onSaved: (status: PaymentPasswordStatus) => void;
}) {
  const { t } = useI18n();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [sentMinutes, setSentMinutes] = useState<number | undefined>(undefined);
  const [resendIn, setResendIn] = useState(0);
  const sending = useSubmit();
  const { run, setError } = sending;
  /** A field's setter that also takes away the message about what was typed before. */
  const typed = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(undefined);
  };

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((seconds) => Math.max(0, seconds - 1)), TICK_MS);
    return () => clearTimeout(timer);
  }, [resendIn]);

  function sendCode() {
    void run(async () => {
      const sent = await call(requestPaymentPasswordCode, { body: {} }, { hideErrors: true });
      setSentMinutes(Math.round(sent.expiresIn / SECONDS_PER_MINUTE));
      setResendIn(sent.resendIn);
    });
  }

  function save() {
    const problem = paymentPasswordProblem(code.trim(), password, repeat);
    if (problem) {
      setError(t(problem));
      return;
    }
    void run(async () => {
      const status = await call(setPaymentPassword, { body: { code: code.trim(), password } }, { hideErrors: true });
      setCode('');
      setPassword('');
      setRepeat('');
      onSaved(status);
    });
  }

  const title = t(isSet ? 'paymentPassword.formReset' : 'paymentPassword.formSet');
  return (
    <CardForm onSubmit={save} aria-label={title}>
      <h2 className="pay-password-form__title">{title}</h2>
      <p className="hint">{t('paymentPassword.codeHint')}</p>
      <button
        type="button"
        className="button button--ghost button--block"
        disabled={sending.isBusy || resendIn > 0}
        onClick={sendCode}
      >
        {resendIn > 0
          ? t('signup.resendIn', { seconds: resendIn })
          : t(sentMinutes === undefined ? 'reset.sendCode' : 'signup.resend')}
      </button>
      {sentMinutes !== undefined ? (
        <p className="hint pay-password-form__sent" role="status">
          {t('reset.codeSent', { minutes: sentMinutes })}
        </p>
      ) : null}
      <OneTimeCodeInput
        label={t('paymentPassword.code')}
        length={SMS_CODE_LENGTH}
        value={code}
        onChange={typed(setCode)}
      />
      <DigitsInput label={t('paymentPassword.new')} value={password} onChange={typed(setPassword)} />
      <DigitsInput label={t('paymentPassword.repeat')} value={repeat} onChange={typed(setRepeat)} />
      <p className="hint">{t('paymentPassword.rule')}</p>
      <FormError message={sending.error} />
      <button type="submit" className="button button--block" disabled={sending.isBusy}>
        {t('paymentPassword.save')}
      </button>
    </CardForm>
  );
}
