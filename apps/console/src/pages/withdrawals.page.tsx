import {
  consoleWithdrawalApprove,
  consoleWithdrawalPay,
  consoleWithdrawalReject,
  consoleWithdrawalsExport,
  consoleWithdrawalsPending,
  type ConsoleWithdrawal,
} from '@stride/contract';
import { App, Button, Form, Input, Modal, Segmented, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useCallback, useState } from 'react';
import { NotIndependent, OriginNote } from '../components/operator-origin';
import { RejectModal } from '../components/reason-modal';
import { useFail } from '../components/use-fail';
import { ListTable } from '../components/status-queue';
import { useLoad } from '../components/use-load';
import { userAtColumn } from '../components/user-link';
import { money } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call, download } from '../lib/request';

const NONE: ConsoleWithdrawal[] = [];
type Status = 'pending' | 'paid' | 'rejected';
const STATUSES: readonly Status[] = ['pending', 'paid', 'rejected'];

/** Saves a file the browser holds, through a temporary link. */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Finance: pending withdrawals; paid once with the bank's reference, or rejected with the whole
 * amount refunded. A large one needs a first approval, then a different operator pays it, one
 * independent of the first: an operator the first approver made (or who made it) reads why
 * instead of a Mark paid button (decision 074 "Independent second approvers").
 */
export default function WithdrawalsPage() {
  const { t, language } = useI18n();
  const { message, modal } = App.useApp();
  const fail = useFail();
  const [status, setStatus] = useState<Status>('pending');
  const load = useCallback(() => call(consoleWithdrawalsPending, { query: { status } }), [status]);
  const { data: rows, loading, reload } = useLoad(load, status, NONE);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [paying, setPaying] = useState<ConsoleWithdrawal | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reference: string }>();

  function approve(row: ConsoleWithdrawal) {
    modal.confirm({
      title: t('withdrawals.approveConfirm', {
        amount: money(row.received, language),
        holder: row.bankCard.holderName,
      }),
      okText: t('withdrawals.approve'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await call(consoleWithdrawalApprove, { params: { id: row.id } });
          void message.success(t('withdrawals.approved'));
        } catch (error) {
          fail(error);
        }
        reload();
      },
    });
  }

  async function pay(reference: string) {
    if (paying === null) return;
    setBusy(true);
    try {
      await call(consoleWithdrawalPay, { params: { id: paying.id }, body: { reference } });
      void message.success(t('withdrawals.paid'));
      setPaying(null);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
    reload();
  }

  async function exportCsv() {
    try {
      const blob = await download(consoleWithdrawalsExport, {});
      save(blob, `withdrawals-pending-${new Date().toISOString().slice(0, 10)}.csv`);
      void message.success(t('withdrawals.downloaded'));
    } catch (error) {
      fail(error);
    }
  }

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Button onClick={reload}>{t('refresh')}</Button>
        <Button onClick={() => void exportCsv()} disabled={status !== 'pending' || rows.length === 0}>
          {t('withdrawals.download')}
        </Button>
        <Segmented
          value={status}
          onChange={(value) => setStatus(value)}
          options={STATUSES.map((value) => ({ value, label: t(`withdrawals.status.${value}`) }))}
        />
      </Space>
      <ListTable
        dataSource={rows}
        loading={loading}
        emptyText={t('withdrawals.empty')}
        columns={(
          [
            userAtColumn(t('withdrawals.mobile'), language),
            {
              title: t('withdrawals.amount'),
              key: 'amount',
              render: (_value, row) => (
                <Space direction="vertical" size={0}>
                  <span>{money(row.amount, language)}</span>
                  <Typography.Text type="secondary">
                    {t('withdrawals.feeOf', { fee: money(row.fee, language) })}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: t('withdrawals.received'),
              dataIndex: 'received',
              render: (value: number) => money(value, language),
            },
            {
              title: t('withdrawals.bank'),
              key: 'bank',
              render: (_value, row) => (
                <Space direction="vertical" size={0}>
                  <span>{row.bankCard.holderName}</span>
                  <Typography.Text type="secondary">{`${row.bankCard.bank} ${row.bankCard.accountMasked}`}</Typography.Text>
                </Space>
              ),
            },
            {
              title: t('withdrawals.approval'),
              key: 'approval',
              render: (_value, row) =>
                !row.needsSecondApproval ? (
                  <Tag>{t('withdrawals.approvalNone')}</Tag>
                ) : row.firstApprovedBy ? (
                  <Space direction="vertical" size={0}>
                    <Tag color="blue">{t('withdrawals.approvedBy', { name: row.firstApprovedBy })}</Tag>
                    <OriginNote origin={row.firstApprovedByOrigin} />
                    {row.firstApprovedByMe ? (
                      <Typography.Text type="secondary">{t('withdrawals.ownApproval')}</Typography.Text>
                    ) : null}
                  </Space>
                ) : (
                  <Tag color="orange">{t('withdrawals.approvalNeeded')}</Tag>
                ),
            },
            {
              // Settled ones only: a pending withdrawal has no reference yet.
              key: status === 'pending' ? 'hidden' : 'reference',
              title: t('withdrawals.reference'),
              dataIndex: 'bankReference',
              render: (value: string | null, row) =>
                value ? (
                  <Space direction="vertical" size={0}>
                    <span>{value}</span>
                    {row.paidBy ? (
                      <span>
                        <Typography.Text type="secondary">
                          {t('withdrawals.paidBy', { name: row.paidBy })}
                        </Typography.Text>
                        <OriginNote origin={row.paidByOrigin} />
                      </span>
                    ) : null}
                  </Space>
                ) : (
                  (row.rejectReason ?? '—')
                ),
            },
            {
              key: status === 'pending' ? 'actions' : 'hidden',
              fixed: 'right',
              render: (_value, row) => {
                if (row.status !== 'pending') return null;
                const awaitsFirst = row.needsSecondApproval && !row.firstApprovedBy;
                return (
                  <Space>
                    {awaitsFirst ? (
                      <Button type="primary" onClick={() => approve(row)}>
                        {t('withdrawals.approve')}
                      </Button>
                    ) : row.firstApprovedByMe ? null : row.notIndependent ? (
                      <NotIndependent conflict={row.notIndependent} />
                    ) : (
                      <Button type="primary" onClick={() => setPaying(row)}>
                        {t('withdrawals.pay')}
                      </Button>
                    )}
                    <Button danger onClick={() => setRejecting(row.id)}>
                      {t('withdrawals.reject')}
                    </Button>
                  </Space>
                );
              },
            },
          ] satisfies TableColumnsType<ConsoleWithdrawal>
        ).filter((column) => column.key !== 'hidden')}
      />
      <Modal
        open={paying !== null}
        title={
          paying
            ? t('withdrawals.payConfirm', {
                amount: money(paying.received, language),
                holder: paying.bankCard.holderName,
              })
            : ''
        }
        okText={t('withdrawals.pay')}
        cancelText={t('cancel')}
        confirmLoading={busy}
        destroyOnHidden
        onCancel={() => setPaying(null)}
        onOk={() => {
          form.validateFields().then(
            ({ reference }) => pay(reference.trim()),
            () => undefined,
          );
        }}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reference"
            label={t('withdrawals.reference')}
            extra={t('withdrawals.referenceHint')}
            rules={[{ required: true, whitespace: true, message: t('withdrawals.referenceRequired') }, { max: 64 }]}
          >
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
        </Form>
      </Modal>
      <RejectModal
        rejecting={rejecting}
        onClose={() => setRejecting(null)}
        reject={(id, reason) => call(consoleWithdrawalReject, { params: { id }, body: { reason } })}
        done={t('withdrawals.rejected')}
        onRejected={reload}
      />
    </>
  );
}
