import type { RoleCase } from './case.js';
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
import { MODERATION_CASES } from './moderation.js';
import { POLICIES_CASES } from './policies.js';
import { RULES_CASES } from './rules.js';
import { ECONOMY_CASES } from './economy.js';
import { APPEALS_CASES } from './appeals.js';
import { INVITE_RINGS_CASES } from './invite-rings.js';
import { SOCIAL_CASES } from './social.js';
import { STEP_CONNECTIONS_CASES } from './step-connections.js';

export type { RoleCase } from './case.js';

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
  ...MODERATION_CASES,
  ...POLICIES_CASES,
  ...RULES_CASES,
  ...ECONOMY_CASES,
  ...APPEALS_CASES,
  ...INVITE_RINGS_CASES,
  ...SOCIAL_CASES,
  ...STEP_CONNECTIONS_CASES,
];
