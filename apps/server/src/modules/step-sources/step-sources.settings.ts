import { HEALTH_IMPORT_MAX_BYTES } from '@stride/contract';
import { z } from 'zod';
import { defineSettings } from '../../config.js';

export const stepSourcesSettings = defineSettings(
  z.object({
    HEALTH_IMPORT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(HEALTH_IMPORT_MAX_BYTES)
      .default(HEALTH_IMPORT_MAX_BYTES)
      .describe(
        "Largest health export accepted (1 GiB, also the most it may be: the contract's limit; docs/product/step-sources.md).",
      ),
  }),
  (e) => ({
    /**
     * Health exports: streamed to a temporary file under DATA_DIR, then read (decision 030 "Step-source tokens and
     * health imports").
     */
    imports: { maxBytes: e.HEALTH_IMPORT_MAX_BYTES },
  }),
);

export type StepSourcesSettings = ReturnType<typeof stepSourcesSettings.read>;
