import {
  listChallenges,
  createChallenge,
  findChallengeByCode,
  getChallenge,
  joinChallenge,
  enterChallengeTeam,
  leaveChallenge,
  cancelChallenge,
  getChallengeBoard,
} from '@stride/contract';
import type { FrameConfig } from '../../config.js';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { publicOrigin } from '../../http/origin.js';
import type { ChallengesService } from './challenges.service.js';

export function registerChallengeRoutes(
  endpoints: EndpointRegistrar,
  deps: { challenges: ChallengesService; config: FrameConfig },
): void {
  const { challenges, config } = deps;
  const origin = (request: { server: Parameters<typeof publicOrigin>[1] }) => publicOrigin(config, request.server);

  endpoints.handle(listChallenges, ({ user, request }) => challenges.list(user.id, origin(request)));
  endpoints.handle(createChallenge, ({ user, body, request }) => challenges.create(user.id, body, origin(request)));
  endpoints.handle(findChallengeByCode, ({ user, query, request }) =>
    challenges.byCode(user.id, query.code, origin(request)),
  );
  endpoints.handle(getChallenge, ({ user, params, request }) => challenges.get(user.id, params.id, origin(request)));
  endpoints.handle(joinChallenge, ({ user, params, body, request }) =>
    challenges.join(user.id, params.id, body, origin(request)),
  );
  endpoints.handle(enterChallengeTeam, ({ user, params, body, request }) =>
    challenges.enterTeam(user.id, params.id, body, origin(request)),
  );
  endpoints.handle(leaveChallenge, ({ user, params }) => challenges.leave(user.id, params.id));
  endpoints.handle(cancelChallenge, ({ user, params }) => challenges.cancel(user.id, params.id));
  endpoints.handle(getChallengeBoard, ({ user, params }) => challenges.board(user.id, params.id));
}
