import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { isoTime } from '../../lib/clock.js';
import { exportRow, type PersonalDataSection } from '../../lib/personal-data.js';
import type { ShipmentQueries, ShipmentTable } from './shipping.queries.js';

/**
 * What every shipment is (decision 092 "One shipping pipeline"): a row that waits in the merchant's queue, is shipped
 * once with a carrier and tracking number, and then arrives once. Goods orders and card mailings are shipments; what
 * is shipped, and how a cancelled one is refunded, stays with their modules.
 */
export interface ShipmentKind {
  /** The records' subject type and the prefix of their actions and of the user's notification. */
  subject: 'goods-order' | 'card-mailing';
  /** How an operator's refusal names one ("Goods order", "Card mailing"). */
  noun: string;
  /** The status of one waiting to be posted: the merchant's queue. */
  waiting: string;
  /** The status of one that has arrived. */
  arrived: 'completed' | 'delivered';
}

/** The columns every shipment table has: whose it is, its status, where it goes, how it went. */
export type ShipmentRow = Pick<Database[ShipmentTable], keyof Database[ShipmentTable]>;

/** The queue (those waiting) oldest first, every other status newest first. */
export function queueOrder(kind: ShipmentKind, status: string | undefined): 'asc' | 'desc' {
  return status === kind.waiting ? 'asc' : 'desc';
}

/** The shipping columns of a new shipment: the address as it is now (a copy, not a link), not yet shipped. */
export function unshipped(address: { name: string; phone: string; region: string; detail: string }) {
  return {
    ship_name: address.name,
    ship_phone: address.phone,
    ship_region: address.region,
    ship_detail: address.detail,
    carrier: null,
    tracking_number: null,
  };
}

export const timeOrNull = (value: number | null) => (value === null ? null : isoTime(value));

/** What the user and the console see of every shipment: where it goes, how, since when, shipped when. */
export function shipmentView(row: ShipmentRow) {
  return {
    address: { name: row.ship_name, phone: row.ship_phone, region: row.ship_region, detail: row.ship_detail },
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    createdAt: isoTime(row.created_at),
    shippedAt: timeOrNull(row.shipped_at),
  };
}

/**
 * A kind of shipment's section of the user's data (decision 047 "Your data"): its rows in the export; the deletion
 * forgets where they went, and one not yet shipped blocks it.
 */
export function shipmentsSection(
  db: Db,
  name: string,
  blocker: 'unshippedOrders' | 'unshippedMailings',
  queries: Pick<ShipmentQueries<ShipmentTable>, 'exportOfUser' | 'eraseShipping' | 'countUnshipped'>,
): PersonalDataSection {
  return {
    name,
    exportFor: async (userId) => (await queries.exportOfUser(db, userId)).map(exportRow),
    erase: (trx, { userId }) => queries.eraseShipping(trx, userId),
    blocksDeletion: async (executor, userId) => ({ [blocker]: await queries.countUnshipped(executor, userId) }),
  };
}
