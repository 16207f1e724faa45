import { getStepHistory } from '@stride/contract';
import { call } from '../../../lib/http';
import { useCallback, useMemo, useState } from 'react';
import { StatusTip } from '../../../components/status-tip';
import { Segmented } from '../../../components/segmented';
import { useRemote } from '../../../hooks';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { PATHS, go } from '../../../lib/navigation';
import { formatAxisDay, formatDay, formatKm, formatMonth, formatSteps } from '../format';
import { periodsOf, rangeOf, type HistoryView, type Period } from '../periods';
import type { Achievements, StepHistory } from '../types';
import { StepsChart } from './steps-chart';

const VIEWS: readonly HistoryView[] = ['day', 'week', 'month'];
const VIEW_NAMES: Readonly<Record<HistoryView, MessageKey>> = {
  day: 'history.view.day',
  week: 'history.view.week',
  month: 'history.view.month',
};
const CHART_NAMES: Readonly<Record<HistoryView, MessageKey>> = {
  day: 'history.chart.day',
  week: 'history.chart.week',
  month: 'history.chart.month',
};
const REVIEW_NAMES: Readonly<Record<string, MessageKey>> = {
  flagged: 'history.review.flagged',
  cleared: 'history.review.cleared',
  rejected: 'history.review.rejected',
};

const openDay = (day: string) => go(PATHS.stepDay, { day });

/** Streaks and distance, from the achievements. */
export function StreakSummary({ achievements }: { readonly achievements: Achievements }) {
  const { t, language } = useI18n();
  return (
    <section className="card" aria-label={t('history.streaks')}>
      <dl className="history-figures">
        <div>
          <dt>{t('history.currentStreak')}</dt>
          <dd data-testid="current-streak">{formatSteps(achievements.currentStreak, language)}</dd>
        </div>
        <div>
          <dt>{t('history.longestStreak')}</dt>
          <dd>{formatSteps(achievements.longestStreak, language)}</dd>
        </div>
        <div>
          <dt>{t('history.distance')}</dt>
          <dd>{t('history.km', { km: formatKm(achievements.totalDistanceMeters, language) })}</dd>
        </div>
      </dl>
      <p className="hint history-figures__note">
        {t('history.totals', {
          steps: formatSteps(achievements.totalSteps, language),
          days: formatSteps(achievements.goalDays, language),
        })}
      </p>
    </section>
  );
}

function periodLabel(view: HistoryView, period: Period, language: Parameters<typeof formatDay>[1]) {
  if (view === 'day') return formatDay(period.start, language);
  if (view === 'month') return formatMonth(period.start, language);
  return `${formatDay(period.start, language)} – ${formatDay(period.end, language)}`;
}

function Figures({ history, view }: { readonly history: StepHistory; readonly view: HistoryView }) {
  const { t, language } = useI18n();
  const { summary } = history;
  const best = summary.best;
  return (
    <dl className="history-figures" data-testid={`history-figures-${view}`}>
      <div>
        <dt>{t('history.best')}</dt>
        <dd>
          {best ? (
            <button type="button" className="link history-best" onClick={() => openDay(best.day)}>
              {formatSteps(best.steps, language)}
              <span className="history-best__day">{formatDay(best.day, language)}</span>
            </button>
          ) : (
            '—'
          )}
        </dd>
      </div>
      <div>
        <dt>{t('history.average')}</dt>
        <dd>{formatSteps(summary.averageSteps, language)}</dd>
      </div>
      <div>
        <dt>{t('history.goalDays')}</dt>
        <dd>{formatSteps(summary.goalDays, language)}</dd>
      </div>
      <div>
        <dt>{t('history.total')}</dt>
        <dd>{formatSteps(summary.totalSteps, language)}</dd>
      </div>
    </dl>
  );
}

/** The days of the range, newest first: the chart's figures in words, each opening its receipt. */
function DayTable({ history, periods }: { readonly history: StepHistory; readonly periods: readonly Period[] }) {
  const { t, language } = useI18n();
  const byDay = new Map(history.days.map((day) => [day.day, day]));
  return (
    <table className="history-table">
      <caption className="sr-only">{t('history.chart.day')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('history.table.day')}</th>
          <th scope="col">{t('history.steps')}</th>
          <th scope="col">{t('history.goal')}</th>
        </tr>
      </thead>
      <tbody>
        {[...periods].reverse().map((period) => {
          const day = byDay.get(period.start);
          const review = day?.reviewStatus ? REVIEW_NAMES[day.reviewStatus] : undefined;
          return (
            <tr key={period.start} className={day?.goalMet ? 'history-row history-row--met' : 'history-row'}>
              <th scope="row">
                <button
                  type="button"
                  className="link history-row__day"
                  onClick={() => openDay(period.start)}
                  aria-label={t('history.openDay', { day: formatDay(period.start, language, true) })}
                  data-day={period.start}
                >
                  {formatDay(period.start, language)}
                </button>
              </th>
              <td>
                {formatSteps(period.total, language)}
                {review ? <span className="badge badge--warn history-row__review">{t(review)}</span> : null}
              </td>
              <td>
                {day?.goalMet ? (
                  <span className="badge badge--good">{t('history.goalMet')}</span>
                ) : (
                  <span className="history-row__goal">{formatSteps(period.goal, language)}</span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function PeriodTable({ view, periods }: { readonly view: HistoryView; readonly periods: readonly Period[] }) {
  const { t, language } = useI18n();
  return (
    <table className="history-table">
      <caption className="sr-only">{t(CHART_NAMES[view])}</caption>
      <thead>
        <tr>
          <th scope="col">{t(view === 'week' ? 'history.table.week' : 'history.table.month')}</th>
          <th scope="col">{t('history.total')}</th>
          <th scope="col">{t('history.average')}</th>
          <th scope="col">{t('history.goalDays')}</th>
        </tr>
      </thead>
      <tbody>
        {[...periods].reverse().map((period) => (
          <tr key={period.start} className="history-row">
            <th scope="row">{periodLabel(view, period, language)}</th>
            <td>{formatSteps(period.total, language)}</td>
            <td>{formatSteps(period.average, language)}</td>
            <td>{formatSteps(period.goalDays, language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ViewContent({ view, history, today }: { view: HistoryView; history: StepHistory; today: string }) {
  const { t, language } = useI18n();
  const periods = useMemo(() => periodsOf(view, history, today), [view, history, today]);
  const chart = useMemo(
    () => ({
      labels: periods.map((period) =>
        view === 'month' ? period.start.slice(5, 7) : formatAxisDay(period.start, language),
      ),
      values: periods.map((period) => (view === 'day' ? period.total : period.average)),
      goals: periods.map((period) => period.goal),
    }),
    [periods, view, language],
  );
  const format = useCallback((value: number) => formatSteps(value, language), [language]);
  const select = useCallback(
    (index: number) => {
      const period = periods[index];
      if (view === 'day' && period) openDay(period.start);
    },
    [periods, view],
  );
  return (
    <>
      <StepsChart
        label={t(CHART_NAMES[view])}
        labels={chart.labels}
        values={chart.values}
        goals={chart.goals}
        goalLabel={t('history.goal')}
        valueLabel={t('history.steps')}
        format={format}
        onSelect={select}
      />
      <p className="hint history-legend" aria-hidden="true">
        <span className="history-legend__bar" /> {t(view === 'day' ? 'history.steps' : 'history.average')}
        <span className="history-legend__goal" /> {t('history.goal')}
      </p>
      <Figures history={history} view={view} />
      {view === 'day' ? (
        <DayTable history={history} periods={periods} />
      ) : (
        <PeriodTable view={view} periods={periods} />
      )}
    </>
  );
}

/** History's day, week and month views of steps against the goal (GET /api/steps/history). */
export function HistoryViews({ today }: { readonly today: string }) {
  const { t } = useI18n();
  const [view, setView] = useState<HistoryView>('day');
  const load = useCallback(
    (signal: AbortSignal) => call(getStepHistory, { query: rangeOf(view, today) }, { hideErrors: true, signal }),
    [view, today],
  );
  const { state, retry } = useRemote(load, { reloadOnShow: true });
  return (
    <section className="card history-views" aria-label={t('history.views')}>
      <Segmented
        role="tab"
        label={t('history.views')}
        options={VIEWS}
        value={view}
        onChange={setView}
        optionLabel={(item) => t(VIEW_NAMES[item])}
      />
      <div role="tabpanel" aria-label={t(VIEW_NAMES[view])}>
        {state.status === 'loading' ? <StatusTip status="loading" /> : null}
        {state.status === 'error' ? <StatusTip status="error" message={state.message} onRetry={retry} /> : null}
        {state.status === 'ready' ? <ViewContent view={view} history={state.data} today={today} /> : null}
      </div>
    </section>
  );
}
