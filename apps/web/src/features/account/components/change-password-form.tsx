import { useState, type FormEvent } from 'react';
import { PASSWORD_MAX, isNewPassword, changePassword } from '@stride/contract';
import { call } from '../../../lib/http';
import { TextInput } from '../../../components/text-input';
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

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (newPassword !== confirmation) {
      setError(t('reset.mismatch'));
      return;
    }
    if (!isNewPassword(newPassword)) {
      setError(t('reset.passwordRule'));
      return;
    }
    void run(async () => {
      await call(changePassword, { body: { oldPassword, newPassword } }, { hideErrors: true });
      onDone();
    });
  }

  return (
    <form className="card" onSubmit={submit} noValidate>
      <TextInput
        label={t('changePassword.current')}
        type="password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX}
        required
        value={oldPassword}
        onChange={setOldPassword}
      />
      <TextInput
        label={t('changePassword.new')}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        required
        value={newPassword}
        onChange={setNewPassword}
      />
      <TextInput
        label={t('changePassword.confirm')}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        required
        value={confirmation}
        onChange={setConfirmation}
      />
      <p className="hint">{t('reset.passwordRule')}</p>

      {sending.error ? (
        <p className="form-error" role="alert">
          {sending.error}
        </p>
      ) : null}

      <button type="submit" className="button button--block" disabled={sending.isBusy || !oldPassword}>
        {t('changePassword.submit')}
      </button>
      <p className="hint">{t('changePassword.forgot')}</p>
    </form>
  );
}
