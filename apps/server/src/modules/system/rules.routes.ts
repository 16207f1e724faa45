import { getRules } from '@stride/contract';
import type { FrameConfig } from '../../config.js';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { AddressesSettings } from '../addresses/addresses.settings.js';
import type { InvitesSettings } from '../invites/invites.settings.js';
import type { PayoutsSettings } from '../payouts/payouts.settings.js';
import type { WalkingSettings } from '../walking/walking.settings.js';

/** The settings `GET /api/rules` publishes, from the modules that own them. */
export type RulesConfig = Pick<FrameConfig, 'supportContact'> &
  Pick<PayoutsSettings, 'bankCardsMax'> &
  AddressesSettings &
  Pick<WalkingSettings, 'exchange' | 'points'> &
  InvitesSettings;

/** The configured limits the web app needs (decision 019 "Shared rules in the contract"): it keeps no copy of them. */
export function registerRulesRoutes(endpoints: EndpointRegistrar, deps: { config: RulesConfig }): void {
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
    // Named in the frozen-account message and on My (decision 082 "A newcomer's first screens").
    supportContact,
  };
  endpoints.handle(getRules, () => Promise.resolve(rules));
}
