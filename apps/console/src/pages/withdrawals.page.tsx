import { consoleWithdrawalPay, consoleWithdrawalReject, consoleWithdrawalsPending } from '@stride/contract';
import { App, Button, Space, Table } from 'antd';
import { useState } from 'react';
import { ReasonModal } from '../components/reason-modal';
import { useFail } from '../components/use-fail';
import { useLoad } from '../components/use-load';
import { dateTime, money } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';

const NONE: never[] = [];
const loadPending = () => call(consoleWithdrawalsPending, {});

/** Finance: pending withdrawals; paid once, or rejected with the whole amount refunded. */
export default function WithdrawalsPage() {
  const { t, language } = useI18n();
  const { message, modal } = App.useApp();
  const fail = useFail();
  const { data: rows, loading, reload } = useLoad(loadPending, 'list', NONE);
  const [rejecting, setRejecting] = useState<string | null>(null);

  function pay(id: string, amount: number, holder: string) {
    modal.confirm({
      title: t('withdrawals.payConfirm', { amount: money(amount), holder }),
      okText: t('withdrawals.pay'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await call(consoleWithdrawalPay, { params: { id } });
          void message.success(t('withdrawals.paid'));
          reload();
        } catch (error) {
          fail(error);
        }
      },
    });
  }

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button onClick={reload}>{t('refresh')}</Button>
      </Space>
      <Table
        rowKey="id"
        loading={loading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('withdrawals.empty') }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('withdrawals.user'), dataIndex: 'userId' },
          { title: t('withdrawals.amount'), dataIndex: 'amount', render: (value: number) => money(value) },
          { title: t('withdrawals.fee'), dataIndex: 'fee', render: (value: number) => money(value) },
          { title: t('withdrawals.received'), dataIndex: 'received', render: (value: number) => money(value) },
          {
            title: t('withdrawals.bank'),
            key: 'bank',
            render: (_value, row) => `${row.bankCard.holderName} · ${row.bankCard.bank} ${row.bankCard.accountMasked}`,
          },
          {
            title: t('withdrawals.createdAt'),
            dataIndex: 'createdAt',
            render: (value: string) => dateTime(value, language),
          },
          {
            key: 'actions',
            fixed: 'right',
            render: (_value, row) => (
              <Space>
                <Button type="primary" onClick={() => pay(row.id, row.received, row.bankCard.holderName)}>
                  {t('withdrawals.pay')}
                </Button>
                <Button danger onClick={() => setRejecting(row.id)}>
                  {t('withdrawals.reject')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <ReasonModal
        open={rejecting !== null}
        onCancel={() => setRejecting(null)}
        onSubmit={async (reason) => {
          if (rejecting === null) return;
          try {
            await call(consoleWithdrawalReject, { params: { id: rejecting }, body: { reason } });
            void message.success(t('withdrawals.rejected'));
            setRejecting(null);
            reload();
          } catch (error) {
            fail(error);
          }
        }}
      />
    </>
  );
}
