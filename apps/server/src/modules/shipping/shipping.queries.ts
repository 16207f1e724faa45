import type { Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';

/** The tables of things posted to a user (decision 092 "One shipping pipeline"). */
export type ShipmentTable = 'goods_orders' | 'card_mailings';

/** A column of any shipment table. */
type ShipmentColumn = { [K in ShipmentTable]: keyof Database[K] & string }[ShipmentTable];
type ExportColumn<T extends ShipmentTable> = keyof Database[T] & ShipmentColumn;

/** What the export shows of every shipment, between its own columns and its own later times. */
const SHIPMENT_EXPORT = [
  'ship_name',
  'ship_phone',
  'ship_region',
  'ship_detail',
  'carrier',
  'tracking_number',
  'created_at',
  'shipped_at',
] as const;

/**
 * The SQL every shipment table shares, by table: the once-only status move, the queue's count, the export, the
 * erasure of the address and the count of those not shipped yet. Each domain's repository extends it.
 */
export class ShipmentQueries<T extends ShipmentTable> {
  // Typed over both tables: each has every column used here.
  private readonly table: ShipmentTable;

  constructor(
    table: T,
    /** The status of a shipment waiting to be posted. */
    private readonly waiting: string,
    /** What the export shows of the table's own: columns after the id, and the times after it was shipped. */
    private readonly exported: { own: readonly ExportColumn<T>[]; later: readonly ExportColumn<T>[] },
  ) {
    this.table = table;
  }

  private from(db: Executor) {
    return db.selectFrom(this.table);
  }

  /** Compare-and-set from one status, so every transition happens once. */
  async transition(
    db: Executor,
    id: string,
    from: string,
    values: Updateable<Database[T]> & { status: string },
  ): Promise<boolean> {
    const result = await db
      .updateTable(this.table)
      .set(values)
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** How many there are of a user's, in a status, or both. */
  async count(db: Executor, filter: { userId?: string | undefined; status?: string | undefined }): Promise<number> {
    let query = this.from(db);
    if (filter.userId) query = query.where('user_id', '=', filter.userId);
    if (filter.status) query = query.where('status', '=', filter.status);
    const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  // Your data (decision 047 "Your data") ------------------------------------------------------------------

  /** The user's shipments for the export, oldest first. */
  exportOfUser(db: Executor, userId: string): Promise<Record<string, unknown>[]> {
    const { own, later } = this.exported;
    const columns: ShipmentColumn[] = ['id', ...own, 'status', ...SHIPMENT_EXPORT, ...later];
    return this.from(db).select(columns).where('user_id', '=', userId).orderBy('created_at').execute();
  }

  async eraseShipping(db: Executor, userId: string): Promise<void> {
    await db
      .updateTable(this.table)
      .set({ ship_name: '', ship_phone: '', ship_region: '', ship_detail: '' })
      .where('user_id', '=', userId)
      .execute();
  }

  countUnshipped(db: Executor, userId: string): Promise<number> {
    return this.count(db, { userId, status: this.waiting });
  }
}
