import { APPEAL_KINDS, listAppeals, type Appeal, type AppealKind } from '@stride/contract';
import { AppealCard, AppealForm } from '../../features/appeals';
import { formatDay } from '../../features/step-history';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatusTip } from '../../components/status-tip';
import { showToast } from '../../components/toast';
import { useRemote } from '../../hooks';
import { call } from '../../lib/http';
import { useI18n } from '../../lib/i18n';
import { PATHS, go } from '../../lib/navigation';
import type { PageProps } from '../page-props';
import '../../features/appeals/appeals.css';

const load = (signal: AbortSignal) => call(listAppeals, {}, { hideErrors: true, signal });

const isKind = (value: string | undefined): value is AppealKind =>
  (APPEAL_KINDS as readonly string[]).includes(value ?? '');

/**
 * Appeals (GET and POST /api/appeals, docs/product/appeals.md). With `?kind=…&subject=…` (a held day's receipt, the
 * notice that a report was dismissed), the form for that decision first, unless it was appealed already; then every
 * appeal of mine, newest first, each with its due time or its decision and reason.
 */
export default function AppealsPage({ query }: PageProps) {
  const { t, language } = useI18n();
  const { state, retry, refresh } = useRemote(load, { reloadOnShow: true });
  if (state.status === 'loading') return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  const { items, decisionHours } = state.data;
  const titleOf = (kind: AppealKind, subject: string) =>
    kind === 'step-day'
      ? t('appeals.kind.day', { day: formatDay(subject, language, true) })
      : t(`appeals.kind.${kind}`);
  const kind = isKind(query.kind) ? query.kind : undefined;
  const subject = query.subject ?? '';
  const appealed = items.some((item) => item.kind === kind && item.subject === subject);
  const sent = (appeal: Appeal) => {
    void showToast(t('appeals.sent'));
    refresh();
    return appeal;
  };
  return (
    <PullToRefresh>
      {kind && subject && !appealed ? (
        <AppealForm
          kind={kind}
          subject={subject}
          title={
            kind === 'step-day'
              ? t('appeals.formTitle.day', { day: formatDay(subject, language, true) })
              : t(`appeals.formTitle.${kind}`)
          }
          decisionHours={decisionHours}
          onSent={sent}
        />
      ) : null}
      <h2 className="appeals__heading" id="appeals-mine">
        {t('appeals.mine')}
      </h2>
      {items.length === 0 ? <p className="hint appeals__heading">{t('appeals.none')}</p> : null}
      <section aria-labelledby="appeals-mine">
        {items.map((item) => (
          <AppealCard
            key={item.id}
            appeal={item}
            title={titleOf(item.kind, item.subject)}
            onOpen={item.kind === 'step-day' ? () => go(PATHS.stepDay, { day: item.subject }) : undefined}
          />
        ))}
      </section>
    </PullToRefresh>
  );
}
