import type { EndpointDef } from '@stride/contract';
import type { TestApp } from '../harness.js';
import { CONSOLE_CASES } from './console.js';
import { FILES_CASES } from './files.js';
import { USERS_CASES } from './users.js';
import { DASHBOARD_CASES } from './dashboard.js';
import { FINANCE_CASES } from './finance.js';
import { MERCHANT_CASES } from './merchant.js';
import { PLANS_CASES } from './plans.js';
import { CONTENT_CASES } from './content.js';
import { FLAGGED_DAYS_CASES } from './flagged-days.js';
import { MEMBERSHIP_ORDERS_CASES } from './membership-orders.js';
import { POLICIES_CASES } from './policies.js';
import { STEP_CONNECTIONS_CASES } from './step-connections.js';

/**
 * One case per console endpoint that needs a role: a call that would change something (or show
 * personal data) for an operator with the role. `console.test.ts` proves that every other role is
 * refused with 1015 and the database stays exactly as it was, and that the allowed role succeeds.
 * Each area keeps its cases in its own file here.
 */
export interface RoleCase {
  endpoint: EndpointDef;
  input: (
    t: TestApp,
  ) => Promise<{ params?: unknown; query?: unknown; body?: unknown; headers?: Record<string, string> }>;
}

export const ROLE_CASES: readonly RoleCase[] = [
  ...CONSOLE_CASES,
  ...FILES_CASES,
  ...USERS_CASES,
  ...DASHBOARD_CASES,
  ...FINANCE_CASES,
  ...MERCHANT_CASES,
  ...PLANS_CASES,
  ...CONTENT_CASES,
  ...FLAGGED_DAYS_CASES,
  ...MEMBERSHIP_ORDERS_CASES,
  ...POLICIES_CASES,
  ...STEP_CONNECTIONS_CASES,
];
