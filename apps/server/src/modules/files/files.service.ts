import { randomUUID } from 'node:crypto';
import type { Upload, UploadPurpose } from '@stride/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { AppError, notFound } from '../../http/errors.js';
import type { BinaryAnswer } from '../../http/endpoints.js';
import type { Clock } from '../../lib/clock.js';
import type { FileStore } from './file-store.js';
import { CONTENT_TYPES, EXTENSIONS, reencodeImage } from './images.js';
import type { FileRow, FilesRepository } from './files.repository.js';

const MEGA = 1_000_000;

export function fileUrl(fileId: string): string {
  return `/api/v1/files/${fileId}`;
}

/**
 * Uploads: images only, recognised by their bytes, re-encoded without metadata, stored under a
 * server-chosen key. Bytes are only ever served through the authenticated files endpoint, to
 * their owner (operators read them with the ops command line).
 */
export class FilesService {
  constructor(
    private readonly db: Db,
    private readonly repository: FilesRepository,
    private readonly store: FileStore,
    private readonly clock: Clock,
    private readonly config: Config,
  ) {}

  async upload(userId: string, purpose: UploadPurpose, bytes: Buffer): Promise<Upload> {
    const { maxPixels, maxSide } = this.config.uploads;
    const image = await reencodeImage(bytes, { maxPixels, maxSide });
    if (!image.ok) {
      if (image.reason === 'too-many-pixels') {
        throw new AppError('VALIDATION_FAILED', 'uploadTooManyPixels', {
          max: Math.round((maxPixels / MEGA) * 10) / 10,
        });
      }
      throw new AppError('VALIDATION_FAILED', 'uploadNotImage');
    }
    const id = randomUUID();
    const key = `${purpose.replace('_', '-')}/${id}.${EXTENSIONS[image.type]}`;
    await this.store.put(key, image.bytes);
    const row: FileRow = {
      id,
      user_id: userId,
      purpose,
      content_type: CONTENT_TYPES[image.type],
      size: image.bytes.length,
      width: image.width,
      height: image.height,
      storage_key: key,
      created_at: this.clock.now(),
      deleted_at: null,
    };
    try {
      await this.repository.insert(this.db, row);
    } catch (error) {
      await this.store.delete(key);
      throw error;
    }
    return toUpload(row);
  }

  /** The owner's bytes; another user's file answers exactly like a missing one. */
  async read(userId: string, fileId: string): Promise<BinaryAnswer> {
    const row = await this.repository.findOwned(this.db, userId, fileId);
    return this.bytesOf(row);
  }

  /** For operators (the ops command line records who looked). */
  async readAny(fileId: string): Promise<BinaryAnswer & { row: FileRow }> {
    const row = await this.repository.find(this.db, fileId);
    const answer = await this.bytesOf(row);
    return { ...answer, row: row as FileRow };
  }

  private async bytesOf(row: FileRow | undefined): Promise<BinaryAnswer> {
    if (!row?.storage_key) throw notFound();
    const body = await this.store.get(row.storage_key);
    if (!body) throw notFound();
    return { contentType: row.content_type, body };
  }

  /** The caller's file with bytes and the given purpose, or undefined. */
  async findOwned(db: Executor, userId: string, fileId: string, purpose: UploadPurpose): Promise<FileRow | undefined> {
    const row = await this.repository.findOwned(db, userId, fileId);
    return row?.purpose === purpose && row.storage_key ? row : undefined;
  }

  /** Deletes the bytes for good; the row stays (without its key) as the record that a file existed. */
  async deleteBytes(db: Executor, fileId: string): Promise<void> {
    const row = await this.repository.find(db, fileId);
    if (!row?.storage_key) return;
    await this.store.delete(row.storage_key);
    await this.repository.markDeleted(db, fileId, this.clock.now());
  }
}

export function toUpload(row: FileRow): Upload {
  return {
    fileId: row.id,
    url: fileUrl(row.id),
    purpose: row.purpose as UploadPurpose,
    contentType: row.content_type as Upload['contentType'],
    width: row.width,
    height: row.height,
    size: row.size,
  };
}
