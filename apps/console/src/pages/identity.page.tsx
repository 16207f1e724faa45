import {
  consoleIdentityApprove,
  consoleIdentityCase,
  consoleIdentityPending,
  consoleIdentityReject,
  type ResponseOf,
} from '@stride/contract';
import { Alert, App, Button, Descriptions, Modal, Space, Spin, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { IdPhotos } from '../components/id-photos';
import { RejectModal } from '../components/reason-modal';
import { useFail } from '../components/use-fail';
import { useLoad } from '../components/use-load';
import { ListTable } from '../components/status-queue';
import { personColumns, UserLink } from '../components/user-link';
import { dateTime } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';
import { timeColumn } from '../components/columns';

type PendingIdentity = ResponseOf<typeof consoleIdentityPending>[number];
type IdentityCase = ResponseOf<typeof consoleIdentityCase>;

/**
 * One check opened for review: the whole ID number next to the photos it must match, read from
 * the server's recorded review read (decision 080 "A console a new operator can read"); the queue shows the number
 * masked.
 */
function CaseModal({
  row,
  busy,
  onClose,
  onApprove,
  onReject,
}: {
  row: PendingIdentity;
  busy: boolean;
  onClose: () => void;
  onApprove: (opened: IdentityCase) => void;
  onReject: () => void;
}) {
  const { t, language } = useI18n();
  const load = useCallback(() => call(consoleIdentityCase, { params: { userId: row.userId } }), [row.userId]);
  const { data: opened, loading } = useLoad<IdentityCase | null>(load, row.userId, null);
  return (
    <Modal
      open
      width={720}
      title={t('identity.caseTitle', { mobile: row.userMobileMasked })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        opened ? (
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button danger onClick={onReject}>
              {t('identity.reject')}
            </Button>
            <Button type="primary" loading={busy} onClick={() => onApprove(opened)}>
              {t('identity.approve')}
            </Button>
          </Space>
        ) : null
      }
    >
      {opened ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="identity-case">
          <Alert type="info" showIcon title={t('identity.caseNotice')} />
          <Descriptions size="small" bordered column={1}>
            <Descriptions.Item label={t('identity.account')}>
              <UserLink userId={opened.userId} mobile={opened.userMobileMasked} />
            </Descriptions.Item>
            <Descriptions.Item label={t('identity.name')}>{opened.name}</Descriptions.Item>
            <Descriptions.Item label={t('identity.idNumber')}>
              <Typography.Text strong style={{ fontFamily: 'monospace', fontSize: 18, letterSpacing: 1 }}>
                {opened.idNumber}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('identity.submittedAt')}>
              {dateTime(opened.submittedAt, language)}
            </Descriptions.Item>
          </Descriptions>
          <IdPhotos userId={opened.userId} kinds={ID_PHOTOS} />
        </Space>
      ) : (
        <Spin spinning={loading}>
          <div style={{ minHeight: 120 }} />
        </Spin>
      )}
    </Modal>
  );
}

const NONE: never[] = [];
const ID_PHOTOS = ['front', 'back'] as const;
const loadPending = () => call(consoleIdentityPending, {});

/** Reviewer: pending identity checks, oldest first, with the ID number masked and the ID photos. */
export default function IdentityPage() {
  const { t, language } = useI18n();
  const { message, modal } = App.useApp();
  const fail = useFail();
  const list = useLoad(loadPending, 'list', NONE);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<PendingIdentity | null>(null);

  // Approving verifies the real name, which opens cards, bank cards and withdrawals: it names the
  // person and says so first, as the money approvals do (decision 041 "Flows that ask first and say what happened").
  function confirmApprove(row: PendingIdentity, idNumber = row.idNumberMasked) {
    modal.confirm({
      title: t('identity.approveConfirm', { name: row.name, idNumber, account: row.userMobileMasked }),
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
      setReviewing(null);
      list.reload();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <ListTable
        rowKey="userId"
        list={list}
        emptyText={t('identity.empty')}
        columns={[
          ...personColumns({
            account: t('identity.account'),
            name: t('identity.name'),
            idNumber: t('identity.idNumber'),
          }),
          {
            key: 'photos',
            title: t('photos.title'),
            render: (_value, row) => <IdPhotos userId={row.userId} kinds={ID_PHOTOS} />,
          },
          timeColumn(t('identity.submittedAt'), 'submittedAt', language),
        ]}
        actions={(row) => (
          <Space>
            <Button onClick={() => setReviewing(row)}>{t('identity.review')}</Button>
            <Button type="primary" loading={busy === row.userId} onClick={() => confirmApprove(row)}>
              {t('identity.approve')}
            </Button>
            <Button danger onClick={() => setRejecting(row.userId)}>
              {t('identity.reject')}
            </Button>
          </Space>
        )}
      />
      {reviewing ? (
        <CaseModal
          row={reviewing}
          busy={busy === reviewing.userId}
          onClose={() => setReviewing(null)}
          onApprove={(opened) => confirmApprove(reviewing, opened.idNumber)}
          onReject={() => setRejecting(reviewing.userId)}
        />
      ) : null}
      <RejectModal
        rejecting={rejecting}
        onClose={() => setRejecting(null)}
        reject={(userId, reason) => call(consoleIdentityReject, { params: { userId }, body: { reason } })}
        done={t('identity.rejected')}
        onRejected={() => {
          setReviewing(null);
          list.reload();
        }}
      />
    </>
  );
}
