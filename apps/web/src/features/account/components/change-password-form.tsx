import { useState } from 'react';
import { changePassword } from '@stride/contract';
import { call } from '../../../lib/http';
import { CardForm } from '../../../components/card-form';
import { FormError } from '../../../components/form-error';
import { NewPasswordFields, PasswordInput, newPasswordProblem } from '../../../components/text-input';
import { useSubmit } from '../../../hooks';
import { useI18n } from '../../../lib/i18n';

/**
 * docs/product/rules.md, Accounts, Change password: the current password and the new one twice.
 * `onDone` runs once the server has stored it and signed out every other device.
 */
export function ChangePasswordForm({ onDone }: { readonly onDone: () => void }) {
  const { t } = useI18n();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const sending = useSubmit({ staysBusyOnSuccess: true });
  const { run, setError } = sending;

  function submit() {
    const problem = newPasswordProblem(newPassword, confirmation);
    if (problem) {
      setError(t(problem));
      return;
    }
    void run(async () => {
      await call(changePassword, { body: { oldPassword, newPassword } }, { hideErrors: true });
      onDone();
    });
  }

  return (
    <CardForm onSubmit={submit}>
      <PasswordInput label={t('changePassword.current')} value={oldPassword} onChange={setOldPassword} />
      <NewPasswordFields
        labels={{ password: t('changePassword.new'), confirmation: t('changePassword.confirm') }}
        password={newPassword}
        confirmation={confirmation}
        onPasswordChange={setNewPassword}
        onConfirmationChange={setConfirmation}
      />

      <FormError message={sending.error} />

      <button type="submit" className="button button--block" disabled={sending.isBusy || !oldPassword}>
        {t('changePassword.submit')}
      </button>
      <p className="hint">{t('changePassword.forgot')}</p>
    </CardForm>
  );
}
