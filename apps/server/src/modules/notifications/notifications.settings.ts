import { z } from 'zod';
import { defineSettings } from '../../config.js';

export const notificationsSettings = defineSettings(
  z.object({
    NOTIFICATION_SWEEP_INTERVAL_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(86_400)
      .default(600)
      .describe(
        'How often the server looks for notifications that come from time: cards ending in 3 days and points waiting to be collected (decision 044); 0 turns it off.',
      ),
    NOTIFICATION_POINTS_REMINDER_HOUR: z.coerce
      .number()
      .int()
      .min(0)
      .max(23)
      .default(20)
      .describe('The hour of the business day from which the "points waiting" reminder is sent (decision 044).'),
  }),
  (e) => ({
    /** The notifications sweep (decision 044 "The notifications inbox"). */
    notifications: {
      sweepIntervalSeconds: e.NOTIFICATION_SWEEP_INTERVAL_SECONDS,
      pointsReminderHour: e.NOTIFICATION_POINTS_REMINDER_HOUR,
    },
  }),
);

export type NotificationsSettings = ReturnType<typeof notificationsSettings.read>;
