import { consoleShopOrderShip, consoleShopOrders, type ConsoleGoodsOrder } from '@stride/contract';
import { App, Button, Space } from 'antd';
import { useCallback, useState } from 'react';
import { ShipModal } from '../components/merchant/ship-modal';
import { StatusQueue } from '../components/status-queue';
import { useFail } from '../components/use-fail';
import { useLoad } from '../components/use-load';
import { dateTime } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';

const PAGE_SIZE = 20;
const NONE = { items: [] as ConsoleGoodsOrder[], total: 0, page: 1, pageSize: PAGE_SIZE, hasMore: false };
type Status = 'to_ship' | 'shipped';

/** Merchant: goods orders paid with points, waiting to ship (oldest first), shipped once with carrier and tracking. */
export default function GoodsOrdersPage() {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const fail = useFail();
  const [view, setView] = useState<{ status: Status; page: number }>({ status: 'to_ship', page: 1 });
  const load = useCallback(
    () => call(consoleShopOrders, { query: { status: view.status, page: view.page, pageSize: PAGE_SIZE } }),
    [view],
  );
  const { data, loading, reload } = useLoad(load, JSON.stringify(view), NONE);
  const [shipping, setShipping] = useState<ConsoleGoodsOrder | null>(null);
  const toShip = view.status === 'to_ship';

  return (
    <>
      <StatusQueue
        statuses={[
          { value: 'to_ship', label: t('ship.toShip') },
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
          {
            title: t('ship.item'),
            key: 'item',
            render: (_value, row) => (
              <Space>
                {row.goods.images[0] ? (
                  <img src={row.goods.images[0]} alt="" width={40} height={40} style={{ objectFit: 'cover' }} />
                ) : null}
                {row.goods.name}
              </Space>
            ),
          },
          { title: t('ship.quantity'), dataIndex: 'quantity', align: 'right' },
          { title: t('ship.points'), dataIndex: 'points', align: 'right' },
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
            ? { title: t('ship.createdAt'), dataIndex: 'createdAt', render: (v: string) => dateTime(v, language) }
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
        title={shipping ? t('ship.title', { item: shipping.goods.name, name: shipping.address.name }) : ''}
        onCancel={() => setShipping(null)}
        onSubmit={async (shipment) => {
          if (!shipping) return;
          try {
            await call(consoleShopOrderShip, { params: { id: shipping.id }, body: shipment });
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
