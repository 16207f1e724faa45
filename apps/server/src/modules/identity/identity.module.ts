import { defineModule, type Frame } from '../../lib/module.js';
import type { SessionsService } from '../accounts/sessions.service.js';
import type { FilesService } from '../files/files.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { AuditService } from '../audit/audit.service.js';
import { IdentityAdmin } from './identity.admin.js';
import { registerIdentityConsoleRoutes } from './identity.console.js';
import { IdentityRepository } from './identity.repository.js';
import { registerIdentityRoutes } from './identity.routes.js';
import { IdentityService } from './identity.service.js';
import { identitySettings, type IdentitySettings } from './identity.settings.js';

/**
 * Real-name verification and face checks, and their review by operators (decisions 010 "Real-name verification, the
 * face check and uploads", 038 "Changing the password while logged in").
 */
export const identityModule = defineModule({
  name: 'identity',
  settings: identitySettings,
  needs: ['files', 'sessions', 'audit', 'notifications'],
  build: (
    { db, clock, config, calendar, cipher }: Frame<IdentitySettings>,
    {
      files,
      sessions,
      audit,
      notifications,
    }: {
      files: FilesService;
      sessions: SessionsService;
      audit: AuditService;
      notifications: NotificationsService;
    },
  ) => {
    const identityRepository = new IdentityRepository();
    // An identity decision changes what the session read carries (decision 049 "A bench that holds on a busy machine").
    const forgetSessions = (userId: string) => sessions.forgetUser(userId);
    return {
      identity: new IdentityService(db, identityRepository, files, cipher, clock, calendar, config, forgetSessions),
      admin: {
        identity: new IdentityAdmin(db, identityRepository, files, audit, notifications, cipher, forgetSessions),
      },
    };
  },
  routes: (endpoints, services) => {
    registerIdentityRoutes(endpoints, services);
    registerIdentityConsoleRoutes(endpoints, services);
  },
  personalData: ({ identity }) => [identity.personalData()],
});
