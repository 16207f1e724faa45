import {
  deleteBankCard,
  getWithdrawalRules,
  listBankCards,
  listWithdrawals,
  requestWithdrawal,
  saveBankCard,
} from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { PayoutsService } from './payouts.service.js';

export function registerPayoutRoutes(endpoints: EndpointRegistrar, deps: { payouts: PayoutsService }): void {
  const { payouts } = deps;

  endpoints.handle(listBankCards, ({ user }) => payouts.listCards(user.id));

  endpoints.handle(saveBankCard, ({ user, body }) => payouts.saveCard(user.id, body));

  endpoints.handle(deleteBankCard, ({ user, params }) => payouts.deleteCard(user.id, params.id));

  endpoints.handle(requestWithdrawal, ({ user, body }) => payouts.requestWithdrawal(user.id, body));

  endpoints.handle(listWithdrawals, ({ user, query }) => payouts.listWithdrawals(user.id, query));

  endpoints.handle(getWithdrawalRules, ({ user }) => payouts.rules(user.id));
}
