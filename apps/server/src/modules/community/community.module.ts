import { defineModule, type Frame } from '../../lib/module.js';
import type { OperatorsService } from '../operators/operators.service.js';
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
  needs: ['operators'],
  build: ({ db, clock }: Frame, { operators }: { operators: OperatorsService }) => {
    const repository = new CommunityRepository();
    return {
      community: new CommunityService(db, repository),
      admin: { community: new CommunityAdmin(db, repository, operators, clock) },
    };
  },
  routes: (endpoints, services) => {
    registerCommunityRoutes(endpoints, services);
    registerCommunityConsoleRoutes(endpoints, services);
  },
});
