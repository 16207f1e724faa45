import type { Executor } from '../../db/executor.js';
import type {
  NOTIFICATION_PAGES,
  NotificationParams,
  NotificationsService,
} from '../notifications/notifications.service.js';
import { OperatorError } from '../../http/operator-error.js';
import type { AuditService, RecordedAction } from '../audit/audit.service.js';
import type { ShipmentKind, ShipmentRow } from './shipping.js';

/** The columns a shipping step writes. */
export interface ShipmentChange {
  status: string;
  carrier?: string;
  tracking_number?: string;
  shipped_at?: number;
  completed_at?: number;
  delivered_at?: number;
}

/** One kind of shipment as the merchant's steps need it: its rows, how the user sees one, and the user's notice. */
export interface ShippedKind<Row extends ShipmentRow, Item> extends ShipmentKind {
  find: (db: Executor, id: string) => Promise<Row | undefined>;
  /** The compare-and-set of the status (`ShipmentQueries.transition`). */
  transition: (db: Executor, id: string, from: string, values: ShipmentChange) => Promise<boolean>;
  toItem: (row: Row) => Item;
  /** The page the shipped notification opens, and its values besides the carrier and the tracking number. */
  notice: {
    path: (typeof NOTIFICATION_PAGES)[keyof typeof NOTIFICATION_PAGES];
    params: (row: Row) => { orderId: string } | { mailingId: string };
  };
}

type ShippedParams = NotificationParams['goods-order.shipped'] | NotificationParams['card-mailing.shipped'];

/**
 * The merchant's two steps of every shipment (decision 092 "One shipping pipeline"): shipped with a carrier and a
 * tracking number, then arrived; each once (a compare-and-set), recorded with the operator, and the shipping told to
 * the user in the same transaction.
 */
export class ShippingAdmin<Row extends ShipmentRow, Item> {
  constructor(
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    /** The kind of shipment these steps move. */
    readonly kind: ShippedKind<Row, Item>,
  ) {}

  ship(operator: string, id: string, shipment: { carrier: string; trackingNumber: string }): Promise<Item> {
    return this.move(operator, id, this.kind.waiting, 'shipped', (now) => ({
      status: 'shipped',
      carrier: shipment.carrier,
      tracking_number: shipment.trackingNumber,
      shipped_at: now,
    }));
  }

  arrive(operator: string, id: string): Promise<Item> {
    const arrived = this.kind.arrived;
    return this.move(operator, id, 'shipped', arrived, (now) => {
      const change: ShipmentChange = { status: arrived };
      change[`${arrived}_at` as const] = now;
      return change;
    });
  }

  private async move(
    operator: string,
    id: string,
    from: string,
    to: 'shipped' | ShipmentKind['arrived'],
    values: (now: number) => ShipmentChange,
  ): Promise<Item> {
    const { subject, noun } = this.kind;
    const item = await this.audit.changeState<Row, Item>({
      operator,
      change: (trx, now) => this.kind.transition(trx, id, from, values(now)),
      reread: (trx) => this.kind.find(trx, id),
      missing: `No ${noun.toLowerCase()} ${id}`,
      lost: (current) => `${noun} ${id} is ${current.status}, not ${from}`,
      apply: async (trx) => {
        const updated = await this.kind.find(trx, id);
        if (!updated) throw new OperatorError(`No ${noun.toLowerCase()} ${id}`);
        if (to === 'shipped') {
          const params: ShippedParams = {
            ...this.kind.notice.params(updated),
            carrier: updated.carrier ?? '',
            trackingNumber: updated.tracking_number ?? '',
          };
          await this.notifications.record(trx, {
            userId: updated.user_id,
            kind: `${subject}.shipped`,
            params,
            dedupeKey: `${subject}.shipped:${id}`,
            link: { path: this.kind.notice.path },
          });
        }
        return this.kind.toItem(updated);
      },
      record: (_item, now) => {
        const change = values(now);
        return {
          // Each kind's pair of steps is in the actions' catalogue.
          action: `${subject}.${to}` as RecordedAction['action'],
          subjectType: subject,
          subjectId: id,
          before: { status: from },
          after: {
            status: to,
            ...(change.carrier ? { carrier: change.carrier, trackingNumber: change.tracking_number } : {}),
          },
          detail: {
            from,
            to,
            carrier: change.carrier ?? undefined,
            trackingNumber: change.tracking_number ?? undefined,
          },
        };
      },
    });
    this.notifications.nudge(); // the shipping push, now committed
    return item;
  }
}
