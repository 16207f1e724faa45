import { useState, type FormEvent } from 'react';
import { PASSWORD_MAX, RESET_CODE_LENGTH, isNewPassword, requestPasswordKey, resetPassword } from '@stride/contract';
import { call } from '../../../lib/http';
import { TextInput } from '../../../components/text-input';
import { useSubmit } from '../../../hooks';
import { useI18n } from '../../../lib/i18n';
import { useCaptcha } from '../hooks/use-captcha';
import { CaptchaField } from './captcha-field';

type Step =
  | { readonly name: 'request' }
  | { readonly name: 'verify'; readonly minutes: number }
  | { readonly name: 'reset'; readonly resetKey: string };

const SECONDS_PER_MINUTE = 60;

/** docs/product/rules.md, Accounts: code by the configured sender, then a one-time reset key, then the password. */
export function EditPasswordForm({ onDone }: { readonly onDone: (account: string) => void }) {
  const { t } = useI18n();
  const [step, setStep] = useState<Step>({ name: 'request' });
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const sending = useSubmit();
  const { run, setError } = sending;
  const captcha = useCaptcha(step.name === 'request', sending.showError);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step.name === 'request') {
      void run(async () => {
        const sent = await call(
          requestPasswordKey,
          { query: { account, captchaId: captcha.captchaId, captchaCode: captcha.code } },
          { hideErrors: true },
        );
        setStep({ name: 'verify', minutes: Math.round(sent.expiresIn / SECONDS_PER_MINUTE) });
      }, captcha.refresh);
    } else if (step.name === 'verify') {
      void run(async () => {
        const verified = await call(
          resetPassword,
          { body: { step: 'verify', account, code: code.trim() } },
          { hideErrors: true },
        );
        if (verified.step === 'verify') setStep({ name: 'reset', resetKey: verified.resetKey });
      });
    } else {
      if (password !== confirmation) {
        setError(t('reset.mismatch'));
        return;
      }
      if (!isNewPassword(password)) {
        setError(t('reset.passwordRule'));
        return;
      }
      void run(async () => {
        await call(resetPassword, { body: { step: 'reset', resetKey: step.resetKey, password } }, { hideErrors: true });
        onDone(account.trim());
      });
    }
  }

  return (
    <form className="card" onSubmit={submit} noValidate>
      {step.name !== 'reset' ? (
        <TextInput
          label={t('reset.account')}
          type="tel"
          inputMode="tel"
          autoComplete="username"
          maxLength={16}
          required
          readOnly={step.name !== 'request'}
          value={account}
          onChange={setAccount}
        />
      ) : null}

      {step.name === 'request' ? (
        <CaptchaField
          image={captcha.image}
          value={captcha.code}
          onChange={captcha.setCode}
          onRefresh={captcha.refresh}
        />
      ) : null}

      {step.name === 'verify' ? (
        <>
          <p className="hint" role="status">
            {t('reset.codeSent', { minutes: step.minutes })}
          </p>
          <TextInput
            label={t('reset.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={RESET_CODE_LENGTH}
            required
            value={code}
            onChange={setCode}
          />
        </>
      ) : null}

      {step.name === 'reset' ? (
        <>
          <TextInput
            label={t('reset.newPassword')}
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            required
            value={password}
            onChange={setPassword}
          />
          <TextInput
            label={t('reset.confirmPassword')}
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            required
            value={confirmation}
            onChange={setConfirmation}
          />
          <p className="hint">{t('reset.passwordRule')}</p>
        </>
      ) : null}

      {sending.error ? (
        <p className="form-error" role="alert">
          {sending.error}
        </p>
      ) : null}

      <button
        type="submit"
        className="button button--block"
        disabled={sending.isBusy || (step.name === 'request' && !captcha.image)}
      >
        {t(step.name === 'request' ? 'reset.sendCode' : step.name === 'verify' ? 'reset.verify' : 'reset.submit')}
      </button>
    </form>
  );
}
