import { getRules } from '@stride/contract';
import type { Config } from '../../config.js';
import type { EndpointRegistrar } from '../../http/endpoints.js';

/** The configured limits the web app needs (decision 019): it keeps no copy of them. */
export function registerRulesRoutes(endpoints: EndpointRegistrar, deps: { config: Config }): void {
  const { bankCardsMax, addressesMax, exchange, points, invite, supportContact } = deps.config;
  const rules = {
    bankCardsMax,
    addressesMax,
    exchangePointsPerUnit: exchange.pointsPerUnit,
    exchangeCashPerUnit: exchange.cashPerUnit,
    exchangeMinPoints: exchange.minPoints,
    stepsPerPoint: points.stepsPerPoint,
    pointsDailyMax: points.dailyMax,
    inviteRewardPoints: invite.points,
    inviteQualifyingSteps: invite.steps,
    // Named in the frozen-account message and on My (decision 082).
    supportContact,
  };
  endpoints.handle(getRules, () => Promise.resolve(rules));
}
