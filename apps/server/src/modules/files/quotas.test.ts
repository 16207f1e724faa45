import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { CODES, getCaptcha, getUserInfo, submitFace } from '@stride/contract';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  call,
  createTestApp,
  dialect,
  registerUser,
  testJpeg,
  uploadFile,
  useTestApp,
  verifyIdentity,
  type TestApp,
  api,
} from '../../../test/harness.js';
import { MINUTE_MS } from '../../lib/clock.js';
import { runOps } from '../../ops/cli.js';
import { FILE_REFERENCES } from './files.repository.js';

const HOUR_MS = 60 * MINUTE_MS;
const QUOTA = 20_000;

const t = useTestApp({ UPLOAD_MAX_PER_WINDOW: '6', UPLOAD_WINDOW_MINUTES: '10', UPLOAD_QUOTA_BYTES: String(QUOTA) });

const storedKeys = (app: TestApp = t) => readdirSync(app.config.uploads.dir, { recursive: true }).map(String);
const fileRow = (id: string) => t.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
const onDisk = (id: string, app: TestApp = t) => storedKeys(app).some((key) => key.includes(id));

describe('upload rate limit', () => {
  it('allows a few uploads per user in a window, also when they arrive together', async () => {
    const { token } = await registerUser(t);
    const image = await testJpeg();
    const answers = await Promise.all(Array.from({ length: 10 }, () => uploadFile(t, token, image)));
    expect(answers.filter((answer) => answer.code === CODES.OK)).toHaveLength(6);
    const refused = answers.filter((answer) => answer.code !== CODES.OK);
    expect(refused).toHaveLength(4);
    for (const answer of refused) {
      expect(answer.code).toBe(CODES.RATE_LIMITED);
      expect(answer.message).toMatch(/^Too many uploads\. Please try again in \d+ minutes\.$/);
    }
    // Another user is not affected; this one may upload again once the window has passed.
    expect((await uploadFile(t, (await registerUser(t)).token, image)).code).toBe(CODES.OK);
    t.clock.advance(10 * MINUTE_MS);
    expect((await uploadFile(t, token, image)).code).toBe(CODES.OK);
  });
});

describe('upload quota', () => {
  it('caps the bytes a user stores, also when uploads arrive together, with no stray bytes', async () => {
    // A picture of random noise, so that it stays several kilobytes after re-encoding.
    const { token } = await registerUser(t);
    const image = await sharp(randomBytes(48 * 40 * 3), { raw: { width: 48, height: 40, channels: 3 } })
      .png()
      .toBuffer();
    const first = await uploadFile(t, token, image);
    expect(first.code).toBe(CODES.OK);
    const size = first.data.size;
    const fits = Math.floor(QUOTA / size);
    expect(fits).toBeGreaterThanOrEqual(2);
    expect(fits).toBeLessThan(6);
    const keysBefore = storedKeys().length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => uploadFile(t, token, image)));
    const accepted = answers.filter((answer) => answer.code === CODES.OK);
    expect(accepted).toHaveLength(fits - 1);
    for (const answer of answers.filter((a) => a.code !== CODES.OK)) {
      expect(answer).toMatchObject({
        code: CODES.BUSINESS_RULE,
        message:
          'Your uploads have reached their limit of 0 MB. Photos you have not used are removed 24 hours after uploading.',
      });
    }
    expect(storedKeys().length - keysBefore).toBe(fits - 1);
    const total = await t.db
      .selectFrom('files')
      .select((eb) => eb.fn.sum<number>('size').as('bytes'))
      .where('user_id', '=', (await api(t, getUserInfo, { token })).data.id)
      .executeTakeFirstOrThrow();
    expect(Number(total.bytes)).toBeLessThanOrEqual(QUOTA);
  });

  it('counts only files that still hold bytes: removing unused uploads frees the quota', async () => {
    const user = await registerUser(t);
    const image = await testJpeg();
    for (let i = 0; i < 5; i += 1) expect((await uploadFile(t, user.token, image)).code).toBe(CODES.OK);
    await t.db.updateTable('files').set({ size: QUOTA }).where('user_id', '=', user.userId).execute();
    const full = await uploadFile(t, user.token, image, { purpose: 'face' });
    expect(full.code).toBe(CODES.BUSINESS_RULE);
    t.clock.advance(25 * HOUR_MS);
    await t.app.services.files.cleanupUnreferenced();
    expect((await uploadFile(t, user.token, image)).code).toBe(CODES.OK);
  });
});

describe('cleanup of unused uploads', () => {
  it('removes rows and bytes of uploads nothing uses after the grace period, and keeps the rest', async () => {
    const user = await registerUser(t);
    const image = await testJpeg();
    const old = await uploadFile(t, user.token, image);
    await verifyIdentity(t, user.token);
    const identity = await t.db
      .selectFrom('identities')
      .selectAll()
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    const face = await uploadFile(t, user.token, image, { purpose: 'face' });
    expect(
      (
        await api(t, submitFace, {
          token: user.token,
          body: { method: 'face', imageId: face.data.fileId },
        })
      ).code,
    ).toBe(CODES.OK);
    t.clock.advance(23 * HOUR_MS);
    const recent = await uploadFile(t, user.token, image);
    t.clock.advance(HOUR_MS + 1);

    const result = await t.app.services.files.cleanupUnreferenced();
    expect(result.files).toBeGreaterThanOrEqual(1);
    expect(await fileRow(old.data.fileId)).toBeUndefined();
    expect(onDisk(old.data.fileId)).toBe(false);
    expect((await call(t.app, 'GET', old.data.url, { token: user.token })).code).toBe(CODES.NOT_FOUND);
    // Still within its grace period.
    expect(await fileRow(recent.data.fileId)).toBeDefined();
    expect(onDisk(recent.data.fileId)).toBe(true);
    // Used by the identity (ID photos with their bytes; the face image's row without them).
    for (const id of [identity.front_file_id, identity.back_file_id]) {
      expect((await fileRow(id))?.storage_key).not.toBeNull();
      expect(onDisk(id)).toBe(true);
    }
    expect(await fileRow(face.data.fileId)).toMatchObject({ storage_key: null });
  });

  it('runs from the ops command line with --operator and --yes, and is recorded', async () => {
    const user = await registerUser(t);
    const unused = await uploadFile(t, user.token, await testJpeg());
    const captcha = await api(t, getCaptcha);
    t.clock.advance(25 * HOUR_MS);
    const out: string[] = [];
    const err: string[] = [];
    const ops = (...argv: string[]) =>
      runOps(argv, { services: t.app.services, out: (line) => out.push(line), err: (line) => err.push(line) });

    expect(await ops('files', 'cleanup', '--yes')).toBe(2);
    expect(await ops('files', 'cleanup', '--operator', 'ana')).toBe(1);
    expect(err.join('\n')).toContain('without --yes');
    expect(await fileRow(unused.data.fileId)).toBeDefined();

    expect(await ops('files', 'cleanup', '--operator', 'ana', '--yes')).toBe(0);
    expect(out.join('\n')).toMatch(/removed [1-9]\d* unused uploads .* by ana$/);
    expect(await fileRow(unused.data.fileId)).toBeUndefined();
    expect(onDisk(unused.data.fileId)).toBe(false);
    const captchas = await t.db.selectFrom('captchas').select('id').where('id', '=', captcha.data.captchaId).execute();
    expect(captchas).toHaveLength(0);
    const action = await t.db
      .selectFrom('operator_actions')
      .selectAll()
      .where('action', '=', 'file.cleanup')
      .executeTakeFirstOrThrow();
    expect(action).toMatchObject({ operator: 'ana', subject_type: 'file' });
  });

  it('knows every column that refers to files', async () => {
    const rows =
      dialect === 'postgres'
        ? await sql<{ table: string; column: string }>`
            select c.conrelid::regclass::text as "table", a.attname as "column"
            from pg_constraint c
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
            where c.contype = 'f' and c.confrelid = 'files'::regclass`.execute(t.db)
        : await sql<{ table: string; column: string }>`
            select m.name as "table", f."from" as "column"
            from sqlite_master m join pragma_foreign_key_list(m.name) f
            where m.type = 'table' and f."table" = 'files'`.execute(t.db);
    const key = (r: { table: string; column: string }) => `${r.table}.${r.column}`;
    expect(rows.rows.map(key).sort()).toEqual(FILE_REFERENCES.map(key).sort());
  });
});

describe('the server runs the cleanup on its own', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('every CLEANUP_INTERVAL_MINUTES on an unref’d timer, stopped when the app closes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const own = await createTestApp({
      CLEANUP_INTERVAL_MINUTES: '5',
      JOBS_WORKER: 'true',
      JOBS_QUEUE: 'in-process',
    });
    try {
      const user = await registerUser(own);
      const unused = await uploadFile(own, user.token, await testJpeg());
      own.clock.advance(25 * HOUR_MS);
      expect(own.app.jobs.lastRun('files.cleanup')).toBeUndefined();
      vi.advanceTimersByTime(5 * MINUTE_MS);
      expect(await own.app.jobs.lastRun('files.cleanup')).toMatchObject({ files: 1 });
      expect(onDisk(unused.data.fileId, own)).toBe(false);
      // Its own timer, and the daily stray-objects pass that comes with the cleanup (decision 054 "Object storage").
      expect(vi.getTimerCount()).toBe(2);
    } finally {
      await own.close();
    }
    expect(vi.getTimerCount()).toBe(0);
  });
});
