import {
  consoleCorrectionApprove,
  consoleCorrectionCancel,
  consoleCorrectionReject,
  consoleCorrectionRequest,
  consoleCorrections,
  consoleCorrectionUser,
  consoleLedgerReport,
} from '@stride/contract';
import { consoleRoutes } from '../../http/console-handler.js';
import type { LedgerAdmin } from './ledger.admin.js';

/** Finance's ledger endpoints in the console (decision 023 "Money under four eyes"). */
export const registerLedgerConsoleRoutes = consoleRoutes('ledger', (handle, ledger: LedgerAdmin) => {
  handle(consoleCorrections, async ({ operator, query }) => {
    const limit = query.pageSize;
    const offset = (query.page - 1) * limit;
    const { items, total } = await ledger.list(operator.name, { status: query.status }, { limit, offset });
    return { items, page: query.page, pageSize: limit, total, hasMore: offset + items.length < total };
  });

  handle(consoleCorrectionUser, ({ operator, query }) => ledger.lookUp(operator.name, query.user));

  handle(consoleCorrectionRequest, ({ operator, body }) => ledger.request(operator.name, operator.id, body));

  handle(consoleCorrectionApprove, ({ operator, params }) => ledger.approve(operator.name, params.id));

  handle(consoleCorrectionReject, ({ operator, params, body }) => ledger.reject(operator.name, params.id, body.reason));

  handle(consoleCorrectionCancel, ({ operator, params }) => ledger.cancel(operator.name, params.id));

  handle(consoleLedgerReport, () => ledger.report());
});
