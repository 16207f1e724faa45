import {
  consoleDashboardSummary,
  consoleStepSyncHealth,
  type DashboardDay,
  type DashboardSummary,
  type StepSyncHealth,
} from '@stride/contract';
import { Alert, Button, Space, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { StepSyncPanel } from '../components/step-sync-panel';
import { useLoad } from '../components/use-load';
import { UPlotChart, type ChartSeries } from '../components/uplot-chart';
import { count as countIn, dateTime, money as moneyIn } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { pageTranslator } from '../lib/page-texts';
import { call } from '../lib/request';
import type { MessageKey } from '../locales';
import { ECONOMY_ALERT } from '../locales/areas/economy-alert';

const loadSummary = () => call(consoleDashboardSummary, {});
const loadStepSync = () => call(consoleStepSyncHealth, {});
const NO_HEALTH: StepSyncHealth[] = [];

type Figure = Exclude<keyof DashboardDay, 'day'>;
const MONEY_FIGURES = new Set<Figure>(['cashBackPaid', 'cardSalesAmount', 'withdrawalsPaidAmount']);
const FIGURES: readonly Figure[] = [
  'activeWalkers',
  'steps',
  'pointsIssued',
  'pointsRedeemed',
  'cashBackPaid',
  'cardSales',
  'cardSalesAmount',
  'withdrawalsPaid',
  'withdrawalsPaidAmount',
];

const COLOURS = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96'];

/** Queues that are late when not empty (appeals past their due time): shown in amber then. */
const WARNING_QUEUES = new Set(['appeals-overdue']);

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const whole = Math.abs(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * Admin and finance: today's figures, the last 30 days as charts and as text, what users are owed,
 * every queue, and how step sync runs (its own call, open to every operator).
 */
export default function DashboardPage() {
  const { t, language } = useI18n();
  const alertText = pageTranslator(ECONOMY_ALERT, language);
  const { data, loading, reload } = useLoad<DashboardSummary | null>(loadSummary, 'summary', null);
  const stepSync = useLoad(loadStepSync, 'step-sync', NO_HEALTH);
  const count = useMemo(() => (value: number) => countIn(value, language), [language]);
  const money = useMemo(() => (fen: number) => moneyIn(fen, language), [language]);
  const show = (figure: Figure, value: number) => (MONEY_FIGURES.has(figure) ? money(value) : count(value));

  const charts = useMemo(() => {
    if (!data) return [];
    const days = data.days.map((row) => row.day);
    const line = (figure: Figure, index: number, axis?: 'right'): ChartSeries => ({
      label: t(`dashboard.${figure}`),
      values: data.days.map((row) => row[figure]),
      colour: COLOURS[index] ?? '#888',
      ...(axis ? { axis } : {}),
    });
    return [
      {
        key: 'walking',
        title: t('dashboard.chart.walking'),
        days,
        series: [line('activeWalkers', 0), line('steps', 1, 'right')],
        format: count,
        whole: true,
      },
      {
        key: 'points',
        title: t('dashboard.chart.points'),
        days,
        series: [line('pointsIssued', 0), line('pointsRedeemed', 2)],
        format: count,
        whole: true,
      },
      {
        key: 'money',
        title: t('dashboard.chart.money'),
        days,
        series: [line('cardSalesAmount', 0), line('cashBackPaid', 1), line('withdrawalsPaidAmount', 3)],
        format: money,
      },
      {
        key: 'counts',
        title: t('dashboard.chart.counts'),
        days,
        series: [line('cardSales', 0), line('withdrawalsPaid', 3)],
        format: count,
        whole: true,
      },
    ];
  }, [data, t, count, money]);

  const today = data?.days.at(-1);
  // Beside the queues; alone when the summary did not load.
  const stepSyncPanel = stepSync.data.length > 0 ? <StepSyncPanel health={stepSync.data} /> : null;
  return (
    <div data-testid="dashboard">
      <Space style={{ marginBottom: 8 }} wrap>
        <Button
          onClick={() => {
            reload();
            stepSync.reload();
          }}
          loading={loading}
        >
          {t('refresh')}
        </Button>
        {data ? (
          <Typography.Text type="secondary">
            {t('dashboard.timeZone', {
              offset: offsetText(data.utcOffsetMinutes),
              time: dateTime(data.generatedAt, language),
            })}
          </Typography.Text>
        ) : null}
      </Space>
      {data?.economy.alert ? (
        // The reserve covers fewer weeks than ECONOMY_ALERT_WEEKS (docs/console/economy.md).
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="dashboard-economy-alert"
          title={alertText('economyAlert.title', { weeks: data.economy.weeks ?? 0 })}
          description={alertText('economyAlert.body', {
            weeks: data.economy.weeks ?? 0,
            weekly: money(data.economy.weeklyCost),
            alert: data.economy.alertWeeks,
          })}
        />
      ) : null}
      {data && today ? (
        <>
          <h2 className="console-section-title">{t('dashboard.queues')}</h2>
          <dl className="console-figures" data-testid="dashboard-queues">
            {data.queues.map((queue) => {
              const key = `dashboard.queue.${queue.key}` as MessageKey;
              return (
                <div
                  className={`console-figure${WARNING_QUEUES.has(queue.key) && queue.count > 0 ? ' is-warning' : ''}`}
                  key={queue.key}
                  data-testid={`queue-${queue.key}`}
                >
                  <dt>{(t(key) as string | undefined) ?? queue.key}</dt>
                  <dd>{count(queue.count)}</dd>
                </div>
              );
            })}
          </dl>
          {stepSyncPanel}
          <h2 className="console-section-title">{t('dashboard.liabilities')}</h2>
          <dl className="console-figures">
            <div className="console-figure">
              <dt>{t('dashboard.liabilitiesCash')}</dt>
              <dd data-testid="liabilities-cash">{money(data.liabilities.cash)}</dd>
            </div>
            <div className="console-figure">
              <dt>{t('dashboard.liabilitiesPoints')}</dt>
              <dd data-testid="liabilities-points">{count(data.liabilities.points)}</dd>
            </div>
          </dl>
          <Typography.Text type="secondary">{t('dashboard.liabilitiesNote')}</Typography.Text>
          <h2 className="console-section-title">{t('dashboard.social')}</h2>
          <dl className="console-figures" data-testid="dashboard-social">
            {(
              [
                ['friendships', data.social.friends.friendships],
                ['activeThisWeek', data.social.friends.activeThisWeek],
                ['openClubs', data.social.clubs.open],
                ['verifiedClubs', data.social.clubs.verified],
                ['runningChallenges', data.social.challenges.running],
                ['challengers', data.social.challenges.participants],
              ] as const
            ).map(([key, value]) => (
              <div className="console-figure" key={key}>
                <dt>{t(`dashboard.social.${key}`)}</dt>
                <dd data-testid={`social-${key}`}>{count(value)}</dd>
              </div>
            ))}
          </dl>
          <h2 className="console-section-title">{t('dashboard.today', { day: data.today })}</h2>
          <dl className="console-figures" data-testid="dashboard-today">
            {FIGURES.map((figure) => (
              <div className="console-figure" key={figure}>
                <dt>{t(`dashboard.${figure}`)}</dt>
                <dd data-testid={`today-${figure}`}>{show(figure, today[figure])}</dd>
              </div>
            ))}
          </dl>
          <h2 className="console-section-title">{t('dashboard.days')}</h2>
          <div className="console-dashboard-grid">
            {charts.map(({ key, ...chart }) => (
              <UPlotChart key={key} dayLabel={t('dashboard.day')} {...chart} />
            ))}
          </div>
          <h2 className="console-section-title">{t('dashboard.table')}</h2>
          <Table
            rowKey="day"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={[...data.days].reverse()}
            columns={[
              { title: t('dashboard.day'), dataIndex: 'day', fixed: 'left' },
              ...FIGURES.map((figure) => ({
                title: t(`dashboard.${figure}`),
                dataIndex: figure,
                align: 'right' as const,
                render: (value: number) => show(figure, value),
              })),
            ]}
          />
        </>
      ) : (
        stepSyncPanel
      )}
    </div>
  );
}
