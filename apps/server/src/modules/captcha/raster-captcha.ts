import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';

/**
 * The production captcha picture (decisions 017 "Upload quotas, sign-up and captcha limits" and 075 "A captcha people
 * can read"): a PNG, never markup. Each character's outline comes from Atkinson Hyperlegible Bold, a face drawn so that
 * similar letters differ; it gets its own rotation, skew, scale and colour, and is placed so that its whole turned
 * outline, moved as far as the wave can move it, stays inside the frame with a margin. Soft blobs and thin
 * crossing strokes are added, `sharp` draws it to pixels, every pixel is moved along two random
 * sine waves and specks are scattered. The outlines only ever exist inside the server; the answer
 * is in no byte of what is served.
 */

/**
 * Capitals and digits that no other letter or digit is read as, upright or turned, whole or with a
 * thin stroke across it (decision 075 "A captcha people can read" lists what was left out and why). The picture shows
 * them as capitals and answers are compared without case, so lower case never has to be told apart.
 */
export const CAPTCHA_ALPHABET = 'CEHJLMNRTV3';
/** 11⁵ = 161 051 answers, one try each. */
export const CAPTCHA_LENGTH = 5;
/** Twice the size the web app shows (150 × 60 CSS pixels), for sharp edges on phones. */
export const CAPTCHA_WIDTH = 300;
export const CAPTCHA_HEIGHT = 120;
/** The band along every edge that no glyph's ink enters, in pixels. */
export const CAPTCHA_MARGIN = 6;
/** The most the wave moves a pixel across and down. */
export const WAVE_X_MAX = 4;
export const WAVE_Y_MAX = 5;
/**
 * How close to an edge a glyph's outline may come: the margin, the wave, and a pixel and a half for
 * anti-aliasing and the wave's rounding to whole pixels.
 */
export const GLYPH_INSET_X = CAPTCHA_MARGIN + WAVE_X_MAX + 1.5;
export const GLYPH_INSET_Y = CAPTCHA_MARGIN + WAVE_Y_MAX + 1.5;

/** Capitals about 56 px tall, 47 % of the picture's height. */
const FONT_SIZE = 84;
const MAX_TURN_DEGREES = 18;
const MAX_SKEW_DEGREES = 10;
const CHANNELS = 4;
const FONT_FILE = '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-700-normal.woff';

/** An outline's drawing commands, as opentype.js gives them (y grows downwards). */
export type PathCommand =
  | { type: 'M' | 'L'; x: number; y: number }
  | { type: 'Q'; x1: number; y1: number; x: number; y: number }
  | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { type: 'Z' };

/** The part of an opentype.js font the picture uses (opentype.js 2 ships no types). */
export interface Font {
  charToGlyph(char: string): {
    index: number;
    getPath(x: number, y: number, fontSize: number): { commands: PathCommand[] };
  };
}

const requireHere = createRequire(import.meta.url);

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** One character's outline where it is drawn, and the box around every point of that outline. */
export interface PlacedGlyph {
  char: string;
  commands: PathCommand[];
  box: Box;
  colour: string;
}

/** The two sine waves along which every pixel moves. */
export interface Wave {
  ampX: number;
  ampY: number;
  periodX: number;
  periodY: number;
  phaseX: number;
  phaseY: number;
}

export interface CaptchaLayout {
  glyphs: PlacedGlyph[];
  wave: Wave;
}

let loadedFont: Font | undefined;

/** The face and its parser, loaded on the first captcha (about 40 ms) rather than at start-up. */
export function captchaFont(): Font {
  if (!loadedFont) {
    const opentype = requireHere('opentype.js') as { parse(buffer: ArrayBuffer): Font };
    const bytes = readFileSync(requireHere.resolve(FONT_FILE));
    loadedFont = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }
  return loadedFont;
}

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

/** The outline with every point, control points included, moved by `move`. */
function mapCommands(commands: PathCommand[], move: (x: number, y: number) => [number, number]): PathCommand[] {
  return commands.map((command) => {
    switch (command.type) {
      case 'M':
      case 'L': {
        const [x, y] = move(command.x, command.y);
        return { type: command.type, x, y };
      }
      case 'Q': {
        const [x1, y1] = move(command.x1, command.y1);
        const [x, y] = move(command.x, command.y);
        return { type: 'Q', x1, y1, x, y };
      }
      case 'C': {
        const [x1, y1] = move(command.x1, command.y1);
        const [x2, y2] = move(command.x2, command.y2);
        const [x, y] = move(command.x, command.y);
        return { type: 'C', x1, y1, x2, y2, x, y };
      }
      case 'Z':
        return command;
    }
  });
}

/**
 * The box around every point of the outline, control points included. A Bézier curve stays inside
 * the hull of its control points, so the outline, drawn, stays inside this box.
 */
export function boxOf(commands: PathCommand[]): Box {
  const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  const add = (x: number, y: number) => {
    box.left = Math.min(box.left, x);
    box.right = Math.max(box.right, x);
    box.top = Math.min(box.top, y);
    box.bottom = Math.max(box.bottom, y);
  };
  for (const command of commands) {
    if (command.type === 'Z') continue;
    if (command.type === 'Q') add(command.x1, command.y1);
    if (command.type === 'C') {
      add(command.x1, command.y1);
      add(command.x2, command.y2);
    }
    add(command.x, command.y);
  }
  return box;
}

const scaled = (commands: PathCommand[], factor: number) => mapCommands(commands, (x, y) => [x * factor, y * factor]);

/** The character's outline centred on its own box, then scaled, skewed and turned about that centre. */
function shapedGlyph(char: string): PathCommand[] {
  const outline = captchaFont().charToGlyph(char).getPath(0, 0, FONT_SIZE).commands;
  const own = boxOf(outline);
  const centreX = (own.left + own.right) / 2;
  const centreY = (own.top + own.bottom) / 2;
  const turn = (between(-MAX_TURN_DEGREES, MAX_TURN_DEGREES) * Math.PI) / 180;
  const skew = Math.tan((between(-MAX_SKEW_DEGREES, MAX_SKEW_DEGREES) * Math.PI) / 180);
  const scaleX = between(0.9, 1.1);
  const scaleY = between(0.92, 1.12);
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  return mapCommands(outline, (x, y) => {
    const sx = (x - centreX) * scaleX;
    const sy = (y - centreY) * scaleY;
    const kx = sx + skew * sy;
    return [cos * kx - sin * sy, sin * kx + cos * sy];
  });
}

/**
 * Where each character goes. Glyphs sit side by side, a few pixels apart or overlapping by a few;
 * a row wider than the frame, or a glyph taller than it, is scaled down until it fits inside the
 * insets, and only then is the row placed, anywhere in the room left.
 */
export function layoutCaptcha(text: string): CaptchaLayout {
  // A hundredth of a pixel short, so that a row scaled to fit exactly is not out by a rounding.
  const roomX = CAPTCHA_WIDTH - 2 * GLYPH_INSET_X - 0.01;
  const roomY = CAPTCHA_HEIGHT - 2 * GLYPH_INSET_Y - 0.01;
  let shapes = [...text].map((char) => {
    const shape = shapedGlyph(char);
    const box = boxOf(shape);
    const height = box.bottom - box.top;
    return height > roomY ? scaled(shape, roomY / height) : shape;
  });
  let gaps = shapes.slice(1).map(() => between(-5, 3));
  const widthOf = (box: Box) => box.right - box.left;
  const rowWidth = () =>
    shapes.reduce((sum, shape) => sum + widthOf(boxOf(shape)), 0) + gaps.reduce((a, b) => a + b, 0);
  const fit = roomX / rowWidth();
  if (fit < 1) {
    shapes = shapes.map((shape) => scaled(shape, fit));
    gaps = gaps.map((gap) => gap * fit);
  }
  let x = GLYPH_INSET_X + 0.005 + between(0, Math.max(0, roomX - rowWidth()));
  const glyphs = shapes.map((shape, index) => {
    const own = boxOf(shape);
    const offsetX = x - own.left;
    const lowest = GLYPH_INSET_Y + 0.005 - own.top;
    const highest = CAPTCHA_HEIGHT - GLYPH_INSET_Y - 0.005 - own.bottom;
    const offsetY = Math.min(highest, Math.max(lowest, CAPTCHA_HEIGHT / 2 + between(-9, 9)));
    x += widthOf(own) + (gaps[index] ?? 0);
    const commands = mapCommands(shape, (px, py) => [px + offsetX, py + offsetY]);
    return { char: text[index] ?? '', commands, box: boxOf(commands), colour: darkColour() };
  });
  return {
    glyphs,
    wave: {
      ampX: between(2.5, WAVE_X_MAX),
      ampY: between(3, WAVE_Y_MAX),
      periodX: between(55, 95),
      periodY: between(80, 150),
      phaseX: between(0, 2 * Math.PI),
      phaseY: between(0, 2 * Math.PI),
    },
  };
}

function pathData(commands: PathCommand[]): string {
  const n = (value: number) => value.toFixed(2);
  return commands
    .map((command) => {
      switch (command.type) {
        case 'M':
        case 'L':
          return `${command.type}${n(command.x)} ${n(command.y)}`;
        case 'Q':
          return `Q${n(command.x1)} ${n(command.y1)} ${n(command.x)} ${n(command.y)}`;
        case 'C':
          return `C${n(command.x1)} ${n(command.y1)} ${n(command.x2)} ${n(command.y2)} ${n(command.x)} ${n(command.y)}`;
        case 'Z':
          return 'Z';
      }
    })
    .join('');
}

/** A thin curve across the row: thinner than any glyph's stem, so people see past it. */
function stroke(): string {
  const y = () => between(CAPTCHA_HEIGHT * 0.25, CAPTCHA_HEIGHT * 0.75).toFixed(1);
  const d = `M${between(0, 25).toFixed(1)} ${y()} C${between(70, 120).toFixed(1)} ${y()},${between(180, 230).toFixed(1)} ${y()},${between(275, CAPTCHA_WIDTH).toFixed(1)} ${y()}`;
  return `<path d="${d}" fill="none" stroke="${darkColour()}" stroke-width="${between(1.6, 2.4).toFixed(1)}" stroke-linecap="round"/>`;
}

function blob(): string {
  return `<ellipse cx="${between(0, CAPTCHA_WIDTH).toFixed(0)}" cy="${between(0, CAPTCHA_HEIGHT).toFixed(0)}" rx="${between(14, 68).toFixed(0)}" ry="${between(10, 40).toFixed(0)}" fill="${lightColour()}" opacity="0.9"/>`;
}

function drawing(layout: CaptchaLayout, clutter: boolean): string {
  const parts: string[] = [`<rect width="100%" height="100%" fill="${lightColour()}"/>`];
  if (clutter) for (let i = 0; i < 6; i += 1) parts.push(blob());
  for (const glyph of layout.glyphs) parts.push(`<path d="${pathData(glyph.commands)}" fill="${glyph.colour}"/>`);
  if (clutter) for (let i = 0; i < 2; i += 1) parts.push(stroke());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}">${parts.join('')}</svg>`;
}

/** Moves every pixel along the layout's two sine waves; with `specks`, then scatters dark and light specks. */
function distort(pixels: Buffer, wave: Wave, specks: boolean): Buffer {
  const out = Buffer.alloc(pixels.length);
  for (let y = 0; y < CAPTCHA_HEIGHT; y += 1) {
    for (let x = 0; x < CAPTCHA_WIDTH; x += 1) {
      const sx = Math.round(x + wave.ampX * Math.sin((2 * Math.PI * y) / wave.periodX + wave.phaseX));
      const sy = Math.round(y + wave.ampY * Math.sin((2 * Math.PI * x) / wave.periodY + wave.phaseY));
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
  if (!specks) return out;
  const count = Math.round(CAPTCHA_WIDTH * CAPTCHA_HEIGHT * 0.03);
  for (let i = 0; i < count; i += 1) {
    const at = Math.floor(Math.random() * CAPTCHA_WIDTH * CAPTCHA_HEIGHT) * CHANNELS;
    const value = Math.random() < 0.5 ? Math.round(between(30, 110)) : Math.round(between(200, 255));
    out[at] = value;
    out[at + 1] = Math.round(value * between(0.7, 1));
    out[at + 2] = Math.round(value * between(0.7, 1));
    out[at + 3] = 255;
  }
  return out;
}

/**
 * The PNG of a layout. Without `clutter` (the frame test's view) only the background and the
 * waved glyphs are drawn: no blobs, strokes or specks, which run to the edges on purpose.
 */
export async function renderCaptcha(layout: CaptchaLayout, { clutter }: { clutter: boolean }): Promise<Buffer> {
  const pixels = await sharp(Buffer.from(drawing(layout, clutter)))
    .ensureAlpha()
    .raw()
    .toBuffer();
  return sharp(distort(pixels, layout.wave, clutter), {
    raw: { width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, channels: CHANNELS },
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A PNG picture of `text`; two calls with the same text give different pictures. */
export function drawCaptcha(text: string): Promise<Buffer> {
  return renderCaptcha(layoutCaptcha(text), { clutter: true });
}
