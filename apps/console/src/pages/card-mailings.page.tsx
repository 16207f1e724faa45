import { consoleMailingShip, consoleMailings, type ConsoleMailing } from '@stride/contract';
import { useCallback, useState } from 'react';
import { ShipDialog, shipmentColumns } from '../components/merchant/shipment-queue';
import { StatusQueue } from '../components/status-queue';
import { useLoad } from '../components/use-load';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';

const PAGE_SIZE = 20;
const NONE = { items: [] as ConsoleMailing[], total: 0, page: 1, pageSize: PAGE_SIZE, hasMore: false };
type Row = ConsoleMailing;
type Status = 'requested' | 'shipped';

/** Merchant: physical member cards requested by post, waiting to ship (oldest first), shipped once with carrier and tracking. */
export default function CardMailingsPage() {
  const { t, language } = useI18n();
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
          ...shipmentColumns<Row>({ t, language }, { toShip, waitingSince: 'ship.requestedAt', onShip: setShipping }),
        ]}
      />
      <ShipDialog<Row>
        row={shipping}
        item={(row) => row.cardName}
        ship={(row, shipment) => call(consoleMailingShip, { params: { id: row.id }, body: shipment })}
        onCancel={() => setShipping(null)}
        onDone={() => {
          setShipping(null);
          reload();
        }}
      />
    </>
  );
}
