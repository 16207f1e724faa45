import { consoleMailingShip, consoleMailings } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { consoleHandler } from '../operators/console-handler.js';
import type { OperatorsService } from '../operators/operators.service.js';
import { shipmentQueue } from '../shipping/shipping.console.js';
import type { MailingsAdmin } from './mailings.admin.js';
import { CARD_MAILINGS, toMailing } from './mailings.service.js';

/** The merchant's console: physical card mailings to ship, through the same MailingsAdmin as `npm run ops`. */
export function registerMailingConsoleRoutes(
  endpoints: EndpointRegistrar,
  deps: { operators: OperatorsService; admin: { mailings: MailingsAdmin } },
): void {
  const { operators } = deps;
  const mailings = deps.admin.mailings;
  const handle = consoleHandler(endpoints, operators);

  handle(
    consoleMailings,
    shipmentQueue(operators, {
      kind: CARD_MAILINGS,
      shown: 'mailingIds',
      page: (status, window) => mailings.pageForOperators(status, window),
      toItem: toMailing,
    }),
  );

  handle(consoleMailingShip, ({ operator, params, body }) => mailings.ship(operator.name, params.id, body));
}
