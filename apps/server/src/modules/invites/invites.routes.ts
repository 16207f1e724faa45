import { getInvite } from '@stride/contract';
import type { FrameConfig } from '../../config.js';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { publicOrigin } from '../../http/origin.js';
import type { InvitesService } from './invites.service.js';

export function registerInviteRoutes(
  endpoints: EndpointRegistrar,
  deps: { invites: InvitesService; config: FrameConfig },
): void {
  const { invites, config } = deps;

  endpoints.handle(getInvite, ({ user, request }) => invites.get(user, publicOrigin(config, request.server)));
}
