import path from 'node:path';
import { z } from 'zod';
import { defineSettings } from '../../config.js';

export const filesSettings = defineSettings(
  z.object({
    UPLOAD_DIR: z.string().min(1).optional().meta({
      description: 'Where uploaded images are stored with `STORAGE=disk`.',
      defaultText: '`DATA_DIR/uploads`',
    }),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(10 * 1024 * 1024)
      .describe('Largest upload (10 MiB).'),
    UPLOAD_MAX_PIXELS: z.coerce.number().int().min(1).default(40_000_000).describe('Largest image accepted (pixels).'),
    UPLOAD_MAX_SIDE: z.coerce
      .number()
      .int()
      .min(64)
      .default(2_048)
      .describe('Longest side kept after re-encoding (pixels).'),
    UPLOAD_MAX_PER_WINDOW: z.coerce
      .number()
      .int()
      .min(1)
      .default(20)
      .describe('Uploads per user in a window; more answer code 1006.'),
    UPLOAD_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(10)
      .describe('The window for UPLOAD_MAX_PER_WINDOW, in minutes.'),
    UPLOAD_QUOTA_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(64 * 1024 * 1024)
      .describe('Bytes one user may keep stored (64 MiB, after re-encoding).'),
    UPLOAD_UNUSED_GRACE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .default(24)
      .describe(
        'An upload nothing uses (no identity or face check refers to it) is removed, row and bytes, this long after it was made.',
      ),
  }),
  (e, { dataDir }) => ({
    uploads: {
      dir: path.resolve(dataDir, e.UPLOAD_DIR ?? 'uploads'),
      maxBytes: e.UPLOAD_MAX_BYTES,
      maxPixels: e.UPLOAD_MAX_PIXELS,
      maxSide: e.UPLOAD_MAX_SIDE,
      /** Uploads per user in a window. */
      maxPerWindow: e.UPLOAD_MAX_PER_WINDOW,
      windowMinutes: e.UPLOAD_WINDOW_MINUTES,
      /** Stored bytes per user (files that still hold bytes). */
      quotaBytes: e.UPLOAD_QUOTA_BYTES,
      /** An upload nothing refers to is removed this long after it was made. */
      unusedGraceHours: e.UPLOAD_UNUSED_GRACE_HOURS,
    },
  }),
);

export type FilesSettings = ReturnType<typeof filesSettings.read>;
