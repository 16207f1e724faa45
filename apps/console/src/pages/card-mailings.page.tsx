import { consoleMailingShip, consoleMailings, type ConsoleMailing } from '@stride/contract';
import { App, Button } from 'antd';
import { useCallback, useState } from 'react';
import { ShipModal } from '../components/merchant/ship-modal';
import { StatusQueue } from '../components/status-queue';
import { useFail } from '../components/use-fail';
import { useLoad } from '../components/use-load';
import { dateTime } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';

const PAGE_SIZE = 20;
const NONE = { items: [] as ConsoleMailing[], total: 0, page: 1, pageSize: PAGE_SIZE, hasMore: false };
type Status = 'requested' | 'shipped';

/** Merchant: physical member cards requested by post, waiting to ship (oldest first), shipped once with carrier and tracking. */
export default function CardMailingsPage() {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const fail = useFail();
  const [view, setView] = useState<{ status: Status; page: number }>({ status: 'requested', page: 1 });
  const load = useCallback(
    () => call(consoleMailings, { query: { status: view.status, page: view.page, pageSize: PAGE_SIZE } }),
    [view],
  );
  const { data, loading, reload } = useLoad(load, JSON.stringify(view), NONE);
  const [shipping, setShipping] = useState<ConsoleMailing | null>(null);
  const toShip = view.status === 'requested';

  return (
    <>
      <StatusQueue
        statuses={[
          { value: 'requested', label: t('ship.toShip') },
          { value: 'shipped', label: t('ship.shipped') },
        ]}
        view={view}
        onView={setView}
        onRefresh={reload}
        notice={t('ship.lookNotice')}
        loading={loading}
        data={data}
        pageSize={PAGE_SIZE}
        emptyText={toShip ? t('ship.emptyToShip') : t('ship.emptyShipped')}
        columns={[
          { title: t('ship.card'), dataIndex: 'cardName' },
          {
            title: t('ship.address'),
            key: 'address',
            render: (_value, row) => (
              <div style={{ maxWidth: 280, whiteSpace: 'normal' }}>
                {row.address.name} · {row.address.phone}
                <br />
                {row.address.region} {row.address.detail}
              </div>
            ),
          },
          toShip
            ? { title: t('ship.requestedAt'), dataIndex: 'createdAt', render: (v: string) => dateTime(v, language) }
            : {
                title: t('ship.tracking'),
                key: 'tracking',
                render: (_value, row) => `${row.carrier ?? ''} ${row.trackingNumber ?? ''}`,
              },
          { title: t('ship.user'), dataIndex: 'userId', width: 140, ellipsis: true },
          toShip
            ? {
                key: 'actions',
                fixed: 'right',
                render: (_value, row) => (
                  <Button type="primary" onClick={() => setShipping(row)}>
                    {t('ship.ship')}
                  </Button>
                ),
              }
            : {
                title: t('ship.shippedAt'),
                dataIndex: 'shippedAt',
                render: (v: string | null) => (v ? dateTime(v, language) : ''),
              },
        ]}
      />
      <ShipModal
        open={shipping !== null}
        title={shipping ? t('ship.title', { item: shipping.cardName, name: shipping.address.name }) : ''}
        onCancel={() => setShipping(null)}
        onSubmit={async (shipment) => {
          if (!shipping) return;
          try {
            await call(consoleMailingShip, { params: { id: shipping.id }, body: shipment });
            void message.success(t('ship.done'));
          } catch (error) {
            // Already shipped by someone else: the server says so; the queue reloads either way.
            fail(error);
          }
          setShipping(null);
          reload();
        }}
      />
    </>
  );
}
