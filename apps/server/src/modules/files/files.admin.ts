import type { CleanupResult } from './files.cleanup.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { OperatorError } from '../../http/operator-error.js';
import type { AuditService } from '../audit/audit.service.js';
import type { MediaRow } from './files.repository.js';
import { mediaUrl, type FilesService } from './files.service.js';
import type { FilesRepository } from './files.repository.js';

export type StoredFile = Awaited<ReturnType<FilesService['readAny']>>;

/** Operators look at private uploads (ID photos) and clean up; both are recorded. */
export class FilesAdmin {
  constructor(
    private readonly db: Db,
    private readonly files: FilesService,
    private readonly repository: FilesRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly cleanup: () => Promise<CleanupResult>,
  ) {}

  /** A public catalogue image from the console; its row and the record are written together. */
  uploadMedia(operator: { id: string; name: string }, bytes: Buffer): Promise<MediaRow & { url: string }> {
    return this.files
      .storeMedia(bytes, (row) =>
        this.db.transaction().execute(async (trx) => {
          await this.repository.insertMedia(trx, { ...row, operator_id: operator.id });
          await this.audit.record(trx, {
            operator: operator.name,
            action: 'media.upload',
            subjectType: 'media',
            subjectId: row.id,
            after: { url: mediaUrl(row), contentType: row.content_type, size: row.size },
            now: row.created_at,
          });
        }),
      )
      .then((row) => ({ ...row, operator_id: operator.id, url: mediaUrl(row) }));
  }

  /** Hands the file to `deliver`; the look is recorded once it was delivered. */
  async view(operator: string, fileId: string, deliver: (file: StoredFile) => Promise<void>): Promise<StoredFile> {
    const file = await this.files.readAny(fileId).catch((error: unknown) => {
      if (error instanceof AppError) throw new OperatorError(`No stored file ${fileId}`);
      throw error;
    });
    await deliver(file);
    await this.audit.record(this.db, {
      operator,
      action: 'file.view',
      subjectType: 'file',
      subjectId: fileId,
      detail: { purpose: file.row.purpose, owner: file.row.user_id },
      now: this.clock.now(),
    });
    return file;
  }

  /** Objects of the uploads area no row names, older than the grace period (decision 054 "Object storage"), by hand. */
  async removeStrayObjects(operator: string): Promise<{ objects: number; bytes: number }> {
    const result = await this.files.removeStrayObjects();
    await this.audit.record(this.db, {
      operator,
      action: 'storage.sweep',
      subjectType: 'file',
      subjectId: 'strays',
      detail: { ...result },
      now: this.clock.now(),
    });
    return result;
  }

  /** Unused uploads, expired captchas and old rate counters, by hand (the server also runs it on a timer). */
  async runCleanup(operator: string): Promise<CleanupResult> {
    const result = await this.cleanup();
    await this.audit.record(this.db, {
      operator,
      action: 'file.cleanup',
      subjectType: 'file',
      subjectId: 'unused',
      detail: { ...result },
      now: this.clock.now(),
    });
    return result;
  }
}
