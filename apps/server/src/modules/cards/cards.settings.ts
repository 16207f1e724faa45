import { z } from 'zod';
import { defineSettings } from '../../config.js';

export const cardsSettings = defineSettings(
  z.object({
    INSURANCE_COVERAGE: z.coerce
      .number()
      .int()
      .min(0)
      .default(10_000_000)
      .describe("Coverage of each card's complimentary policy, in minor units (¥100,000)."),
  }),
  (e) => ({ insuranceCoverage: e.INSURANCE_COVERAGE }),
);

export type CardsSettings = ReturnType<typeof cardsSettings.read>;
