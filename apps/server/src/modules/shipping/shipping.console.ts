import { pageResult, pageWindow } from '../../db/retry.js';
import type { ConsoleOperator } from '../../http/endpoints.js';
import type { AuditService } from '../audit/audit.service.js';
import type { ShipmentKind } from './shipping.js';

/**
 * The merchant's queue of one kind of shipment in the console (decision 092 "One shipping pipeline"), as a handler
 * for that kind's list endpoint: a page by status, the look recorded (delivery addresses, names and phones, are
 * personal data), each row with its owner's masked mobile number (decision 080 "A console a new operator can read").
 */
export function shipmentQueue<Row extends { id: string; user_id: string }, Item>(
  audit: AuditService,
  queue: {
    kind: ShipmentKind;
    /** The look's detail names the rows it showed under this key. */
    shown: 'orderIds' | 'mailingIds';
    page: (status: string, window: { limit: number; offset: number }) => Promise<{ rows: Row[]; total: number }>;
    toItem: (row: Row) => Item;
  },
) {
  const subject = queue.kind.subject;
  return async ({
    operator,
    query,
  }: {
    operator: ConsoleOperator;
    query: { status: string; page: number; pageSize: number };
  }) => {
    const { rows, total } = await queue.page(query.status, pageWindow(query));
    await audit.recordLook({
      operator: operator.name,
      action: `${subject}.view-queue`,
      subjectType: subject,
      subjectId: query.status,
      detail: { [queue.shown]: rows.map((row) => row.id) },
    });
    const mobiles = await audit.maskedMobiles(rows.map((row) => row.user_id));
    return pageResult(
      rows.map((row) => ({
        ...queue.toItem(row),
        userId: row.user_id,
        userMobileMasked: mobiles.get(row.user_id) ?? '',
      })),
      query,
      total,
    );
  };
}
