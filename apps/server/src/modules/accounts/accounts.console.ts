import {
  consoleUserFreeze,
  consoleUserGet,
  consoleUserOrders,
  consoleUserResetLoginLimits,
  consoleUsersSearch,
  consoleUserStatement,
  consoleUserUnfreeze,
  consoleUserWithdrawals,
} from '@stride/contract';
import type { ConsoleOperator } from '../../http/endpoints.js';
import { consoleRoutes } from '../../http/console-handler.js';
import type { AccountsAdmin, Viewer } from './accounts.admin.js';

/** Support reads masked numbers and names; an operator who is also an admin reads them whole. */
function viewer(operator: ConsoleOperator): Viewer {
  return { operator: operator.name, masked: !operator.roles.includes('admin') };
}

/**
 * User care in the console (decision 026 "User care in the operator console"): search, a user's page, freeze, login
 * limits.
 */
export const registerAccountsConsoleRoutes = consoleRoutes('accounts', (handle, admin: AccountsAdmin) => {
  handle(consoleUsersSearch, ({ operator, query }) => admin.search(viewer(operator), query));

  handle(consoleUserGet, ({ operator, params }) => admin.page(viewer(operator), params.id));

  handle(consoleUserOrders, ({ operator, params, query }) => admin.orders(viewer(operator), params.id, query));

  handle(consoleUserWithdrawals, ({ operator, params, query }) =>
    admin.withdrawals(viewer(operator), params.id, query),
  );

  handle(consoleUserStatement, ({ operator, params, query }) => admin.statement(viewer(operator), params.id, query));

  handle(consoleUserFreeze, ({ operator, params, body }) =>
    admin.setFrozen(operator.name, params.id, { frozen: true, version: body.version, reason: body.reason }),
  );

  handle(consoleUserUnfreeze, ({ operator, params, body }) =>
    admin.setFrozen(operator.name, params.id, { frozen: false, version: body.version, reason: body.reason }),
  );

  handle(consoleUserResetLoginLimits, ({ operator, params }) => admin.resetLoginLimits(operator.name, params.id));
});
