import { useState } from 'react';
import { RESET_CODE_LENGTH, requestPasswordKey, resetPassword } from '@stride/contract';
import { call } from '../../../lib/http';
import { CardForm } from '../../../components/card-form';
import { FormError } from '../../../components/form-error';
import { NewPasswordFields, newPasswordProblem, OneTimeCodeInput } from '../../../components/text-input';
import { useSubmit } from '../../../hooks';
import { useI18n } from '../../../lib/i18n';
import { useCaptcha } from '../hooks/use-captcha';
import { CaptchaField } from './captcha-field';
import { MobileInput } from './account-inputs';

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

  function submit() {
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
      const problem = newPasswordProblem(password, confirmation);
      if (problem) {
        setError(t(problem));
        return;
      }
      void run(async () => {
        await call(resetPassword, { body: { step: 'reset', resetKey: step.resetKey, password } }, { hideErrors: true });
        onDone(account.trim());
      });
    }
  }

  return (
    <CardForm onSubmit={submit}>
      {step.name !== 'reset' ? (
        <MobileInput
          label={t('reset.account')}
          readOnly={step.name !== 'request'}
          value={account}
          onChange={setAccount}
        />
      ) : null}

      {step.name === 'request' ? <CaptchaField captcha={captcha} /> : null}

      {step.name === 'verify' ? (
        <>
          <p className="hint" role="status">
            {t('reset.codeSent', { minutes: step.minutes })}
          </p>
          <OneTimeCodeInput label={t('reset.code')} length={RESET_CODE_LENGTH} value={code} onChange={setCode} />
        </>
      ) : null}

      {step.name === 'reset' ? (
        <NewPasswordFields
          labels={{ password: t('reset.newPassword'), confirmation: t('reset.confirmPassword') }}
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
        />
      ) : null}

      <FormError message={sending.error} />

      <button
        type="submit"
        className="button button--block"
        disabled={sending.isBusy || (step.name === 'request' && !captcha.image)}
      >
        {t(step.name === 'request' ? 'reset.sendCode' : step.name === 'verify' ? 'reset.verify' : 'reset.submit')}
      </button>
    </CardForm>
  );
}
