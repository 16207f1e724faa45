import { useId, useState } from 'react';
import { useRemote } from '../../../hooks';
import { useI18n } from '../../../lib/i18n';
import { getCurrentPolicyVersions, type PolicyVersions } from '../api/policies-api';
import { PolicyLink } from './policy-links';

const loadVersions = (signal: AbortSignal) => getCurrentPolicyVersions({ hideErrors: true, signal });

export interface PolicyAcceptanceState {
  readonly checked: boolean;
  readonly setChecked: (checked: boolean) => void;
  /** The versions the user accepts: the current ones once the box is ticked, else null. */
  readonly accepted: PolicyVersions | null;
}

/** Sign-up's acceptance: unticked at first; the current versions are read when the form opens. */
export function usePolicyAcceptance(): PolicyAcceptanceState {
  const [checked, setChecked] = useState(false);
  const { state } = useRemote(loadVersions, { refreshOnShow: true });
  const accepted = checked && state.status === 'ready' ? state.data : null;
  return { checked, setChecked, accepted };
}

/** The checkbox, with a link to each policy beside it. */
export function PolicyAcceptance({
  checked,
  onChange,
}: {
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
}) {
  const { t, language } = useI18n();
  const id = useId();
  // Chinese sets the titles' 《》 against the words; other languages put a space between.
  const gap = language.startsWith('zh') ? '' : ' ';
  return (
    <div className="policy-accept">
      <label className="policy-accept__tap">
        <input
          id={id}
          type="checkbox"
          className="policy-accept__box"
          checked={checked}
          aria-label={t('policies.acceptLabel')}
          onChange={(event) => onChange(event.target.checked)}
        />
      </label>
      <span className="policy-accept__text">
        <label htmlFor={id}>{t('policies.acceptLead')}</label>
        {gap}
        <PolicyLink kind="terms" inline />
        {gap}
        {t('policies.and')}
        {gap}
        <PolicyLink kind="privacy" inline />
      </span>
    </div>
  );
}
