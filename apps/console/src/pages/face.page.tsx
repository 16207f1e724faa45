import { consoleFaceApprove, consoleFaceChecksPending, consoleFaceReject } from '@stride/contract';
import { App, Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { IdPhotos } from '../components/id-photos';
import { RejectModal } from '../components/reason-modal';
import { useFail } from '../components/use-fail';
import { useLoad } from '../components/use-load';
import { ListTable } from '../components/status-queue';
import { personColumns } from '../components/user-link';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';
import { timeColumn } from '../components/columns';

const NONE: never[] = [];
const WITH_FACE = ['face', 'front'] as const;
const ID_ONLY = ['front', 'back'] as const;
const loadPending = () => call(consoleFaceChecksPending, {});

/**
 * Reviewer: face checks waiting for a decision, oldest first. With a face photo the reviewer
 * compares it with the ID photo; the manual alternative compares the ID photos alone.
 */
export default function FacePage() {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const fail = useFail();
  const list = useLoad(loadPending, 'list', NONE);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function approve(userId: string) {
    setBusy(userId);
    try {
      await call(consoleFaceApprove, { params: { userId } });
      void message.success(t('face.approved'));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
      list.reload();
    }
  }

  return (
    <>
      <ListTable
        list={list}
        rowKey="userId"
        emptyText={t('face.empty')}
        columns={[
          ...personColumns({ account: t('face.account'), name: t('face.name'), idNumber: t('face.idNumber') }),
          {
            title: t('face.method'),
            dataIndex: 'method',
            render: (value: 'face' | 'manual') => <Tag>{t(`face.method.${value}`)}</Tag>,
          },
          {
            key: 'photos',
            title: t('photos.title'),
            render: (_value, row) => <IdPhotos userId={row.userId} kinds={row.hasFaceImage ? WITH_FACE : ID_ONLY} />,
          },
          timeColumn(t('face.submittedAt'), 'submittedAt', language),
        ]}
        actions={(row) => (
          <Space>
            <Button type="primary" size="small" loading={busy === row.userId} onClick={() => void approve(row.userId)}>
              {t('face.approve')}
            </Button>
            <Button danger size="small" onClick={() => setRejecting(row.userId)}>
              {t('face.reject')}
            </Button>
          </Space>
        )}
      />
      <RejectModal
        rejecting={rejecting}
        onClose={() => setRejecting(null)}
        reject={(userId, reason) => call(consoleFaceReject, { params: { userId }, body: { reason } })}
        done={t('face.rejected')}
        onRejected={list.reload}
        onFailed={list.reload}
      />
    </>
  );
}
