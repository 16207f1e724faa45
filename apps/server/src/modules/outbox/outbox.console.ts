import { consoleOutbox } from '@stride/contract';
import { consoleRoutes } from '../../http/console-handler.js';
import type { OutboxAdmin } from './outbox.admin.js';

/**
 * The outbox in the console (decision 026 "User care in the operator console"): codes always masked, recipients for
 * support.
 */
export const registerOutboxConsoleRoutes = consoleRoutes('outbox', (handle, admin: OutboxAdmin) => {
  handle(consoleOutbox, ({ operator, query }) =>
    admin.list(operator.name, query, { maskRecipients: !operator.roles.includes('admin') }),
  );
});
