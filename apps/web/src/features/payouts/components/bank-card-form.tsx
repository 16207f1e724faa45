import { useState } from 'react';
import { saveBankCard } from '@stride/contract';
import { call } from '../../../lib/http';
import { CardForm } from '../../../components/card-form';
import type { BankCard } from '@stride/contract';
import { checkAccountNumber, checkHolderName } from '@stride/contract/rules';
import { PersonNameInput, TextInput } from '../../../components/text-input';
import { useSubmit } from '../../../hooks';
import { useI18n } from '../../../lib/i18n';
import { FormError } from '../../../components/form-error';

export interface BankCardFormProps {
  /** The verified real name: the holder name starts as it and must equal it. */
  readonly realName: string | null;
  /** The method being edited; its number is never sent back in full, so it is typed again. */
  readonly card?: BankCard;
  readonly onSaved: (card: BankCard) => void;
}

export function BankCardForm({ realName, card, onSaved }: BankCardFormProps) {
  const { t } = useI18n();
  const [bank, setBank] = useState(card?.bank ?? '');
  const [holderName, setHolderName] = useState(card?.holderName ?? realName ?? '');
  const [accountNumber, setAccountNumber] = useState('');
  const [isChecked, setChecked] = useState(false);
  // Busy until the page goes back to the list.
  const saving = useSubmit({ staysBusyOnSuccess: true });

  const bankError = bank.trim() === '' ? t('payouts.error.bank') : undefined;
  const holderProblem = checkHolderName(holderName, realName);
  const holderError =
    holderProblem === 'empty'
      ? t('payouts.error.holderEmpty')
      : holderProblem === 'mismatch'
        ? t('payouts.error.holderMismatch', { name: realName ?? '' })
        : undefined;
  const numberProblem = checkAccountNumber(accountNumber);
  const numberError = numberProblem ? t(`payouts.error.number.${numberProblem}`) : undefined;
  const isValid = !bankError && !holderError && !numberError;

  return (
    <CardForm
      onSubmit={() => {
        setChecked(true);
        if (!isValid) return;
        const body = {
          ...(card ? { id: card.id } : {}),
          bank: bank.trim(),
          holderName: holderName.trim(),
          accountNumber,
        };
        void saving.run(() => call(saveBankCard, { body }, { hideErrors: true }).then(onSaved));
      }}
    >
      <TextInput
        label={t('payouts.bank')}
        value={bank}
        onChange={setBank}
        maxLength={64}
        required
        autoComplete="off"
        placeholder={t('payouts.bankPlaceholder')}
        error={isChecked ? bankError : undefined}
      />
      <PersonNameInput
        label={t('payouts.holder')}
        value={holderName}
        onChange={setHolderName}
        autoComplete="name"
        error={isChecked || holderProblem === 'mismatch' ? holderError : undefined}
      />
      <p className="hint">{t('payouts.holderHint')}</p>
      <TextInput
        label={t('payouts.number')}
        value={accountNumber}
        onChange={setAccountNumber}
        maxLength={23}
        required
        inputMode="numeric"
        autoComplete="off"
        placeholder={card ? t('payouts.numberAgain', { masked: card.accountMasked }) : ''}
        error={isChecked ? numberError : undefined}
      />
      <FormError message={saving.error} />
      <button type="submit" className="button button--block" disabled={saving.isBusy}>
        {saving.isBusy ? t('payouts.saving') : t('payouts.save')}
      </button>
    </CardForm>
  );
}
