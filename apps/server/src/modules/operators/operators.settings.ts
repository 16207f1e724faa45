import { z } from 'zod';
import { defineSettings } from '../../config.js';

export const operatorsSettings = defineSettings(
  z.object({
    CONSOLE_SESSION_IDLE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(168)
      .default(12)
      .describe('An operator console session ends after this many hours without a request (decision 021).'),
    // Failed sign-ins on one operator, from any address, within LOGIN_FAILURE_WINDOW_MINUTES that lock
    // its sign-in for CONSOLE_LOGIN_LOCK_MINUTES (decision 073 "Operator sign-in").
    CONSOLE_LOGIN_MAX_FAILURES_PER_OPERATOR: z.coerce
      .number()
      .int()
      .min(1)
      .default(10)
      .describe(
        "Failed console sign-ins (password or second factor) on one operator, from any addresses, within `LOGIN_FAILURE_WINDOW_MINUTES` that lock that operator's sign-in; recorded in the audit log, shown to the operator and on the operators screen, where an admin can lift it (decision 073).",
      ),
    CONSOLE_LOGIN_LOCK_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(1440)
      .default(15)
      .describe(
        "How long such a lock refuses the operator's sign-in, even with the right password and code; sessions already open go on (decision 073).",
      ),
  }),
  (e) => ({
    /**
     * Operator console sessions end after this long without a request (decision 021 "Operator accounts and console
     * sessions").
     */
    console: {
      sessionIdleHours: e.CONSOLE_SESSION_IDLE_HOURS,
      /**
       * Failures on one operator from any address that lock its sign-in, and for how long (decision 073 "Operator
       * sign-in").
       */
      login: {
        maxFailuresPerOperator: e.CONSOLE_LOGIN_MAX_FAILURES_PER_OPERATOR,
        lockMinutes: e.CONSOLE_LOGIN_LOCK_MINUTES,
      },
    },
  }),
);

export type OperatorsSettings = ReturnType<typeof operatorsSettings.read>;
