import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CODES, getDownload, listCommunityChannels } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp, api } from '../../../test/harness.js';

const t = useTestApp();

describe('official community (open without login)', () => {
  it('answers active channels with the configured image or a QR code drawn from the link', async () => {
    const { community } = t.app.services.admin;
    const drawn = await community.save('ops', undefined, {
      name: 'Group',
      description: 'Walkers',
      url: 'https://example.com/g',
    });
    await community.save('ops', undefined, {
      name: 'Channel',
      description: 'News',
      url: 'https://example.com/c',
      qrImage: 'https://example.com/qr.png',
      position: 1,
    });
    await community.save('ops', undefined, { name: 'Old', url: 'https://example.com/o', isActive: false });
    const answer = await api(t, listCommunityChannels);
    expect(answer.code).toBe(CODES.OK);
    expect(answer.data.map((c) => c.name)).toEqual(['Group', 'Channel']);
    expect(answer.data[0]).toMatchObject({ id: drawn.id, url: 'https://example.com/g' });
    const svg = Buffer.from(answer.data[0]!.qrImage.split(',')[1]!, 'base64').toString('utf8');
    expect(svg).toContain('<svg');
    expect(answer.data[1]!.qrImage).toBe('https://example.com/qr.png');
  });
});

describe('download (open without login)', () => {
  it('says clearly when no companion package is configured, and serves no file', async () => {
    const answer = await api(t, getDownload);
    expect(answer).toMatchObject({
      status: 200,
      code: CODES.NOT_AVAILABLE,
      message: 'No companion package is configured',
    });
    expect((await t.app.inject({ method: 'GET', url: '/download/version-code.txt' })).statusCode).toBe(404);
  });

  it('answers the configured version and URL, and serves the package and its version code', async () => {
    const dataDir = t.config.dataDir;
    const configured = await createTestApp({
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://walk.example.com',
      COMPANION_VERSION: '1.0.0',
      COMPANION_VERSION_CODE: '100',
      COMPANION_PACKAGE_FILE: 'packages/stride-1.0.0.apk',
    });
    try {
      const missing = await api(configured, getDownload);
      expect(missing.code).toBe(CODES.NOT_AVAILABLE);
      mkdirSync(path.join(dataDir, 'packages'), { recursive: true });
      writeFileSync(path.join(dataDir, 'packages', 'stride-1.0.0.apk'), 'PK-fake-package');
      const answer = await api(configured, getDownload);
      expect(answer).toMatchObject({
        code: CODES.OK,
        data: { version: '1.0.0', versionCode: 100, url: 'https://walk.example.com/download/stride-1.0.0.apk' },
      });
      const code = await configured.app.inject({ method: 'GET', url: '/download/version-code.txt' });
      expect(code.body).toBe('100');
      const file = await configured.app.inject({ method: 'GET', url: '/download/stride-1.0.0.apk' });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/vnd.android.package-archive');
      expect(file.body).toBe('PK-fake-package');
      expect((await configured.app.inject({ method: 'GET', url: '/download/demo-secret' })).statusCode).toBe(404);
    } finally {
      await configured.close();
    }
  });
});
