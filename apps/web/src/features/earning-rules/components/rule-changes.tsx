import type { RuleVersion } from '@stride/contract';
import { useI18n } from '../../../lib/i18n';
import { changeLine } from '../rule-text';

/** What a version changed from the one before it, a line each, those worse for the user marked so. */
export function RuleChanges({ version }: { readonly version: RuleVersion }) {
  const { t, language } = useI18n();
  if (version.changes.length === 0) return <p className="hint rules__first">{t('rules.first')}</p>;
  return (
    <ul className="rules__lines">
      {version.changes.map((change) => (
        <li key={change.rule}>
          {changeLine(change, t, language)}
          {change.worse ? (
            <>
              {' '}
              <span className="badge badge--warn">{t('rules.worse')}</span>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
