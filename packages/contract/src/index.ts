import * as accounts from './endpoints/accounts.js';
import * as walking from './endpoints/walking.js';
import * as cards from './endpoints/cards.js';
import * as identity from './endpoints/identity.js';
import * as shop from './endpoints/shop.js';
import * as rules from './endpoints/rules.js';
import type { EndpointDef } from './endpoint.js';

export * from './codes.js';
export * from './envelope.js';
export * from './endpoint.js';
export * from './common.js';
export * from './rules/index.js';
export * from './endpoints/accounts.js';
export * from './endpoints/walking.js';
export * from './endpoints/cards.js';
export * from './endpoints/identity.js';
export * from './endpoints/shop.js';
export * from './endpoints/rules.js';

function isEndpoint(value: unknown): value is EndpointDef {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;
}

/** Every endpoint of the product: SPEC.md §7 plus our additions. */
export const ENDPOINTS: readonly EndpointDef[] = [accounts, walking, cards, identity, shop, rules]
  .flatMap((module): unknown[] => Object.values(module))
  .filter(isEndpoint);

/** The supported languages of SPEC.md §8. */
export const LANGUAGES = ['en', 'es', 'fr', 'zh-Hans', 'zh-Hant'] as const;
export type Language = (typeof LANGUAGES)[number];
