import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CODES, consoleCompanion, consoleUploadCompanion, getDownload } from '@stride/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleApi, lastConsoleRecord, signIn } from '../../../test/console.js';
import { fakeApk, packageUpload } from '../../../test/console-roles/content.js';
import { api, createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;

beforeAll(async () => {
  const probe = await createTestApp();
  const dataDir = probe.config.dataDir;
  await probe.close();
  // The ops path: a package configured with COMPANION_* under DATA_DIR, version code 100.
  mkdirSync(path.join(dataDir, 'packages'), { recursive: true });
  writeFileSync(path.join(dataDir, 'packages', 'stride-1.0.0.apk'), fakeApk('configured'));
  t = await createTestApp({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://walk.example.com',
    COMPANION_VERSION: '1.0.0',
    COMPANION_VERSION_CODE: '100',
    COMPANION_PACKAGE_FILE: 'packages/stride-1.0.0.apk',
    COMPANION_MAX_BYTES: '4096',
  });
});

afterAll(async () => {
  await t.close();
});

const uploadsDir = () => t.config.companionUploads.dir;

describe('the companion package in the console', () => {
  it('shows the configured package, then serves an uploaded higher version instead, recorded', async () => {
    const editor = await signIn(t, ['editor']);
    const shown = await consoleApi(t, editor, consoleCompanion);
    expect(shown.data).toMatchObject({
      source: 'config',
      current: { version: '1.0.0', versionCode: 100, fileName: 'stride-1.0.0.apk' },
      maxBytes: 4096,
    });

    const bytes = fakeApk('version 1.1.0');
    const uploaded = await consoleApi(
      t,
      editor,
      consoleUploadCompanion,
      packageUpload({ version: '1.1.0', versionCode: '110' }, bytes) as never,
    );
    expect(uploaded.code, uploaded.message).toBe(CODES.OK);
    expect(uploaded.data).toMatchObject({
      source: 'upload',
      current: { version: '1.1.0', versionCode: 110, fileName: 'stride-companion.apk', size: bytes.length },
    });

    const answer = await api(t, getDownload);
    expect(answer.data).toEqual({
      version: '1.1.0',
      versionCode: 110,
      url: 'https://walk.example.com/download/stride-companion.apk',
    });
    const file = await t.app.inject({ method: 'GET', url: '/download/stride-companion.apk' });
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/download/version-code.txt' })).body).toBe('110');
    // Only the renamed package is left: no partial file.
    expect(readdirSync(uploadsDir()).filter((name) => name.startsWith('.'))).toEqual([]);

    const record = await lastConsoleRecord(t, editor, 'companion.upload', { type: 'companion-package' });
    expect(JSON.parse(String(record?.before))).toMatchObject({ versionCode: 100, source: 'config' });
    expect(JSON.parse(String(record?.after))).toMatchObject({ versionCode: 110, version: '1.1.0' });
  });

  it('refuses a version code not above the served one, a file that is not an apk, and one too large', async () => {
    const editor = await signIn(t, ['editor']);
    const served = (await consoleApi(t, editor, consoleCompanion)).data.current?.versionCode ?? 0;
    const before = (await t.app.services.audit.list(1000)).length;
    const refusals = [
      [packageUpload({ versionCode: String(served) }), CODES.BUSINESS_RULE],
      [packageUpload({}, Buffer.from('<html>not a zip</html>')), CODES.BUSINESS_RULE],
      [packageUpload({}, Buffer.concat([fakeApk(), Buffer.alloc(5000)])), CODES.VALIDATION_FAILED],
      [packageUpload({ versionCode: 'abc' }), CODES.VALIDATION_FAILED],
      [packageUpload({ version: 'bad\u0007' }), CODES.VALIDATION_FAILED],
    ] as const;
    for (const [input, code] of refusals) {
      const answer = await consoleApi(t, editor, consoleUploadCompanion, input as never);
      expect(answer.code, answer.message).toBe(code);
    }
    expect((await consoleApi(t, editor, consoleCompanion)).data.current?.versionCode).toBe(served);
    expect((await t.app.services.audit.list(1000)).length).toBe(before);
    expect(readdirSync(uploadsDir()).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(existsSync(path.join(t.config.dataDir, 'packages', 'stride-1.0.0.apk'))).toBe(true);
  });
});
