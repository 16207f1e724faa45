import { useEffect, useState, type ReactNode } from 'react';
import { CODES, INPUT_MAX_LENGTH, SMS_CODE_LENGTH, type User, register, requestRegisterCode } from '@stride/contract';
import { CardForm } from '../../../components/card-form';
import { FormError } from '../../../components/form-error';
import { OneTimeCodeInput, PasswordInput, TextInput } from '../../../components/text-input';
import { useSubmit } from '../../../hooks';
import { isRequestError, call } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n';
import { useCaptcha } from '../hooks/use-captcha';
import { CaptchaField } from './captcha-field';
import { MobileInput } from './account-inputs';

const SECONDS_PER_MINUTE = 60;

/**
 * A refusal of the request itself (a number that is not one, an empty captcha) comes before the
 * server looks at the captcha: the picture and the typed answer stay good. Any other failure (a
 * wrong or expired captcha, a code refused by the limits, no answer) may have used the captcha up.
 */
function spendsCaptcha(cause: unknown): boolean {
  return !(isRequestError(cause) && cause.kind === 'envelope' && cause.code === CODES.VALIDATION_FAILED);
}
const TICK_MS = 1_000;

/**
 * The acceptance of the terms of service and the privacy policy (decision 046 "Policies and consent"), composed by the
 * page: its checkbox, and the versions accepted once it is ticked (null before).
 */
export interface PolicyAcceptanceSlot {
  readonly field: ReactNode;
  readonly accepted: { readonly terms: number; readonly privacy: number } | null;
  /** The sentence shown when the box is not ticked. */
  readonly missing: string;
}

export interface SignUpFormProps {
  /** The login/sign-up switch above the fields. */
  readonly header: ReactNode;
  /** From an invite link (`?invite=CODE`). */
  readonly initialInvite?: string | undefined;
  readonly onSuccess: (session: { readonly token: string; readonly user: User }) => void;
  readonly onForgotPassword: () => void;
  readonly policies: PolicyAcceptanceSlot;
}

/**
 * Sign-up (docs/product/client.md, decision 035 "Phone ownership at sign-up"): the number and the image captcha send a
 * code by SMS; then the code, a password and an optional invite code create the account. Another code can
 * be asked for once the countdown the server gave has run out (with a fresh captcha).
 */
export function SignUpForm({ header, initialInvite, onSuccess, onForgotPassword, policies }: SignUpFormProps) {
  const { t } = useI18n();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [invite, setInvite] = useState(initialInvite ?? '');
  const [smsCode, setSmsCode] = useState('');
  const [sent, setSent] = useState<{ readonly account: string; readonly minutes: number } | null>(null);
  const [resendIn, setResendIn] = useState(0);
  const sending = useSubmit();
  const { run } = sending;
  // A captcha is needed for each code: before the first, and again once a resend is allowed.
  const needsCaptcha = sent === null || resendIn === 0;
  const captcha = useCaptcha(needsCaptcha, sending.showError);
  // Captchas are one-time: the next code waits for a fresh one, not the picture last sent.
  const [spentCaptcha, setSpentCaptcha] = useState('');
  const captchaReady = captcha.image !== null && captcha.captchaId !== spentCaptcha;

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((seconds) => Math.max(0, seconds - 1)), TICK_MS);
    return () => clearTimeout(timer);
  }, [resendIn]);

  function changeAccount(value: string) {
    setAccount(value);
    // A code belongs to the number it went to.
    if (sent && value !== sent.account) {
      setSent(null);
      setSmsCode('');
      setResendIn(0);
    }
  }

  function sendCode() {
    const captchaId = captcha.captchaId;
    setSpentCaptcha(captchaId);
    void run(
      async () => {
        const answer = await call(
          requestRegisterCode,
          { body: { account, captchaId: captcha.captchaId, captchaCode: captcha.code } },
          { hideErrors: true },
        );
        setSent({ account, minutes: Math.round(answer.expiresIn / SECONDS_PER_MINUTE) });
        setResendIn(answer.resendIn);
        captcha.refresh();
      },
      (cause) => {
        // Used up: a new picture, its field emptied. Still good: it may be sent again as it is.
        if (spendsCaptcha(cause)) captcha.refresh();
        else setSpentCaptcha((spent) => (spent === captchaId ? '' : spent));
      },
    );
  }

  function submit() {
    if (!sent) {
      sendCode();
      return;
    }
    const acceptedPolicies = policies.accepted;
    if (!acceptedPolicies) {
      sending.setError(policies.missing);
      return;
    }
    void run(async () => {
      const session = await call(
        register,
        {
          body: {
            account,
            password,
            smsCode: smsCode.trim(),
            acceptedPolicies,
            ...(invite.trim() ? { inviteCode: invite.trim() } : {}),
          },
        },
        { hideErrors: true },
      );
      onSuccess(session);
    });
  }

  return (
    <CardForm onSubmit={submit}>
      {header}
      <MobileInput label={t('login.mobile')} value={account} onChange={changeAccount} />
      {needsCaptcha ? <CaptchaField captcha={captcha} /> : null}

      {sent ? (
        <>
          <p className="hint" role="status">
            {t('signup.codeSent', { account: sent.account, minutes: sent.minutes })}
          </p>
          <OneTimeCodeInput
            label={t('signup.smsCode')}
            length={SMS_CODE_LENGTH}
            value={smsCode}
            onChange={setSmsCode}
          />
          <button
            type="button"
            className="link"
            disabled={sending.isBusy || resendIn > 0 || !captchaReady}
            onClick={sendCode}
          >
            {resendIn > 0 ? t('signup.resendIn', { seconds: resendIn }) : t('signup.resend')}
          </button>
          <p className="hint">{t('signup.noCode')}</p>
          <PasswordInput label={t('login.password')} isNew value={password} onChange={setPassword} />
          <p className="hint">{t('login.passwordRule')}</p>
        </>
      ) : null}

      <TextInput
        label={t('login.invite')}
        autoCapitalize="characters"
        autoComplete="off"
        maxLength={INPUT_MAX_LENGTH}
        value={invite}
        onChange={setInvite}
      />
      {policies.field}

      <FormError message={sending.error} />

      <button type="submit" className="button button--block" disabled={sending.isBusy || (!sent && !captchaReady)}>
        {t(sent ? 'login.submitRegister' : 'signup.sendCode')}
      </button>
      <button type="button" className="link" onClick={onForgotPassword}>
        {t('login.forgot')}
      </button>
    </CardForm>
  );
}
