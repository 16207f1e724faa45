import type { EndpointDef } from '@stride/contract';
import type { ConsoleOperator, EndpointRegistrar, Handler } from './endpoints.js';
import { AppError } from './errors.js';
import { OperatorError } from './operator-error.js';

export type ConsoleHandle = <E extends EndpointDef>(endpoint: E, handler: Handler<E>) => void;

/** What the frame needs of the audit module's service, which it may not import: run the work as an operator. */
export interface ActingAs {
  as<T>(actor: { operatorId: string; source: string }, work: () => Promise<T>): Promise<T>;
}

/**
 * How a module registers its console endpoints (decision 021 "Operator accounts and console sessions"): every action
 * runs as its operator, so each record names the account and the console; an operator's refusal (already decided, no
 * such row) answers as a business rule with its text. Each domain module keeps its console
 * endpoints in its own contract file and registers them with this, under its own module name.
 */
export function consoleHandler(endpoints: EndpointRegistrar, audit: ActingAs): ConsoleHandle {
  return (endpoint, handler) => {
    endpoints.handle(endpoint, async (context) => {
      const operator = context.operator as ConsoleOperator | null;
      const run = () => handler(context);
      try {
        return await (operator ? audit.as({ operatorId: operator.id, source: 'console' }, run) : run());
      } catch (error) {
        if (error instanceof OperatorError) {
          throw error.localized
            ? new AppError('BUSINESS_RULE', error.localized.key, error.localized.values)
            : new AppError('BUSINESS_RULE', 'businessRule', {}, error.message);
        }
        throw error;
      }
    });
  };
}

/**
 * A module's console endpoints, registered through the frame above with the module's own admin service, found under
 * the module's name among the admin services (decision 021 "Operator accounts and console sessions").
 */
export function consoleRoutes<Name extends string, Admin, Audit extends ActingAs>(
  name: Name,
  register: (handle: ConsoleHandle, admin: Admin, audit: Audit) => void,
): (endpoints: EndpointRegistrar, deps: { admin: { [key in Name]: Admin }; audit: Audit }) => void {
  return (endpoints, deps) => register(consoleHandler(endpoints, deps.audit), deps.admin[name], deps.audit);
}
