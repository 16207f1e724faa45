import { consoleDisconnectStepConnection, consoleStepSyncHealth, consoleUserStepConnections } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { consoleHandler } from '../../http/console-handler.js';
import type { AuditService } from '../audit/audit.service.js';
import type { StepConnectionsAdmin } from './step-connections.admin.js';

/** Connected accounts in the console: a user's connections and disconnect (support), sync health (everyone). */
export function registerStepConnectionConsoleRoutes(
  endpoints: EndpointRegistrar,
  deps: { admin: { stepConnections: StepConnectionsAdmin }; audit: AuditService },
): void {
  const handle = consoleHandler(endpoints, deps.audit);
  const admin = deps.admin.stepConnections;

  handle(consoleUserStepConnections, ({ params }) => admin.listOfUser(params.id));

  handle(consoleDisconnectStepConnection, ({ operator, params, body }) =>
    admin.disconnect(operator.name, params.id, body.reason),
  );

  handle(consoleStepSyncHealth, () => admin.health());
}
