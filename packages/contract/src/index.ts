import * as accounts from './endpoints/accounts.js';
import * as walking from './endpoints/walking.js';
import * as cards from './endpoints/cards.js';
import * as payments from './endpoints/payments.js';
import * as files from './endpoints/files.js';
import * as identity from './endpoints/identity.js';
import * as payouts from './endpoints/payouts.js';
import * as addresses from './endpoints/addresses.js';
import * as shop from './endpoints/shop.js';
import * as mailings from './endpoints/mailings.js';
import * as challenges from './endpoints/challenges.js';
import * as clubs from './endpoints/clubs.js';
import * as moderation from './endpoints/moderation.js';
import * as friends from './endpoints/friends.js';
import * as invites from './endpoints/invites.js';
import * as notices from './endpoints/notices.js';
import * as community from './endpoints/community.js';
import * as download from './endpoints/download.js';
import * as system from './endpoints/system.js';
import * as operators from './endpoints/operators.js';
import * as outbox from './endpoints/outbox.js';
import * as push from './endpoints/push.js';
import * as reports from './endpoints/reports.js';
import * as ledger from './endpoints/ledger.js';
import * as stepSources from './endpoints/step-sources.js';
import * as notifications from './endpoints/notifications.js';
import * as privacy from './endpoints/privacy.js';
import * as policies from './endpoints/policies.js';
import * as rules from './endpoints/rules.js';
import * as appeals from './endpoints/appeals.js';
import * as economy from './endpoints/economy.js';
import * as paymentPasswords from './endpoints/payment-passwords.js';
import type { EndpointDef } from './endpoint.js';

export * from './codes.js';
export * from './envelope.js';
export * from './endpoint.js';
export * from './common.js';
export * from './rules/index.js';
export * from './endpoints/accounts.js';
export * from './endpoints/walking.js';
export * from './endpoints/cards.js';
export * from './endpoints/payments.js';
export * from './endpoints/files.js';
export * from './endpoints/identity.js';
export * from './endpoints/payouts.js';
export * from './endpoints/addresses.js';
export * from './endpoints/shop.js';
export * from './endpoints/mailings.js';
export * from './endpoints/challenges.js';
export * from './endpoints/clubs.js';
export * from './endpoints/moderation.js';
export * from './endpoints/friends.js';
export * from './endpoints/invites.js';
export * from './endpoints/notices.js';
export * from './endpoints/community.js';
export * from './endpoints/download.js';
export * from './endpoints/system.js';
export * from './endpoints/operators.js';
export * from './endpoints/outbox.js';
export * from './endpoints/push.js';
export * from './endpoints/reports.js';
export * from './endpoints/ledger.js';
export * from './endpoints/step-sources.js';
export * from './endpoints/notifications.js';
export * from './endpoints/privacy.js';
export * from './endpoints/policies.js';
export * from './endpoints/rules.js';
export * from './endpoints/appeals.js';
export * from './endpoints/economy.js';
export * from './endpoints/payment-passwords.js';

function isEndpoint(value: unknown): value is EndpointDef {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;
}

/**
 * The endpoints among a set of module namespaces. Free of side effects, so a bundle that never
 * reads ENDPOINTS (the web app, the console) leaves the endpoint files it does not import out.
 */
/* @__NO_SIDE_EFFECTS__ */
function endpointsOf(modules: readonly Record<string, unknown>[]): readonly EndpointDef[] {
  return modules.flatMap((module) => Object.values(module)).filter(isEndpoint);
}

/** Every endpoint of the product: the exports of `endpoints/`, one file per server module. */
export const ENDPOINTS: readonly EndpointDef[] = endpointsOf([
  accounts,
  walking,
  cards,
  payments,
  files,
  identity,
  payouts,
  addresses,
  shop,
  mailings,
  invites,
  friends,
  clubs,
  moderation,
  challenges,
  notices,
  community,
  download,
  system,
  operators,
  outbox,
  reports,
  ledger,
  stepSources,
  notifications,
  privacy,
  push,
  policies,
  rules,
  appeals,
  economy,
  paymentPasswords,
]);
