import { consoleCancelMembershipOrder, consoleMembershipOrders, type ConsoleMembershipOrder } from '@stride/contract';
import { App, Button, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { ReasonModal } from '../components/reason-modal';
import { PAGE_SIZE, StatusQueue, useQueue, type QueueView } from '../components/status-queue';
import { useFail } from '../components/use-fail';
import { UserLink } from '../components/user-link';
import { dateTime, money } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';

type Status = ConsoleMembershipOrder['status'];

/**
 * Finance: membership orders, newest first; a paid one is cancelled with a full refund and a
 * reason (decision 037 "The payment lifecycle"): the card ends, the price goes back to the balance or through the
 * provider.
 */
export default function MembershipOrdersPage() {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const fail = useFail();
  const [view, setView] = useState<QueueView<Status>>({ status: 'paid', page: 1 });
  const load = useCallback(
    () => call(consoleMembershipOrders, { query: { status: view.status, page: view.page, pageSize: PAGE_SIZE } }),
    [view],
  );
  const queue = useQueue(load, view, setView);
  const [cancelling, setCancelling] = useState<ConsoleMembershipOrder | null>(null);

  return (
    <>
      <StatusQueue
        {...queue}
        statuses={(['paid', 'cancelled', 'pending', 'expired'] as const).map((value) => ({
          value,
          label: t(`memberOrders.status.${value}`),
        }))}
        notice={t('memberOrders.notice')}
        emptyText={t('memberOrders.empty')}
        columns={[
          {
            title: t('memberOrders.order'),
            dataIndex: 'id',
            render: (id: string) => <Typography.Text copyable>{id}</Typography.Text>,
          },
          {
            title: t('memberOrders.user'),
            key: 'user',
            render: (_value, row) => <UserLink userId={row.userId} mobile={row.userMobileMasked} />,
          },
          { title: t('memberOrders.plan'), dataIndex: 'planName' },
          {
            title: t('memberOrders.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: (amount: number) => money(amount, language),
          },
          {
            title: t('memberOrders.payWith'),
            dataIndex: 'payWith',
            render: (payWith: ConsoleMembershipOrder['payWith']) => t(`memberOrders.payWith.${payWith}`),
          },
          {
            title: t('memberOrders.paidAt'),
            dataIndex: 'paidAt',
            render: (at: string | null) => (at ? dateTime(at, language) : ''),
          },
          {
            title: t('memberOrders.refund'),
            key: 'refund',
            render: (_value, row) =>
              row.refund ? (
                <Tag color={row.refund.status === 'done' ? 'green' : row.refund.status === 'due' ? 'gold' : 'red'}>
                  {t(`memberOrders.refund.${row.refund.status}`)}
                </Tag>
              ) : row.status === 'cancelled' ? (
                <Tag color="green">{t('memberOrders.refund.balance')}</Tag>
              ) : null,
          },
          {
            title: '',
            key: 'actions',
            render: (_value, row) =>
              row.status === 'paid' ? (
                <Button danger onClick={() => setCancelling(row)}>
                  {t('memberOrders.cancel')}
                </Button>
              ) : null,
          },
        ]}
      />
      <ReasonModal
        open={cancelling !== null}
        title={
          cancelling
            ? t('memberOrders.cancelTitle', { amount: money(cancelling.amount, language), plan: cancelling.planName })
            : undefined
        }
        label={t('memberOrders.reason')}
        max={200}
        onCancel={() => setCancelling(null)}
        onSubmit={async (reason) => {
          if (cancelling === null) return;
          try {
            await call(consoleCancelMembershipOrder, { params: { id: cancelling.id }, body: { reason } });
            void message.success(t('memberOrders.cancelled'));
            setCancelling(null);
            queue.onRefresh();
          } catch (error) {
            fail(error);
          }
        }}
      />
    </>
  );
}
