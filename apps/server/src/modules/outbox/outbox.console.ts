import { consoleOutbox } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { consoleHandler } from '../../http/console-handler.js';
import type { AuditService } from '../audit/audit.service.js';
import type { OutboxAdmin } from './outbox.admin.js';

/**
 * The outbox in the console (decision 026 "User care in the operator console"): codes always masked, recipients for
 * support.
 */
export function registerOutboxConsoleRoutes(
  endpoints: EndpointRegistrar,
  deps: { audit: AuditService; admin: { outbox: OutboxAdmin } },
): void {
  const handle = consoleHandler(endpoints, deps.audit);
  handle(consoleOutbox, ({ operator, query }) =>
    deps.admin.outbox.list(operator.name, query, { maskRecipients: !operator.roles.includes('admin') }),
  );
}
