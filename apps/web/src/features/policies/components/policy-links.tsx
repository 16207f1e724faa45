import type { PolicyKind } from '@stride/contract';
import { useI18n } from '../../../lib/i18n';
import { PATHS, go } from '../../../lib/navigation';

export const POLICY_PATHS = { terms: PATHS.terms, privacy: PATHS.privacy } as const;

/** A link to one policy's page (readable without logging in); `inline` within a sentence. */
export function PolicyLink({ kind, inline = false }: { readonly kind: PolicyKind; readonly inline?: boolean }) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      className={inline ? 'link policy-link policy-link--inline' : 'link policy-link'}
      onClick={() => go(POLICY_PATHS[kind])}
    >
      {t(kind === 'terms' ? 'policies.terms' : 'policies.privacy')}
    </button>
  );
}

/** Both policies' links in a row, as under the login form. */
export function PolicyLinks() {
  const { t } = useI18n();
  return (
    <nav className="policy-links" aria-label={t('policies.links')}>
      <PolicyLink kind="terms" />
      <span aria-hidden="true">·</span>
      <PolicyLink kind="privacy" />
    </nav>
  );
}
