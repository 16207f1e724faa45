import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CODES } from '@stride/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.js';
import { startLocalS3, type LocalS3 } from '../../test/s3-server.js';
import { DiskObjectStore } from './disk-store.js';
import { InvalidKeyError, KeyExistsError, StorageUnavailableError, type ObjectStore } from './object-store.js';
import { S3Connection, S3ObjectStore } from './s3-store.js';
import { s3Storage } from './storage.js';

/**
 * The storage suite (decision 054 "Object storage"): the same cases against the disk and against an S3-compatible
 * server started here on a loopback port (s3rver), through the AWS SDK like production.
 */

const scratch = mkdtempSync(path.join(tmpdir(), 'stride-storage-'));
let s3: LocalS3;

beforeAll(async () => {
  s3 = await startLocalS3();
});

afterAll(async () => {
  await s3.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const key = (ext = 'jpg') => `id-front/${randomUUID()}.${ext}`;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Backend {
  name: 'disk' | 's3';
  /** A fresh, empty store. */
  store(): ObjectStore;
  /** A store of this kind that cannot be reached. */
  unreachable(): Promise<ObjectStore>;
}

const BACKENDS: Backend[] = [
  {
    name: 'disk',
    store: () => new DiskObjectStore(mkdtempSync(path.join(scratch, 'disk-'))),
    unreachable: () => {
      // Its folder cannot exist: a file stands where the folder should be.
      const file = path.join(scratch, `file-${randomUUID()}`);
      writeFileSync(file, 'not a folder');
      return Promise.resolve(new DiskObjectStore(path.join(file, 'uploads')));
    },
  },
  {
    name: 's3',
    // Each store its own prefix of the one bucket: an empty store per case.
    store: () => new S3ObjectStore(new S3Connection(s3.settings), s3.bucket, `t${randomUUID()}/`),
    unreachable: async () =>
      new S3ObjectStore(
        new S3Connection({ ...s3.settings, endpoint: `http://127.0.0.1:${await freePort()}`, timeoutMs: 1_000 }),
        s3.bucket,
        'uploads/',
      ),
  },
];

describe.each(BACKENDS)('the $name store', (backend) => {
  it('puts, gets, states and deletes an object', async () => {
    const store = backend.store();
    const name = key();
    const bytes = Buffer.from('a small private image');
    await store.put(name, bytes, 'image/jpeg');
    expect(await store.get(name)).toEqual(bytes);
    expect(await store.stat(name)).toEqual({ size: bytes.length });
    const listed: unknown[] = [];
    for await (const entry of store.list()) listed.push(entry);
    expect(listed).toEqual([{ key: name, size: bytes.length, modifiedAt: expect.any(Number) as number }]);
    const { modifiedAt } = listed[0] as { modifiedAt: number };
    expect(Math.abs(modifiedAt - Date.now())).toBeLessThan(60_000);
    await store.delete(name);
    expect(await store.get(name)).toBeNull();
    expect(await store.stat(name)).toBeNull();
  });

  it('answers null for a missing key, and deleting one is fine', async () => {
    const store = backend.store();
    const name = key();
    expect(await store.get(name)).toBeNull();
    expect(await store.open(name)).toBeNull();
    expect(await store.stat(name)).toBeNull();
    await expect(store.delete(name)).resolves.toBeUndefined();
  });

  it('refuses to overwrite a stored object, which keeps its bytes', async () => {
    const store = backend.store();
    const name = key();
    await store.put(name, Buffer.from('first'));
    await expect(store.put(name, Buffer.from('second'))).rejects.toBeInstanceOf(KeyExistsError);
    const file = path.join(scratch, `source-${randomUUID()}`);
    writeFileSync(file, 'third');
    await expect(store.putFile(name, file)).rejects.toBeInstanceOf(KeyExistsError);
    expect((await store.get(name))?.toString()).toBe('first');
  });

  it('stores a large file and reads it back as a stream, in pieces', async () => {
    const store = backend.store();
    const name = key('apk');
    const size = 24 * 1024 * 1024 + 17;
    const bytes = Buffer.alloc(size);
    for (let offset = 0; offset < size; offset += 4096) bytes.writeUInt32LE(offset, offset);
    const file = path.join(scratch, `large-${randomUUID()}`);
    writeFileSync(file, bytes);
    await store.putFile(name, file, 'application/vnd.android.package-archive');
    // The local file is left as it was; the store has its own copy.
    expect(existsSync(file)).toBe(true);
    const opened = await store.open(name);
    expect(opened?.size).toBe(size);
    const hash = createHash('sha256');
    let chunks = 0;
    let largest = 0;
    for await (const chunk of opened?.stream ?? []) {
      hash.update(chunk as Buffer);
      chunks += 1;
      largest = Math.max(largest, (chunk as Buffer).length);
    }
    expect(hash.digest('hex')).toBe(sha256(bytes));
    // Streamed: many pieces, none near the whole object.
    expect(chunks).toBeGreaterThan(10);
    expect(largest).toBeLessThan(size / 4);
  });

  it('never lets a key lead outside the store, and writes nothing for one', async () => {
    const store = backend.store();
    const bad = [
      '../outside.jpg',
      'id-front/../../outside.jpg',
      '/etc/passwd',
      'id-front//x.jpg',
      'ID-FRONT/x.jpg',
      '.hidden',
      'a/b/c/d/e.jpg',
      '%2e%2e/outside.jpg',
      'id-front\\..\\x.jpg',
      '',
      'id-front/x.jpg\u0000.png',
    ];
    for (const name of bad) {
      await expect(store.put(name, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(store.get(name)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(store.open(name)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(store.stat(name)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(store.delete(name)).rejects.toBeInstanceOf(InvalidKeyError);
    }
    const keys: string[] = [];
    for await (const listed of store.list()) keys.push(listed.key);
    expect(keys).toEqual([]);
    expect(readdirSync(scratch).filter((name) => name.startsWith('outside'))).toEqual([]);
  });

  it('checks that it can be reached', async () => {
    await expect(backend.store().check()).resolves.toBeUndefined();
  });

  it('turns a store it cannot reach into 1014, with the cause kept for the log', async () => {
    const store = await backend.unreachable();
    const failures = [
      () => store.check(),
      () => store.put(key(), Buffer.from('x')),
      () => store.get(key()),
      () => store.stat(key()),
      async () => {
        for await (const listed of store.list()) void listed;
      },
    ];
    for (const failure of failures) {
      const error = await failure().then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect((error as StorageUnavailableError).code).toBe(CODES.SERVICE_UNAVAILABLE);
      expect((error as StorageUnavailableError).messageKey).toBe('storageUnavailable');
      expect((error as StorageUnavailableError).reason).toBeDefined();
    }
  });
});

describe('the S3 store', () => {
  it('keeps each area under its own prefix of one bucket, and checks the bucket', async () => {
    const storage = s3Storage(s3.settings);
    try {
      const name = key();
      await storage.area('uploads').put(name, Buffer.from('upload'));
      expect(await storage.area('companion').get(name)).toBeNull();
      const raw = new S3ObjectStore(new S3Connection(s3.settings), s3.bucket, 'uploads/');
      expect((await raw.get(name))?.toString()).toBe('upload');
      await expect(storage.check()).resolves.toBeUndefined();
      const missingBucket = s3Storage({ ...s3.settings, bucket: 'no-such-bucket' });
      await expect(missingBucket.check()).rejects.toBeInstanceOf(StorageUnavailableError);
      // A missing bucket is a fault to report, never "this object does not exist".
      await expect(missingBucket.area('uploads').get(name)).rejects.toBeInstanceOf(StorageUnavailableError);
      missingBucket.close();
    } finally {
      storage.close();
    }
  });

  it('refuses an unknown access key as unavailable, not as missing objects', async () => {
    const storage = s3Storage({ ...s3.settings, accessKeyId: 'NOT-A-KEY' });
    try {
      await expect(storage.check()).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(storage.area('uploads').get(key())).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      storage.close();
    }
  });
});
