import { checkAccountDeletion, deleteMyAccount, exportMyData } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { PrivacyService } from './privacy.service.js';

export function registerPrivacyRoutes(endpoints: EndpointRegistrar, deps: { privacy: PrivacyService }): void {
  const { privacy } = deps;

  endpoints.handle(exportMyData, ({ user, body }) => privacy.exportData(user.id, body.password));

  endpoints.handle(checkAccountDeletion, ({ user }) => privacy.check(user.id));

  endpoints.handle(deleteMyAccount, ({ user, body }) => privacy.deleteAccount(user.id, body));
}
