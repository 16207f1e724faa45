import { randomUUID } from 'node:crypto';
import type { Upload, UploadPurpose } from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { AppError, notFound } from '../../http/errors.js';
import type { BinaryAnswer } from '../../http/endpoints.js';
import { MINUTE_MS, type Clock } from '../../lib/clock.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { PoliciesService } from '../policies/policies.service.js';
import { StorageUnavailableError, type ObjectStore } from '../../storage/object-store.js';
import type { FilesSettings } from './files.settings.js';
import { CONTENT_TYPES, EXTENSIONS, reencodeImage, type ImageType } from './images.js';
import type { FileRow, FilesRepository, MediaRow } from './files.repository.js';
import { exportRow, type PersonalDataSection } from '../../lib/personal-data.js';

const MEGA = 1_000_000;
const MIB = 1024 * 1024;
const HOUR_MS = 60 * MINUTE_MS;
const CLEANUP_BATCH = 200;

export function fileUrl(fileId: string): string {
  return `/api/v1/files/${fileId}`;
}

/** Where public catalogue images are served, to everyone. */
export const MEDIA_PREFIX = '/media';

export function mediaUrl(row: Pick<MediaRow, 'id' | 'content_type'>): string {
  const type = (Object.keys(CONTENT_TYPES) as ImageType[]).find((key) => CONTENT_TYPES[key] === row.content_type);
  return `${MEDIA_PREFIX}/${row.id}.${EXTENSIONS[type ?? 'jpeg']}`;
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
    /** The uploads area of the object storage (decision 054 "Object storage"). */
    private readonly store: ObjectStore,
    private readonly limits: RateLimitService,
    private readonly clock: Clock,
    private readonly config: FilesSettings,
    /** ID card and face photos need the user's consent first (decision 046 "Policies and consent"). */
    private readonly policies: PoliciesService,
  ) {}

  /**
   * Per user: at most `maxPerWindow` uploads in a window (counted before the image is decoded)
   * and at most `quotaBytes` stored, checked under the user's row lock so that concurrent uploads
   * cannot overshoot it together.
   */
  async upload(userId: string, purpose: UploadPurpose, bytes: Buffer): Promise<Upload> {
    const { maxPixels, maxSide, maxPerWindow, windowMinutes, quotaBytes } = this.config.uploads;
    const windowMs = windowMinutes * MINUTE_MS;
    await this.policies.requireForUpload(userId, purpose);
    if (!(await this.limits.allow(`upload:user:${userId}`, windowMs, maxPerWindow))) {
      throw new AppError('RATE_LIMITED', 'uploadRateLimited', { minutes: this.limits.minutesLeft(windowMs) });
    }
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
    const overQuota = () =>
      new AppError('BUSINESS_RULE', 'uploadQuotaExceeded', {
        limit: Math.round((quotaBytes / MIB) * 10) / 10,
        hours: this.config.uploads.unusedGraceHours,
      });
    if (row.size > quotaBytes) throw overQuota();
    try {
      await this.db.transaction().execute(async (trx) => {
        await this.repository.lockUser(trx, userId);
        if ((await this.repository.storedBytes(trx, userId)) + row.size > quotaBytes) throw overQuota();
        await this.repository.insert(trx, row);
        await this.store.put(key, image.bytes, row.content_type);
      });
    } catch (error) {
      if (!(error instanceof AppError)) await this.store.delete(key);
      throw error;
    }
    return toUpload(row);
  }

  /**
   * A public catalogue image, re-encoded like users' uploads; `save` writes its row (and the
   * operator's record) in the caller's transaction, after the bytes are stored.
   */
  async storeMedia(bytes: Buffer, save: (row: MediaRow) => Promise<void>): Promise<MediaRow> {
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
    const row: MediaRow = {
      id,
      content_type: CONTENT_TYPES[image.type],
      size: image.bytes.length,
      width: image.width,
      height: image.height,
      storage_key: `media/${id}.${EXTENSIONS[image.type]}`,
      operator_id: null,
      created_at: this.clock.now(),
    };
    await this.store.put(row.storage_key, image.bytes, row.content_type);
    try {
      await save(row);
    } catch (error) {
      await this.store.delete(row.storage_key);
      throw error;
    }
    return row;
  }

  /** A public image by its served name (`<id>.<ext>`), or undefined. */
  async readMedia(name: string): Promise<BinaryAnswer | undefined> {
    const match = /^([0-9a-f-]{36})\.(jpg|png|webp)$/.exec(name);
    if (!match?.[1]) return undefined;
    const row = await this.repository.findMedia(this.db, match[1]);
    if (!row || mediaUrl(row) !== `${MEDIA_PREFIX}/${name}`) return undefined;
    const body = await this.store.get(row.storage_key);
    return body ? { contentType: row.content_type, body } : undefined;
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

  /**
   * Removes uploads that nothing refers to (`FILE_REFERENCES`) once they are older than the
   * grace period: the rows and their bytes. Each file is removed under its owner's row lock, the
   * lock a real-name or face submission takes before it refers to a file, so a file is never
   * removed while it is being put to use.
   */
  async cleanupUnreferenced(): Promise<{ files: number; bytes: number }> {
    const createdBefore = this.clock.now() - this.config.uploads.unusedGraceHours * HOUR_MS;
    let files = 0;
    let bytes = 0;
    for (;;) {
      const candidates = await this.repository.listUnreferenced(this.db, createdBefore, CLEANUP_BATCH);
      let removedNow = 0;
      for (const candidate of candidates) {
        const freed = await this.db.transaction().execute(async (trx) => {
          await this.repository.lockUser(trx, candidate.user_id);
          const deleted = await this.repository.deleteUnreferenced(trx, candidate.id);
          if (!deleted) return null;
          if (deleted.storage_key) await this.store.delete(deleted.storage_key);
          return deleted.storage_key ? deleted.size : 0;
        });
        if (freed === null) continue;
        removedNow += 1;
        bytes += freed;
      }
      files += removedNow;
      // A candidate that was put to use meanwhile is not listed again.
      if (candidates.length < CLEANUP_BATCH || removedNow === 0) break;
    }
    return { files, bytes };
  }

  /**
   * Removes objects of the uploads area that no row names (decision 054 "Object storage"): bytes an account
   * deletion could not remove while the store was unreachable, or a process stopped between
   * storing bytes and committing their row. Only objects older than the grace period are looked
   * at, so an upload in flight is never one, and only keys of the shapes the server writes.
   */
  async removeStrayObjects(): Promise<{ objects: number; bytes: number }> {
    const writtenBefore = this.clock.now() - this.config.uploads.unusedGraceHours * HOUR_MS;
    let objects = 0;
    let bytes = 0;
    for await (const entry of this.store.list()) {
      if (entry.modifiedAt >= writtenBefore || (await this.isNamed(entry.key))) continue;
      await this.store.delete(entry.key);
      objects += 1;
      bytes += entry.size;
    }
    return { objects, bytes };
  }

  /** Whether a row names the key; a key of another shape counts as named (it is left alone). */
  private async isNamed(key: string): Promise<boolean> {
    const match = /^([a-z0-9_-]+)\/([0-9a-f-]{36})\.[a-z0-9]+$/.exec(key);
    const [, folder, id] = match ?? [];
    if (!folder || !id) return true;
    const row =
      folder === 'media' ? await this.repository.findMedia(this.db, id) : await this.repository.find(this.db, id);
    return row?.storage_key === key;
  }

  /** Deletes the bytes for good; the row stays (without its key) as the record that a file existed. */
  async deleteBytes(db: Executor, fileId: string): Promise<void> {
    const row = await this.repository.find(db, fileId);
    if (!row?.storage_key) return;
    await this.store.delete(row.storage_key);
    await this.repository.markDeleted(db, fileId, this.clock.now());
  }

  /**
   * The uploads section: each private upload's metadata, never its bytes. Deleting marks every
   * upload deleted in the transaction and removes the bytes from storage once it committed.
   */
  personalData(): PersonalDataSection {
    return {
      name: 'uploads',
      exportFor: async (userId) =>
        (await this.repository.listOfUser(this.db, userId)).map((row) =>
          exportRow({
            id: row.id,
            purpose: row.purpose,
            content_type: row.content_type,
            size: row.size,
            width: row.width,
            height: row.height,
            created_at: row.created_at,
            deleted_at: row.deleted_at,
          }),
        ),
      erase: async (trx, { userId, now }) => {
        const keys = (await this.repository.listOfUser(trx, userId))
          .map((row) => row.storage_key)
          .filter((key): key is string => key !== null);
        await this.repository.markAllDeleted(trx, userId, now);
        return async () => {
          for (const key of keys) {
            // The account is gone already: bytes the store cannot remove now are strays, which
            // removeStrayObjects takes later (decision 054 "Object storage").
            await this.store.delete(key).catch((error: unknown) => {
              if (!(error instanceof StorageUnavailableError)) throw error;
            });
          }
        };
      },
    };
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
