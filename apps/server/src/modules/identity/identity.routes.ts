import { getIdentity, resubmitIdentity, submitFace, submitIdentity } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { IdentityService } from './identity.service.js';

export function registerIdentityRoutes(endpoints: EndpointRegistrar, deps: { identity: IdentityService }): void {
  const { identity } = deps;

  endpoints.handle(getIdentity, ({ user }) => identity.get(user.id));

  endpoints.handle(submitIdentity, ({ user, body }) => identity.submit(user.id, body, 'submit'));

  endpoints.handle(resubmitIdentity, ({ user, body }) => identity.submit(user.id, body, 'resubmit'));

  endpoints.handle(submitFace, ({ user, body }) => identity.submitFace(user.id, body));
}
