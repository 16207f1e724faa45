import {
  collectPoints,
  exchangePoints,
  getHome,
  listExchanges,
  listMoneyStatement,
  reportSteps,
} from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { WalkingService } from './walking.service.js';

export function registerWalkingRoutes(endpoints: EndpointRegistrar, deps: { walking: WalkingService }): void {
  const { walking } = deps;

  endpoints.handle(reportSteps, ({ user, body }) => walking.reportSteps(user.id, body));

  endpoints.handle(getHome, ({ user }) => walking.getHome(user.id));

  endpoints.handle(collectPoints, ({ user, body }) => walking.collectPoints(user.id, body.idempotencyKey));

  endpoints.handle(exchangePoints, ({ user, body }) => walking.exchange(user.id, body));

  endpoints.handle(listExchanges, ({ user, query }) => walking.listExchanges(user.id, query));

  endpoints.handle(listMoneyStatement, ({ user, query }) => walking.moneyStatement(user.id, query));
}
