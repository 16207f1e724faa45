import { useState } from 'react';
import { CODES, type User, login as loginEndpoint } from '@stride/contract';
import { isMobileNumber } from '@stride/contract/rules';
import { CardForm } from '../../../components/card-form';
import { FormError } from '../../../components/form-error';
import { Segmented } from '../../../components/segmented';
import { PasswordInput } from '../../../components/text-input';
import { useSubmit } from '../../../hooks';
import { isRequestError, call } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n';
import { useCaptcha } from '../hooks/use-captcha';
import { CaptchaField } from './captcha-field';
import { MobileInput } from './account-inputs';
import { SignUpForm, type PolicyAcceptanceSlot } from './sign-up-form';

export type LoginMode = 'login' | 'register';
const LOGIN_MODES: readonly LoginMode[] = ['login', 'register'];

export interface LoginFormProps {
  readonly initialMode: LoginMode;
  /** From an invite link (`?invite=CODE`). */
  readonly initialInvite?: string;
  /** The account to fill in, and a sentence to say above the form (after a password reset). */
  readonly initialAccount?: string;
  readonly notice?: string;
  readonly onSuccess: (session: { readonly token: string; readonly user: User }) => void;
  readonly onForgotPassword: () => void;
  /** Sign-up's acceptance of the terms and privacy policy. */
  readonly policies: PolicyAcceptanceSlot;
  /** The tab chosen, so that the page's title can follow it. */
  readonly onModeChange?: (mode: LoginMode) => void;
}

export function LoginForm({
  initialMode,
  initialInvite,
  initialAccount,
  notice,
  onSuccess,
  onForgotPassword,
  policies,
  onModeChange,
}: LoginFormProps) {
  const { t } = useI18n();
  const [mode, setMode] = useState<LoginMode>(initialMode);
  const [account, setAccount] = useState(initialAccount ?? '');
  const [password, setPassword] = useState('');
  // Login asks for a captcha only once the server says so (1008 after repeated failures, 1009 wrong).
  const [loginNeedsCaptcha, setLoginNeedsCaptcha] = useState(false);
  const sending = useSubmit();
  const hasCaptcha = mode === 'login' && loginNeedsCaptcha;
  const captcha = useCaptcha(hasCaptcha, sending.showError);

  function switchMode(next: LoginMode) {
    setMode(next);
    sending.setError(undefined);
    onModeChange?.(next);
  }

  async function send() {
    const withCaptcha = hasCaptcha ? { captchaId: captcha.captchaId, captchaCode: captcha.code } : {};
    onSuccess(await call(loginEndpoint, { body: { account, password, ...withCaptcha } }, { hideErrors: true }));
  }

  function onFailure(cause: unknown) {
    const isCaptchaAnswer =
      isRequestError(cause) && (cause.code === CODES.CAPTCHA_REQUIRED || cause.code === CODES.CAPTCHA_INVALID);
    if (isCaptchaAnswer && !loginNeedsCaptcha) setLoginNeedsCaptcha(true);
    else if (hasCaptcha) captcha.refresh();
  }

  function submit() {
    // A number the server would refuse as one is said before asking, with sign-up's rule: the
    // server's answer to it is "wrong number or password", which says nothing of the format.
    if (!isMobileNumber(account)) {
      sending.setError(t('login.mobileFormat'));
      return;
    }
    void sending.run(send, onFailure);
  }

  const tabs = (
    <Segmented
      role="tab"
      options={LOGIN_MODES}
      value={mode}
      onChange={switchMode}
      optionLabel={(option) => t(option === 'login' ? 'login.modeLogin' : 'login.modeRegister')}
    />
  );

  // Sign-up is its own form: the number's SMS code comes first (decision 035 "Phone ownership at sign-up").
  if (mode === 'register') {
    return (
      <SignUpForm
        header={tabs}
        initialInvite={initialInvite}
        onSuccess={onSuccess}
        onForgotPassword={onForgotPassword}
        policies={policies}
      />
    );
  }

  return (
    <CardForm onSubmit={submit}>
      {notice ? (
        <p className="form-notice" role="status">
          {notice}
        </p>
      ) : null}
      {tabs}

      <MobileInput label={t('login.mobile')} value={account} onChange={setAccount} />
      <PasswordInput label={t('login.password')} value={password} onChange={setPassword} />

      {hasCaptcha ? <CaptchaField captcha={captcha} /> : null}

      <FormError message={sending.error} />

      <button
        type="submit"
        className="button button--block"
        disabled={sending.isBusy || (hasCaptcha && !captcha.image)}
      >
        {t('login.submitLogin')}
      </button>
      <button type="button" className="link" onClick={onForgotPassword}>
        {t('login.forgot')}
      </button>
    </CardForm>
  );
}
