import { consoleShopOrderShip, consoleShopOrders, type ConsoleGoodsOrder } from '@stride/contract';
import { Space } from 'antd';
import { useCallback, useState } from 'react';
import { ShipDialog, shipmentColumns } from '../components/merchant/shipment-queue';
import { StatusQueue } from '../components/status-queue';
import { useLoad } from '../components/use-load';
import { count } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';

const PAGE_SIZE = 20;
const NONE = { items: [] as ConsoleGoodsOrder[], total: 0, page: 1, pageSize: PAGE_SIZE, hasMore: false };
type Row = ConsoleGoodsOrder;
type Status = 'to_ship' | 'shipped';

/** Merchant: goods orders paid with points, waiting to ship (oldest first), shipped once with carrier and tracking. */
export default function GoodsOrdersPage() {
  const { t, language } = useI18n();
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
          {
            title: t('ship.quantity'),
            dataIndex: 'quantity',
            align: 'right',
            render: (v: number) => count(v, language),
          },
          { title: t('ship.points'), dataIndex: 'points', align: 'right', render: (v: number) => count(v, language) },
          ...shipmentColumns<Row>({ t, language }, { toShip, waitingSince: 'ship.createdAt', onShip: setShipping }),
        ]}
      />
      <ShipDialog<Row>
        row={shipping}
        item={(row) => row.goods.name}
        ship={(row, shipment) => call(consoleShopOrderShip, { params: { id: row.id }, body: shipment })}
        onCancel={() => setShipping(null)}
        onDone={() => {
          setShipping(null);
          reload();
        }}
      />
    </>
  );
}
