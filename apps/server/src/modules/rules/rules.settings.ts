import { z } from 'zod';
import { defineSettings } from '../../config.js';

export const rulesSettings = defineSettings(
  z.object({
    RULES_NOTICE_DAYS: z.coerce
      .number()
      .int()
      .min(0)
      .max(365)
      .default(30)
      .describe(
        'Whole days a change of the earning rules that is worse for users must be published ahead of the first day it applies to (0–365; docs/product/earning-rules.md). A change better for users may apply from today.',
      ),
    RULES_TELL_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(3600)
      .default(60)
      .describe(
        'How often (seconds; 0: never on a timer) the service tells every user, in the inbox and by push, of a newly published version of the earning rules.',
      ),
  }),
  (e) => ({ rulesNoticeDays: e.RULES_NOTICE_DAYS, rulesTellSeconds: e.RULES_TELL_SECONDS }),
);

export type RulesSettings = ReturnType<typeof rulesSettings.read>;
