import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_HEIGHT,
  CAPTCHA_WIDTH,
  DARK_LUMA_MAX,
  darkColour,
  drawCaptcha,
  randomCaptchaText,
} from './raster-captcha.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The chunk types of a PNG file, in order. */
function chunkTypes(png: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    types.push(png.toString('latin1', at + 4, at + 8));
    at += 12 + length;
  }
  return types;
}

describe('raster captcha', () => {
  it('is a PNG of pixels only: no markup, no text chunks, no answer in its bytes', async () => {
    const png = await drawCaptcha('kx7m');
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // Pixels and their density only: no tEXt, zTXt or iTXt chunk that could carry words.
    expect(new Set(chunkTypes(png))).toEqual(new Set(['IHDR', 'pHYs', 'IDAT', 'IEND']));
    const metadata = await sharp(png).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT });
    const latin1 = png.toString('latin1').toLowerCase();
    for (const needle of ['kx7m', '<svg', '<path', 'd="m']) expect(latin1).not.toContain(needle);
  });

  it('draws the same answer differently every time', async () => {
    const [first, second] = await Promise.all([drawCaptcha('abcd'), drawCaptcha('abcd')]);
    expect(first.equals(second)).toBe(false);
    const [a, b] = await Promise.all([sharp(first).raw().toBuffer(), sharp(second).raw().toBuffer()]);
    let differing = 0;
    for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) differing += 1;
    // Not a few noise pixels apart: the drawing itself moves.
    expect(differing / a.length).toBeGreaterThan(0.3);
  });

  it('draws something in every column band where a character sits (the picture is not blank)', async () => {
    const { data, info } = await sharp(await drawCaptcha('wxyz'))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const dark = (x0: number, x1: number) => {
      let count = 0;
      for (let y = 0; y < info.height; y += 1) {
        for (let x = x0; x < x1; x += 1) if ((data[y * info.width + x] ?? 255) < 110) count += 1;
      }
      return count;
    };
    const band = info.width / 4;
    for (let i = 0; i < 4; i += 1) expect(dark(Math.round(i * band), Math.round((i + 1) * band))).toBeGreaterThan(150);
  });

  it('draws glyphs and strokes in colours that are dark in grey too, whatever their hue', () => {
    // A yellow or green at the lightness of a dark blue looks mid-grey: such a glyph was once too
    // faint for the band check above, about one picture in 130.
    for (let i = 0; i < 2000; i += 1) {
      const [r, g, b] = darkColour().match(/\d+/g)!.map(Number) as [number, number, number];
      expect(0.2126 * r + 0.7152 * g + 0.0722 * b).toBeLessThanOrEqual(DARK_LUMA_MAX);
      expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeGreaterThan(10);
    }
  });

  it('answers use the unambiguous alphabet', () => {
    const texts = Array.from({ length: 200 }, () => randomCaptchaText());
    for (const text of texts) {
      expect(text).toHaveLength(4);
      for (const char of text) expect(CAPTCHA_ALPHABET).toContain(char);
    }
    expect(new Set(texts).size).toBeGreaterThan(190);
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0o1il]/);
  });
});
