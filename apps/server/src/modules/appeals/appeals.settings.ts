import { z } from 'zod';
import { defineSettings } from '../../config.js';

export const appealsSettings = defineSettings(
  z.object({
    APPEAL_DECISION_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(720)
      .default(72)
      .describe(
        'Hours within which an appeal is to be decided (1–720; docs/product/appeals.md): shown to the user as the time the decision is due by; an open appeal past it is marked overdue in the console and on its dashboard.',
      ),
  }),
  (e) => ({ appealDecisionHours: e.APPEAL_DECISION_HOURS }),
);

export type AppealsSettings = ReturnType<typeof appealsSettings.read>;
