import { consoleModerationAvatar, consoleModerationDecide, consoleModerationQueue } from '@stride/contract';
import { consoleHandler, type ActingAs } from '../../http/console-handler.js';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { ModerationAdmin } from './moderation.admin.js';

/** Reported content in the console (docs/console/reviewer.md, Reported content): the queue, the avatar, decisions. */
export function registerModerationConsoleRoutes(
  endpoints: EndpointRegistrar,
  deps: { admin: { moderation: ModerationAdmin }; audit: ActingAs },
): void {
  const admin = deps.admin.moderation;
  const handle = consoleHandler(endpoints, deps.audit);
  const name = (operator: { name: string } | null) => operator?.name ?? 'console';
  handle(consoleModerationQueue, ({ query }) => admin.queue(query));
  handle(consoleModerationDecide, ({ operator, params, body }) => admin.decide(name(operator), params, body));
  // Binary answers go through the registrar directly (the role is checked as for every endpoint).
  endpoints.handleBinary(consoleModerationAvatar, ({ params }) => admin.avatar(params.id));
}
