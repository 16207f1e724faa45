import {
  consoleWithdrawalApprove,
  consoleWithdrawalPay,
  consoleWithdrawalReject,
  consoleWithdrawalsExport,
  consoleWithdrawalsPending,
} from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { consoleHandler } from '../../http/console-handler.js';
import type { AuditService } from '../audit/audit.service.js';
import type { PayoutsAdmin } from './payouts.admin.js';

/**
 * Finance's console endpoints of the payouts module: the withdrawal queue, its four-eyes decisions and the bank batch
 * (decisions 023 "Money under four eyes", 074 "Independent second approvers").
 */
export function registerPayoutsConsoleRoutes(
  endpoints: EndpointRegistrar,
  deps: { audit: AuditService; admin: { payouts: PayoutsAdmin } },
): void {
  const { audit, admin } = deps;
  const handle = consoleHandler(endpoints, audit);

  handle(consoleWithdrawalsPending, async ({ operator, query }) => {
    const { rows } = await admin.payouts.listForOperators(query.status);
    // The queue oldest first, in the order users asked; settled ones newest first.
    const ordered = query.status === 'pending' ? rows.reverse() : rows;
    return admin.payouts.consoleViews(ordered, operator.name);
  });

  handle(consoleWithdrawalApprove, ({ operator, params }) => admin.payouts.approve(operator.name, params.id));

  handle(consoleWithdrawalPay, ({ operator, params, body }) =>
    admin.payouts.markPaid(operator.name, params.id, body.reference),
  );

  // A file, not an envelope; still run as the operator so the recorded look names the account.
  endpoints.handleBinary(consoleWithdrawalsExport, ({ operator }) =>
    audit.as({ operatorId: operator.id, source: 'console' }, async () => ({
      contentType: 'text/csv; charset=utf-8',
      body: Buffer.from(await admin.payouts.exportPending(operator.name), 'utf8'),
    })),
  );

  handle(consoleWithdrawalReject, ({ operator, params, body }) =>
    admin.payouts.reject(operator.name, params.id, body.reason),
  );
}
