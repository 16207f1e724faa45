import {
  collectPoints,
  exchangePoints,
  getAchievements,
  getHome,
  getStepHistory,
  getStepReceipt,
  listExchanges,
  listMoneyStatement,
  listPointsStatement,
  reportSteps,
} from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { ShopService } from '../shop/shop.service.js';
import type { WalkingHistory } from './walking.history.js';
import type { WalkingService } from './walking.service.js';

export function registerWalkingRoutes(
  endpoints: EndpointRegistrar,
  deps: { walking: WalkingService; walkingHistory: WalkingHistory; shop: ShopService },
): void {
  const { walking, walkingHistory, shop } = deps;

  endpoints.handle(reportSteps, ({ user, body }) => walking.reportSteps(user.id, body));

  endpoints.handle(getHome, ({ user, language }) => walking.getHome(user.id, language));

  endpoints.handle(collectPoints, ({ user, body }) => walking.collectPoints(user.id, body.idempotencyKey));

  endpoints.handle(exchangePoints, ({ user, body }) => walking.exchange(user.id, body));

  endpoints.handle(listExchanges, ({ user, query }) => walking.listExchanges(user.id, query));

  endpoints.handle(listMoneyStatement, ({ user, query }) => walking.moneyStatement(user.id, query));

  // One points statement (decision 081 "One points statement"): goods orders link through the shop's records.
  endpoints.handle(listPointsStatement, ({ user, query }) => walking.pointsStatement(user.id, query, shop));

  endpoints.handle(getStepHistory, ({ user, query }) => walkingHistory.getStepHistory(user.id, query));

  endpoints.handle(getAchievements, ({ user }) => walkingHistory.getAchievements(user.id));

  endpoints.handle(getStepReceipt, ({ user, params, language }) =>
    walkingHistory.getStepReceipt(user.id, params.day, language),
  );
}
