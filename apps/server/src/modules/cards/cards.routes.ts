import { buyCard, claimPolicy, listCardPlans, listMembershipOrders, listMyCards, listPolicies } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { CardsService } from './cards.service.js';

export function registerCardRoutes(endpoints: EndpointRegistrar, deps: { cards: CardsService }): void {
  const { cards } = deps;

  endpoints.handle(listCardPlans, ({ language }) => cards.listPlans(language));

  endpoints.handle(buyCard, ({ user, body, language }) => cards.buy(user.id, body, language));

  endpoints.handle(listMyCards, ({ user, language }) => cards.listMyCards(user.id, language));

  endpoints.handle(listMembershipOrders, ({ user, query, language }) => cards.listOrders(user.id, query, language));

  endpoints.handle(listPolicies, ({ user, query }) => cards.listPolicies(user.id, query.status));

  endpoints.handle(claimPolicy, ({ user, body }) => cards.claimPolicy(user.id, body.policyId, body.insured));
}
