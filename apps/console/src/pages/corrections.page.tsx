import {
  consoleCorrections,
  type Correction,
  type CorrectionStatus,
  consoleCorrectionUser,
  consoleCorrectionRequest,
  consoleCorrectionApprove,
  consoleCorrectionReject,
  consoleCorrectionCancel,
} from '@stride/contract';
import { App, Button, Card, Form, Input, Radio, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { NotIndependent, OperatorName, OriginNote } from '../components/operator-origin';
import { ReasonModal } from '../components/reason-modal';
import { useFail } from '../components/use-fail';
import { ListTable } from '../components/status-queue';
import { useLoad } from '../components/use-load';
import { userAtColumn } from '../components/user-link';
import { count, money } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';
import type { ConsoleLanguage, Translate } from '../locales';

type Asset = Correction['asset'];
const STATUSES: readonly CorrectionStatus[] = ['pending', 'approved', 'rejected', 'cancelled'];
const STATUS_COLOURS: Record<CorrectionStatus, string> = {
  pending: 'orange',
  approved: 'green',
  rejected: 'red',
  cancelled: 'default',
};
const PAGE_SIZE = 20;
const EMPTY = { items: [] as Correction[], page: 1, pageSize: PAGE_SIZE, total: 0, hasMore: false };

interface RequestForm {
  user: string;
  direction: Correction['direction'];
  asset: Asset;
  amount: string;
  reason: string;
}

/** Yuan with at most two decimals as fen, or whole points; undefined when not a positive amount. */
export function parseAmount(asset: Asset, text: string): number | undefined {
  const value = text.trim();
  const pattern = asset === 'CNY' ? /^\d+(\.\d{1,2})?$/ : /^\d+$/;
  if (!pattern.test(value)) return undefined;
  const amount = asset === 'CNY' ? Math.round(Number(value) * 100) : Number(value);
  return amount > 0 && Number.isSafeInteger(amount) ? amount : undefined;
}

function amountText(asset: string, amount: number, language: ConsoleLanguage, t: Translate): string {
  return asset === 'CNY' ? money(amount, language) : t('audit.fact.points', { points: count(amount, language) });
}

/**
 * Finance: balance corrections under four eyes. One operator requests; a different one approves
 * (the ledger moves the amount at once) or rejects; the requester may cancel while it waits. Each
 * name shows how that operator came to the role, and an operator the requester made (or who made
 * the requester) reads why it may not approve instead of an Approve button (decision 074 "Independent second
 * approvers").
 */
export default function CorrectionsPage() {
  const { t, language } = useI18n();
  const { message, modal } = App.useApp();
  const fail = useFail();
  const [status, setStatus] = useState<CorrectionStatus | 'all'>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [found, setFound] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [form] = Form.useForm<RequestForm>();
  const load = useCallback(
    () =>
      call(consoleCorrections, {
        query: { page, pageSize: PAGE_SIZE, ...(status === 'all' ? {} : { status }) },
      }),
    [page, status],
  );
  const { data, loading, reload } = useLoad(load, `${status}:${page}`, EMPTY);

  async function lookUp() {
    const user = (form.getFieldValue('user') as string | undefined)?.trim();
    if (!user) return;
    try {
      const answer = await call(consoleCorrectionUser, { query: { user } });
      setFound(
        t('corrections.found', {
          mobile: answer.userMobileMasked,
          cny: money(answer.balances.CNY, language),
          points: count(answer.balances.POINTS, language),
        }),
      );
    } catch (error) {
      setFound(null);
      fail(error);
    }
  }

  async function submit(values: RequestForm) {
    const amount = parseAmount(values.asset, values.amount);
    if (amount === undefined) return;
    setSending(true);
    try {
      await call(consoleCorrectionRequest, {
        body: {
          user: values.user.trim(),
          direction: values.direction,
          asset: values.asset,
          amount,
          reason: values.reason.trim(),
        },
      });
      void message.success(t('corrections.requested'));
      form.resetFields(['amount', 'reason']);
      reload();
    } catch (error) {
      fail(error);
    } finally {
      setSending(false);
    }
  }

  async function decide(run: () => Promise<unknown>, done: string) {
    try {
      await run();
      void message.success(done);
    } catch (error) {
      fail(error);
    }
    reload();
  }

  function approve(row: Correction) {
    modal.confirm({
      title: t('corrections.approveConfirm', {
        direction: t(row.direction === 'credit' ? 'corrections.credit' : 'corrections.debit'),
        amount: amountText(row.asset, row.amount, language, t),
        mobile: row.userMobileMasked,
      }),
      okText: t('corrections.approve'),
      cancelText: t('cancel'),
      onOk: () => decide(() => call(consoleCorrectionApprove, { params: { id: row.id } }), t('corrections.approved')),
    });
  }

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('corrections.request')} size="small">
        <Form
          form={form}
          name="correction"
          layout="vertical"
          initialValues={{ direction: 'credit', asset: 'CNY' }}
          onFinish={(values) => void submit(values)}
        >
          <Space wrap size={[16, 0]} align="start">
            <Form.Item
              label={t('corrections.user')}
              htmlFor="correction_user"
              required
              extra={found ?? undefined}
              style={{ width: 340 }}
            >
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="user" noStyle rules={[{ required: true, whitespace: true }]}>
                  <Input maxLength={64} autoComplete="off" onChange={() => setFound(null)} />
                </Form.Item>
                <Button onClick={() => void lookUp()}>{t('corrections.lookUp')}</Button>
              </Space.Compact>
            </Form.Item>
            <Form.Item name="direction" label={t('corrections.direction')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'credit', label: t('corrections.credit') },
                  { value: 'debit', label: t('corrections.debit') },
                ]}
              />
            </Form.Item>
            <Form.Item name="asset" label={t('corrections.asset')}>
              <Select
                style={{ width: 150 }}
                options={[
                  { value: 'CNY', label: t('corrections.assetCny') },
                  { value: 'POINTS', label: t('corrections.assetPoints') },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="amount"
              label={t('corrections.amount')}
              dependencies={['asset']}
              tooltip={t('corrections.amountHint')}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_rule, value: string | undefined) =>
                    parseAmount(getFieldValue('asset') as Asset, value ?? '') === undefined
                      ? Promise.reject(new Error(t('corrections.amountInvalid')))
                      : Promise.resolve(),
                }),
              ]}
            >
              <Input style={{ width: 140 }} inputMode="decimal" autoComplete="off" />
            </Form.Item>
          </Space>
          <Form.Item
            name="reason"
            label={t('corrections.reason')}
            rules={[{ required: true, whitespace: true }, { max: 500 }]}
            style={{ maxWidth: 820, marginBottom: 0 }}
          >
            <Input maxLength={500} autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={sending} style={{ marginTop: 16 }}>
            {t('corrections.submit')}
          </Button>
        </Form>
      </Card>
      <Segmented
        value={status}
        onChange={(value) => {
          setStatus(value as CorrectionStatus | 'all');
          setPage(1);
        }}
        options={[
          { value: 'all', label: t('corrections.all') },
          ...STATUSES.map((value) => ({ value, label: t(`corrections.status.${value}`) })),
        ]}
      />
      <ListTable
        loading={loading}
        dataSource={data.items}
        emptyText={t('corrections.empty')}
        pagination={{ current: data.page, pageSize: PAGE_SIZE, total: data.total, onChange: setPage }}
        columns={[
          userAtColumn(t('withdrawals.mobile'), language),
          {
            title: t('corrections.amount'),
            key: 'amount',
            render: (_value, row) => (
              <Space direction="vertical" size={0}>
                <span>{amountText(row.asset, row.amount, language, t)}</span>
                <Typography.Text type={row.direction === 'credit' ? 'success' : 'danger'}>
                  {t(row.direction === 'credit' ? 'corrections.credit' : 'corrections.debit')}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('corrections.reason'),
            dataIndex: 'reason',
            render: (value: string) => (
              <Typography.Paragraph style={{ margin: 0, maxWidth: 240 }} ellipsis={{ rows: 2, tooltip: value }}>
                {value}
              </Typography.Paragraph>
            ),
          },
          {
            title: t('corrections.status'),
            dataIndex: 'status',
            render: (value: CorrectionStatus, row) => (
              <Space direction="vertical" size={0}>
                <Tag color={STATUS_COLOURS[value]}>{t(`corrections.status.${value}`)}</Tag>
                {row.decisionReason ? <Typography.Text type="secondary">{row.decisionReason}</Typography.Text> : null}
              </Space>
            ),
          },
          {
            title: t('corrections.requestedBy'),
            key: 'by',
            render: (_value, row) => (
              <Space direction="vertical" size={0}>
                <OperatorName name={row.requestedBy} origin={row.requestedByOrigin} />
                {row.decidedBy ? (
                  <span>
                    <Typography.Text type="secondary">
                      {row.status === 'approved'
                        ? t('corrections.approvedBy', { name: row.decidedBy })
                        : `${t('corrections.decidedBy')}: ${row.decidedBy}`}
                    </Typography.Text>
                    <OriginNote origin={row.decidedByOrigin} />
                  </span>
                ) : null}
              </Space>
            ),
          },
        ]}
        actions={(row) =>
          row.status !== 'pending' ? null : row.mine ? (
            <Space direction="vertical" size={4}>
              <Typography.Text type="secondary">{t('corrections.mine')}</Typography.Text>
              <Button
                onClick={() =>
                  void decide(
                    () => call(consoleCorrectionCancel, { params: { id: row.id } }),
                    t('corrections.cancelled'),
                  )
                }
              >
                {t('corrections.cancel')}
              </Button>
            </Space>
          ) : (
            <Space direction="vertical" size={4}>
              {row.notIndependent ? <NotIndependent conflict={row.notIndependent} /> : null}
              <Space>
                <Button type="primary" disabled={row.notIndependent !== null} onClick={() => approve(row)}>
                  {t('corrections.approve')}
                </Button>
                <Button danger onClick={() => setRejecting(row.id)}>
                  {t('corrections.reject')}
                </Button>
              </Space>
            </Space>
          )
        }
      />
      <ReasonModal
        open={rejecting !== null}
        onCancel={() => setRejecting(null)}
        onSubmit={async (reason) => {
          if (rejecting === null) return;
          const id = rejecting;
          setRejecting(null);
          await decide(
            () => call(consoleCorrectionReject, { params: { id }, body: { reason } }),
            t('corrections.rejected'),
          );
        }}
      />
    </Space>
  );
}
