import { defineModule, type Frame } from '../../lib/module.js';
import type { AuditService } from '../audit/audit.service.js';
import type { FilesService } from '../files/files.service.js';
import type { InvitesAdmin } from '../invites/invites.admin.js';
import type { ModerationAdmin } from '../moderation/moderation.admin.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { WalkingAdmin } from '../walking/walking.admin.js';
import { AppealsAdmin } from './appeals.admin.js';
import { registerAppealsConsoleRoutes } from './appeals.console.js';
import { AppealsRepository } from './appeals.repository.js';
import { registerAppealsRoutes } from './appeals.routes.js';
import { AppealsService } from './appeals.service.js';
import { appealsSettings, type AppealsSettings } from './appeals.settings.js';

interface AppealsNeeds {
  audit: AuditService;
  notifications: NotificationsService;
  files: FilesService;
  admin: { walking: WalkingAdmin; moderation: ModerationAdmin; invites: InvitesAdmin };
}

/**
 * Appeals with a deadline (docs/product/appeals.md, decision 102 "Appeals with a deadline"): a held or rejected day, or a
 * dismissed report, appealed once by its user; reviewers decide it beside the evidence (docs/console/reviewer.md,
 * Appeals) within the service's decision time, and the user is told why.
 */
export const appealsModule = defineModule({
  name: 'appeals',
  settings: appealsSettings,
  needs: ['audit', 'notifications', 'files'],
  build: ({ db, clock, config }: Frame<AppealsSettings>, services: AppealsNeeds) => {
    const repository = new AppealsRepository();
    const { walking, moderation, invites } = services.admin;
    return {
      appeals: new AppealsService(
        db,
        repository,
        services.files,
        walking,
        moderation,
        invites,
        clock,
        config.appealDecisionHours,
      ),
      admin: {
        appeals: new AppealsAdmin(
          db,
          repository,
          services.files,
          walking,
          moderation,
          invites,
          services.notifications,
          services.audit,
          clock,
        ),
      },
    };
  },
  routes: (endpoints, services) => {
    registerAppealsRoutes(endpoints, services);
    registerAppealsConsoleRoutes(endpoints, services);
  },
  personalData: ({ appeals }) => [appeals.personalData()],
});
