import { z } from 'zod';
import { defineSettings } from '../../config.js';

export const noticesSettings = defineSettings(
  z.object({
    CONTENT_CACHE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(1000)
      .default(1000)
      .describe(
        "How long a server keeps what home shows every user alike (home items, the latest notices) before asking the database again (0–1000). An operator's change shows at once on the server that made it, and within this time on other servers (decision 053). 0 reads the database every call.",
      ),
  }),
  (e) => ({
    /**
     * Home items and the latest notices kept per server for at most this long (decision 053 "Fewer statements for home
     * and for money").
     */
    contentCacheMs: e.CONTENT_CACHE_MS,
  }),
);

export type NoticesSettings = ReturnType<typeof noticesSettings.read>;
