import {
  consoleIdentityApprove,
  consoleIdentityPending,
  consoleIdentityReject,
  type ResponseOf,
} from '@stride/contract';
import { App, Button, Space, Table } from 'antd';
import { useState } from 'react';
import { IdPhotos } from '../components/id-photos';
import { ReasonModal } from '../components/reason-modal';
import { useFail } from '../components/use-fail';
import { useLoad } from '../components/use-load';
import { dateTime } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';

type PendingIdentity = ResponseOf<typeof consoleIdentityPending>[number];

const NONE: never[] = [];
const ID_PHOTOS = ['front', 'back'] as const;
const loadPending = () => call(consoleIdentityPending, {});

/** Reviewer: pending identity checks, oldest first, with the ID number masked and the ID photos. */
export default function IdentityPage() {
  const { t, language } = useI18n();
  const { message, modal } = App.useApp();
  const fail = useFail();
  const { data: rows, loading, reload } = useLoad(loadPending, 'list', NONE);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  // Approving verifies the real name, which opens cards, bank cards and withdrawals: it names the
  // person and says so first, as the money approvals do (decision 041).
  function confirmApprove(row: PendingIdentity) {
    modal.confirm({
      title: t('identity.approveConfirm', { name: row.name, idNumber: row.idNumberMasked, account: row.account }),
      okText: t('identity.approve'),
      cancelText: t('cancel'),
      onOk: () => approve(row.userId),
    });
  }

  async function approve(userId: string) {
    setBusy(userId);
    try {
      await call(consoleIdentityApprove, { params: { userId } });
      void message.success(t('identity.approved'));
      reload();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button onClick={reload}>{t('refresh')}</Button>
      </Space>
      <Table
        rowKey="userId"
        loading={loading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('identity.empty') }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('identity.account'), dataIndex: 'account' },
          { title: t('identity.name'), dataIndex: 'name' },
          { title: t('identity.idNumber'), dataIndex: 'idNumberMasked' },
          {
            key: 'photos',
            title: t('photos.title'),
            render: (_value, row) => <IdPhotos userId={row.userId} kinds={ID_PHOTOS} />,
          },
          {
            title: t('identity.submittedAt'),
            dataIndex: 'submittedAt',
            render: (value: string) => dateTime(value, language),
          },
          {
            key: 'actions',
            fixed: 'right',
            render: (_value, row) => (
              <Space>
                <Button type="primary" loading={busy === row.userId} onClick={() => confirmApprove(row)}>
                  {t('identity.approve')}
                </Button>
                <Button danger onClick={() => setRejecting(row.userId)}>
                  {t('identity.reject')}
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
            await call(consoleIdentityReject, { params: { userId: rejecting }, body: { reason } });
            void message.success(t('identity.rejected'));
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
