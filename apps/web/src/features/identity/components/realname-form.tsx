import { useState } from 'react';
import { resubmitIdentity, submitIdentity } from '@stride/contract';
import { call } from '../../../lib/http';
import type { Identity, Upload } from '@stride/contract';
import { isValidIdNumber, latestCalendarDay, normalizeIdNumber } from '@stride/contract/rules';
import { TextInput } from '../../../components/text-input';
import { useSubmit } from '../../../hooks';
import { useI18n } from '../../../lib/i18n';
import { IdPhotoField } from './id-photo-field';

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
  const shown = (message: string | undefined) => (isChecked && message ? { error: message } : {});

  return (
    <form
      className="card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
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
      <TextInput
        label={t('identity.name')}
        value={name}
        onChange={setName}
        maxLength={64}
        required
        autoComplete="name"
        {...shown(errors.name)}
      />
      <TextInput
        label={t('identity.idNumber')}
        value={idNumber}
        onChange={setIdNumber}
        maxLength={32}
        required
        autoComplete="off"
        autoCapitalize="characters"
        {...shown(errors.idNumber)}
      />
      <fieldset className="identity-photos">
        <legend className="field__label">{t('identity.photos')}</legend>
        <IdPhotoField
          label={t('identity.front')}
          purpose="id_front"
          value={front}
          onChange={setFront}
          error={isChecked ? errors.front : undefined}
        />
        <IdPhotoField
          label={t('identity.back')}
          purpose="id_back"
          value={back}
          onChange={setBack}
          error={isChecked ? errors.back : undefined}
        />
      </fieldset>
      <p className="hint">{t('identity.privacy')}</p>
      {sending.error ? (
        <p className="form-error" role="alert">
          {sending.error}
        </p>
      ) : null}
      <button type="submit" className="button button--block" disabled={sending.isBusy}>
        {sending.isBusy ? t('identity.sending') : status === 'rejected' ? t('identity.resubmit') : t('identity.submit')}
      </button>
    </form>
  );
}
