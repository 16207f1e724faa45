import { CODES, consoleUploadImage, type ConsoleImage, type Envelope } from '@stride/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { lastConsoleRecord, signIn, type ConsoleSession } from '../../../test/console.js';
import { multipartBody, testJpeg, useTestApp } from '../../../test/harness.js';

const t = useTestApp();

async function upload(session: ConsoleSession, bytes: Buffer, filename = 'goods.jpg') {
  const { payload, contentType } = multipartBody({}, { bytes, filename });
  const response = await t.app.inject({
    method: 'POST',
    url: consoleUploadImage.path,
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': contentType },
    payload,
  });
  return response.json<Envelope<ConsoleImage>>();
}

describe('catalogue images from the console', () => {
  it('stores a re-encoded image, serves it publicly and records who uploaded it', async () => {
    const merchant = await signIn(t, ['merchant']);
    const answer = await upload(merchant, await testJpeg(120, 80));
    expect(answer.code).toBe(CODES.OK);
    expect(answer.data).toMatchObject({ contentType: 'image/jpeg', width: 120, height: 80 });
    expect(answer.data?.url).toMatch(/^\/media\/[0-9a-f-]{36}\.jpg$/);

    const served = await t.app.inject({ method: 'GET', url: answer.data?.url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(120);

    await lastConsoleRecord(t, merchant, 'media.upload', { type: 'media', id: answer.data?.id });
  });

  it('refuses bytes that are not an image, and stores nothing', async () => {
    const editor = await signIn(t, ['editor']);
    const before = (await t.app.services.audit.list(1000)).length;
    const answer = await upload(editor, Buffer.from('<svg onload="alert(1)"></svg>'), 'x.svg');
    expect(answer.code).toBe(CODES.VALIDATION_FAILED);
    expect((await t.app.services.audit.list(1000)).length).toBe(before);
  });

  it('answers 404 for a name that is not a stored image, or with another extension', async () => {
    const merchant = await signIn(t, ['merchant']);
    const answer = await upload(merchant, await testJpeg());
    const id = answer.data?.id ?? '';
    for (const url of [`/media/${id}.png`, '/media/00000000-0000-0000-0000-000000000000.jpg', '/media/..%2Fsecret']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
