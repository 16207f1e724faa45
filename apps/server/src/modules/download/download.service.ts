import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';

export const DOWNLOAD_PREFIX = '/download';
export const VERSION_CODE_FILE = 'version-code.txt';

/**
 * The companion package (a file under DATA_DIR named by configuration) and its version. Nothing
 * is invented: without configuration the call answers 1010 and no static path exists.
 */
export class DownloadService {
  constructor(private readonly config: Config) {}

  /** The configured package, if its file is there. */
  package(): { version: string; versionCode: number; file: string; name: string } | null {
    const companion = this.config.companion;
    if (!companion) return null;
    if (!existsSync(companion.file) || !statSync(companion.file).isFile()) return null;
    return { ...companion, name: path.basename(companion.file) };
  }

  describe(origin: string): { version: string; versionCode: number; url: string } {
    if (!this.config.companion) throw new AppError('NOT_AVAILABLE', 'companionNotConfigured');
    const found = this.package();
    if (!found) throw new AppError('NOT_AVAILABLE', 'companionMissing');
    return {
      version: found.version,
      versionCode: found.versionCode,
      url: `${origin}${DOWNLOAD_PREFIX}/${encodeURIComponent(found.name)}`,
    };
  }
}
