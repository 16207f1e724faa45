import { defineModule, type Frame } from '../../lib/module.js';
import type { AuditService } from '../audit/audit.service.js';
import { CommunityAdmin } from './community.admin.js';
import { registerCommunityConsoleRoutes } from './community.console.js';
import { CommunityRepository } from './community.repository.js';
import { registerCommunityRoutes } from './community.routes.js';
import { CommunityService } from './community.service.js';

/**
 * The official community channels users are pointed to, kept in the console (decisions 012 "Points shop, orders,
 * addresses, mailing, invites, notices", 028 "Content in the console").
 */
export const communityModule = defineModule({
  name: 'community',
  needs: ['audit'],
  build: ({ db, clock }: Frame, { audit }: { audit: AuditService }) => {
    const repository = new CommunityRepository();
    return {
      community: new CommunityService(db, repository),
      admin: { community: new CommunityAdmin(db, repository, audit, clock) },
    };
  },
  routes: (endpoints, services) => {
    registerCommunityRoutes(endpoints, services);
    registerCommunityConsoleRoutes(endpoints, services);
  },
});
