import { readdirSync } from 'node:fs';
import { CODES, uploadFile as uploadFileEndpoint } from '@stride/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { registerUser, testJpeg, uploadFile, useTestApp, api, raw } from '../../../test/harness.js';

const t = useTestApp({ UPLOAD_MAX_BYTES: String(64 * 1024), UPLOAD_MAX_PIXELS: '250000' });

const download = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('uploads', () => {
  it('store a re-encoded image under a server-chosen name, served only to its owner', async () => {
    const { token } = await registerUser(t);
    const answer = await uploadFile(t, token, await testJpeg(), { purpose: 'id_front', filename: '../../etc/x.jpg' });
    expect(answer).toMatchObject({
      code: CODES.OK,
      data: { purpose: 'id_front', contentType: 'image/jpeg', width: 64, height: 48 },
    });
    expect(answer.data.url).toBe(`/api/v1/files/${answer.data.fileId}`);
    const stored = readdirSync(t.config.uploads.dir, { recursive: true }).map(String);
    expect(stored).toContain(`id-front/${answer.data.fileId}.jpg`);
    const response = await download(token, answer.data.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(response.rawPayload).metadata()).width).toBe(64);
    const anonymous = await t.app.inject({ method: 'GET', url: answer.data.url });
    expect(anonymous.json()).toMatchObject({ code: CODES.SESSION_INVALID });
  });

  it('remove location metadata (EXIF GPS) by re-encoding', async () => {
    const { token } = await registerUser(t);
    const withGps = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#2255aa' } })
      .jpeg()
      .withExif({
        IFD0: { ImageDescription: 'HOME-ADDRESS-MARKER' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '39/1 54/1 2699/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '116/1 23/1 2944/100',
        },
      })
      .toBuffer();
    const before = await sharp(withGps).metadata();
    // The GPS IFD pointer (tag 0x8825) is in the original.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const answer = await uploadFile(t, token, withGps, { purpose: 'face' });
    expect(answer.code).toBe(CODES.OK);
    const stored = (await download(token, answer.data.url)).rawPayload;
    const after = await sharp(stored).metadata();
    expect(after.exif).toBeUndefined();
    expect(stored.includes('HOME-ADDRESS-MARKER')).toBe(false);
  });

  it('recognise images by their bytes: a renamed non-image is refused', async () => {
    const { token } = await registerUser(t);
    const text = Buffer.from('%PDF-1.7 not really a photo at all\n'.repeat(20));
    const renamed = await uploadFile(t, token, text, { filename: 'selfie.jpg', contentType: 'image/jpeg' });
    expect(renamed).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: 'The file is not a JPEG, PNG or WebP image',
    });
    const truncated = (await testJpeg()).subarray(0, 40);
    expect((await uploadFile(t, token, truncated)).code).toBe(CODES.VALIDATION_FAILED);
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    const pngAsJpeg = await uploadFile(t, token, png, { filename: 'x.jpg', contentType: 'image/jpeg' });
    expect(pngAsJpeg.data).toMatchObject({ contentType: 'image/png' });
  });

  it('refuse an oversize file and an image with too many pixels', async () => {
    const { token } = await registerUser(t);
    const big = Buffer.concat([await testJpeg(), Buffer.alloc(70 * 1024, 1)]);
    expect(await uploadFile(t, token, big)).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: 'The file is too large (at most 0.1 MB)',
    });
    const wide = await sharp({ create: { width: 1000, height: 300, channels: 3, background: '#fff' } })
      .jpeg({ quality: 10 })
      .toBuffer();
    expect(await uploadFile(t, token, wide)).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: 'The image is too large (at most 0.3 megapixels)',
    });
  });

  it('refuse an unknown purpose, a missing file and a JSON body', async () => {
    const { token } = await registerUser(t);
    expect((await uploadFile(t, token, await testJpeg(), { purpose: 'passport' })).code).toBe(CODES.VALIDATION_FAILED);
    const json = await api(t, uploadFileEndpoint, { token, body: raw({ file: 'x' }) });
    expect(json).toMatchObject({ code: CODES.VALIDATION_FAILED });
    expect((await uploadFile(t, token, Buffer.alloc(0))).message).toBe('Choose a file to upload');
  });

  it('never serve another user’s private image', async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const answer = await uploadFile(t, owner.token, await testJpeg(), { purpose: 'id_back' });
    const refused = await download(other.token, answer.data.url);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ code: CODES.NOT_FOUND, message: 'Not found', data: null });
    expect(refused.headers['content-type']).toMatch(/json/);
  });
});
