import { defineModule, type Frame } from '../../lib/module.js';
import type { AuditService } from '../audit/audit.service.js';
import { NoticesAdmin } from './notices.admin.js';
import { registerNoticeConsoleRoutes } from './notices.console.js';
import { NoticesRepository } from './notices.repository.js';
import { registerNoticeRoutes } from './notices.routes.js';
import { NoticesService } from './notices.service.js';
import { noticesSettings, type NoticesSettings } from './notices.settings.js';

/**
 * The operator's notices, written in the console in every language (decisions 028 "Content in the console", 042
 * "Content in every language", 084 "Content per language").
 */
export const noticesModule = defineModule({
  name: 'notices',
  settings: noticesSettings,
  needs: ['audit'],
  build: ({ db, clock, config }: Frame<NoticesSettings>, { audit }: { audit: AuditService }) => {
    const repository = new NoticesRepository();
    const notices = new NoticesService(db, repository, clock, config.contentCacheMs);
    return { notices, admin: { notices: new NoticesAdmin(db, repository, audit, clock, notices) } };
  },
  routes: (endpoints, services) => {
    registerNoticeRoutes(endpoints, services);
    registerNoticeConsoleRoutes(endpoints, services);
  },
});
