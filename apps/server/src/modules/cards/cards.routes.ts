import {
  buyCard,
  cancelMembershipOrder,
  claimPolicy,
  listCardPlans,
  listMembershipOrders,
  listMyCards,
  listPolicies,
} from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { CardsService } from './cards.service.js';

export function registerCardRoutes(
  endpoints: EndpointRegistrar,
  deps: { cards: CardsService; payments: PaymentsService },
): void {
  const { cards, payments } = deps;

  endpoints.handle(listCardPlans, () => cards.listPlans());

  endpoints.handle(buyCard, ({ user, body }) => cards.buy(user.id, body));

  endpoints.handle(listMyCards, ({ user }) => cards.listMyCards(user.id));

  // Payments past their expiry are settled first, so that the orders they were for can expire.
  endpoints.handle(listMembershipOrders, async ({ user, query }) => {
    await payments.settleExpiredOf(user.id);
    return cards.listOrders(user.id, query);
  });

  // Closing the provider's trade lives with payments, which decides whether it was paid first.
  endpoints.handle(cancelMembershipOrder, ({ user, params }) => payments.cancelOrder(user.id, params.id));

  endpoints.handle(listPolicies, ({ user, query }) => cards.listPolicies(user.id, query.status));

  endpoints.handle(claimPolicy, ({ user, body }) => cards.claimPolicy(user.id, body.policyId, body.insured));
}
