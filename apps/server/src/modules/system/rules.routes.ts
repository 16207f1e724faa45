import { getRules } from '@stride/contract';
import type { Config } from '../../config.js';
import type { EndpointRegistrar } from '../../http/endpoints.js';

/** The configured limits the web app needs (decision 019): it keeps no copy of them. */
export function registerRulesRoutes(endpoints: EndpointRegistrar, deps: { config: Config }): void {
  const { bankCardsMax, addressesMax, exchange } = deps.config;
  const rules = {
    bankCardsMax,
    addressesMax,
    exchangePointsPerUnit: exchange.pointsPerUnit,
    exchangeCashPerUnit: exchange.cashPerUnit,
    exchangeMinPoints: exchange.minPoints,
  };
  endpoints.handle(getRules, () => Promise.resolve(rules));
}
