import { z } from 'zod';
import { defineSettings } from '../../config.js';

export const addressesSettings = defineSettings(
  z.object({
    ADDRESSES_MAX: z.coerce
      .number()
      .int()
      .min(1)
      .max(200)
      .default(20)
      .describe('Most delivery addresses one user may keep (1–200).'),
  }),
  (e) => ({ addressesMax: e.ADDRESSES_MAX }),
);

export type AddressesSettings = ReturnType<typeof addressesSettings.read>;
