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
  type Language,
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
  const reader = (request: { server: Parameters<typeof publicOrigin>[1] }, language: Language) => ({
    origin: publicOrigin(config, request.server),
    language,
  });

  endpoints.handle(listChallenges, ({ user, request, language }) =>
    challenges.list(user.id, reader(request, language)),
  );
  endpoints.handle(createChallenge, ({ user, body, request, language }) =>
    challenges.create(user.id, body, reader(request, language)),
  );
  endpoints.handle(findChallengeByCode, ({ user, query, request, language }) =>
    challenges.byCode(user.id, query.code, reader(request, language)),
  );
  endpoints.handle(getChallenge, ({ user, params, request, language }) =>
    challenges.get(user.id, params.id, reader(request, language)),
  );
  endpoints.handle(joinChallenge, ({ user, params, body, request, language }) =>
    challenges.join(user.id, params.id, body, reader(request, language)),
  );
  endpoints.handle(enterChallengeTeam, ({ user, params, body, request, language }) =>
    challenges.enterTeam(user.id, params.id, body, reader(request, language)),
  );
  endpoints.handle(leaveChallenge, ({ user, params }) => challenges.leave(user.id, params.id));
  endpoints.handle(cancelChallenge, ({ user, params }) => challenges.cancel(user.id, params.id));
  endpoints.handle(getChallengeBoard, ({ user, params, language }) => challenges.board(user.id, params.id, language));
}
