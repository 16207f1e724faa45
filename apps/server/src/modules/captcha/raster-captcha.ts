import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';

/**
 * The production captcha picture (decision 017): a PNG, never markup. Each character's outline
 * comes from `svg-captcha`'s font, is placed with its own rotation, skew and scale among crossing
 * strokes, drawn to pixels by `sharp`, then bent by a random wave and sprinkled with noise. The
 * SVG only ever exists inside the server; the answer is in no byte of what is served.
 */

/** No 0/o, 1/i/l: they look alike. Answers are compared without case. */
export const CAPTCHA_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const CAPTCHA_LENGTH = 4;
/** Twice the size the web app shows (110 × 44 CSS pixels), for sharp edges on phones. */
export const CAPTCHA_WIDTH = 220;
export const CAPTCHA_HEIGHT = 88;

const FONT_SIZE = 120;
const CELL = 80;
const CHANNELS = 4;

export function randomCaptchaText(length = CAPTCHA_LENGTH): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

/** Looks only: positions, angles, colours and noise (the answer itself comes from `randomInt`). */
function between(min: number, max: number): number {
  return min + Math.random() * (max - min);
}

/** The sRGB channels (0–255) of a colour given as hue (degrees), saturation and lightness (0–1). */
function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (lightness - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [channel(0), channel(8), channel(4)];
}

/** The brightest a glyph or stroke may look in grey (0–255): dark on any of the light colours. */
export const DARK_LUMA_MAX = 90;

/**
 * A saturated dark colour. Yellows and greens look much brighter than blues at the same HSL
 * lightness (a yellow at 32 % is as bright as a mid grey), so the lightness drops until the
 * colour is dark in grey too: every answer stays as legible as the next.
 */
export function darkColour(): string {
  const hue = between(0, 360);
  const saturation = between(0.45, 0.8);
  for (let lightness = between(0.18, 0.32); ; lightness -= 0.02) {
    const [r, g, b] = hslToRgb(hue, saturation, lightness);
    if (0.2126 * r + 0.7152 * g + 0.0722 * b <= DARK_LUMA_MAX || lightness <= 0.05) return `rgb(${r} ${g} ${b})`;
  }
}

function lightColour(): string {
  return `hsl(${Math.round(between(0, 360))} ${Math.round(between(30, 70))}% ${Math.round(between(88, 96))}%)`;
}

function glyph(char: string, centreX: number, centreY: number): string {
  // A one-character "captcha" drawn from a one-character preset: the glyph's outline, nothing else.
  const inner = svgCaptcha.create({
    size: 1,
    charPreset: char,
    width: CELL,
    height: CAPTCHA_HEIGHT,
    fontSize: FONT_SIZE,
    noise: 0,
  }).data;
  const transform = [
    `translate(${centreX.toFixed(1)} ${centreY.toFixed(1)})`,
    `rotate(${between(-28, 28).toFixed(1)})`,
    `skewX(${between(-14, 14).toFixed(1)})`,
    `scale(${between(0.85, 1.1).toFixed(2)} ${between(0.85, 1.15).toFixed(2)})`,
    `translate(${-CELL / 2} ${-CAPTCHA_HEIGHT / 2})`,
  ].join(' ');
  // The glyph's own fill is a dark grey; the group recolours it. Tall letters may leave the cell.
  const body = inner.replace(/ fill="[^"]*"/g, '').replace('<svg ', '<svg overflow="visible" ');
  return `<g transform="${transform}" fill="${darkColour()}">${body}</g>`;
}

function stroke(): string {
  const y = () => between(CAPTCHA_HEIGHT * 0.2, CAPTCHA_HEIGHT * 0.8).toFixed(1);
  const d = `M${between(0, 20).toFixed(1)} ${y()} C${between(50, 90).toFixed(1)} ${y()},${between(130, 170).toFixed(1)} ${y()},${between(200, CAPTCHA_WIDTH).toFixed(1)} ${y()}`;
  return `<path d="${d}" fill="none" stroke="${darkColour()}" stroke-width="${between(1.8, 2.8).toFixed(1)}" stroke-linecap="round"/>`;
}

function blob(): string {
  return `<ellipse cx="${between(0, CAPTCHA_WIDTH).toFixed(0)}" cy="${between(0, CAPTCHA_HEIGHT).toFixed(0)}" rx="${between(10, 50).toFixed(0)}" ry="${between(8, 30).toFixed(0)}" fill="${lightColour()}" opacity="0.9"/>`;
}

function drawing(text: string): string {
  const parts: string[] = [`<rect width="100%" height="100%" fill="${lightColour()}"/>`];
  for (let i = 0; i < 6; i += 1) parts.push(blob());
  const step = (CAPTCHA_WIDTH - 24) / text.length;
  [...text].forEach((char, index) => {
    parts.push(glyph(char, 12 + step * (index + 0.5) + between(-6, 6), CAPTCHA_HEIGHT / 2 + between(-7, 7)));
  });
  for (let i = 0; i < 2; i += 1) parts.push(stroke());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}">${parts.join('')}</svg>`;
}

/** Moves every pixel along two random sine waves, then scatters dark and light specks. */
function distort(pixels: Buffer): Buffer {
  const out = Buffer.alloc(pixels.length);
  const ampX = between(2.5, 4.5);
  const ampY = between(3, 5.5);
  const periodX = between(40, 70);
  const periodY = between(60, 110);
  const phaseX = between(0, 2 * Math.PI);
  const phaseY = between(0, 2 * Math.PI);
  for (let y = 0; y < CAPTCHA_HEIGHT; y += 1) {
    for (let x = 0; x < CAPTCHA_WIDTH; x += 1) {
      const sx = Math.round(x + ampX * Math.sin((2 * Math.PI * y) / periodX + phaseX));
      const sy = Math.round(y + ampY * Math.sin((2 * Math.PI * x) / periodY + phaseY));
      const cx = Math.min(CAPTCHA_WIDTH - 1, Math.max(0, sx));
      const cy = Math.min(CAPTCHA_HEIGHT - 1, Math.max(0, sy));
      pixels.copy(
        out,
        (y * CAPTCHA_WIDTH + x) * CHANNELS,
        (cy * CAPTCHA_WIDTH + cx) * CHANNELS,
        (cy * CAPTCHA_WIDTH + cx + 1) * CHANNELS,
      );
    }
  }
  const specks = Math.round(CAPTCHA_WIDTH * CAPTCHA_HEIGHT * 0.03);
  for (let i = 0; i < specks; i += 1) {
    const at = Math.floor(Math.random() * CAPTCHA_WIDTH * CAPTCHA_HEIGHT) * CHANNELS;
    const value = Math.random() < 0.5 ? Math.round(between(30, 110)) : Math.round(between(200, 255));
    out[at] = value;
    out[at + 1] = Math.round(value * between(0.7, 1));
    out[at + 2] = Math.round(value * between(0.7, 1));
    out[at + 3] = 255;
  }
  return out;
}

/** A PNG picture of `text`; two calls with the same text give different pictures. */
export async function drawCaptcha(text: string): Promise<Buffer> {
  const pixels = await sharp(Buffer.from(drawing(text)))
    .ensureAlpha()
    .raw()
    .toBuffer();
  return sharp(distort(pixels), { raw: { width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, channels: CHANNELS } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
