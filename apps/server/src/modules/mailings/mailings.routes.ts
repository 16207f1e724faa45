import { applyCardMailing, getCardMailingInfo, listCardMailings } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { MailingsService } from './mailings.service.js';

export function registerMailingRoutes(endpoints: EndpointRegistrar, deps: { mailings: MailingsService }): void {
  const { mailings } = deps;

  endpoints.handle(getCardMailingInfo, ({ t }) => Promise.resolve(mailings.info(t)));

  endpoints.handle(applyCardMailing, ({ user, body }) => mailings.apply(user.id, body));

  endpoints.handle(listCardMailings, ({ user }) => mailings.list(user.id));
}
