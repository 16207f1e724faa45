import { POLICY_KINDS, type ConsentStatus, type PolicyKind, type PolicyText as Policy } from '@stride/contract';
import { useCallback } from 'react';
import { StatusTip } from '../../../components/status-tip';
import { useRemote, useSubmit } from '../../../hooks';
import { formatDate } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { acceptPolicies, getPolicy } from '../api/policies-api';
import { PolicyLink } from './policy-links';
import { PolicyText } from './policy-text';
import { FormError } from '../../../components/form-error';
import { CardSection } from '../../../components/card-section';

/** The policies whose current version the user has not accepted yet. */
export function changedPolicies(status: ConsentStatus): PolicyKind[] {
  return POLICY_KINDS.filter((kind) => status[kind].accepted !== status[kind].current);
}

export interface PolicyUpdateProps {
  readonly status: ConsentStatus;
  readonly onAccepted: () => void;
  readonly onLogOut: () => void;
}

/**
 * A policy changed since the user last accepted it (decision 046 "Policies and consent"): what changed in each, the
 * full texts a tap away, and "Accept" (recorded) or "Log out" instead. Nothing else opens before one.
 */
export function PolicyUpdate({ status, onAccepted, onLogOut }: PolicyUpdateProps) {
  const { t } = useI18n();
  const kinds = changedPolicies(status);
  const load = useCallback(
    (signal: AbortSignal) =>
      Promise.all(kinds.map((kind) => getPolicy(kind, status[kind].current, { hideErrors: true, signal }))),
    // The kinds follow from the versions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [status.terms.current, status.privacy.current, status.terms.accepted, status.privacy.accepted],
  );
  const { state, retry } = useRemote(load, { refreshOnShow: false });
  const sending = useSubmit({ staysBusyOnSuccess: true });

  const accept = () =>
    void sending.run(() =>
      acceptPolicies({ terms: status.terms.current, privacy: status.privacy.current }, { hideErrors: true }).then(
        onAccepted,
      ),
    );

  return (
    <CardSection
      titleId="policy-update-title"
      title={t('policies.updateTitle')}
      titleClassName="policy__title"
      className="policy-update"
    >
      <p>{t('policies.updateLead')}</p>
      {state.status === 'loading' ? <StatusTip status="loading" /> : null}
      {state.status === 'error' ? <StatusTip status="error" message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready'
        ? state.data.map((policy: Policy) => (
            <section key={policy.kind} className="policy-update__item" aria-label={policy.title}>
              <h3 className="policy-update__name">{policy.title}</h3>
              <p className="hint">
                {t('policies.versionLine', { version: policy.version, date: formatDate(policy.publishedAt) })}
              </p>
              <h4 className="policy-update__changes-title">{t('policies.changes')}</h4>
              {policy.changes ? <PolicyText body={policy.changes} level={4} /> : <p>{t('policies.noChanges')}</p>}
              <PolicyLink kind={policy.kind} />
            </section>
          ))
        : null}
      <FormError message={sending.error} />
      <button type="button" className="button button--block" disabled={sending.isBusy} onClick={accept}>
        {t('policies.accept')}
      </button>
      <button type="button" className="button button--block button--ghost" onClick={onLogOut}>
        {t('my.logout')}
      </button>
    </CardSection>
  );
}
