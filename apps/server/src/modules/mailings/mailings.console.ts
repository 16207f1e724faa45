import { consoleMailingShip, consoleMailings } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { consoleHandler } from '../../http/console-handler.js';
import type { AuditService } from '../audit/audit.service.js';
import { shipmentQueue } from '../shipping/shipping.console.js';
import type { MailingsAdmin } from './mailings.admin.js';
import { CARD_MAILINGS, toMailing } from './mailings.service.js';

/** The merchant's console: physical card mailings to ship, through the same MailingsAdmin as `npm run ops`. */
export function registerMailingConsoleRoutes(
  endpoints: EndpointRegistrar,
  deps: { audit: AuditService; admin: { mailings: MailingsAdmin } },
): void {
  const { audit } = deps;
  const mailings = deps.admin.mailings;
  const handle = consoleHandler(endpoints, audit);

  handle(
    consoleMailings,
    shipmentQueue(audit, {
      kind: CARD_MAILINGS,
      shown: 'mailingIds',
      page: (status, window) => mailings.pageForOperators(status, window),
      toItem: toMailing,
    }),
  );

  handle(consoleMailingShip, ({ operator, params, body }) => mailings.ship(operator.name, params.id, body));
}
