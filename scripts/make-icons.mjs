// The web app's install icons (docs/product/client.md, Install), drawn from one source, the app's
// own mark apps/web/public/favicon.svg, and committed as PNGs in apps/web/public/icons:
// - `any` icons in the sizes Android's launchers and the manifest ask for (48 to 512 px), the mark
//   as it is, rounded corners and all;
// - `maskable` icons (192 and 512 px): the square filled edge to edge, since the platform cuts its own
//   shape; the mark stays inside the middle 80 % safe zone;
// - the apple-touch-icon (180 px, and 152 and 167 px for iPads): edge to edge and opaque, as iOS
//   rounds the corners itself and turns transparency black.
// Run again after changing the mark: node scripts/make-icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC = join(ROOT, 'apps', 'web', 'public');
// sharp (libvips with librsvg) is a dependency of the server, which re-encodes uploads with it.
const sharp = createRequire(join(ROOT, 'apps', 'server', 'package.json'))('sharp');

export const ANY_SIZES = [48, 72, 96, 128, 144, 192, 256, 384, 512];
export const MASKABLE_SIZES = [192, 512];
export const APPLE_SIZES = [152, 167, 180];

const mark = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8');
// The same mark on a full square: the background's rounded corners become square.
const fullBleed = mark.replace(/<rect\b([^>]*?)\s+rx="[^"]*"/, '<rect$1');
if (fullBleed === mark) throw new Error('favicon.svg: expected a background <rect> with rounded corners (rx)');

async function render(svg, size, file) {
  const png = await sharp(Buffer.from(svg), { density: Math.max(72, (72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  writeFileSync(join(PUBLIC, file), png);
  console.log(`${file} (${size} px, ${png.length} bytes)`);
}

for (const size of ANY_SIZES) await render(mark, size, `icons/icon-${size}.png`);
for (const size of MASKABLE_SIZES) await render(fullBleed, size, `icons/maskable-${size}.png`);
for (const size of APPLE_SIZES) {
  await render(fullBleed, size, size === 180 ? 'apple-touch-icon.png' : `icons/apple-touch-icon-${size}.png`);
}
