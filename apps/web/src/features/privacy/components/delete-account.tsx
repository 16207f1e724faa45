import { useState } from 'react';
import { DELETE_CONFIRMATION, type AccountDeletionCheck } from '@stride/contract';
import { CardForm } from '../../../components/card-form';
import { FormError } from '../../../components/form-error';
import { PasswordInput, TextInput } from '../../../components/text-input';
import { useSubmit } from '../../../hooks';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { deleteAccount } from '../api/privacy';
import './privacy.css';

/**
 * docs/product/rules.md, Your data, Delete the account: what happens, in plain words; what is
 * forfeited (withdraw first); what blocks it; then the password and the typed word.
 */
export function DeleteAccountForm({
  check,
  onWithdraw,
  onDeleted,
}: {
  readonly check: AccountDeletionCheck;
  readonly onWithdraw: () => void;
  readonly onDeleted: () => void;
}) {
  const { t } = useI18n();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [forfeit, setForfeit] = useState(false);
  const sending = useSubmit({ staysBusyOnSuccess: true });
  const hasBalance = check.cash > 0 || check.points > 0;
  const { blockers } = check;
  const blockerTexts = [
    blockers.pendingWithdrawals > 0 ? t('accountData.blockWithdrawals', { count: blockers.pendingWithdrawals }) : null,
    blockers.unpaidOrders > 0 ? t('accountData.blockUnpaid', { count: blockers.unpaidOrders }) : null,
    blockers.unshippedOrders > 0 ? t('accountData.blockUnshipped', { count: blockers.unshippedOrders }) : null,
    blockers.unshippedMailings > 0 ? t('accountData.blockMailings', { count: blockers.unshippedMailings }) : null,
  ].filter((text): text is string => text !== null);
  const isReady =
    check.canDelete && password !== '' && confirmation.trim() === DELETE_CONFIRMATION && (!hasBalance || forfeit);

  function submit() {
    if (!isReady) return;
    void sending.run(async () => {
      await deleteAccount({ password, confirmation, forfeit: hasBalance ? forfeit : undefined }, { hideErrors: true });
      onDeleted();
    });
  }

  return (
    <CardForm onSubmit={submit} aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="privacy-title">
        {t('accountData.deleteTitle')}
      </h2>
      <p>{t('accountData.deleteExplain')}</p>
      <p className="hint">{t('accountData.deleteKept')}</p>
      {hasBalance ? (
        <div role="note" className="privacy-warning" data-testid="forfeit-warning">
          <p>
            {t('accountData.forfeitWarning', {
              cash: formatMoney(check.cash),
              points: formatNumber(check.points),
            })}
          </p>
          <button type="button" className="link" onClick={onWithdraw}>
            {t('accountData.withdrawFirst')}
          </button>
        </div>
      ) : null}
      {blockerTexts.length > 0 ? (
        <div role="note" className="privacy-warning" data-testid="deletion-blockers">
          <p>{t('accountData.blocked')}</p>
          <ul>
            {blockerTexts.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <PasswordInput label={t('accountData.password')} value={password} onChange={setPassword} />
      <TextInput
        label={t('accountData.typeWord', { word: DELETE_CONFIRMATION })}
        autoComplete="off"
        maxLength={32}
        required
        value={confirmation}
        onChange={setConfirmation}
      />
      {hasBalance ? (
        <label className="privacy-confirm">
          <input type="checkbox" checked={forfeit} onChange={(event) => setForfeit(event.target.checked)} />
          <span>
            {t('accountData.forfeitAccept', { cash: formatMoney(check.cash), points: formatNumber(check.points) })}
          </span>
        </label>
      ) : null}
      <FormError message={sending.error} />
      <button type="submit" className="button button--block button--danger" disabled={sending.isBusy || !isReady}>
        {t('accountData.deleteSubmit')}
      </button>
    </CardForm>
  );
}
