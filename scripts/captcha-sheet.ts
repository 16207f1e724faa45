// `npm run captcha:sheet -- [--count N] [--out DIR]`: draws N captchas (20 by default) with the
// production generator, as the server serves them, into DIR (a new temporary folder by default):
// NN.png each, sheet.png with all of them numbered, and answers.txt apart, so that a person can
// read the sheet first and compare after (decision 075 "A captcha people can read" records such a reading).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp, { type OverlayOptions } from 'sharp';
import {
  CAPTCHA_HEIGHT,
  CAPTCHA_WIDTH,
  captchaFont,
  drawCaptcha,
  randomCaptchaText,
} from '../apps/server/src/modules/captcha/raster-captcha.js';

const { values } = parseArgs({
  options: { count: { type: 'string', default: '20' }, out: { type: 'string' } },
});
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1 || count > 200) {
  console.error('--count takes a whole number from 1 to 200');
  process.exit(2);
}
const out = values.out ?? mkdtempSync(path.join(tmpdir(), 'captcha-sheet-'));
mkdirSync(out, { recursive: true });

const LABEL_WIDTH = 56;
const GAP = 8;
const COLUMNS = 2;
const rows = Math.ceil(count / COLUMNS);
const cellWidth = LABEL_WIDTH + CAPTCHA_WIDTH + GAP;
const cellHeight = CAPTCHA_HEIGHT + GAP;

/** A number drawn with the captcha's own face, one glyph at a time (no system font needed). */
function label(text: string, x: number, y: number): string {
  const font = captchaFont();
  return [...text]
    .map((char, index) => {
      const commands = font.charToGlyph(char).getPath(x + index * 17, y, 28).commands;
      const d = commands
        .map((c) => {
          if (c.type === 'Z') return 'Z';
          if (c.type === 'Q') return `Q${c.x1} ${c.y1} ${c.x} ${c.y}`;
          if (c.type === 'C') return `C${c.x1} ${c.y1} ${c.x2} ${c.y2} ${c.x} ${c.y}`;
          return `${c.type}${c.x} ${c.y}`;
        })
        .join('');
      return `<path d="${d}" fill="#333"/>`;
    })
    .join('');
}

const answers: string[] = [];
const pictures: OverlayOptions[] = [];
const labels: string[] = [];
for (let i = 0; i < count; i += 1) {
  const number = String(i + 1).padStart(2, '0');
  const text = randomCaptchaText();
  const png = await drawCaptcha(text);
  writeFileSync(path.join(out, `${number}.png`), png);
  answers.push(`${number} ${text}`);
  const left = (i % COLUMNS) * cellWidth + GAP;
  const top = Math.floor(i / COLUMNS) * cellHeight + GAP;
  pictures.push({ input: png, left: left + LABEL_WIDTH, top });
  labels.push(label(number, left + 4, top + CAPTCHA_HEIGHT / 2 + 10));
}
const width = COLUMNS * cellWidth + GAP;
const height = rows * cellHeight + GAP;
const background = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${labels.join('')}</svg>`,
);
await sharp(background).composite(pictures).png().toFile(path.join(out, 'sheet.png'));
writeFileSync(path.join(out, 'answers.txt'), `${answers.join('\n')}\n`);
console.log(`${count} captchas in ${out}: NN.png, sheet.png; the answers apart in answers.txt.`);
