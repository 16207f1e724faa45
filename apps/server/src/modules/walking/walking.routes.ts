import {
  collectPoints,
  exchangePoints,
  getAchievements,
  getHome,
  getStepHistory,
  getStepReceipt,
  listExchanges,
  listMoneyStatement,
  reportSteps,
} from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { WalkingHistory } from './walking.history.js';
import type { WalkingService } from './walking.service.js';

export function registerWalkingRoutes(
  endpoints: EndpointRegistrar,
  deps: { walking: WalkingService; walkingHistory: WalkingHistory },
): void {
  const { walking, walkingHistory } = deps;

  endpoints.handle(reportSteps, ({ user, body }) => walking.reportSteps(user.id, body));

  endpoints.handle(getHome, ({ user, language }) => walking.getHome(user.id, language));

  endpoints.handle(collectPoints, ({ user, body }) => walking.collectPoints(user.id, body.idempotencyKey));

  endpoints.handle(exchangePoints, ({ user, body }) => walking.exchange(user.id, body));

  endpoints.handle(listExchanges, ({ user, query }) => walking.listExchanges(user.id, query));

  endpoints.handle(listMoneyStatement, ({ user, query }) => walking.moneyStatement(user.id, query));

  endpoints.handle(getStepHistory, ({ user, query }) => walkingHistory.getStepHistory(user.id, query));

  endpoints.handle(getAchievements, ({ user }) => walkingHistory.getAchievements(user.id));

  endpoints.handle(getStepReceipt, ({ user, params, language }) =>
    walkingHistory.getStepReceipt(user.id, params.day, language),
  );
}
