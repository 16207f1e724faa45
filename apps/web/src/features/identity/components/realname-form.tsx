import { useState } from 'react';
import { resubmitIdentity, submitIdentity } from '@stride/contract';
import { call } from '../../../lib/http';
import { CardForm } from '../../../components/card-form';
import type { Identity, Upload } from '@stride/contract';
import { isValidIdNumber, latestCalendarDay, normalizeIdNumber } from '@stride/contract/rules';
import { IdNumberInput, PersonNameInput } from '../../../components/text-input';
import { useSubmit } from '../../../hooks';
import { useI18n } from '../../../lib/i18n';
import { IdPhotoField } from './id-photo-field';
import { FormError } from '../../../components/form-error';

export interface RealnameFormProps {
  /** `none` submits (POST); `rejected` resubmits (PUT). */
  readonly status: 'none' | 'rejected';
  readonly initialName?: string;
  readonly onSubmitted: (identity: Identity) => void;
}

export function RealnameForm({ status, initialName = '', onSubmitted }: RealnameFormProps) {
  const { t } = useI18n();
  const [name, setName] = useState(initialName);
  const [idNumber, setIdNumber] = useState('');
  const [front, setFront] = useState<Upload | undefined>(undefined);
  const [back, setBack] = useState<Upload | undefined>(undefined);
  const [isChecked, setChecked] = useState(false);
  // Busy until the page shows what was sent: the form is replaced by the pending status.
  const sending = useSubmit({ staysBusyOnSuccess: true });

  // The day the form opened, for the birth date check; the server checks again on its own day.
  const [today] = useState(() => latestCalendarDay(Date.now()));
  const normalisedId = normalizeIdNumber(idNumber);
  const errors = {
    name: name.trim() === '' ? t('identity.error.name') : undefined,
    idNumber: isValidIdNumber(normalisedId, today) ? undefined : t('identity.error.idNumber'),
    front: front ? undefined : t('identity.error.photo'),
    back: back ? undefined : t('identity.error.photo'),
  };
  const isValid = Object.values(errors).every((value) => value === undefined);
  const shown = (message: string | undefined) => (isChecked ? message : undefined);

  return (
    <CardForm
      onSubmit={() => {
        setChecked(true);
        if (!isValid || !front || !back) return;
        const body = {
          name: name.trim(),
          idNumber: normalisedId,
          frontImageId: front.fileId,
          backImageId: back.fileId,
        };
        const endpoint = status === 'rejected' ? resubmitIdentity : submitIdentity;
        void sending.run(() => call(endpoint, { body }, { hideErrors: true }).then(onSubmitted));
      }}
    >
      <PersonNameInput
        label={t('identity.name')}
        value={name}
        onChange={setName}
        autoComplete="name"
        error={shown(errors.name)}
      />
      <IdNumberInput
        label={t('identity.idNumber')}
        value={idNumber}
        onChange={setIdNumber}
        autoCapitalize="characters"
        error={shown(errors.idNumber)}
      />
      <fieldset className="identity-photos">
        <legend className="field__label">{t('identity.photos')}</legend>
        <IdPhotoField
          label={t('identity.front')}
          purpose="id_front"
          value={front}
          onChange={setFront}
          error={shown(errors.front)}
        />
        <IdPhotoField
          label={t('identity.back')}
          purpose="id_back"
          value={back}
          onChange={setBack}
          error={shown(errors.back)}
        />
      </fieldset>
      <p className="hint">{t('identity.privacy')}</p>
      <FormError message={sending.error} />
      <button type="submit" className="button button--block" disabled={sending.isBusy}>
        {sending.isBusy ? t('identity.sending') : status === 'rejected' ? t('identity.resubmit') : t('identity.submit')}
      </button>
    </CardForm>
  );
}
