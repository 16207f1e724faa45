import { z } from 'zod';
import { defineSettings } from '../../config.js';

/** A daily cap across all users: a whole number, 0 (the default) when off. */
const dailyCap = (description: string) =>
  z.coerce.number().int().min(0).max(1_000_000_000_000).default(0).describe(description);

export const economySettings = defineSettings(
  z.object({
    ECONOMY_ALERT_WEEKS: z.coerce
      .number()
      .int()
      .min(0)
      .max(520)
      .default(4)
      .describe(
        'Whole weeks of cover under which the console dashboard shows an alert and `stride_economy_alert` is 1: the reserve left once everything owed is paid, over the cost of a week at the pace of the last 14 days (0: never; docs/console/economy.md).',
      ),
    ECONOMY_POINTS_DAILY_CAP: dailyCap(
      'The most points credited for steps in a service day across all users (0: no cap; docs/console/economy.md). A collection that would pass it credits what is left and holds the rest, collectable on a later day; the user is told why. Invite rewards and prizes are not capped.',
    ),
    ECONOMY_CASH_DAILY_CAP: dailyCap(
      'The most cash back paid in a service day across all users, in minor units (fen; 0: no cap; docs/console/economy.md). A card whose day’s cash back would pass it is paid by the next day’s settlement, oldest first, within that day’s cap; the user sees it waiting. Exchanges and withdrawals, users’ own money, are not capped.',
    ),
  }),
  (e) => ({
    economy: {
      alertWeeks: e.ECONOMY_ALERT_WEEKS,
      pointsDailyCap: e.ECONOMY_POINTS_DAILY_CAP,
      cashDailyCap: e.ECONOMY_CASH_DAILY_CAP,
    },
  }),
);

export type EconomySettings = ReturnType<typeof economySettings.read>;
