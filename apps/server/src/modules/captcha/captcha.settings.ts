import { z } from 'zod';
import { defineSettings } from '../../config.js';

export const captchaSettings = defineSettings(
  z.object({
    CAPTCHA_MAX_PER_ADDRESS: z.coerce
      .number()
      .int()
      .min(1)
      .default(60)
      .describe('Captchas issued per address in a window (each is a database row).'),
    CAPTCHA_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(10)
      .describe('The window for CAPTCHA_MAX_PER_ADDRESS, in minutes.'),
  }),
  (e) => ({
    /** Captchas issued per address in a window (each is a database row). */
    captcha: { maxPerAddress: e.CAPTCHA_MAX_PER_ADDRESS, windowMinutes: e.CAPTCHA_WINDOW_MINUTES },
  }),
);

export type CaptchaSettings = ReturnType<typeof captchaSettings.read>;
