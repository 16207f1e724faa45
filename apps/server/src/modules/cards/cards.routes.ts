import { buyCard, claimPolicy, listCardPlans, listMembershipOrders, listMyCards, listPolicies } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { CardsService } from './cards.service.js';

export function registerCardRoutes(endpoints: EndpointRegistrar, deps: { cards: CardsService }): void {
  const { cards } = deps;

  endpoints.handle(listCardPlans, () => cards.listPlans());

  endpoints.handle(buyCard, ({ user, body }) => cards.buy(user.id, body));

  endpoints.handle(listMyCards, ({ user }) => cards.listMyCards(user.id));

  endpoints.handle(listMembershipOrders, ({ user, query }) => cards.listOrders(user.id, query));

  endpoints.handle(listPolicies, ({ user, query }) => cards.listPolicies(user.id, query.status));

  endpoints.handle(claimPolicy, ({ user, body }) => cards.claimPolicy(user.id, body.policyId, body.insured));
}
