import { consoleMailingShip, consoleMailings, type ConsoleMailing } from '@stride/contract';
import { useCallback, useState } from 'react';
import { ShippingQueue } from '../components/merchant/shipment-queue';
import { PAGE_SIZE, type QueueView } from '../components/status-queue';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';

type Status = 'requested' | 'shipped';

/** Merchant: physical member cards requested by post, waiting to ship (oldest first), shipped once with carrier and tracking. */
export default function CardMailingsPage() {
  const { t } = useI18n();
  const [view, setView] = useState<QueueView<Status>>({ status: 'requested', page: 1 });
  const load = useCallback(
    () => call(consoleMailings, { query: { status: view.status, page: view.page, pageSize: PAGE_SIZE } }),
    [view],
  );

  return (
    <ShippingQueue<'requested', ConsoleMailing>
      view={view}
      onView={setView}
      load={load}
      waiting="requested"
      waitingSince="ship.requestedAt"
      columns={[{ title: t('ship.card'), dataIndex: 'cardName' }]}
      item={(row) => row.cardName}
      ship={(row, shipment) => call(consoleMailingShip, { params: { id: row.id }, body: shipment })}
    />
  );
}
