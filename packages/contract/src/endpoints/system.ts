import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/** The configured limits the web app shows and checks before sending; the server enforces them. */
export const RulesSchema = z.object({
  /** Live payout methods a user may keep (BANK_CARDS_MAX). */
  bankCardsMax: z.number().int(),
  /** Delivery addresses a user may keep (ADDRESSES_MAX). */
  addressesMax: z.number().int(),
});

export const getRules = defineEndpoint({
  id: 'rules.get',
  method: 'GET',
  path: '/api/rules',
  access: 'none',
  summary: 'The configured limits the web app checks before sending: payout methods and addresses per user.',
  response: RulesSchema,
});

export type Rules = z.output<typeof RulesSchema>;
