import { createAppeal, listAppeals } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { AppealsService } from './appeals.service.js';

/** A user's appeals (docs/product/appeals.md). */
export function registerAppealsRoutes(endpoints: EndpointRegistrar, deps: { appeals: AppealsService }): void {
  const { appeals } = deps;
  endpoints.handle(createAppeal, ({ user, body }) => appeals.create(user.id, body));
  endpoints.handle(listAppeals, ({ user }) => appeals.mine(user.id));
}
