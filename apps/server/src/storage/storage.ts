import type { FrameConfig } from '../config.js';
import { DiskObjectStore } from './disk-store.js';
import type { ObjectStore } from './object-store.js';
import { S3Connection, S3ObjectStore, type S3Settings } from './s3-store.js';

/** The areas objects are kept in: users' uploads and catalogue images; the companion packages. */
export const STORAGE_AREAS = ['uploads', 'companion'] as const;
export type StorageArea = (typeof STORAGE_AREAS)[number];

/** One store per area, all on the same backend; `check` is what /readyz asks. */
export interface Storage {
  readonly kind: 'disk' | 's3';
  area(name: StorageArea): ObjectStore;
  /** Throws StorageUnavailableError unless every area can be reached. */
  check(): Promise<void>;
  /** Releases the backend's connections (the app's close). */
  close(): void;
}

/** The disk: each area in its own folder, as before S3 existed (UPLOAD_DIR, DATA_DIR/companion). */
export function diskStorage(dirs: Record<StorageArea, string>): Storage {
  const stores: Record<StorageArea, ObjectStore> = {
    uploads: new DiskObjectStore(dirs.uploads),
    companion: new DiskObjectStore(dirs.companion),
  };
  return {
    kind: 'disk',
    area: (name) => stores[name],
    check: async () => {
      for (const name of STORAGE_AREAS) await stores[name].check();
    },
    close: () => undefined,
  };
}

/** One bucket: each area under its own prefix (`uploads/…`, `companion/…`). */
export function s3Storage(settings: S3Settings): Storage {
  const connection = new S3Connection(settings);
  // Loaded while the server starts, not on the first upload (a failure shows on first use).
  connection.get().catch(() => undefined);
  const inBucket = (name: StorageArea) => new S3ObjectStore(connection, settings.bucket, `${name}/`);
  const stores: Record<StorageArea, ObjectStore> = { uploads: inBucket('uploads'), companion: inBucket('companion') };
  return {
    kind: 's3',
    area: (name) => stores[name],
    // One bucket: one HEAD answers for every area.
    check: () => stores.uploads.check(),
    close: () => connection.destroy(),
  };
}

/** The storage the configuration names (STORAGE, decision 054 "Object storage"). */
export function createStorage(
  config: Pick<FrameConfig, 'storage'> & { uploads: { dir: string }; companionUploads: { dir: string } },
): Storage {
  if (config.storage.kind === 's3' && config.storage.s3) return s3Storage(config.storage.s3);
  return diskStorage({ uploads: config.uploads.dir, companion: config.companionUploads.dir });
}
