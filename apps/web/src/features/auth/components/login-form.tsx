import { useState, type FormEvent } from 'react';
import { CODES, INPUT_MAX_LENGTH, PASSWORD_MAX, type User } from '@stride/contract';
import { TextInput } from '../../../components/text-input';
import { useSubmit } from '../../../hooks';
import { isRequestError } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n';
import { loginUser } from '../api/login-user';
import { registerUser } from '../api/register-user';
import { useCaptcha } from '../hooks/use-captcha';
import { CaptchaField } from './captcha-field';

export type LoginMode = 'login' | 'register';

export interface LoginFormProps {
  readonly initialMode: LoginMode;
  /** From an invite link (`?invite=CODE`). */
  readonly initialInvite?: string;
  /** The account to fill in, and a sentence to say above the form (after a password reset). */
  readonly initialAccount?: string;
  readonly notice?: string;
  readonly onSuccess: (session: { readonly token: string; readonly user: User }) => void;
  readonly onForgotPassword: () => void;
}

export function LoginForm({
  initialMode,
  initialInvite,
  initialAccount,
  notice,
  onSuccess,
  onForgotPassword,
}: LoginFormProps) {
  const { t } = useI18n();
  const [mode, setMode] = useState<LoginMode>(initialMode);
  const [account, setAccount] = useState(initialAccount ?? '');
  const [password, setPassword] = useState('');
  const [invite, setInvite] = useState(initialInvite ?? '');
  // Login asks for a captcha only once the server says so (1008 after repeated failures, 1009 wrong).
  const [loginNeedsCaptcha, setLoginNeedsCaptcha] = useState(false);
  const sending = useSubmit();
  const hasCaptcha = mode === 'register' || loginNeedsCaptcha;
  const captcha = useCaptcha(hasCaptcha, sending.showError);

  function switchMode(next: LoginMode) {
    setMode(next);
    sending.setError(undefined);
  }

  async function send() {
    const withCaptcha = hasCaptcha ? { captchaId: captcha.captchaId, captchaCode: captcha.code } : {};
    const session =
      mode === 'login'
        ? await loginUser({ account, password, ...withCaptcha }, { hideErrors: true })
        : await registerUser(
            {
              account,
              password,
              captchaId: captcha.captchaId,
              captchaCode: captcha.code,
              ...(invite.trim() ? { inviteCode: invite.trim() } : {}),
            },
            { hideErrors: true },
          );
    onSuccess(session);
  }

  function onFailure(cause: unknown) {
    const isCaptchaAnswer =
      isRequestError(cause) && (cause.code === CODES.CAPTCHA_REQUIRED || cause.code === CODES.CAPTCHA_INVALID);
    if (mode === 'login' && isCaptchaAnswer && !loginNeedsCaptcha) setLoginNeedsCaptcha(true);
    else if (hasCaptcha) captcha.refresh();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void sending.run(send, onFailure);
  }

  return (
    <form className="card" onSubmit={submit} noValidate>
      {notice ? (
        <p className="form-notice" role="status">
          {notice}
        </p>
      ) : null}
      <div role="tablist" className="segmented">
        {(['login', 'register'] as const).map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            className="segmented__item"
            aria-selected={mode === option}
            onClick={() => switchMode(option)}
          >
            {t(option === 'login' ? 'login.modeLogin' : 'login.modeRegister')}
          </button>
        ))}
      </div>

      <TextInput
        label={t('login.mobile')}
        type="tel"
        inputMode="tel"
        autoComplete="username"
        maxLength={16}
        required
        value={account}
        onChange={setAccount}
      />
      <TextInput
        label={t('login.password')}
        type="password"
        autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
        maxLength={PASSWORD_MAX}
        required
        value={password}
        onChange={setPassword}
      />
      {mode === 'register' ? <p className="hint">{t('login.passwordRule')}</p> : null}

      {hasCaptcha ? (
        <CaptchaField
          image={captcha.image}
          value={captcha.code}
          onChange={captcha.setCode}
          onRefresh={captcha.refresh}
        />
      ) : null}

      {mode === 'register' ? (
        <TextInput
          label={t('login.invite')}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={INPUT_MAX_LENGTH}
          value={invite}
          onChange={setInvite}
        />
      ) : null}

      {sending.error ? (
        <p className="form-error" role="alert">
          {sending.error}
        </p>
      ) : null}

      <button
        type="submit"
        className="button button--block"
        disabled={sending.isBusy || (hasCaptcha && !captcha.image)}
      >
        {t(mode === 'login' ? 'login.submitLogin' : 'login.submitRegister')}
      </button>
      <button type="button" className="link" onClick={onForgotPassword}>
        {t('login.forgot')}
      </button>
    </form>
  );
}
