import { z } from 'zod';
import { defineSettings } from '../../config.js';

export const mailingsSettings = defineSettings(
  z.object({
    CARD_MAILING_DESCRIPTION: z.string().trim().min(1).max(2_000).optional().meta({
      description: 'Replaces the public description of physical card mailing (`GET /api/post/info`).',
      defaultText: 'built-in text in five languages',
    }),
  }),
  (e) => ({
    /** Replaces the built-in (translated) description of physical card mailing. */
    cardMailingDescription: e.CARD_MAILING_DESCRIPTION,
  }),
);

export type MailingsSettings = ReturnType<typeof mailingsSettings.read>;
