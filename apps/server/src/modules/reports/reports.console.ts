import { consoleDashboardSummary } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { consoleHandler } from '../../http/console-handler.js';
import type { AuditService } from '../audit/audit.service.js';
import type { ReportsAdmin } from './reports.admin.js';

/** The console's read-only reports (decision 027 "The console's dashboard"): aggregates only, no personal data. */
export function registerReportsConsoleRoutes(
  endpoints: EndpointRegistrar,
  deps: { audit: AuditService; admin: { reports: ReportsAdmin } },
): void {
  const handle = consoleHandler(endpoints, deps.audit);
  handle(consoleDashboardSummary, () => deps.admin.reports.dashboard());
}
