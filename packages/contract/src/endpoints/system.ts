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
});

export const getRules = defineEndpoint({
  id: 'rules.get',
  method: 'GET',
  path: '/api/rules',
  access: 'none',
  summary:
    'The configured limits the web app checks before sending: payout methods and addresses per user, and the points-to-cash exchange rate and minimum.',
  response: RulesSchema,
});

export type Rules = z.output<typeof RulesSchema>;
