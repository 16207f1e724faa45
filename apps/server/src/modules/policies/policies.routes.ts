import {
  acceptPolicies,
  currentPolicyVersions,
  getConsents,
  getPolicy,
  grantConsent,
  withdrawConsent,
} from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { PoliciesService } from './policies.service.js';

export function registerPolicyRoutes(endpoints: EndpointRegistrar, deps: { policies: PoliciesService }): void {
  const { policies } = deps;

  endpoints.handle(currentPolicyVersions, () => policies.currentVersions());

  endpoints.handle(getPolicy, ({ params, query, language }) => policies.get(params.kind, query.version, language));

  endpoints.handle(getConsents, ({ user }) => policies.status(user.id));

  endpoints.handle(acceptPolicies, ({ user, body, request }) => policies.acceptPolicies(user.id, body, request.ip));

  endpoints.handle(grantConsent, ({ user, body, request }) => policies.grant(user.id, body.kind, request.ip));

  endpoints.handle(withdrawConsent, ({ user, body }) => policies.withdraw(user.id, body.kind));
}
