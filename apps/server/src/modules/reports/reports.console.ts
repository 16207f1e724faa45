import { consoleDashboardSummary } from '@stride/contract';
import { consoleRoutes } from '../../http/console-handler.js';
import type { ReportsAdmin } from './reports.admin.js';

/** The console's read-only reports (decision 027 "The console's dashboard"): aggregates only, no personal data. */
export const registerReportsConsoleRoutes = consoleRoutes('reports', (handle, admin: ReportsAdmin) => {
  handle(consoleDashboardSummary, () => admin.dashboard());
});
