import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { CompanionPackageRow, DownloadRepository } from './download.repository.js';
import type { DownloadSettings } from './download.settings.js';

export const DOWNLOAD_PREFIX = '/download';
export const VERSION_CODE_FILE = 'version-code.txt';

export interface CompanionPackage {
  version: string;
  versionCode: number;
  /** Where its bytes are: a file under DATA_DIR (`config`) or a key in the companion store (`upload`). */
  file: { path: string } | { key: string };
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
    private readonly config: DownloadSettings,
    private readonly db: Db,
    private readonly repository: DownloadRepository,
    /** The companion area of the object storage: uploaded packages (decision 054 "Object storage"). */
    private readonly store: ObjectStore,
  ) {}

  /** The package served now, if its file is there. */
  async package(): Promise<CompanionPackage | null> {
    const row = await this.repository.newest(this.db);
    const uploaded: CompanionPackage | null =
      row && (await this.store.stat(row.storage_key))
        ? {
            version: row.version,
            versionCode: row.version_code,
            file: { key: row.storage_key },
            name: row.file_name,
            source: 'upload',
            row,
          }
        : null;
    const companion = this.config.companion;
    const configured: CompanionPackage | null =
      companion && isFile(companion.file)
        ? {
            version: companion.version,
            versionCode: companion.versionCode,
            file: { path: companion.file },
            name: path.basename(companion.file),
            source: 'config',
          }
        : null;
    if (uploaded && configured) return configured.versionCode > uploaded.versionCode ? configured : uploaded;
    return uploaded ?? configured;
  }

  /** The package's bytes as a stream (never whole in memory), or null when they are gone meanwhile. */
  async open(found: CompanionPackage): Promise<{ stream: Readable; size: number } | null> {
    if ('key' in found.file) return this.store.open(found.file.key);
    const file = found.file.path;
    return isFile(file) ? { stream: createReadStream(file), size: statSync(file).size } : null;
  }

  /** Removes an uploaded package's bytes (older packages once a newer one is served). */
  removeUploaded(row: Pick<CompanionPackageRow, 'storage_key'>): Promise<void> {
    return this.store.delete(row.storage_key);
  }

  /** Stores a staged package's bytes under its key, streamed from the local file. */
  storeUploaded(key: string, file: string): Promise<void> {
    return this.store.putFile(key, file, 'application/vnd.android.package-archive');
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
