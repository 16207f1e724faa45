import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';

/**
 * A one-frame YUV4MPEG2 (4:2:0, full range) video of an image, for Chromium's
 * `--use-file-for-fake-video-capture`: the fake front camera then shows that picture, looped.
 * Width and height must be even for 4:2:0.
 */
export async function writeY4m(
  image: Buffer | string,
  file: string,
  crop: { left: number; top: number; width: number; height: number },
  size: { width: number; height: number },
): Promise<void> {
  const { width, height } = size;
  const rgb = await sharp(image).extract(crop).resize(width, height).removeAlpha().raw().toBuffer();
  const luma = Buffer.alloc(width * height);
  const chromaB = Buffer.alloc((width / 2) * (height / 2));
  const chromaR = Buffer.alloc((width / 2) * (height / 2));
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      const [r = 0, g = 0, b = 0] = [rgb[at], rgb[at + 1], rgb[at + 2]];
      luma[y * width + x] = clamp(0.299 * r + 0.587 * g + 0.114 * b);
    }
  }
  // Each chroma sample averages its 2×2 block (BT.601, JPEG full range, as C420jpeg says).
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const at = ((y + dy) * width + (x + dx)) * 3;
        r += rgb[at] ?? 0;
        g += rgb[at + 1] ?? 0;
        b += rgb[at + 2] ?? 0;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const index = (y / 2) * (width / 2) + x / 2;
      chromaB[index] = clamp(-0.168736 * r - 0.331264 * g + 0.5 * b + 128);
      chromaR[index] = clamp(0.5 * r - 0.418688 * g - 0.081312 * b + 128);
    }
  }
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\nFRAME\n`, 'ascii');
  await writeFile(file, Buffer.concat([header, luma, chromaB, chromaR]));
}

/** A small PNG standing in for a photo of an ID card side. */
export function idCardPng(color: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .png()
    .toBuffer();
}
