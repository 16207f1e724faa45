import {
  CHALLENGE_DAILY_STEPS_MAX,
  CHALLENGE_DAILY_STEPS_MIN,
  CHALLENGE_KINDS,
  CHALLENGE_OPERATOR_DAYS_MAX,
  CHALLENGE_PRIZE_MAX,
  CHALLENGE_STATES,
  CHALLENGE_TITLE_MAX,
  CHALLENGE_TITLE_PATTERN,
  CHALLENGE_WINNERS_MAX,
  consoleChallengeParticipants,
  consoleChallenges,
  consoleCreateChallenge,
  consoleEndChallenge,
  consoleFundChallenge,
  consoleMe,
  PRIZE_FUND_PATTERN,
  type ChallengeKind,
  type ChallengeState,
  type ConsoleChallenge,
  type OperatorRole,
  type ResponseOf,
} from '@stride/contract';
import { App, Button, Descriptions, Form, Input, InputNumber, Modal, Select, Space, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { timeColumn } from '../components/columns';
import { EditModal } from '../components/edit-modal';
import { ReasonModal } from '../components/reason-modal';
import { ListTable, PAGE_SIZE } from '../components/status-queue';
import { useListRun } from '../components/use-busy';
import { useLoad } from '../components/use-load';
import { count, day } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';
import type { ConsoleLanguage, MessageKey } from '../locales';

const NO_ROLES: OperatorRole[] = [];
const loadRoles = () => call(consoleMe, {}).then((me) => me.roles);
const NO_PAGE = { items: [] as ConsoleChallenge[], page: 1, pageSize: PAGE_SIZE, total: 0, hasMore: false };
const NO_PARTICIPANTS = {
  items: [] as ResponseOf<typeof consoleChallengeParticipants>['items'],
  page: 1,
  pageSize: PAGE_SIZE,
  total: 0,
  hasMore: false,
};

const DAY_MS = 86_400_000;
/** The days of a period, its first and last included; 0 when it ends before it starts. */
export function periodDays(startsOn: string, endsOn: string): number {
  const days = (Date.parse(`${endsOn}T00:00:00Z`) - Date.parse(`${startsOn}T00:00:00Z`)) / DAY_MS + 1;
  return Number.isFinite(days) && days > 0 ? days : 0;
}

const STATE_COLORS: Readonly<Record<ChallengeState, string | undefined>> = {
  upcoming: 'blue',
  running: 'green',
  deciding: 'orange',
  settled: undefined,
  cancelled: 'red',
};
const KIND_KEYS: Readonly<Record<ChallengeKind, MessageKey>> = {
  'daily-goal': 'challenges.kind.dailyGoal',
  'most-steps': 'challenges.kind.mostSteps',
  'team-total': 'challenges.kind.teamTotal',
};
const STATE_KEYS: Readonly<Record<ChallengeState, MessageKey>> = {
  upcoming: 'challenges.state.upcoming',
  running: 'challenges.state.running',
  deciding: 'challenges.state.deciding',
  settled: 'challenges.state.settled',
  cancelled: 'challenges.state.cancelled',
};

interface CreateForm {
  title: string;
  description?: string;
  startsOn: string;
  endsOn: string;
  kind: ChallengeKind;
  dailySteps?: number;
  daysNeeded?: number;
  winners?: number;
  prizePoints: number;
}

/** The body the console sends for the form: only the goal fields of its kind. */
export function createBody(form: CreateForm) {
  return {
    title: form.title.trim(),
    description: (form.description ?? '').trim(),
    startsOn: form.startsOn,
    endsOn: form.endsOn,
    rules:
      form.kind === 'daily-goal'
        ? { kind: form.kind, dailySteps: form.dailySteps ?? 0, daysNeeded: form.daysNeeded ?? 0 }
        : { kind: form.kind, winners: form.winners ?? 1 },
    prizePoints: form.prizePoints,
  };
}

/** A figure not known yet (before settlement) is a dash. */
const countOrDash = (value: number | null, language: ConsoleLanguage) =>
  value === null ? '—' : count(value, language);

const isOpen = (row: ConsoleChallenge) => row.state === 'upcoming' || row.state === 'running';

/** A new public challenge: its title and description, its period and goal, and the prize pool finance funds later. */
function CreateFields() {
  const { t } = useI18n();
  const required = [{ required: true, message: t('challenges.required') }];
  const kind = Form.useWatch<ChallengeKind | undefined>('kind');
  return (
    <>
      <Form.Item
        name="title"
        label={t('challenges.titleField')}
        rules={[...required, { pattern: CHALLENGE_TITLE_PATTERN, message: t('challenges.titleRule') }]}
      >
        <Input autoComplete="off" maxLength={CHALLENGE_TITLE_MAX} />
      </Form.Item>
      <Form.Item name="description" label={t('challenges.description')} rules={[{ max: 1000 }]}>
        <Input.TextArea rows={3} maxLength={1000} />
      </Form.Item>
      <Space wrap size="middle">
        <Form.Item name="startsOn" label={t('challenges.startsOn')} rules={required}>
          <Input type="date" />
        </Form.Item>
        <Form.Item
          name="endsOn"
          label={t('challenges.endsOn')}
          dependencies={['startsOn']}
          rules={[
            ...required,
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) => {
                const days = value ? periodDays(getFieldValue('startsOn') as string, value) : 1;
                return days >= 1 && days <= CHALLENGE_OPERATOR_DAYS_MAX
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('challenges.periodRule', { days: CHALLENGE_OPERATOR_DAYS_MAX })));
              },
            }),
          ]}
        >
          <Input type="date" />
        </Form.Item>
        <Form.Item name="kind" label={t('challenges.kind')} rules={required}>
          <Select
            style={{ minWidth: 180 }}
            options={CHALLENGE_KINDS.map((value) => ({ value, label: t(KIND_KEYS[value]) }))}
          />
        </Form.Item>
      </Space>
      {kind === 'daily-goal' ? (
        <Space wrap size="middle">
          <Form.Item name="dailySteps" label={t('challenges.dailySteps')} rules={required}>
            <InputNumber min={CHALLENGE_DAILY_STEPS_MIN} max={CHALLENGE_DAILY_STEPS_MAX} precision={0} step={500} />
          </Form.Item>
          <Form.Item
            name="daysNeeded"
            label={t('challenges.daysNeeded')}
            dependencies={['startsOn', 'endsOn']}
            rules={[
              ...required,
              ({ getFieldValue }) => ({
                validator: (_rule, value: number | null | undefined) => {
                  const days = periodDays(getFieldValue('startsOn') as string, getFieldValue('endsOn') as string);
                  return value === null || value === undefined || days === 0 || value <= days
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('challenges.daysNeededRule', { days })));
                },
              }),
            ]}
          >
            <InputNumber min={1} max={CHALLENGE_OPERATOR_DAYS_MAX} precision={0} />
          </Form.Item>
        </Space>
      ) : (
        <Form.Item name="winners" label={t('challenges.winners')} rules={required}>
          <InputNumber min={1} max={CHALLENGE_WINNERS_MAX} precision={0} />
        </Form.Item>
      )}
      <Form.Item
        name="prizePoints"
        label={t('challenges.prizePoints')}
        extra={t('challenges.prizeHint')}
        rules={required}
      >
        <InputNumber min={0} max={CHALLENGE_PRIZE_MAX} precision={0} step={1000} style={{ minWidth: 180 }} />
      </Form.Item>
    </>
  );
}

/** Who is in a challenge, by place, with what each was paid once settled. */
function Participants({ challenge, onClose }: { challenge: ConsoleChallenge; onClose: () => void }) {
  const { t, language } = useI18n();
  const [page, setPage] = useState(1);
  const load = useCallback(
    () => call(consoleChallengeParticipants, { params: { id: challenge.id }, query: { page, pageSize: PAGE_SIZE } }),
    [challenge.id, page],
  );
  const { data, loading } = useLoad(load, `${challenge.id}:${page}`, NO_PARTICIPANTS);
  const points = (value: number | null) => countOrDash(value, language);
  return (
    <Modal
      open
      width={900}
      title={t('challenges.participantsOf', { title: challenge.title })}
      footer={null}
      onCancel={onClose}
    >
      <ListTable
        rowKey="userId"
        loading={loading}
        dataSource={data.items}
        emptyText={t('challenges.noParticipants')}
        paged={{
          page: data.page,
          total: data.total,
          onPage: setPage,
          totalText: (total) => t('challenges.participantsTotal', { total: count(total, language) }),
        }}
        columns={[
          { title: t('challenges.place'), dataIndex: 'place', align: 'right', render: points },
          { title: t('challenges.user'), dataIndex: 'name' },
          {
            title: t('challenges.club'),
            dataIndex: 'club',
            render: (club: { name: string } | null) => club?.name ?? '—',
          },
          {
            title: t('challenges.steps'),
            dataIndex: 'steps',
            align: 'right',
            render: (v: number) => count(v, language),
          },
          {
            title: t('challenges.pendingSteps'),
            dataIndex: 'pendingSteps',
            align: 'right',
            render: (v: number) => count(v, language),
          },
          ...(challenge.kind === 'daily-goal'
            ? [{ title: t('challenges.goalDays'), dataIndex: 'goalDays', align: 'right' as const }]
            : []),
          { title: t('challenges.prize'), dataIndex: 'prizePoints', align: 'right', render: points },
          timeColumn(t('challenges.joinedAt'), 'joinedAt', language),
        ]}
      />
    </Modal>
  );
}

/** How a challenge stands: its state, why it ended, its funding and, once settled, its figures. */
function StateCell({ row }: { row: ConsoleChallenge }) {
  const { t, language } = useI18n();
  return (
    <Space direction="vertical" size={0}>
      <Tag color={STATE_COLORS[row.state]}>{t(STATE_KEYS[row.state])}</Tag>
      {row.endedReason ? <Typography.Text type="secondary">{row.endedReason}</Typography.Text> : null}
      {row.state === 'deciding' && row.heldParticipants > 0 ? (
        <Typography.Text type="warning">
          {t('challenges.held', { count: count(row.heldParticipants, language) })}
        </Typography.Text>
      ) : null}
      {row.hidden ? <Tag>{t('challenges.hidden')}</Tag> : null}
    </Space>
  );
}

/**
 * Editors and finance: public challenges (or every scope), with their participants; editors create one and end one
 * early with a reason, finance funds its prize pool from a named prize fund, once (docs/product/challenges.md).
 */
export default function ChallengesPage() {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const { data: roles } = useLoad(loadRoles, 'roles', NO_ROLES);
  const isEditor = roles.includes('editor');
  const isFinance = roles.includes('finance');
  const [filter, setFilter] = useState<{ scope: 'public' | 'all'; state?: ChallengeState; page: number }>({
    scope: 'public',
    page: 1,
  });
  const load = useCallback(
    () =>
      call(consoleChallenges, {
        query: { page: filter.page, pageSize: PAGE_SIZE, scope: filter.scope, state: filter.state },
      }),
    [filter],
  );
  const { data, loading, reload } = useLoad(load, JSON.stringify(filter), NO_PAGE);
  const [creating, setCreating] = useState(false);
  const [funding, setFunding] = useState<ConsoleChallenge | null>(null);
  const [ending, setEnding] = useState<ConsoleChallenge | null>(null);
  const [showing, setShowing] = useState<ConsoleChallenge | null>(null);
  const [createForm] = Form.useForm<CreateForm>();
  const [fundForm] = Form.useForm<{ fund: string }>();
  const fund = Form.useWatch('fund', fundForm);
  const { busy, run } = useListRun(reload, {
    close: () => {
      setFunding(null);
      setEnding(null);
    },
    notice: t('challenges.stale'),
  });

  function openCreate() {
    createForm.resetFields();
    createForm.setFieldsValue({ kind: 'daily-goal', dailySteps: 8000, daysNeeded: 5, winners: 3, prizePoints: 0 });
    setCreating(true);
  }

  function create() {
    createForm.validateFields().then(
      (values) =>
        run(
          async () => {
            const made = await call(consoleCreateChallenge, { body: createBody(values) });
            void message.success(t('challenges.created', { title: made.title }));
          },
          () => setCreating(false),
        ),
      () => undefined,
    );
  }

  function openFund(row: ConsoleChallenge) {
    fundForm.resetFields();
    setFunding(row);
  }

  function sendFund() {
    const target = funding;
    if (!target) return;
    fundForm.validateFields().then(
      ({ fund: name }) =>
        run(
          async () => {
            const funded = await call(consoleFundChallenge, {
              params: { id: target.id },
              body: { fund: name.trim(), version: target.version },
            });
            void message.success(
              t('challenges.funded', {
                points: count(funded.prizePoints, language),
                account: funded.fundingAccount ?? '',
              }),
            );
          },
          () => setFunding(null),
        ),
      () => undefined,
    );
  }

  const points = (value: number | null) => countOrDash(value, language);
  return (
    <>
      <ListTable
        wrap
        onRefresh={reload}
        tools={
          <>
            {isEditor ? (
              <Button type="primary" onClick={openCreate}>
                {t('challenges.create')}
              </Button>
            ) : null}
            <Select
              aria-label={t('challenges.scope')}
              style={{ minWidth: 160 }}
              value={filter.scope}
              options={[
                { value: 'public', label: t('challenges.scopePublic') },
                { value: 'all', label: t('challenges.scopeAll') },
              ]}
              onChange={(scope: 'public' | 'all') => setFilter((old) => ({ ...old, scope, page: 1 }))}
            />
            <Select
              aria-label={t('challenges.state')}
              style={{ minWidth: 160 }}
              value={filter.state ?? ''}
              options={[
                { value: '', label: t('challenges.anyState') },
                ...CHALLENGE_STATES.map((value) => ({ value, label: t(STATE_KEYS[value]) })),
              ]}
              onChange={(value: ChallengeState | '') =>
                setFilter((old) => ({ ...old, state: value === '' ? undefined : value, page: 1 }))
              }
            />
          </>
        }
        loading={loading}
        dataSource={data.items}
        emptyText={t('challenges.empty')}
        paged={{
          page: data.page,
          total: data.total,
          onPage: (page) => setFilter((old) => ({ ...old, page })),
          totalText: (total) => t('challenges.total', { total: count(total, language) }),
        }}
        columns={[
          {
            title: t('challenges.titleField'),
            dataIndex: 'title',
            render: (title: string, row) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{title}</Typography.Text>
                <Typography.Text type="secondary">
                  {`${t(KIND_KEYS[row.kind])} · ${t(`challenges.scope.${row.scope}`)}`}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('challenges.period'),
            key: 'period',
            render: (_value, row) => `${day(row.startsOn, language)} – ${day(row.endsOn, language)}`,
          },
          {
            title: t('challenges.goal'),
            key: 'goal',
            render: (_value, row) =>
              row.kind === 'daily-goal'
                ? t('challenges.goalDaily', {
                    steps: count(row.dailySteps ?? 0, language),
                    days: row.daysNeeded ?? 0,
                  })
                : t('challenges.goalPlaces', { winners: row.winners ?? 1 }),
          },
          { title: t('challenges.state'), key: 'state', render: (_value, row) => <StateCell row={row} /> },
          {
            title: t('challenges.participants'),
            dataIndex: 'participants',
            align: 'right',
            render: (value: number, row) =>
              row.kind === 'team-total'
                ? t('challenges.inTeams', { count: count(value, language), teams: count(row.teams, language) })
                : count(value, language),
          },
          {
            title: t('challenges.prizePool'),
            key: 'prize',
            render: (_value, row) =>
              row.prizePoints === 0 ? (
                '—'
              ) : (
                <Space direction="vertical" size={0}>
                  <span>{count(row.prizePoints, language)}</span>
                  {row.fundingAccount ? (
                    <Typography.Text type="secondary" data-testid="challenge-funding">
                      {row.fundingAccount}
                    </Typography.Text>
                  ) : (
                    <Tag color="orange">{t('challenges.notFunded')}</Tag>
                  )}
                </Space>
              ),
          },
          {
            title: t('challenges.settlement'),
            key: 'settlement',
            render: (_value, row) =>
              row.settledAt === null ? (
                '—'
              ) : (
                <Descriptions size="small" column={1}>
                  <Descriptions.Item label={t('challenges.winnersCount')}>{points(row.winnersCount)}</Descriptions.Item>
                  <Descriptions.Item label={t('challenges.paid')}>{points(row.paidPoints)}</Descriptions.Item>
                  <Descriptions.Item label={t('challenges.returned')}>{points(row.returnedPoints)}</Descriptions.Item>
                </Descriptions>
              ),
          },
          timeColumn(t('challenges.createdAt'), 'createdAt', language),
        ]}
        actions={(row) => (
          <Space size={0} wrap>
            <Button type="link" onClick={() => setShowing(row)}>
              {t('challenges.participantsAction')}
            </Button>
            {isFinance && row.prizePoints > 0 && row.fundingAccount === null && isOpen(row) ? (
              <Button type="link" onClick={() => openFund(row)}>
                {t('challenges.fund')}
              </Button>
            ) : null}
            {isEditor && isOpen(row) ? (
              <Button type="link" danger onClick={() => setEnding(row)}>
                {t('challenges.end')}
              </Button>
            ) : null}
          </Space>
        )}
      />
      <EditModal
        busy={busy}
        open={creating}
        width={720}
        title={t('challenges.create')}
        onOk={create}
        onCancel={() => setCreating(false)}
      >
        <Form form={createForm} layout="vertical" requiredMark={false}>
          <CreateFields />
        </Form>
      </EditModal>
      <EditModal
        busy={busy}
        open={funding !== null}
        title={funding ? t('challenges.fundTitle', { title: funding.title }) : t('challenges.fund')}
        okText={t('challenges.fund')}
        onOk={sendFund}
        onCancel={() => setFunding(null)}
      >
        {funding ? (
          <Typography.Paragraph>
            {t('challenges.fundNote', { points: count(funding.prizePoints, language) })}
          </Typography.Paragraph>
        ) : null}
        <Form form={fundForm} layout="vertical" requiredMark={false}>
          <Form.Item
            name="fund"
            label={t('challenges.fundName')}
            extra={t('challenges.fundAccount', { account: `system:prizes:${fund ?? ''}` })}
            rules={[
              { required: true, message: t('challenges.required') },
              { pattern: PRIZE_FUND_PATTERN, message: t('challenges.fundRule') },
            ]}
          >
            <Input autoComplete="off" maxLength={40} placeholder="winter-2026" />
          </Form.Item>
        </Form>
      </EditModal>
      <ReasonModal
        open={ending !== null}
        danger
        title={ending ? t('challenges.endTitle', { title: ending.title }) : undefined}
        hint={t('challenges.endNote')}
        label={t('challenges.endReason')}
        clearAfter={false}
        onCancel={() => setEnding(null)}
        onSubmit={(reason) => {
          const target = ending;
          if (!target) return Promise.resolve();
          return run(
            async () => {
              await call(consoleEndChallenge, { params: { id: target.id }, body: { reason, version: target.version } });
              void message.success(t('challenges.ended', { title: target.title }));
            },
            () => setEnding(null),
          );
        }}
      />
      {showing ? <Participants challenge={showing} onClose={() => setShowing(null)} /> : null}
    </>
  );
}
