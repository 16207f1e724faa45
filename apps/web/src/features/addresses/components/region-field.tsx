import { lazy, Suspense, useId, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { FormError } from '../../../components/form-error';

const RegionSheet = lazy(() => import('./region-sheet'));

export interface RegionFieldProps {
  readonly value: string;
  readonly onChange: (region: string) => void;
  readonly error?: string | undefined;
}

/**
 * The region of an address, picked from the administrative divisions. A region typed before the
 * picker existed is shown as it is until another one is picked.
 */
export function RegionField({ value, onChange, error }: RegionFieldProps) {
  const { t } = useI18n();
  const id = useId();
  // The sheet and its data load on the first tap, then stay mounted so they open at once.
  const [isWanted, setWanted] = useState(false);
  const [isOpen, setOpen] = useState(false);
  return (
    <div className="field region-field">
      <span id={`${id}-label`} className="field__label">
        {t('address.region')}
      </span>
      <button
        type="button"
        className="input region-field__button"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-haspopup="dialog"
        aria-describedby={error ? `${id}-error` : undefined}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <span id={`${id}-value`} className={value ? undefined : 'region-field__placeholder'}>
          {value || t('address.regionPlaceholder')}
        </span>
        <span aria-hidden="true">›</span>
      </button>
      <FormError message={error} id={`${id}-error`} />
      {isWanted ? (
        <Suspense fallback={null}>
          <RegionSheet
            visible={isOpen}
            value={value}
            onPick={(region) => {
              onChange(region);
              setOpen(false);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
