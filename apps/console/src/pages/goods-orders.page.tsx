import { consoleShopOrderShip, consoleShopOrders, type ConsoleGoodsOrder } from '@stride/contract';
import { Space } from 'antd';
import { useCallback, useState } from 'react';
import { ShippingQueue } from '../components/merchant/shipment-queue';
import { PAGE_SIZE, type QueueView } from '../components/status-queue';
import { count } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';

type Status = 'to_ship' | 'shipped';

/** Merchant: goods orders paid with points, waiting to ship (oldest first), shipped once with carrier and tracking. */
export default function GoodsOrdersPage() {
  const { t, language } = useI18n();
  const [view, setView] = useState<QueueView<Status>>({ status: 'to_ship', page: 1 });
  const load = useCallback(
    () => call(consoleShopOrders, { query: { status: view.status, page: view.page, pageSize: PAGE_SIZE } }),
    [view],
  );

  return (
    <ShippingQueue<'to_ship', ConsoleGoodsOrder>
      waiting="to_ship"
      waitingSince="ship.createdAt"
      item={(row) => row.goods.name}
      ship={(row, shipment) => call(consoleShopOrderShip, { params: { id: row.id }, body: shipment })}
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
      ]}
      view={view}
      onView={setView}
      load={load}
    />
  );
}
