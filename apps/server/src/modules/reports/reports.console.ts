import { consoleDashboardSummary } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { consoleHandler } from '../operators/console-handler.js';
import type { OperatorsService } from '../operators/operators.service.js';
import type { ReportsAdmin } from './reports.admin.js';

/** The console's read-only reports (decision 027 "The console's dashboard"): aggregates only, no personal data. */
export function registerReportsConsoleRoutes(
  endpoints: EndpointRegistrar,
  deps: { operators: OperatorsService; admin: { reports: ReportsAdmin } },
): void {
  const handle = consoleHandler(endpoints, deps.operators);
  handle(consoleDashboardSummary, () => deps.admin.reports.dashboard());
}
