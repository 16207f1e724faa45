import {
  listMyClubs,
  createClub,
  joinClub,
  getClub,
  getClubBoard,
  leaveClub,
  removeClubMember,
  handOverClub,
} from '@stride/contract';
import type { FrameConfig } from '../../config.js';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { publicOrigin } from '../../http/origin.js';
import type { ClubsService } from './clubs.service.js';

export function registerClubRoutes(
  endpoints: EndpointRegistrar,
  deps: { clubs: ClubsService; config: FrameConfig },
): void {
  const { clubs, config } = deps;
  const origin = (request: { server: Parameters<typeof publicOrigin>[1] }) => publicOrigin(config, request.server);

  endpoints.handle(listMyClubs, ({ user, request, language }) => clubs.list(user.id, origin(request), language));
  endpoints.handle(createClub, ({ user, body, request, language }) =>
    clubs.create(user.id, body.name, origin(request), language),
  );
  endpoints.handle(joinClub, ({ user, body, request, language }) =>
    clubs.join(user.id, body.code, origin(request), language),
  );
  endpoints.handle(getClub, ({ user, params, query, request, language }) =>
    clubs.get(user.id, params.id, query, origin(request), language),
  );
  endpoints.handle(getClubBoard, ({ user, params, query }) => clubs.board(user.id, params.id, query.period));
  endpoints.handle(leaveClub, ({ user, params }) => clubs.leave(user.id, params.id));
  endpoints.handle(removeClubMember, ({ user, params }) => clubs.remove(user.id, params.id, params.userId));
  endpoints.handle(handOverClub, ({ user, params, request, language }) =>
    clubs.handOver(user.id, params.id, params.userId, origin(request), language),
  );
}
