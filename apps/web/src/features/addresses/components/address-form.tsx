import { saveAddress } from '@stride/contract';
import { call } from '../../../lib/http';
import type { Address } from '@stride/contract';
import { useId, useState, type FormEvent } from 'react';
import { TextInput } from '../../../components/text-input';
import { useSubmit } from '../../../hooks';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { RegionField } from './region-field';
import {
  ADDRESS_LIMITS,
  draftOf,
  toAddressBody,
  validateAddress,
  type AddressErrors,
  type AddressField,
} from '../address-rules';

const ERROR_TEXT: Record<AddressField, Record<'empty' | 'format', MessageKey>> = {
  name: { empty: 'address.error.name', format: 'address.error.name' },
  phone: { empty: 'address.error.phone', format: 'address.error.phoneFormat' },
  region: { empty: 'address.error.region', format: 'address.error.region' },
  detail: { empty: 'address.error.detail', format: 'address.error.detail' },
};

export interface AddressFormProps {
  /** The address being edited; none to add one. */
  readonly address?: Address;
  readonly onSaved: (address: Address) => void;
}

/** Name, phone, region, detail and the default flag; checked here, then by the server. */
export function AddressForm({ address, onSaved }: AddressFormProps) {
  const { t } = useI18n();
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(address));
  const [errors, setErrors] = useState<AddressErrors>({});
  const saving = useSubmit();
  const set = (field: AddressField) => (value: string) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
  const errorOf = (field: AddressField) => {
    const kind = errors[field];
    return kind ? t(ERROR_TEXT[field][kind]) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateAddress(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // The request layer shows the server's message (for example the 20-address limit).
    void saving.run(() => call(saveAddress, { body: toAddressBody(draft, address?.id) }).then(onSaved));
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-label={t('address.form')}>
      <TextInput
        label={t('address.name')}
        value={draft.name}
        onChange={set('name')}
        maxLength={ADDRESS_LIMITS.name}
        autoComplete="name"
        required
        error={errorOf('name')}
      />
      <TextInput
        label={t('address.phone')}
        value={draft.phone}
        onChange={set('phone')}
        maxLength={ADDRESS_LIMITS.phone}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        error={errorOf('phone')}
      />
      <RegionField value={draft.region} onChange={set('region')} error={errorOf('region')} />
      <TextInput
        label={t('address.detail')}
        value={draft.detail}
        onChange={set('detail')}
        maxLength={ADDRESS_LIMITS.detail}
        placeholder={t('address.detailPlaceholder')}
        autoComplete="street-address"
        required
        error={errorOf('detail')}
      />
      <div className="field address-form__default">
        <input
          id={`${id}-default`}
          type="checkbox"
          checked={draft.isDefault}
          onChange={(event) => setDraft((previous) => ({ ...previous, isDefault: event.target.checked }))}
        />
        <label htmlFor={`${id}-default`}>{t('address.setDefault')}</label>
      </div>
      <button type="submit" className="button button--block" disabled={saving.isBusy}>
        {saving.isBusy ? t('address.saving') : t('address.save')}
      </button>
    </form>
  );
}
