import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isUniqueViolation } from '../../db/constraints.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { OperatorError } from '../../http/operator-error.js';
import type { AuditService } from '../audit/audit.service.js';
import type { DownloadRepository } from './download.repository.js';
import type { CompanionPackage, DownloadService } from './download.service.js';
import type { DownloadSettings } from './download.settings.js';

/** An .apk is a ZIP archive: its bytes start with a local file header. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}\.apk$/i;

/** A package file received beside its final place, not yet served. */
export interface StagedPackage {
  temp: string;
  size: number;
  sha256: string;
  /** The first bytes, for the type check. */
  head: Buffer;
}

export interface PackageInput {
  fileName: string;
  version: string;
  versionCode: number;
}

/** Operators replace the companion package the download page offers. */
export class DownloadAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: DownloadRepository,
    private readonly download: DownloadService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly config: DownloadSettings,
  ) {}

  current(): Promise<CompanionPackage | null> {
    return this.download.package();
  }

  get maxBytes(): number {
    return this.config.companionUploads.maxBytes;
  }

  /**
   * Writes a package's bytes to a temporary local file in the packages' folder, hashing and
   * counting them, and flushes it to disk; `publish` streams it into the store.
   */
  async stage(source: Readable): Promise<StagedPackage> {
    const dir = this.config.companionUploads.dir;
    await mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.upload-${randomUUID()}.part`);
    const hash = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        if (head.length < ZIP_MAGIC.length) head = Buffer.concat([head, chunk.subarray(0, ZIP_MAGIC.length)]);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, count, createWriteStream(temp, { flags: 'wx' }));
      const handle = await open(temp, 'r+');
      await handle.sync();
      await handle.close();
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { temp, size, sha256: hash.digest('hex'), head: head.subarray(0, ZIP_MAGIC.length) };
  }

  /** Removes a staged file that will not be used (a refused or broken upload). */
  discard(staged: Pick<StagedPackage, 'temp'>): Promise<void> {
    return rm(staged.temp, { force: true });
  }

  /**
   * Serves a staged package from now on: checks its name, type and version code, records it and
   * stores its bytes in one transaction (the row commits only once the object is stored; a reader
   * sees either the old package or the whole new one). Older uploaded packages are removed
   * afterwards. The staged file is removed in every case.
   */
  async publish(
    operator: string,
    staged: StagedPackage,
    input: PackageInput,
    operatorId?: string,
  ): Promise<CompanionPackage> {
    try {
      const fileName = path.basename(input.fileName.trim());
      if (!FILE_NAME.test(fileName)) {
        throw new OperatorError('The package must be an .apk file named with letters, digits, dots, - or _.');
      }
      if (!staged.head.equals(ZIP_MAGIC)) throw new OperatorError('The file is not an .apk (a ZIP archive).');
      if (staged.size > this.maxBytes) throw new OperatorError(`The package is larger than ${this.maxBytes} bytes.`);
      const version = input.version.trim();
      if (!version || version.length > 32) throw new OperatorError('The version must be 1 to 32 characters.');
      if (!Number.isInteger(input.versionCode) || input.versionCode < 1) {
        throw new OperatorError('The version code must be a whole number from 1.');
      }
      const before = await this.download.package();
      if (before && input.versionCode <= before.versionCode) {
        throw new OperatorError(`The version code must be higher than ${before.versionCode}, the one served now.`);
      }
      const now = this.clock.now();
      const id = randomUUID();
      const storageKey = `${id}.apk`;
      await this.db.transaction().execute(async (trx) => {
        try {
          await this.repository.insert(trx, {
            id,
            version,
            version_code: input.versionCode,
            file_name: fileName,
            storage_key: storageKey,
            size: staged.size,
            sha256: staged.sha256,
            operator_id: operatorId ?? null,
            uploaded_by: operator,
            created_at: now,
          });
        } catch (error) {
          if (isUniqueViolation(error)) {
            throw new OperatorError(`A package with version code ${input.versionCode} was uploaded already.`);
          }
          throw error;
        }
        await this.audit.record(trx, {
          operator,
          action: 'companion.upload',
          subjectType: 'companion-package',
          subjectId: id,
          detail: { size: staged.size, sha256: staged.sha256 },
          before: before
            ? { version: before.version, versionCode: before.versionCode, fileName: before.name, source: before.source }
            : {},
          after: { version, versionCode: input.versionCode, fileName, source: 'upload' },
          now,
        });
        // Streamed into the store (the disk or S3, decision 054 "Object storage") before the row commits.
        await this.download.storeUploaded(storageKey, staged.temp);
      });
      for (const old of await this.repository.older(this.db, input.versionCode)) {
        await this.download.removeUploaded(old);
      }
      const served = await this.download.package();
      if (!served) throw new OperatorError('The package is not there after the upload.');
      return served;
    } finally {
      await this.discard(staged);
    }
  }
}
