import { consoleCancelMembershipOrder, consoleMembershipOrders } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { pageResult } from '../../db/retry.js';
import { consoleHandler } from '../../http/console-handler.js';
import type { AuditService } from '../audit/audit.service.js';
import type { PaymentsAdmin } from './payments.admin.js';

/**
 * Membership orders in the console: a paid one is cancelled with a full refund (finance; decision 037 "The payment
 * lifecycle").
 */
export function registerPaymentConsoleRoutes(
  endpoints: EndpointRegistrar,
  deps: { admin: { payments: PaymentsAdmin }; audit: AuditService },
): void {
  const handle = consoleHandler(endpoints, deps.audit);
  const admin = deps.admin.payments;
  // The console names a buyer by their masked mobile number (decision 080 "A console a new operator can read").
  const withMobiles = async <T extends { userId: string }>(items: T[]) => {
    const mobiles = await deps.audit.maskedMobiles(items.map((item) => item.userId));
    return items.map((item) => ({ ...item, userMobileMasked: mobiles.get(item.userId) ?? '' }));
  };

  handle(consoleMembershipOrders, async ({ query }) => {
    const { items, total } = await admin.listOrders(
      { status: query.status, userId: query.userId, orderId: query.orderId },
      query,
    );
    return pageResult(await withMobiles(items), query, total);
  });

  handle(consoleCancelMembershipOrder, async ({ operator, params, body }) => {
    await admin.cancelPaidOrder(operator.name, params.id, body.reason);
    const [order] = await withMobiles([await admin.viewOrder(params.id)]);
    return order!;
  });
}
