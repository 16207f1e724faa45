import { z } from 'zod';
import { defineSettings } from '../../config.js';

export const payoutsSettings = defineSettings(
  z.object({
    BANK_CARDS_MAX: z.coerce
      .number()
      .int()
      .min(1)
      .default(5)
      .describe('Payout methods per user (the web app reads it from `GET /api/rules`).'),
    WITHDRAW_MIN: z.coerce
      .number()
      .int()
      .min(1)
      .default(1_000)
      .describe(
        'Smallest withdrawal, in minor units (¥10.00). Only the first version of the earning rules: later ones are published in the console (decision 098).',
      ),
    WITHDRAW_DAILY_MAX: z.coerce
      .number()
      .int()
      .min(1)
      .default(500_000)
      .describe(
        'The most withdrawn per business day, in minor units (¥5,000). Only the first version of the earning rules: later ones are published in the console (decision 098).',
      ),
    WITHDRAW_FEE_PERMILLE: z.coerce
      .number()
      .int()
      .min(0)
      .max(1_000)
      .default(10)
      .describe(
        'Withdrawal fee: per mille of the amount (1%), at least `WITHDRAW_FEE_MIN`; taken out of the amount. Only the first version of the earning rules: later ones are published in the console (decision 098).',
      ),
    WITHDRAW_FEE_MIN: z.coerce
      .number()
      .int()
      .min(0)
      .default(100)
      .describe(
        'The smallest withdrawal fee, in minor units (¥1.00); taken out of the amount. Only the first version of the earning rules: later ones are published in the console (decision 098).',
      ),
    WITHDRAW_ARRIVAL_BUSINESS_DAYS: z.coerce
      .number()
      .int()
      .min(0)
      .max(30)
      .default(2)
      .describe(
        'The expected arrival the withdraw page shows: a withdrawal reaches the bank within this many business days of the request, once an operator pays it (0–30).',
      ),
    WITHDRAWAL_SECOND_APPROVAL_ABOVE: z.coerce
      .number()
      .int()
      .min(0)
      .default(500_000)
      .describe(
        'A withdrawal above this amount (minor units, ¥5,000) needs two different finance operators in the console: one approves, another pays it; `npm run ops -- withdrawals pay` refuses it (decision 023). With the default daily maximum no single withdrawal exceeds it, so the rule bites once `WITHDRAW_DAILY_MAX` is raised or this lowered.',
      ),
  }),
  (e) => ({
    bankCardsMax: e.BANK_CARDS_MAX,
    /**
     * Minor units. The fee is taken out of the amount: the balance is debited `amount`, the bank
     * receives `amount - fee`; fee = max(feeMin, ceil(amount × feePermille / 1000)).
     */
    withdraw: {
      min: e.WITHDRAW_MIN,
      dailyMax: e.WITHDRAW_DAILY_MAX,
      feePermille: e.WITHDRAW_FEE_PERMILLE,
      feeMin: e.WITHDRAW_FEE_MIN,
      /** What the withdraw page promises: a withdrawal reaches the bank within this many business days. */
      arrivalBusinessDays: e.WITHDRAW_ARRIVAL_BUSINESS_DAYS,
      /**
       * Above this amount (minor units) a withdrawal needs two different finance operators (decision 023 "Money under
       * four eyes").
       */
      secondApprovalAbove: e.WITHDRAWAL_SECOND_APPROVAL_ABOVE,
    },
  }),
);

export type PayoutsSettings = ReturnType<typeof payoutsSettings.read>;
