import { listRuleVersions } from '@stride/contract';
import { CardSection } from '../../components/card-section';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatusTip } from '../../components/status-tip';
import { RuleChanges, ruleDay, ruleLines } from '../../features/earning-rules';
import { useRemote } from '../../hooks';
import { call } from '../../lib/http';
import { useI18n } from '../../lib/i18n';
import '../../features/earning-rules/earning-rules.css';

const load = (signal: AbortSignal) => call(listRuleVersions, {}, { hideErrors: true, signal });

/**
 * Rules and changes (GET /api/rules/versions, docs/product/earning-rules.md): each upcoming version first, the soonest
 * on top, with the day it applies from and what it changes; then the rules in force today in plain words; then the
 * past versions, newest first. A change worse for the user is marked so, and announced `noticeDays` ahead.
 */
export default function RulesPage() {
  const { t, language } = useI18n();
  const { state, retry } = useRemote(load);
  if (state.status === 'loading') return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  const { versions, noticeDays } = state.data;
  if (versions.length === 0) return <StatusTip status="empty" message={t('rules.none')} />;
  const upcoming = versions.filter((version) => version.state === 'upcoming').reverse();
  const current = versions.find((version) => version.state === 'current');
  const past = versions.filter((version) => version.state === 'past');
  const from = (day: string) => t('rules.from', { day: ruleDay(day, language) });
  return (
    <PullToRefresh>
      {upcoming.map((version) => (
        <CardSection
          key={version.id}
          titleId={`rules-${version.id}`}
          title={from(version.effectiveOn)}
          titleClassName="rules__title"
          className="rules__upcoming"
        >
          <RuleChanges version={version} />
        </CardSection>
      ))}
      {current ? (
        <CardSection titleId="rules-today" title={t('rules.today')} titleClassName="rules__title">
          {past.length > 0 ? (
            // The first version has no first day worth naming: it covers every day before the next.
            <p className="hint">{t('rules.since', { day: ruleDay(current.effectiveOn, language) })}</p>
          ) : null}
          <ul className="rules__lines">
            {ruleLines(current.rules, t, language).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </CardSection>
      ) : null}
      <p className="hint rules__notice">{t('rules.notice', { days: noticeDays })}</p>
      {past.length > 0 ? (
        <>
          <h2 className="rules__heading" id="rules-past">
            {t('rules.past')}
          </h2>
          <ul className="list" aria-labelledby="rules-past">
            {past.map((version) => (
              <li key={version.id} className="rules__past">
                <h3>{from(version.effectiveOn)}</h3>
                <RuleChanges version={version} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </PullToRefresh>
  );
}
