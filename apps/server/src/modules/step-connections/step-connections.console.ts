import { consoleDisconnectStepConnection, consoleStepSyncHealth, consoleUserStepConnections } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { consoleHandler } from '../operators/console-handler.js';
import type { OperatorsService } from '../operators/operators.service.js';
import type { StepConnectionsAdmin } from './step-connections.admin.js';

/** Connected accounts in the console: a user's connections and disconnect (support), sync health (everyone). */
export function registerStepConnectionConsoleRoutes(
  endpoints: EndpointRegistrar,
  deps: { admin: { stepConnections: StepConnectionsAdmin }; operators: OperatorsService },
): void {
  const handle = consoleHandler(endpoints, deps.operators);
  const admin = deps.admin.stepConnections;

  handle(consoleUserStepConnections, ({ params }) => admin.listOfUser(params.id));

  handle(consoleDisconnectStepConnection, ({ operator, params, body }) =>
    admin.disconnect(operator.name, params.id, body.reason),
  );

  handle(consoleStepSyncHealth, () => admin.health());
}
