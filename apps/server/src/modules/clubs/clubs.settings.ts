import { z } from 'zod';
import { defineSettings } from '../../config.js';

export const clubsSettings = defineSettings(
  z.object({
    CLUB_MEMBERS_MAX: z.coerce
      .number()
      .int()
      .min(2)
      .max(100_000)
      .default(10_000)
      .describe('Most members one club may have (2–100000).'),
  }),
  (e) => ({ clubMembersMax: e.CLUB_MEMBERS_MAX }),
);

export type ClubsSettings = ReturnType<typeof clubsSettings.read>;
