import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_HEIGHT,
  CAPTCHA_LENGTH,
  CAPTCHA_MARGIN,
  CAPTCHA_WIDTH,
  DARK_LUMA_MAX,
  GLYPH_INSET_X,
  GLYPH_INSET_Y,
  captchaFont,
  darkColour,
  drawCaptcha,
  layoutCaptcha,
  randomCaptchaText,
  renderCaptcha,
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

async function rgba(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => data.readUInt32BE((y * info.width + x) * 4);
  return { at, width: info.width, height: info.height };
}

describe('raster captcha', () => {
  it('is a PNG of pixels only: no markup, no text chunks, no answer in its bytes', async () => {
    const png = await drawCaptcha('CEHJL');
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // Pixels and their density only: no tEXt, zTXt or iTXt chunk that could carry words.
    expect(new Set(chunkTypes(png))).toEqual(new Set(['IHDR', 'pHYs', 'IDAT', 'IEND']));
    const metadata = await sharp(png).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT });
    const latin1 = png.toString('latin1').toLowerCase();
    for (const needle of ['cehjl', '<svg', '<path', 'd="m', 'atkinson', 'hyperlegible']) {
      expect(latin1).not.toContain(needle);
    }
  });

  it('is larger than before: 300 × 120 pixels, shown at half that on the web', () => {
    expect([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]).toEqual([300, 120]);
  });

  it('draws the same answer differently every time', async () => {
    const [first, second] = await Promise.all([drawCaptcha('RMNT3'), drawCaptcha('RMNT3')]);
    expect(first.equals(second)).toBe(false);
    const [a, b] = await Promise.all([sharp(first).raw().toBuffer(), sharp(second).raw().toBuffer()]);
    let differing = 0;
    for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) differing += 1;
    // Not a few noise pixels apart: the drawing itself moves.
    expect(differing / a.length).toBeGreaterThan(0.3);
  });

  it('lays out every glyph, turned, skewed and scaled, wholly inside the frame with its margin', () => {
    for (let i = 0; i < 3000; i += 1) {
      const text = randomCaptchaText();
      const { glyphs, wave } = layoutCaptcha(text);
      expect(glyphs.map((glyph) => glyph.char).join('')).toBe(text);
      let previousCentre = -Infinity;
      for (const { box } of glyphs) {
        // The box holds every point of the outline, control points included; the insets add the
        // margin, the wave's reach and a pixel and a half of anti-aliasing and rounding.
        expect(box.left).toBeGreaterThanOrEqual(GLYPH_INSET_X);
        expect(box.right).toBeLessThanOrEqual(CAPTCHA_WIDTH - GLYPH_INSET_X);
        expect(box.top).toBeGreaterThanOrEqual(GLYPH_INSET_Y);
        expect(box.bottom).toBeLessThanOrEqual(CAPTCHA_HEIGHT - GLYPH_INSET_Y);
        // Read from left to right, and not shrunk to specks to fit: the widest row (five Ms, turned
        // and stretched) is scaled down to about 30 % of the height, 36 of 120 pixels.
        const centre = (box.left + box.right) / 2;
        expect(centre).toBeGreaterThan(previousCentre);
        previousCentre = centre;
        expect(box.bottom - box.top).toBeGreaterThan(CAPTCHA_HEIGHT * 0.28);
      }
      expect(wave.ampX).toBeLessThanOrEqual(GLYPH_INSET_X - CAPTCHA_MARGIN - 1.5);
      expect(wave.ampY).toBeLessThanOrEqual(GLYPH_INSET_Y - CAPTCHA_MARGIN - 1.5);
    }
  });

  it('leaves the margin along every edge without ink, once drawn and waved', async () => {
    // Drawn without blobs, strokes and specks (those run to the edges on purpose): the background
    // is one colour, so any pixel of the margin that differs from it is glyph ink.
    for (let i = 0; i < 60; i += 1) {
      const layout = layoutCaptcha(randomCaptchaText());
      const { at, width, height } = await rgba(await renderCaptcha(layout, { clutter: false }));
      const background = at(0, 0);
      const inked: string[] = [];
      let ink = 0;
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < width; x += 1) {
          if (at(x, y) === background) continue;
          ink += 1;
          const inMargin =
            x < CAPTCHA_MARGIN || x >= width - CAPTCHA_MARGIN || y < CAPTCHA_MARGIN || y >= height - CAPTCHA_MARGIN;
          if (inMargin) inked.push(`${x},${y}`);
        }
      }
      expect(inked).toEqual([]);
      // Not a blank picture passing for a clean margin: five glyphs of ink.
      expect(ink).toBeGreaterThan(width * height * 0.12);
    }
  });

  it('draws ink inside every glyph box, whatever else is drawn over it', async () => {
    const layout = layoutCaptcha('MVTLN');
    const { data, info } = await sharp(await renderCaptcha(layout, { clutter: true }))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const { box } of layout.glyphs) {
      let dark = 0;
      for (let y = Math.ceil(box.top); y < box.bottom; y += 1) {
        for (let x = Math.ceil(box.left); x < box.right; x += 1) if ((data[y * info.width + x] ?? 255) < 110) dark += 1;
      }
      expect(dark).toBeGreaterThan(300);
    }
  });

  it('draws glyphs and strokes in colours that are dark in grey too, whatever their hue', () => {
    // A yellow or green at the lightness of a dark blue looks mid-grey: such a glyph was once too
    // faint for a person to pick out, about one picture in 130.
    for (let i = 0; i < 2000; i += 1) {
      const [r, g, b] = darkColour().match(/\d+/g)!.map(Number) as [number, number, number];
      expect(0.2126 * r + 0.7152 * g + 0.0722 * b).toBeLessThanOrEqual(DARK_LUMA_MAX);
      expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeGreaterThan(10);
    }
  });
});

describe('captcha alphabet (decision 075)', () => {
  it('holds capitals and digits that nothing else is read as', () => {
    expect(CAPTCHA_ALPHABET).toMatch(/^[A-Z0-9]+$/);
    expect(new Set(CAPTCHA_ALPHABET).size).toBe(CAPTCHA_ALPHABET.length);
    // Shapes a person takes for one another: every member is out, not all but one, since who sees
    // the shape cannot know which of them the alphabet kept. A/4 and K/X were misread in the first
    // reading of the new picture (decision 075 "A captcha people can read").
    const lookAlikes: Record<string, string> = {
      'round shapes': '0OQD',
      'upright strokes': '1I7',
      'S and 5': 'S5',
      'Z and 2': 'Z2',
      'B and 8': 'B8',
      'G with 6 and C': 'G6',
      'A and 4': 'A4',
      'K and X': 'KX',
    };
    // Where a thin stroke across one makes the other, the fuller one stays: a stroke adds ink and
    // never takes a bar away, and is thinner than any stem (V stays, with its point: U's round base
    // and Y's stem are out). Where only a half or a quarter turn maps one onto the other (turns stay
    // within 18°), one stays.
    const partnersOfKept: Record<string, string> = {
      'F completed to E': 'F',
      'P completed to R': 'P',
      'V and U, V and Y': 'UY',
      'M and W turned over': 'W',
      'N and Z turned a quarter': 'Z',
      '6 and 9, b/p/d/q turned over': '69PDB',
    };
    for (const [group, chars] of Object.entries({ ...lookAlikes, ...partnersOfKept })) {
      for (const char of chars) expect(CAPTCHA_ALPHABET, `${char} (${group})`).not.toContain(char);
    }
    expect(CAPTCHA_ALPHABET.length).toBeGreaterThanOrEqual(11);
  });

  it('is drawn from the font itself, never its missing-glyph box', () => {
    const font = captchaFont();
    for (const char of CAPTCHA_ALPHABET) expect(font.charToGlyph(char).index, char).toBeGreaterThan(0);
  });

  it('makes answers of five characters from it, evenly', () => {
    const texts = Array.from({ length: 2000 }, () => randomCaptchaText());
    const counts = new Map<string, number>();
    for (const text of texts) {
      expect(text).toHaveLength(CAPTCHA_LENGTH);
      for (const char of text) {
        expect(CAPTCHA_ALPHABET).toContain(char);
        counts.set(char, (counts.get(char) ?? 0) + 1);
      }
    }
    expect(new Set(texts).size).toBeGreaterThan(1950);
    // 10 000 draws over 11 characters: about 910 each; every one appears, none dominates.
    expect(counts.size).toBe(CAPTCHA_ALPHABET.length);
    for (const count of counts.values()) expect(count).toBeGreaterThan(750);
  });
});
