import {
  consoleEconomy,
  consoleEconomyDeposit,
  consoleEconomySimulate,
  type EconomyCost,
  type EconomyOverview,
  type ResponseOf,
} from '@stride/contract';
import { Alert, App, Button, Card, Form, Input, InputNumber, Space, Table, Typography, type TableProps } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBusy } from '../components/use-busy';
import { useLoad } from '../components/use-load';
import { UPlotChart } from '../components/uplot-chart';
import { count, dateTime, day, money } from '../lib/format';
import { usePageTexts, type PageTranslate } from '../lib/page-texts';
import { call } from '../lib/request';
import { ECONOMY_PAGE } from '../locales/areas/economy-page';

type Key = keyof typeof ECONOMY_PAGE.en;
type Simulation = ResponseOf<typeof consoleEconomySimulate>;
/** The simulator's form: the exchange's cash in yuan, as typed. */
interface SimulateForm {
  stepsPerPoint: number;
  pointsDailyMax: number;
  exchangePointsPerUnit: number;
  exchangeCashPerUnit: number;
}
interface DepositForm {
  amount: number;
  reference: string;
}

const loadOverview = () => call(consoleEconomy, {});
const COST_COLUMNS = ['steps', 'invites', 'prizes', 'cashBack', 'total'] as const;
const COLOURS = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#595959'];

/** The simulator's query from its form: money in minor units. */
export function toQuery(form: SimulateForm) {
  return {
    stepsPerPoint: form.stepsPerPoint,
    pointsDailyMax: form.pointsDailyMax,
    exchangePointsPerUnit: form.exchangePointsPerUnit,
    exchangeCashPerUnit: Math.round(form.exchangeCashPerUnit * 100),
  };
}

/** A table of a few rows: small, every row on one page, scrolled sideways on a narrow screen. */
function FewRows<T extends object>(props: TableProps<T>) {
  return <Table<T> size="small" pagination={false} scroll={{ x: 'max-content' }} {...props} />;
}

/** A form's button, on a line of its own below the fields. */
function Submit({ busy, onClick, children }: { busy: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Form.Item style={{ marginBottom: 0 }}>
      <Button type="primary" loading={busy} onClick={onClick}>
        {children}
      </Button>
    </Form.Item>
  );
}

/** One figure of a `console-figures` list. */
function Figure({
  label,
  value,
  testId,
  warning,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  warning?: boolean;
}) {
  return (
    <div className={`console-figure${warning ? ' is-warning' : ''}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

function CoverAlert({ data, f }: { data: EconomyOverview; f: PageTranslate<Key> }) {
  const { weeks, alert, alertWeeks } = data.cover;
  if (weeks === null)
    return <Alert type="info" showIcon title={f('economy.coverIdle', { days: data.forecast.basisDays })} />;
  return alert ? (
    <Alert
      type="warning"
      showIcon
      data-testid="economy-alert"
      title={f('economy.coverAlert', { weeks, alert: alertWeeks })}
    />
  ) : (
    <Alert type="success" showIcon title={f('economy.coverOk', { weeks })} />
  );
}

/**
 * Finance: the economy ahead (docs/console/economy.md): what the service owes against its reserve and the weeks it
 * covers, topping up the reserve, the cost of each of the last 28 days, the next four weeks, the daily points cap, and
 * what other earning rules would have cost the last 30 days.
 */
export default function EconomyPage() {
  const { t, f, language } = usePageTexts(ECONOMY_PAGE);
  const { message } = App.useApp();
  const { data, loading, reload } = useLoad<EconomyOverview | null>(loadOverview, 'economy', null);
  const yuan = useCallback((fen: number) => money(fen, language), [language]);
  const whole = useCallback((value: number) => count(value, language), [language]);
  const dayText = useCallback((ymd: string) => day(ymd, language), [language]);

  // A top-up keeps its key until it is recorded, so a retry after a lost answer is the same request; a change of the
  // form is another request, with a key of its own.
  const depositKey = useRef<string | null>(null);
  const [depositForm] = Form.useForm<DepositForm>();
  const deposits = useBusy();
  function deposit() {
    depositForm.validateFields().then(
      (values) =>
        deposits.run(async () => {
          depositKey.current ??= crypto.randomUUID();
          const answer = await call(consoleEconomyDeposit, {
            body: {
              amount: Math.round(values.amount * 100),
              reference: values.reference,
              idempotencyKey: depositKey.current,
            },
          });
          depositKey.current = null;
          const params = { amount: yuan(answer.deposit.amount), reference: answer.deposit.reference };
          void message.success(f(answer.replayed ? 'economy.depositedAgain' : 'economy.deposited', params));
          depositForm.resetFields();
          reload();
        }),
      () => undefined,
    );
  }

  const [simulateForm] = Form.useForm<SimulateForm>();
  const [simulation, setSimulation] = useState<Simulation | null>(null);
  const simulating = useBusy();
  const startedFrom = useRef(false);
  useEffect(() => {
    if (!data || startedFrom.current) return;
    startedFrom.current = true;
    simulateForm.setFieldsValue({
      stepsPerPoint: data.rules.stepsPerPoint,
      pointsDailyMax: data.rules.pointsDailyMax,
      exchangePointsPerUnit: data.rate.pointsPerUnit,
      exchangeCashPerUnit: data.rate.cashPerUnit / 100,
    });
  }, [data, simulateForm]);
  function simulate() {
    simulateForm.validateFields().then(
      (values) =>
        simulating.run(async () => {
          setSimulation(await call(consoleEconomySimulate, { query: toQuery(values) }));
        }),
      () => undefined,
    );
  }

  const chart = useMemo(() => {
    if (!data) return null;
    return {
      days: data.days.map((row) => row.day),
      series: COST_COLUMNS.map((column, index) => ({
        label: f(`economy.col.${column}`),
        values: data.days.map((row) => row[column]),
        colour: COLOURS[index] ?? '#888',
      })),
    };
  }, [data, f]);

  const required = [{ required: true, message: f('economy.required') }];
  const costColumns = COST_COLUMNS.map((column) => ({
    title: f(`economy.col.${column}`),
    dataIndex: column,
    align: 'right' as const,
    render: (value: number) => yuan(value),
  }));
  const short = data ? data.headroom < 0 : false;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="economy">
      <Space wrap>
        <Button onClick={reload} loading={loading}>
          {t('refresh')}
        </Button>
        {data ? (
          <Typography.Text type="secondary">
            {f('economy.asOf', {
              time: dateTime(data.generatedAt, language),
              points: whole(data.rate.pointsPerUnit),
              cash: yuan(data.rate.cashPerUnit),
            })}
          </Typography.Text>
        ) : null}
      </Space>
      {data ? (
        <>
          <CoverAlert data={data} f={f} />
          <Card title={f('economy.owedTitle')} size="small">
            <dl className="console-figures">
              <Figure
                label={f('economy.reserve.available')}
                value={yuan(data.reserve.available)}
                testId="reserve-available"
              />
              <Figure label={f('economy.owed.total')} value={yuan(data.owed.total)} testId="owed-total" />
              <Figure
                label={f(short ? 'economy.short' : 'economy.headroom')}
                value={yuan(Math.abs(data.headroom))}
                testId="headroom"
                warning={short}
              />
              <Figure
                label={f('economy.cover')}
                value={
                  data.cover.weeks === null
                    ? f('economy.coverNone')
                    : f('economy.coverWeeks', { weeks: data.cover.weeks })
                }
                testId="cover-weeks"
                warning={data.cover.alert}
              />
            </dl>
            <dl className="console-figures">
              <Figure label={f('economy.owed.cash')} value={yuan(data.owed.cash)} testId="owed-cash" />
              <Figure
                label={f('economy.owed.pendingWithdrawals')}
                value={yuan(data.owed.pendingWithdrawals)}
                testId="owed-pending"
              />
              <Figure
                label={f('economy.owed.points', { points: whole(data.owed.points) })}
                value={yuan(data.owed.pointsValue)}
                testId="owed-points"
              />
              <Figure
                label={f('economy.owed.cashBackDue', { cards: whole(data.owed.activeCards) })}
                value={yuan(data.owed.cashBackDue)}
                testId="owed-cash-back"
              />
            </dl>
            <Typography.Text type="secondary">
              {data.reserve.firstDepositAt
                ? f('economy.reserve.detail', {
                    deposited: yuan(data.reserve.deposited),
                    paidOut: yuan(data.reserve.paidOut),
                    first: dateTime(data.reserve.firstDepositAt, language),
                  })
                : f('economy.reserve.never')}
            </Typography.Text>
          </Card>
          <Card title={f('economy.depositTitle')} size="small">
            <Typography.Paragraph type="secondary">{f('economy.depositIntro')}</Typography.Paragraph>
            <Form
              form={depositForm}
              layout="vertical"
              requiredMark={false}
              onValuesChange={() => {
                depositKey.current = null;
              }}
            >
              <Space wrap size="middle">
                <Form.Item name="amount" label={f('economy.amount')} rules={required}>
                  <InputNumber min={0.01} max={1_000_000_000} precision={2} />
                </Form.Item>
                <Form.Item name="reference" label={f('economy.reference')} rules={required}>
                  <Input maxLength={64} style={{ width: 200, maxWidth: '100%' }} />
                </Form.Item>
              </Space>
              <Submit busy={deposits.busy} onClick={deposit}>
                {f('economy.deposit')}
              </Submit>
            </Form>
            {data.reserve.deposits.length > 0 ? (
              <FewRows
                style={{ marginTop: 16 }}
                rowKey="transferId"
                title={() => f('economy.deposits')}
                dataSource={data.reserve.deposits}
                columns={[
                  { title: f('economy.col.at'), dataIndex: 'at', render: (value: string) => dateTime(value, language) },
                  {
                    title: f('economy.col.amount'),
                    dataIndex: 'amount',
                    align: 'right',
                    render: (value: number) => yuan(value),
                  },
                  { title: f('economy.col.reference'), dataIndex: 'reference' },
                ]}
              />
            ) : null}
          </Card>
          <Card title={f('economy.forecastTitle', { weeks: data.forecast.weeks.length })} size="small">
            <Typography.Paragraph type="secondary">
              {f('economy.forecastIntro', {
                days: data.forecast.basisDays,
                daily: yuan(data.forecast.dailyCost),
                weekly: yuan(data.forecast.weeklyCost),
              })}
            </Typography.Paragraph>
            <FewRows
              rowKey="from"
              dataSource={data.forecast.weeks}
              columns={[
                {
                  title: f('economy.col.week'),
                  key: 'week',
                  render: (_value, row) =>
                    f('economy.sim.range', { from: day(row.from, language), to: day(row.to, language) }),
                },
                {
                  title: f('economy.col.activity'),
                  dataIndex: 'activity',
                  align: 'right',
                  render: (value: number) => yuan(value),
                },
                {
                  title: f('economy.col.cardCashBack'),
                  dataIndex: 'cashBack',
                  align: 'right',
                  render: (value: number) => yuan(value),
                },
                {
                  title: f('economy.col.total'),
                  dataIndex: 'total',
                  align: 'right',
                  render: (value: number) => yuan(value),
                },
              ]}
            />
          </Card>
          <Card title={f('economy.capTitle')} size="small">
            <Typography.Paragraph data-testid="economy-cap">
              {data.caps.pointsDaily > 0
                ? f('economy.capOn', { cap: whole(data.caps.pointsDaily), today: whole(data.caps.pointsToday) })
                : f('economy.capOff')}
            </Typography.Paragraph>
            <Typography.Text data-testid="economy-cash-cap">
              {data.caps.cashDaily > 0
                ? f('economy.cashCapOn', { cap: yuan(data.caps.cashDaily), today: yuan(data.caps.cashToday) })
                : f('economy.cashCapOff')}
            </Typography.Text>
          </Card>
          <Card title={f('economy.simulateTitle')} size="small">
            <Typography.Paragraph type="secondary">{f('economy.simulateIntro')}</Typography.Paragraph>
            <Form form={simulateForm} layout="vertical" requiredMark={false}>
              <Space wrap size="middle">
                <Form.Item name="stepsPerPoint" label={f('economy.rule.stepsPerPoint')} rules={required}>
                  <InputNumber min={1} max={100_000} precision={0} />
                </Form.Item>
                <Form.Item name="pointsDailyMax" label={f('economy.rule.pointsDailyMax')} rules={required}>
                  <InputNumber min={0} max={1_000_000} precision={0} />
                </Form.Item>
                <Form.Item
                  name="exchangePointsPerUnit"
                  label={f('economy.rule.exchangePointsPerUnit')}
                  rules={required}
                >
                  <InputNumber min={1} max={1_000_000} precision={0} />
                </Form.Item>
                <Form.Item name="exchangeCashPerUnit" label={f('economy.rule.exchangeCashPerUnit')} rules={required}>
                  <InputNumber min={0.01} max={10_000} precision={2} />
                </Form.Item>
              </Space>
              <Submit busy={simulating.busy} onClick={simulate}>
                {f('economy.simulate')}
              </Submit>
            </Form>
            {simulation ? (
              <SimulationResult simulation={simulation} f={f} yuan={yuan} whole={whole} dayText={dayText} />
            ) : null}
          </Card>
          <Card title={f('economy.daysTitle', { days: data.days.length })} size="small">
            <Typography.Paragraph type="secondary">{f('economy.daysNote')}</Typography.Paragraph>
            {chart ? (
              <UPlotChart title={f('economy.chart')} dayLabel={f('economy.col.day')} format={yuan} {...chart} />
            ) : null}
            <FewRows
              rowKey="day"
              dataSource={[...data.days].reverse()}
              columns={[
                {
                  title: f('economy.col.day'),
                  dataIndex: 'day',
                  fixed: 'left',
                  render: (value: string) => day(value, language),
                },
                {
                  title: f('economy.col.stepPoints'),
                  dataIndex: 'stepPoints',
                  align: 'right',
                  render: (value: number) => whole(value),
                },
                ...costColumns,
              ]}
            />
          </Card>
        </>
      ) : null}
    </Space>
  );
}

function SimulationResult({
  simulation,
  f,
  yuan,
  whole,
  dayText,
}: {
  simulation: Simulation;
  f: PageTranslate<Key>;
  yuan: (fen: number) => string;
  whole: (value: number) => string;
  dayText: (ymd: string) => string;
}) {
  const { actual, proposedTotal } = simulation;
  const difference = proposedTotal.total - actual.total;
  const side = (cost: EconomyCost) =>
    `${yuan(cost.total)} · ${f('economy.sim.points', { points: whole(cost.stepPoints) })}`;
  return (
    <div data-testid="simulation" style={{ marginTop: 16 }}>
      <Typography.Text type="secondary">
        {f('economy.sim.range', { from: dayText(simulation.from), to: dayText(simulation.to) })}
      </Typography.Text>
      <dl className="console-figures">
        <Figure label={f('economy.sim.actual')} value={side(actual)} testId="sim-actual" />
        <Figure label={f('economy.sim.proposed')} value={side(proposedTotal)} testId="sim-proposed" />
        <Figure
          label={f('economy.sim.difference')}
          value={`${difference > 0 ? '+' : difference < 0 ? '−' : ''}${yuan(Math.abs(difference))}`}
          testId="sim-difference"
          warning={difference > 0}
        />
      </dl>
      <FewRows
        rowKey="day"
        scroll={{ x: 'max-content', y: 320 }}
        dataSource={[...simulation.days].reverse()}
        columns={[
          { title: f('economy.col.day'), dataIndex: 'day', render: (value: string) => dayText(value) },
          {
            title: f('economy.sim.col.actual'),
            key: 'actual',
            align: 'right',
            render: (_value, row) => yuan(row.actual.total),
          },
          {
            title: f('economy.sim.col.proposed'),
            key: 'proposed',
            align: 'right',
            render: (_value, row) => yuan(row.proposed.total),
          },
        ]}
      />
    </div>
  );
}
