import sharp, { type Metadata } from 'sharp';

export type ImageType = 'jpeg' | 'png' | 'webp';

export const CONTENT_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
export const EXTENSIONS = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;

/** The type the bytes say, whatever the file's name or declared type claims. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

export type ReencodeResult =
  | { ok: true; type: ImageType; bytes: Buffer; width: number; height: number }
  | { ok: false; reason: 'not-image' | 'too-many-pixels' };

/**
 * Decodes and encodes the image again, upright (EXIF orientation applied) and with no metadata
 * at all: location, camera and time never reach storage. The pixel limit is checked from the
 * header before anything is decoded, so a small file cannot expand into a huge bitmap.
 */
export async function reencodeImage(
  bytes: Buffer,
  limits: { maxPixels: number; maxSide: number },
): Promise<ReencodeResult> {
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, reason: 'not-image' };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: 'not-image' };
  }
  if (metadata.format !== type || !metadata.width || !metadata.height) return { ok: false, reason: 'not-image' };
  if (metadata.width * metadata.height > limits.maxPixels) return { ok: false, reason: 'too-many-pixels' };
  try {
    const pipeline = sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width: limits.maxSide, height: limits.maxSide, fit: 'inside', withoutEnlargement: true });
    const encoded =
      type === 'png'
        ? pipeline.png({ compressionLevel: 9 })
        : type === 'webp'
          ? pipeline.webp({ quality: 85 })
          : pipeline.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { ok: true, type, bytes: data, width: info.width, height: info.height };
  } catch {
    return { ok: false, reason: 'not-image' };
  }
}
