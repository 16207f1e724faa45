import { consoleDecideInviteReward, consoleInviteGraph, consoleInviteRewards } from '@stride/contract';
import { consoleRoutes } from '../../http/console-handler.js';
import type { InvitesAdmin } from './invites.admin.js';

/** Invite rings in the console (docs/console/reviewer.md, Invite rings): held rewards, the decision, the invite graph. */
export const registerInvitesConsoleRoutes = consoleRoutes('invites', (handle, admin: InvitesAdmin) => {
  handle(consoleInviteRewards, ({ query }) => admin.heldRewards(query.status, query));
  handle(consoleDecideInviteReward, ({ operator, params, body }) => admin.decide(operator.name, params.id, body));
  handle(consoleInviteGraph, ({ operator, query }) => admin.graph(operator.name, query.q));
});
