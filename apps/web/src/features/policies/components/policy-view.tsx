import type { PolicyKind } from '@stride/contract';
import { useCallback } from 'react';
import { StatusTip } from '../../../components/status-tip';
import { useRemote } from '../../../hooks';
import { formatDate } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { getPolicy } from '../api/policies-api';
import { PolicyLink } from './policy-links';
import { PolicyText } from './policy-text';

/** One policy in the app's language (the current version unless `version`), with the other's link. */
export function PolicyView({ kind, version }: { readonly kind: PolicyKind; readonly version?: number | undefined }) {
  const { t } = useI18n();
  const load = useCallback(
    (signal: AbortSignal) => getPolicy(kind, version, { hideErrors: true, signal }),
    [kind, version],
  );
  const { state, retry } = useRemote(load);
  if (state.status === 'loading') return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  const policy = state.data;
  return (
    <article className="card policy">
      <h2 className="policy__title">{policy.title}</h2>
      <p className="hint">
        {t('policies.versionLine', { version: policy.version, date: formatDate(policy.publishedAt) })}
      </p>
      <PolicyText body={policy.body} />
      <p className="policy__other">
        <PolicyLink kind={kind === 'terms' ? 'privacy' : 'terms'} />
      </p>
    </article>
  );
}
