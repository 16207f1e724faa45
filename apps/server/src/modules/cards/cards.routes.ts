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

  endpoints.handle(listCardPlans, ({ language }) => cards.listPlans(language));

  endpoints.handle(buyCard, ({ user, body, language }) => cards.buy(user.id, body, language));

  endpoints.handle(listMyCards, ({ user, language }) => cards.listMyCards(user.id, language));

  // Payments past their expiry are settled first, so that the orders they were for can expire.
  endpoints.handle(listMembershipOrders, async ({ user, query, language }) => {
    await payments.settleExpiredOf(user.id);
    return cards.listOrders(user.id, query, language);
  });

  // Closing the provider's trade lives with payments, which decides whether it was paid first.
  endpoints.handle(cancelMembershipOrder, ({ user, params, language }) =>
    payments.cancelOrder(user.id, params.id, language),
  );

  endpoints.handle(listPolicies, ({ user, query }) => cards.listPolicies(user.id, query.status));

  endpoints.handle(claimPolicy, ({ user, body }) =>
    cards.claimPolicy(user.id, body.policyId, body.insured, body.paymentPassword),
  );
}
