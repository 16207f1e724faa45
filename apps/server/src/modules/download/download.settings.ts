import path from 'node:path';
import { z } from 'zod';
import { ConfigError, defineSettings } from '../../config.js';

const DownloadEnv = z.object({
  COMPANION_VERSION: z.string().trim().min(1).max(32).optional().meta({
    description:
      'The companion package (`GET /api/download`): its version text. Set with COMPANION_VERSION_CODE and COMPANION_PACKAGE_FILE, all three or none; unset, the call answers 1010 "No companion package is configured" (demo mode invents none).',
    defaultText: 'unset',
  }),
  COMPANION_VERSION_CODE: z.coerce.number().int().min(1).optional().meta({
    description:
      "The companion package's integer version code, also served at `/download/version-code.txt`; set with COMPANION_VERSION and COMPANION_PACKAGE_FILE.",
    defaultText: 'unset',
  }),
  COMPANION_PACKAGE_FILE: z.string().trim().min(1).optional().meta({
    description:
      'The companion package: a file under `DATA_DIR` served at `/download/<file name>`; set with COMPANION_VERSION and COMPANION_VERSION_CODE.',
    defaultText: 'unset',
  }),
  COMPANION_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(200 * 1024 * 1024)
    .meta({
      description:
        'The largest companion package an editor may upload in the console (stored under `DATA_DIR/companion`; the uploaded package with the highest version code is served instead of the configured one when its code is higher).',
      defaultText: '`209715200` (200 MiB)',
    }),
});

/** COMPANION_VERSION, COMPANION_VERSION_CODE and COMPANION_PACKAGE_FILE: all three, or none. */
function companionSettings(e: z.output<typeof DownloadEnv>, dataDir: string) {
  const companionParts = [e.COMPANION_VERSION, e.COMPANION_VERSION_CODE, e.COMPANION_PACKAGE_FILE];
  let companion: { version: string; versionCode: number; file: string } | null = null;
  if (companionParts.some((part) => part !== undefined)) {
    if (!e.COMPANION_VERSION || e.COMPANION_VERSION_CODE === undefined || !e.COMPANION_PACKAGE_FILE) {
      throw new ConfigError(
        'COMPANION_VERSION, COMPANION_VERSION_CODE and COMPANION_PACKAGE_FILE are set together or not at all.',
      );
    }
    const file = path.resolve(dataDir, e.COMPANION_PACKAGE_FILE);
    // Served by name under /download/: it must live inside DATA_DIR.
    if (!file.startsWith(dataDir + path.sep)) {
      throw new ConfigError('COMPANION_PACKAGE_FILE must be a file under DATA_DIR.');
    }
    companion = { version: e.COMPANION_VERSION, versionCode: e.COMPANION_VERSION_CODE, file };
  }
  return companion;
}

export const downloadSettings = defineSettings(DownloadEnv, (e, { dataDir }) => ({
  /** The companion package, a file under DATA_DIR; null when none is configured. */
  companion: companionSettings(e, dataDir),
  /** Packages uploaded in the console: stored under DATA_DIR/companion, up to maxBytes each. */
  companionUploads: { dir: path.join(dataDir, 'companion'), maxBytes: e.COMPANION_MAX_BYTES },
}));

export type DownloadSettings = ReturnType<typeof downloadSettings.read>;
