import { defineModule, type Frame } from '../../lib/module.js';
import type { AuditService } from '../audit/audit.service.js';
import { PoliciesAdmin } from './policies.admin.js';
import { registerPolicyConsoleRoutes } from './policies.console.js';
import { PoliciesRepository } from './policies.repository.js';
import { registerPolicyRoutes } from './policies.routes.js';
import { PoliciesService } from './policies.service.js';

/** Terms and privacy policy versions and users' consents (decision 046 "Policies and consent"). */
export const policiesModule = defineModule({
  name: 'policies',
  needs: ['audit'],
  build: ({ db, clock }: Frame, { audit }: { audit: AuditService }) => {
    const repository = new PoliciesRepository();
    return {
      policies: new PoliciesService(db, repository, clock),
      admin: { policies: new PoliciesAdmin(db, repository, audit, clock) },
    };
  },
  routes: (endpoints, services) => {
    registerPolicyRoutes(endpoints, services);
    registerPolicyConsoleRoutes(endpoints, services);
  },
  personalData: ({ policies }) => [policies.personalData()],
  // Sign-up accepts the current policies: a new installation starts with version 1 (decision 046 "Policies and
  // consent").
  start: ({ policies }) => policies.ensureInitial(),
});
