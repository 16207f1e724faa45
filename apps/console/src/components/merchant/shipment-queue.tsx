import type { Shipment } from '@stride/contract';
import { App, Button } from 'antd';
import { useState } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { dateTime } from '../../lib/format';
import type { I18n } from '../../lib/i18n-context';
import { useI18n } from '../../lib/i18n-context';
import { StatusQueue, useQueue, type QueueView } from '../status-queue';
import { useFail } from '../use-fail';
import { UserLink } from '../user-link';
import { ShipModal } from './ship-modal';
import { timeColumn } from '../columns';

/** What a merchant ships: goods orders and physical card mailings alike. */
export interface ShipmentRow {
  id: string;
  userId: string;
  userMobileMasked: string;
  address: { name: string; phone: string; region: string; detail: string };
  carrier: string | null;
  trackingNumber: string | null;
  createdAt: string;
  shippedAt: string | null;
}

/**
 * The columns every shipping queue ends with, after its own (what is shipped): the address, then
 * while waiting the time it came in and a Ship button, once shipped the tracking and the time.
 */
export function shipmentColumns<R extends ShipmentRow>(
  { t, language }: Pick<I18n, 't' | 'language'>,
  options: { toShip: boolean; waitingSince: 'ship.createdAt' | 'ship.requestedAt'; onShip: (row: R) => void },
): ColumnsType<R> {
  return [
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
    options.toShip
      ? timeColumn(t(options.waitingSince), 'createdAt', language)
      : {
          title: t('ship.tracking'),
          key: 'tracking',
          render: (_value, row) => `${row.carrier ?? ''} ${row.trackingNumber ?? ''}`,
        },
    {
      title: t('ship.user'),
      key: 'user',
      render: (_value, row) => <UserLink userId={row.userId} mobile={row.userMobileMasked} />,
    },
    options.toShip
      ? {
          key: 'actions',
          fixed: 'right',
          render: (_value, row) => (
            <Button type="primary" onClick={() => options.onShip(row)}>
              {t('ship.ship')}
            </Button>
          ),
        }
      : {
          title: t('ship.shippedAt'),
          dataIndex: 'shippedAt',
          render: (v: string | null) => (v ? dateTime(v, language) : ''),
        },
  ];
}

/**
 * Ships the row being shipped (carrier and tracking asked for): `onDone` runs after a success and
 * after a refusal alike (already shipped by someone else: the server says so), so the queue
 * reloads either way.
 */
export function ShipDialog<R extends ShipmentRow>({
  row,
  item,
  ship,
  onCancel,
  onDone,
}: {
  row: R | null;
  /** What is shipped, for the title. */
  item: (row: R) => string;
  ship: (row: R, shipment: Shipment) => Promise<unknown>;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const fail = useFail();
  return (
    <ShipModal
      open={row !== null}
      title={row ? t('ship.title', { item: item(row), name: row.address.name }) : ''}
      onCancel={onCancel}
      onSubmit={async (shipment) => {
        if (!row) return;
        try {
          await ship(row, shipment);
          void message.success(t('ship.done'));
        } catch (error) {
          fail(error);
        }
        onDone();
      }}
    />
  );
}

/**
 * A merchant's shipping queue: what waits to ship (oldest first) or what was shipped, each row
 * shipped once with carrier and tracking. The page gives what differs: its endpoints (`load` asks
 * for `view`'s page), the status of what waits, and the columns naming what is shipped.
 */
export function ShippingQueue<S extends string, R extends ShipmentRow>({
  view,
  onView,
  load,
  waiting,
  waitingSince,
  columns,
  item,
  ship,
}: {
  view: QueueView<S | 'shipped'>;
  onView: (view: QueueView<S | 'shipped'>) => void;
  load: () => Promise<{ items: R[]; page: number; total: number }>;
  /** The status of what waits to ship. */
  waiting: S;
  waitingSince: 'ship.createdAt' | 'ship.requestedAt';
  columns: ColumnsType<R>;
  item: (row: R) => string;
  ship: (row: R, shipment: Shipment) => Promise<unknown>;
}) {
  const { t, language } = useI18n();
  const queue = useQueue(load, view, onView);
  const [shipping, setShipping] = useState<R | null>(null);
  const toShip = view.status === waiting;
  return (
    <>
      <StatusQueue
        {...queue}
        statuses={[
          { value: waiting, label: t('ship.toShip') },
          { value: 'shipped', label: t('ship.shipped') },
        ]}
        notice={t('ship.lookNotice')}
        emptyText={toShip ? t('ship.emptyToShip') : t('ship.emptyShipped')}
        columns={[...columns, ...shipmentColumns<R>({ t, language }, { toShip, waitingSince, onShip: setShipping })]}
      />
      <ShipDialog<R>
        row={shipping}
        item={item}
        ship={ship}
        onCancel={() => setShipping(null)}
        onDone={() => {
          setShipping(null);
          queue.onRefresh();
        }}
      />
    </>
  );
}
