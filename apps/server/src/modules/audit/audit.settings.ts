import { z } from 'zod';
import { defineSettings } from '../../config.js';

export const auditSettings = defineSettings(
  z.object({
    FOUR_EYES_INDEPENDENCE_DAYS: z.coerce
      .number()
      .int()
      .min(1)
      .max(3_650)
      .default(90)
      .describe(
        "The two operators of a four-eyes decision (a balance correction's requester and approver, a large withdrawal's first approver and payer, the admin asking for a finance or admin role and the admin granting it) may not have created, or given finance or admin to, one another within this many days (decision 074).",
      ),
  }),
  (e) => ({
    /**
     * Four eyes (decisions 023 "Money under four eyes", 074 "Independent second approvers"): the requester and the
     * approver of a correction, the first approver and the payer of a large withdrawal, and the admin asking for a
     * finance or admin role and the admin granting it may not have created, or given finance or admin to, one another
     * within `independenceDays`.
     */
    fourEyes: { independenceDays: e.FOUR_EYES_INDEPENDENCE_DAYS },
  }),
);

export type AuditSettings = ReturnType<typeof auditSettings.read>;
