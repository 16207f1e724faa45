import { isNewPassword } from '@stride/contract';
import { useI18n } from '../../lib/i18n';
import { PasswordInput } from './password-input';

/** Why a chosen password and its confirmation cannot be sent, as a message key; none when they can. */
export function newPasswordProblem(password: string, confirmation: string) {
  if (password !== confirmation) return 'reset.mismatch';
  if (!isNewPassword(password)) return 'reset.passwordRule';
  return undefined;
}

export interface NewPasswordFieldsProps {
  readonly labels: { readonly password: string; readonly confirmation: string };
  readonly password: string;
  readonly confirmation: string;
  readonly onPasswordChange: (value: string) => void;
  readonly onConfirmationChange: (value: string) => void;
}

/** A new password typed twice, with the rule it must meet (docs/product/rules.md, Accounts). */
export function NewPasswordFields({
  labels,
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
}: NewPasswordFieldsProps) {
  const { t } = useI18n();
  return (
    <>
      <PasswordInput label={labels.password} isNew value={password} onChange={onPasswordChange} />
      <PasswordInput label={labels.confirmation} isNew value={confirmation} onChange={onConfirmationChange} />
      <p className="hint">{t('reset.passwordRule')}</p>
    </>
  );
}
