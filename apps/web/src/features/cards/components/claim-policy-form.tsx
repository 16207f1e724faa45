import { useId, useState, type FormEvent } from 'react';
import { isValidIdNumber, latestCalendarDay, normalizeIdNumber } from '@stride/contract/rules';
import { IdNumberInput, PersonNameInput } from '../../../components/text-input';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { FormError } from '../../../components/form-error';

export type FamilyRelation = 'spouse' | 'parent' | 'child' | 'sibling';

export const RELATIONS: readonly FamilyRelation[] = ['spouse', 'parent', 'child', 'sibling'];
export const RELATION_TEXT: Record<FamilyRelation, MessageKey> = {
  spouse: 'insure.relation.spouse',
  parent: 'insure.relation.parent',
  child: 'insure.relation.child',
  sibling: 'insure.relation.sibling',
};

export interface FamilyMember {
  readonly name: string;
  readonly idNumber: string;
  readonly relation: FamilyRelation;
}

export interface ClaimPolicyFormProps {
  readonly isBusy: boolean;
  readonly onSubmit: (member: FamilyMember) => void;
  readonly onCancel: () => void;
}

/** Giving a policy to a family member: name, ID number and relation (the contract's limits). */
export function ClaimPolicyForm({ isBusy, onSubmit, onCancel }: ClaimPolicyFormProps) {
  const { t } = useI18n();
  const relationId = useId();
  const relationErrorId = `${relationId}-error`;
  const [name, setName] = useState('');
  const [idNumber, setIdNumber] = useState('');
  // No relation is assumed: the giver chooses one (decision 041 "Flows that ask first and say what happened").
  const [relation, setRelation] = useState<FamilyRelation | undefined>(undefined);
  const [errors, setErrors] = useState<{ name?: string; idNumber?: string; relation?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmedName = name.trim();
    const trimmedId = normalizeIdNumber(idNumber);
    // Real-name's rule (contract rules): a resident ID's check character and birth date count.
    const found = {
      ...(trimmedName ? {} : { name: t('insure.nameRequired') }),
      ...(isValidIdNumber(trimmedId, latestCalendarDay(Date.now())) ? {} : { idNumber: t('insure.idNumberRule') }),
      ...(relation ? {} : { relation: t('insure.relationRequired') }),
    };
    setErrors(found);
    if (found.name || found.idNumber || !relation) return;
    onSubmit({ name: trimmedName, idNumber: trimmedId, relation });
  };

  return (
    <form className="claim-form" onSubmit={submit} noValidate>
      <PersonNameInput label={t('insure.name')} value={name} onChange={setName} error={errors.name} />
      <IdNumberInput label={t('insure.idNumber')} value={idNumber} onChange={setIdNumber} error={errors.idNumber} />
      <div className="field">
        <label htmlFor={relationId} className="field__label">
          {t('insure.relation')}
        </label>
        <select
          id={relationId}
          className="input"
          value={relation ?? ''}
          aria-required
          aria-invalid={errors.relation ? true : undefined}
          aria-describedby={errors.relation ? relationErrorId : undefined}
          onChange={(event) => setRelation(RELATIONS.find((item) => item === event.target.value))}
        >
          <option value="" disabled>
            {t('insure.relationChoose')}
          </option>
          {RELATIONS.map((item) => (
            <option key={item} value={item}>
              {t(RELATION_TEXT[item])}
            </option>
          ))}
        </select>
        <FormError message={errors.relation} id={relationErrorId} />
      </div>
      <div className="claim-form__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={isBusy}>
          {t('cancel')}
        </button>
        <button type="submit" className="button" disabled={isBusy}>
          {t('insure.give')}
        </button>
      </div>
    </form>
  );
}
