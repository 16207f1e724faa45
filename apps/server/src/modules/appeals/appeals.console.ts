import { consoleAppealImage, consoleAppeals, consoleDecideAppeal } from '@stride/contract';
import { consoleHandler, type ActingAs } from '../../http/console-handler.js';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { AppealsAdmin } from './appeals.admin.js';

/** Appeals in the console (docs/console/reviewer.md, Appeals): the queue, a picture sent with one, the decision. */
export function registerAppealsConsoleRoutes(
  endpoints: EndpointRegistrar,
  deps: { admin: { appeals: AppealsAdmin }; audit: ActingAs },
): void {
  const admin = deps.admin.appeals;
  const handle = consoleHandler(endpoints, deps.audit);
  const name = (operator: { name: string } | null) => operator?.name ?? 'console';
  handle(consoleAppeals, ({ query }) => admin.queue(query.status, query));
  handle(consoleDecideAppeal, ({ operator, params, body }) => admin.decide(name(operator), params.id, body));
  // Binary answers go through the registrar directly (the role is checked as for every endpoint).
  endpoints.handleBinary(consoleAppealImage, ({ operator, params }) =>
    deps.audit.as({ operatorId: operator.id, source: 'console' }, () => admin.image(operator.name, params.id)),
  );
}
