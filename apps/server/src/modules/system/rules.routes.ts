import { getRules } from '@stride/contract';
import type { FrameConfig } from '../../config.js';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { AddressesSettings } from '../addresses/addresses.settings.js';
import type { InvitesSettings } from '../invites/invites.settings.js';
import type { PayoutsSettings } from '../payouts/payouts.settings.js';
import type { RuleBook } from '../rules/rules.book.js';

/** The settings `GET /api/rules` publishes, from the modules that own them. */
export type RulesConfig = Pick<FrameConfig, 'supportContact'> &
  Pick<PayoutsSettings, 'bankCardsMax'> &
  AddressesSettings &
  InvitesSettings;

/**
 * The configured limits the web app needs (decision 019 "Shared rules in the contract"): it keeps no copy of them.
 * The earning rules are those in force today (decision 098 "Earning rules as published versions").
 */
export function registerRulesRoutes(
  endpoints: EndpointRegistrar,
  deps: { config: RulesConfig; ruleBook: RuleBook },
): void {
  const { bankCardsMax, addressesMax, supportContact } = deps.config;
  endpoints.handle(getRules, async () => {
    const today = await deps.ruleBook.today();
    return {
      bankCardsMax,
      addressesMax,
      exchangePointsPerUnit: today.exchangePointsPerUnit,
      exchangeCashPerUnit: today.exchangeCashPerUnit,
      exchangeMinPoints: today.exchangeMinPoints,
      stepsPerPoint: today.stepsPerPoint,
      pointsDailyMax: today.pointsDailyMax,
      inviteRewardPoints: today.inviteRewardPoints,
      inviteQualifyingSteps: today.inviteQualifyingSteps,
      // Named in the frozen-account message and on My (decision 082 "A newcomer's first screens").
      supportContact,
    };
  });
}
