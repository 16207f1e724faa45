import {
  consoleMe,
  consoleUserFreeze,
  consoleUserGet,
  consoleUserOrders,
  type ConsoleUserPage,
  consoleUserResetLoginLimits,
  consoleUsersSearch,
  consoleUserStatement,
  consoleUserUnfreeze,
  consoleUserWithdrawals,
  type OperatorRole,
  type ResponseOf,
} from '@stride/contract';
import { CODES } from '@stride/contract/codes';
import { maskMiddle } from '@stride/contract/rules';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  Segmented,
  Space,
  Spin,
  Tabs,
  Tag,
  Typography,
  type TableProps,
} from 'antd';
import { useCallback, useState } from 'react';
import { ReasonModal } from '../components/reason-modal';
import { ListTable, PAGE_SIZE } from '../components/status-queue';
import { StepConnectionsSection } from '../components/step-connections';
import { useFail } from '../components/use-fail';
import { useLoad } from '../components/use-load';
import { amountOf, count, dateTime, money } from '../lib/format';
import { kindName, statementSummary } from '../lib/records';
import { useI18n } from '../lib/i18n-context';
import { call, ConsoleError } from '../lib/request';
import { navigate, splitRoute, useRoute } from '../lib/route';
import type { MessageKey } from '../locales';
import { timeColumn } from '../components/columns';

const LIST_SIZE = 10;
const SEARCH_RULE = /^(\+?[0-9]{3,15}|[0-9a-fA-F-]{36})$/;
const NO_ROLES: OperatorRole[] = [];

type Paged<T> = { items: T[]; total: number };
const EMPTY_PAGE = { items: [], total: 0 };

type SearchAnswer = ResponseOf<typeof consoleUsersSearch>;
const NO_RESULT: SearchAnswer = { items: [], page: 1, pageSize: PAGE_SIZE, total: 0, hasMore: false, masked: false };

const loadRoles = () => call(consoleMe, {}).then((me) => me.roles);

function StatusTag({ status }: { status: 'active' | 'frozen' }) {
  const { t } = useI18n();
  return status === 'frozen' ? (
    <Tag color="red">{t('users.frozen')}</Tag>
  ) : (
    <Tag color="green">{t('users.active')}</Tag>
  );
}

/** A paged list of one user's rows, loaded from the server one page at a time (`load` asks for a page). */
function UserList<T extends { id: string }>({
  load,
  listKey,
  columns,
}: {
  load: (page: number) => Promise<Paged<T>>;
  listKey: string;
  columns: TableProps<T>['columns'];
}) {
  const { t } = useI18n();
  const [page, setPage] = useState(1);
  const run = useCallback(() => load(page), [load, page]);
  const { data, loading } = useLoad<Paged<T>>(run, `${listKey}#${page}`, EMPTY_PAGE);
  return (
    <ListTable<T>
      size="small"
      loading={loading}
      dataSource={data.items}
      paged={{ page, pageSize: LIST_SIZE, total: data.total, onPage: setPage, small: true }}
      emptyText={t('users.none')}
      columns={columns}
    />
  );
}

function StatementTab({ userId, mobile }: { userId: string; mobile: string }) {
  const { t, language } = useI18n();
  const [asset, setAsset] = useState<'CNY' | 'POINTS'>('CNY');
  const load = useCallback(
    (page: number) =>
      call(consoleUserStatement, { params: { id: userId }, query: { asset, page, pageSize: LIST_SIZE } }),
    [userId, asset],
  );
  const amount = (value: number) => amountOf(asset, value, language);
  return (
    <>
      <Segmented<'CNY' | 'POINTS'>
        style={{ marginBottom: 12 }}
        value={asset}
        onChange={setAsset}
        options={[
          { value: 'CNY', label: t('users.cash') },
          { value: 'POINTS', label: t('users.points') },
        ]}
      />
      <UserList
        load={load}
        listKey={`statement:${userId}:${asset}`}
        columns={[
          timeColumn(t('users.at'), 'createdAt', language),
          {
            title: t('users.statement.type'),
            dataIndex: 'type',
            render: (type: string) => <Tag title={type}>{kindName(t, type)}</Tag>,
          },
          {
            title: t('users.statement.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: (value: number) => (
              <Typography.Text type={value < 0 ? 'danger' : 'success'}>
                {value > 0 ? '+' : ''}
                {amount(value)}
              </Typography.Text>
            ),
          },
          {
            title: t('users.statement.balanceAfter'),
            dataIndex: 'balanceAfter',
            align: 'right',
            render: (value: number) => amount(value),
          },
          {
            title: t('audit.summary'),
            key: 'summary',
            render: (_value, row) => statementSummary(t, language, row, asset, mobile),
          },
        ]}
      />
    </>
  );
}

/** One user's page: who, state, verification, balances and the lists, with the actions the roles allow. */
function UserDrawer({
  userId,
  roles,
  onClose,
  onChanged,
}: {
  userId: string;
  roles: readonly OperatorRole[];
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t, language } = useI18n();
  const { message, modal } = App.useApp();
  const fail = useFail();
  const load = useCallback(() => call(consoleUserGet, { params: { id: userId } }), [userId]);
  const { data, loading, reload } = useLoad<ConsoleUserPage | null>(load, userId, null);
  const loadOrders = useCallback(
    (page: number) => call(consoleUserOrders, { params: { id: userId }, query: { page, pageSize: LIST_SIZE } }),
    [userId],
  );
  const loadWithdrawals = useCallback(
    (page: number) => call(consoleUserWithdrawals, { params: { id: userId }, query: { page, pageSize: LIST_SIZE } }),
    [userId],
  );
  const [changing, setChanging] = useState<'freeze' | 'unfreeze' | null>(null);
  const isAdmin = roles.includes('admin');
  const canReset = isAdmin || roles.includes('support');
  const width = Math.min(960, typeof window === 'undefined' ? 960 : window.innerWidth);
  // The cards', orders' and withdrawals' status as the server names it.
  const statusColumn = {
    title: t('users.status'),
    dataIndex: 'status',
    render: (status: string) => <Tag>{status}</Tag>,
  };

  function resetLimits(page: ConsoleUserPage) {
    modal.confirm({
      title: t('users.resetConfirm', { account: page.user.account }),
      okText: t('users.resetLimits'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          const { cleared } = await call(consoleUserResetLoginLimits, { params: { id: page.user.id } });
          void message.success(t('users.resetDone', { cleared }));
        } catch (error) {
          fail(error);
        }
      },
    });
  }

  async function changeFrozen(page: ConsoleUserPage, reason: string) {
    const endpoint = changing === 'freeze' ? consoleUserFreeze : consoleUserUnfreeze;
    try {
      await call(endpoint, { params: { id: page.user.id }, body: { version: page.user.version, reason } });
      void message.success(t(changing === 'freeze' ? 'users.frozenDone' : 'users.unfrozenDone'));
    } catch (error) {
      fail(error);
      // A stale page shows the server's message, then the page as it is now.
      if (!(error instanceof ConsoleError && error.code === CODES.STALE_EDIT)) return;
    }
    setChanging(null);
    reload();
    onChanged();
  }

  const page = data?.user.id === userId ? data : null;
  const rn = (status: string) => t(`users.rn.${status}` as MessageKey);

  return (
    <Drawer
      open
      size={width}
      title={page ? t('users.pageTitle', { account: page.user.account }) : t('loading')}
      onClose={onClose}
      destroyOnHidden
      extra={
        page ? (
          <Space wrap>
            {canReset ? <Button onClick={() => resetLimits(page)}>{t('users.resetLimits')}</Button> : null}
            {isAdmin && page.user.status === 'active' ? (
              <Button danger type="primary" onClick={() => setChanging('freeze')}>
                {t('users.freeze')}
              </Button>
            ) : null}
            {isAdmin && page.user.status === 'frozen' ? (
              <Button type="primary" onClick={() => setChanging('unfreeze')}>
                {t('users.unfreeze')}
              </Button>
            ) : null}
          </Space>
        ) : null
      }
    >
      {!page ? (
        <Spin spinning={loading}>
          <div style={{ minHeight: 120 }} />
        </Spin>
      ) : (
        <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="user-page">
          {page.masked ? <Alert type="info" showIcon title={t('users.masked')} /> : null}
          {page.user.status === 'frozen' ? (
            <Alert
              type="error"
              showIcon
              title={t('users.frozenSince', {
                at: page.user.frozenAt ? dateTime(page.user.frozenAt, language) : '',
                by: page.user.frozenBy ?? '',
              })}
              description={`${t('users.frozenReason')}: ${page.user.frozenReason ?? ''}`}
            />
          ) : null}
          <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('users.account')}>{page.user.account}</Descriptions.Item>
            <Descriptions.Item label={t('users.status')}>
              <StatusTag status={page.user.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('users.id')}>
              <Typography.Text copyable>{page.user.id}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('users.createdAt')}>
              {dateTime(page.user.createdAt, language)}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.inviteCode')}>{page.user.inviteCode}</Descriptions.Item>
            <Descriptions.Item label={t('users.invitedBy')}>{page.user.invitedBy ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('users.cash')}>{money(page.balances.cash, language)}</Descriptions.Item>
            <Descriptions.Item label={t('users.points')}>{count(page.balances.points, language)}</Descriptions.Item>
          </Descriptions>
          <Descriptions title={t('users.verification')} size="small" bordered column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('users.verificationStatus')}>{rn(page.verification.status)}</Descriptions.Item>
            <Descriptions.Item label={t('users.face')}>
              {page.verification.faceVerified ? t('users.faceDone') : t('users.faceNotDone')}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.name')}>{page.verification.name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('users.idNumber')}>{page.verification.idNumberMasked ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('users.submittedAt')}>
              {page.verification.submittedAt ? dateTime(page.verification.submittedAt, language) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.reviewedAt')}>
              {page.verification.reviewedAt ? dateTime(page.verification.reviewedAt, language) : '—'}
            </Descriptions.Item>
          </Descriptions>
          <Tabs
            items={[
              {
                key: 'statement',
                label: t('users.tab.statement'),
                children: <StatementTab userId={page.user.id} mobile={maskMiddle(page.user.account)} />,
              },
              {
                key: 'cards',
                label: t('users.tab.cards'),
                children: (
                  <ListTable
                    size="small"
                    dataSource={page.cards}
                    emptyText={t('users.none')}
                    columns={[
                      { title: t('users.card.plan'), key: 'plan', render: (_value, row) => row.plan.name },
                      statusColumn,
                      {
                        title: t('users.card.period'),
                        key: 'period',
                        render: (_value, row) => `${row.startsOn} – ${row.endsOn}`,
                      },
                      {
                        title: t('users.card.daysLeft'),
                        dataIndex: 'daysLeft',
                        render: (v: number) => count(v, language),
                      },
                      {
                        title: t('users.card.cashBack'),
                        dataIndex: 'cashBackTotal',
                        render: (value: number) => money(value, language),
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'orders',
                label: t('users.tab.orders'),
                children: (
                  <UserList
                    load={loadOrders}
                    listKey={`orders:${userId}`}
                    columns={[
                      timeColumn(t('users.at'), 'createdAt', language),
                      {
                        title: t('users.order.kind'),
                        dataIndex: 'kind',
                        render: (kind: 'membership' | 'goods') => t(`users.order.kind.${kind}`),
                      },
                      { title: t('users.order.title'), dataIndex: 'title' },
                      statusColumn,
                      {
                        title: t('users.order.amount'),
                        key: 'paid',
                        render: (_value, row) =>
                          row.kind === 'membership'
                            ? money(row.amount, language)
                            : `${count(row.points, language)} × ${count(row.quantity, language)}`,
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'withdrawals',
                label: t('users.tab.withdrawals'),
                children: (
                  <UserList
                    load={loadWithdrawals}
                    listKey={`withdrawals:${userId}`}
                    columns={[
                      timeColumn(t('users.at'), 'createdAt', language),
                      {
                        title: t('users.withdrawal.amount'),
                        dataIndex: 'amount',
                        render: (v: number) => money(v, language),
                      },
                      { title: t('users.withdrawal.fee'), dataIndex: 'fee', render: (v: number) => money(v, language) },
                      statusColumn,
                      {
                        title: t('users.withdrawal.account'),
                        key: 'account',
                        render: (_value, row) => `${row.bankCard.bank} ${row.bankCard.accountMasked}`,
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'bankCards',
                label: t('users.tab.bankCards'),
                children: (
                  <ListTable
                    size="small"
                    dataSource={page.bankCards}
                    scroll={undefined}
                    emptyText={t('users.none')}
                    columns={[
                      { title: t('users.bank.bank'), dataIndex: 'bank' },
                      { title: t('users.bank.holder'), dataIndex: 'holderName' },
                      { title: t('users.bank.account'), dataIndex: 'accountMasked' },
                    ]}
                  />
                ),
              },
              {
                key: 'stepConnections',
                label: t('users.tab.stepConnections'),
                children: <StepConnectionsSection userId={page.user.id} canDisconnect={canReset} />,
              },
              {
                key: 'invitees',
                label: t('users.tab.invitees'),
                children: (
                  <ListTable
                    size="small"
                    dataSource={page.invitees}
                    scroll={undefined}
                    emptyText={t('users.none')}
                    columns={[
                      { title: t('users.account'), dataIndex: 'account' },
                      timeColumn(t('users.invitee.joined'), 'joinedAt', language),
                      {
                        title: t('users.invitee.qualified'),
                        dataIndex: 'qualified',
                        render: (value: boolean) => (value ? t('users.yes') : t('users.no')),
                      },
                      {
                        title: t('users.invitee.reward'),
                        dataIndex: 'rewardPoints',
                        render: (v: number) => count(v, language),
                      },
                    ]}
                  />
                ),
              },
            ]}
          />
          <ReasonModal
            open={changing !== null}
            danger
            clearAfter={false}
            label={t('users.reasonLabel')}
            title={t(changing === 'unfreeze' ? 'users.unfreezeTitle' : 'users.freezeTitle', {
              account: page.user.account,
            })}
            hint={t(changing === 'unfreeze' ? 'users.unfreezeHint' : 'users.freezeHint')}
            onCancel={() => setChanging(null)}
            onSubmit={(reason) => changeFrozen(page, reason)}
          />
        </Space>
      )}
    </Drawer>
  );
}

/** Support and admins: find a user, open their page; admins freeze and unfreeze. */
export default function UsersPage() {
  const { t, language } = useI18n();
  const [form] = Form.useForm<{ q: string }>();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  // A user's page is in the address (`#/users/<id>`), so other screens link to it (decision 080 "A console a new
  // operator can read").
  const open = splitRoute(useRoute()).rest;
  const setOpen = (id: string | null) => navigate(id === null ? 'users' : `users/${encodeURIComponent(id)}`);
  const { data: roles } = useLoad(loadRoles, 'roles', NO_ROLES);
  const search = useCallback(
    () =>
      q === '' ? Promise.resolve(NO_RESULT) : call(consoleUsersSearch, { query: { q, page, pageSize: PAGE_SIZE } }),
    [q, page],
  );
  const { data: result, loading, reload } = useLoad(search, JSON.stringify([q, page]), NO_RESULT);

  return (
    <>
      <Typography.Paragraph type="secondary">{t('users.intro')}</Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={({ q: term }) => {
          setPage(1);
          setQ(term.trim());
        }}
      >
        <Form.Item
          name="q"
          rules={[{ required: true, pattern: SEARCH_RULE, message: t('users.searchRule') }]}
          normalize={(value: string) => value.trim()}
        >
          <Input allowClear style={{ width: 320, maxWidth: '100%' }} placeholder={t('users.searchPlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('users.search')}
        </Button>
      </Form>
      {result.masked ? <Alert style={{ marginBottom: 16 }} type="info" showIcon title={t('users.masked')} /> : null}
      <ListTable
        loading={loading}
        dataSource={result.items}
        emptyText={q === '' ? <Empty description={t('users.intro')} /> : t('users.empty')}
        onRow={(row) => ({ onDoubleClick: () => setOpen(row.id) })}
        paged={{
          page,
          total: result.total,
          onPage: setPage,
          totalText: (total) => t('users.total', { total: count(total, language) }),
        }}
        columns={[
          { title: t('users.account'), dataIndex: 'account' },
          {
            title: t('users.id'),
            dataIndex: 'id',
            render: (id: string) => <Typography.Text code>{id}</Typography.Text>,
          },
          {
            title: t('users.realName'),
            dataIndex: 'realNameStatus',
            render: (status: string) => t(`users.rn.${status}` as MessageKey),
          },
          {
            title: t('users.status'),
            dataIndex: 'status',
            render: (status: 'active' | 'frozen') => <StatusTag status={status} />,
          },
          timeColumn(t('users.createdAt'), 'createdAt', language),
          {
            key: 'open',
            fixed: 'right',
            render: (_value, row) => <Button onClick={() => setOpen(row.id)}>{t('users.open')}</Button>,
          },
        ]}
      />
      {open ? <UserDrawer userId={open} roles={roles} onClose={() => setOpen(null)} onChanged={reload} /> : null}
    </>
  );
}
