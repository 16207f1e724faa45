import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { CompanionPackageRow, DownloadRepository } from './download.repository.js';

export const DOWNLOAD_PREFIX = '/download';
export const VERSION_CODE_FILE = 'version-code.txt';

export interface CompanionPackage {
  version: string;
  versionCode: number;
  file: string;
  name: string;
  /** `upload`: uploaded in the console (`row` is its record); `config`: the COMPANION_* settings. */
  source: 'upload' | 'config';
  row?: CompanionPackageRow;
}

function isFile(file: string): boolean {
  return existsSync(file) && statSync(file).isFile();
}

/**
 * The companion package: the one uploaded in the console with the highest version code, or the
 * one configured with COMPANION_* (a file under DATA_DIR), whichever has the higher version code
 * and is there. Nothing is invented: with neither, the call answers 1010 and no static path exists.
 */
export class DownloadService {
  constructor(
    private readonly config: Config,
    private readonly db: Db,
    private readonly repository: DownloadRepository,
  ) {}

  /** Where an uploaded package's bytes live. */
  uploadedFile(row: Pick<CompanionPackageRow, 'storage_key'>): string {
    return path.join(this.config.companionUploads.dir, row.storage_key);
  }

  /** The package served now, if its file is there. */
  async package(): Promise<CompanionPackage | null> {
    const row = await this.repository.newest(this.db);
    const uploaded: CompanionPackage | null =
      row && isFile(this.uploadedFile(row))
        ? {
            version: row.version,
            versionCode: row.version_code,
            file: this.uploadedFile(row),
            name: row.file_name,
            source: 'upload',
            row,
          }
        : null;
    const companion = this.config.companion;
    const configured: CompanionPackage | null =
      companion && isFile(companion.file)
        ? { ...companion, name: path.basename(companion.file), source: 'config' }
        : null;
    if (uploaded && configured) return configured.versionCode > uploaded.versionCode ? configured : uploaded;
    return uploaded ?? configured;
  }

  async describe(origin: string): Promise<{ version: string; versionCode: number; url: string }> {
    const found = await this.package();
    if (!found) {
      if (!this.config.companion) throw new AppError('NOT_AVAILABLE', 'companionNotConfigured');
      throw new AppError('NOT_AVAILABLE', 'companionMissing');
    }
    return {
      version: found.version,
      versionCode: found.versionCode,
      url: `${origin}${DOWNLOAD_PREFIX}/${encodeURIComponent(found.name)}`,
    };
  }
}
