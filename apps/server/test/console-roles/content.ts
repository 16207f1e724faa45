import {
  consoleChannels,
  consoleCompanion,
  consoleCreateChannel,
  consoleCreateNotice,
  consoleNoticePreview,
  consoleNotices,
  consoleSetNoticePublished,
  consoleUpdateChannel,
  consoleUpdateNotice,
  consoleUploadCompanion,
} from '@stride/contract';
import { multipartBody, type TestApp } from '../harness.js';
import type { RoleCase } from './case.js';

/** Bytes that pass the package check: an .apk is a ZIP archive (a local file header first). */
export function fakeApk(text = 'stride companion'): Buffer {
  return Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(text)]);
}

let versionCode = 1000;

/** A multipart package upload with a version code higher than any before it in this process. */
export function packageUpload(fields: { version?: string; versionCode?: string } = {}, bytes = fakeApk()) {
  versionCode += 1;
  const { payload, contentType } = multipartBody(
    { version: fields.version ?? `1.0.${versionCode}`, versionCode: fields.versionCode ?? String(versionCode) },
    { bytes, filename: 'stride-companion.apk', contentType: 'application/vnd.android.package-archive' },
  );
  return { body: payload, headers: { 'content-type': contentType } };
}

async function draft(t: TestApp) {
  return t.app.services.admin.notices.publish('setup', { title: 'Draft', body: '<p>Draft</p>' }, { draft: true });
}

async function channel(t: TestApp) {
  return t.app.services.admin.community.save('setup', undefined, { name: 'Club', url: 'https://example.com/club' });
}

const CHANNEL = {
  name: 'Walkers club',
  description: 'Weekly walks',
  url: 'https://example.com/walkers',
  qrImage: null,
  position: 1,
  active: true,
};

/** Notices, community channels and the companion package, for editors. */
export const CONTENT_CASES: readonly RoleCase[] = [
  { endpoint: consoleNotices, input: async (t) => (await draft(t), {}) },
  { endpoint: consoleNoticePreview, input: () => Promise.resolve({ body: { body: '<p>Hi <b>all</b></p>' } }) },
  {
    endpoint: consoleCreateNotice,
    input: () => Promise.resolve({ body: { title: 'Opening hours', body: '<p>Open <strong>daily</strong></p>' } }),
  },
  {
    endpoint: consoleUpdateNotice,
    input: async (t) => ({
      params: { id: (await draft(t)).id },
      body: { title: 'Changed', body: '<p>Changed</p>', version: 1 },
    }),
  },
  {
    endpoint: consoleSetNoticePublished,
    input: async (t) => ({ params: { id: (await draft(t)).id }, body: { published: true, version: 1 } }),
  },
  { endpoint: consoleChannels, input: async (t) => (await channel(t), {}) },
  { endpoint: consoleCreateChannel, input: () => Promise.resolve({ body: CHANNEL }) },
  {
    endpoint: consoleUpdateChannel,
    input: async (t) => ({ params: { id: (await channel(t)).id }, body: { ...CHANNEL, version: 1 } }),
  },
  { endpoint: consoleCompanion, input: () => Promise.resolve({}) },
  { endpoint: consoleUploadCompanion, input: () => Promise.resolve(packageUpload()) },
];
