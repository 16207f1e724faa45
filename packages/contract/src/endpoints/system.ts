import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/** The configured limits the web app shows and checks before sending; the server enforces them. */
export const RulesSchema = z.object({
  /** Live payout methods a user may keep (BANK_CARDS_MAX). */
  bankCardsMax: z.number().int(),
  /** Delivery addresses a user may keep (ADDRESSES_MAX). */
  addressesMax: z.number().int(),
  /** Points that make one unit of exchange (EXCHANGE_POINTS_PER_UNIT): exchanges go in multiples of it. */
  exchangePointsPerUnit: z.number().int(),
  /** Cash, in minor units, that one unit of exchange gives (EXCHANGE_CASH_PER_UNIT). */
  exchangeCashPerUnit: z.number().int(),
  /** The fewest points one exchange takes (EXCHANGE_MIN_POINTS). */
  exchangeMinPoints: z.number().int(),
  /** Steps that earn one point (POINTS_STEPS_PER_POINT), before a card's multiplier. */
  stepsPerPoint: z.number().int(),
  /** The most points a day's steps earn (POINTS_DAILY_MAX), before a card's multiplier. */
  pointsDailyMax: z.number().int(),
  /** Points both sides of an invite get (INVITE_REWARD_POINTS) once the invitee first walks `inviteQualifyingSteps` in a day. */
  inviteRewardPoints: z.number().int(),
  inviteQualifyingSteps: z.number().int(),
  /**
   * Where users reach support (SUPPORT_CONTACT, decision 082 "A newcomer's first screens"): an email address, a phone
   * number or an http(s) address, or null when none is configured.
   */
  supportContact: z.object({ kind: z.enum(['email', 'phone', 'url']), value: z.string() }).nullable(),
});

export const getRules = defineEndpoint({
  id: 'rules.get',
  method: 'GET',
  path: '/api/rules',
  access: 'none',
  summary:
    'The configured limits the web app checks before sending and the rules it explains: payout methods and addresses per user, the points-to-cash exchange rate and minimum, points per step and per day, the invite reward, and the support contact.',
  response: RulesSchema,
});

export type Rules = z.output<typeof RulesSchema>;
