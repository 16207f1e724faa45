import { consoleMailingShip, consoleMailings } from '@stride/contract';
import { pageResult, pageWindow } from '../../db/retry.js';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { consoleHandler } from '../operators/console-handler.js';
import type { OperatorsService } from '../operators/operators.service.js';
import type { MailingsAdmin } from './mailings.admin.js';
import { toMailing } from './mailings.service.js';

/** The merchant's console: physical card mailings to ship, through the same MailingsAdmin as `npm run ops`. */
export function registerMailingConsoleRoutes(
  endpoints: EndpointRegistrar,
  deps: { operators: OperatorsService; admin: { mailings: MailingsAdmin } },
): void {
  const { operators } = deps;
  const mailings = deps.admin.mailings;
  const handle = consoleHandler(endpoints, operators);

  handle(consoleMailings, async ({ operator, query }) => {
    const { rows, total } = await mailings.pageForOperators(query.status, pageWindow(query));
    // Delivery addresses (names, phones) are personal data: the look is recorded.
    await operators.recordLook({
      operator: operator.name,
      action: 'card-mailing.view-queue',
      subjectType: 'card-mailing',
      subjectId: query.status,
      detail: { mailingIds: rows.map((row) => row.id) },
    });
    // The console names a card holder by their masked mobile number (decision 080 "A console a new operator can read").
    const mobiles = await operators.maskedMobiles(rows.map((row) => row.user_id));
    return pageResult(
      rows.map((row) => ({ ...toMailing(row), userId: row.user_id, userMobileMasked: mobiles.get(row.user_id) ?? '' })),
      query,
      total,
    );
  });

  handle(consoleMailingShip, ({ operator, params, body }) => mailings.ship(operator.name, params.id, body));
}
