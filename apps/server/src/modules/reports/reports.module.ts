import { defineModule, type Frame } from '../../lib/module.js';
import type { AuditService } from '../audit/audit.service.js';
import type { EconomyService } from '../economy/economy.service.js';
import { ReportsAdmin } from './reports.admin.js';
import { registerReportsConsoleRoutes } from './reports.console.js';
import { ReportsRepository } from './reports.repository.js';

/** The console's dashboard and review queues, read across modules (decision 027 "The console's dashboard"). */
export const reportsModule = defineModule({
  name: 'reports',
  needs: ['audit', 'economy'],
  build: ({ db, clock, config, calendar }: Frame, { economy }: { audit: AuditService; economy: EconomyService }) => ({
    admin: {
      reports: new ReportsAdmin(db, new ReportsRepository(), clock, calendar, config.businessUtcOffsetMinutes, economy),
    },
  }),
  routes: (endpoints, services) => registerReportsConsoleRoutes(endpoints, services),
});
