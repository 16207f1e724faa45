import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CODES, consoleUploadCompanion, deleteMyAccount, listHealthImports } from '@stride/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleApi, signIn } from '../../../test/console.js';
import { fakeApk, packageUpload } from '../../../test/console-roles/content.js';
import {
  CLEAN_LEDGER,
  api,
  createTestApp,
  ledgerReport,
  registerUser,
  testJpeg,
  uploadFile,
  type TestApp,
} from '../../../test/harness.js';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server.js';
import { opsOn } from '../../../test/ops.js';
import { S3Connection, S3ObjectStore } from '../../storage/s3-store.js';

/**
 * Uploads end to end with STORAGE=s3 (decision 054 "Object storage"): the bytes go to the bucket (nothing on the
 * instance's disk), come back only through the server's own access checks, and an outage of the
 * store is a clear 1014 that loses nothing.
 */

let s3: LocalS3;
let t: TestApp;

beforeAll(async () => {
  s3 = await startLocalS3();
  t = await createTestApp({ ...s3.env, PUBLIC_URL: 'https://walk.example.com', COMPANION_MAX_BYTES: '65536' });
});

afterAll(async () => {
  await t.close();
  await s3.stop();
});

const bucketArea = (area: string) => new S3ObjectStore(new S3Connection(s3.settings), s3.bucket, `${area}/`);
const localFiles = (dir: string) => {
  try {
    return readdirSync(dir, { recursive: true }).map(String);
  } catch {
    return [];
  }
};
const download = (token: string | undefined, url: string, language = 'en') =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': language },
  });

describe('uploads in S3-compatible storage', () => {
  it('stores an ID photo in the bucket and serves it only to its owner', async () => {
    expect(t.app.services.storage.kind).toBe('s3');
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const answer = await uploadFile(t, owner.token, await testJpeg(), { purpose: 'id_front' });
    expect(answer.code, answer.message).toBe(CODES.OK);

    const key = `id-front/${answer.data.fileId}.jpg`;
    expect((await bucketArea('uploads').stat(key))?.size).toBe(answer.data.size);
    expect(localFiles(t.config.uploads.dir)).toEqual([]);

    const served = await download(owner.token, answer.data.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.rawPayload.equals((await bucketArea('uploads').get(key)) ?? Buffer.alloc(0))).toBe(true);
    // Another user's file answers exactly like a missing one; no session answers 1001.
    expect((await download(other.token, answer.data.url)).json()).toMatchObject({ code: CODES.NOT_FOUND });
    expect((await download(undefined, answer.data.url)).json()).toMatchObject({ code: CODES.SESSION_INVALID });
    expect(await ledgerReport(t)).toEqual(CLEAN_LEDGER);
  });

  it('stores the companion package in the bucket and streams it to the download page', async () => {
    const editor = await signIn(t, ['editor']);
    const bytes = Buffer.concat([fakeApk('from the bucket'), Buffer.alloc(40_000, 7)]);
    const uploaded = await consoleApi(
      t,
      editor,
      consoleUploadCompanion,
      packageUpload({ version: '2.0.0', versionCode: '200' }, bytes) as never,
    );
    expect(uploaded.code, uploaded.message).toBe(CODES.OK);
    const keys: string[] = [];
    for await (const listed of bucketArea('companion').list()) keys.push(listed.key);
    expect(keys).toHaveLength(1);
    // Only the staging folder is local, and it is left empty.
    expect(localFiles(t.config.companionUploads.dir)).toEqual([]);
    const file = await t.app.inject({ method: 'GET', url: '/download/stride-companion.apk' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-length']).toBe(String(bytes.length));
    expect(file.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers 1014 in the caller’s language while the store is down, losing nothing, and /readyz says so', async () => {
    const { token, userId } = await registerUser(t);
    const uploads = async () => (await t.app.services.files.personalData().exportFor(userId)) as unknown[];
    const kept = await uploadFile(t, token, await testJpeg(), { purpose: 'id_back' });
    expect(kept.code, kept.message).toBe(CODES.OK);
    expect(await uploads()).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    await s3.pause();
    try {
      const refused = await uploadFile(t, token, await testJpeg(), { purpose: 'id_front' });
      expect(refused.status).toBe(200);
      expect(refused.code).toBe(CODES.SERVICE_UNAVAILABLE);
      expect(refused.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|S3|bucket/i);
      const read = await download(token, kept.data.url, 'fr');
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ code: CODES.SERVICE_UNAVAILABLE, data: null });
      expect(read.json<{ message: string }>().message).toMatch(/fichiers/);
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', storage: 'unreachable' });
      // Calls that do not touch the store go on.
      expect((await api(t, listHealthImports, { token })).code).toBe(CODES.OK);
    } finally {
      await s3.resume();
    }

    // The refused upload left no row; the earlier one is served again.
    expect(await uploads()).toHaveLength(1);
    expect((await download(token, kept.data.url)).statusCode).toBe(200);
    expect((await download(token, kept.data.url)).headers['content-type']).toBe('image/jpeg');
    expect((await uploadFile(t, token, await testJpeg(), { purpose: 'id_front' })).code).toBe(CODES.OK);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('stray objects', () => {
  it('are removed once older than the grace period; objects a row names, and fresh ones, stay', async () => {
    const { token, userId } = await registerUser(t);
    const kept = await uploadFile(t, token, await testJpeg(), { purpose: 'avatar' });
    expect(kept.code, kept.message).toBe(CODES.OK);
    const keptKey = `avatar/${kept.data.fileId}.jpg`;
    // Bytes whose row is gone (an erasure while the store was down), and one of a shape we never write.
    const stray = `id-front/${randomUUID()}.jpg`;
    await bucketArea('uploads').put(stray, Buffer.from('left behind'));
    await bucketArea('uploads').put('notes/readme.txt', Buffer.from('not ours'));

    const sweep = () => t.app.services.admin.files.removeStrayObjects('ops-alice');
    expect(await sweep()).toEqual({ objects: 0, bytes: 0 });
    t.clock.set(Date.now() + (t.config.uploads.unusedGraceHours + 1) * 60 * 60 * 1000);
    expect(await sweep()).toEqual({ objects: 1, bytes: 'left behind'.length });
    expect(await bucketArea('uploads').stat(stray)).toBeNull();
    expect(await bucketArea('uploads').stat('notes/readme.txt')).not.toBeNull();
    expect(await bucketArea('uploads').stat(keptKey)).not.toBeNull();
    expect((await download(token, kept.data.url)).statusCode).toBe(200);
    expect(await t.app.services.files.personalData().exportFor(userId)).toHaveLength(1);
    const [record] = await t.app.services.audit.list(1);
    expect(record).toMatchObject({ action: 'storage.sweep', operator: 'ops-alice' });
  });
});

describe('an account deleted while the store is down', () => {
  it('is deleted all the same; its photos are strays the sweep removes', async () => {
    const user = await registerUser(t);
    const photo = await uploadFile(t, user.token, await testJpeg(), { purpose: 'id_front' });
    expect(photo.code, photo.message).toBe(CODES.OK);
    const key = `id-front/${photo.data.fileId}.jpg`;
    await s3.pause();
    try {
      const deleted = await api(t, deleteMyAccount, {
        token: user.token,
        body: { password: user.password, confirmation: 'DELETE' },
      });
      expect(deleted.code, deleted.message).toBe(CODES.OK);
    } finally {
      await s3.resume();
    }
    expect(await bucketArea('uploads').stat(key)).not.toBeNull();
    t.clock.set(Math.max(t.clock.now(), Date.now() + (t.config.uploads.unusedGraceHours + 1) * 60 * 60 * 1000));
    // The daily job (decision 055 "Background jobs in a queue") does what the operator's sweep does.
    expect(await t.app.jobs.run('files.stray-objects')).toMatchObject({ objects: 1 });
    expect(await bucketArea('uploads').stat(key)).toBeNull();
  });
});

describe('moving from the disk to the bucket', () => {
  it('copies what is on the disk with ops storage copy-to-s3, again without copying twice', async () => {
    const { token } = await registerUser(t);
    const answer = await uploadFile(t, token, await testJpeg(), { purpose: 'face' });
    expect(answer.code, answer.message).toBe(CODES.OK);
    // As before the switch: the bytes on the disk only, under the same key.
    const key = `face/${answer.data.fileId}.jpg`;
    const bytes = (await bucketArea('uploads').get(key)) ?? Buffer.alloc(0);
    await bucketArea('uploads').delete(key);
    mkdirSync(path.join(t.config.uploads.dir, 'face'), { recursive: true });
    writeFileSync(path.join(t.config.uploads.dir, key), bytes);
    expect((await download(token, answer.data.url)).json()).toMatchObject({ code: CODES.NOT_FOUND });

    const ops = opsOn(t);
    const unconfirmed = await ops('storage', 'copy-to-s3', '--operator', 'ops-alice');
    expect(unconfirmed.code).not.toBe(0);
    expect(await bucketArea('uploads').stat(key)).toBeNull();

    const first = await ops('storage', 'copy-to-s3', '--operator', 'ops-alice', '--yes');
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain(`uploads: copied 1 (${bytes.length} bytes), already there 0, differing 0`);
    const served = await download(token, answer.data.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);

    const again = await ops('storage', 'copy-to-s3', '--operator', 'ops-alice', '--yes');
    expect(again.code, again.err).toBe(0);
    expect(again.out).toContain('uploads: copied 0 (0 bytes), already there 1, differing 0');
    const [record] = await t.app.services.audit.list(1);
    expect(record).toMatchObject({ action: 'storage.copy', subject_type: 'file' });
  });
});
