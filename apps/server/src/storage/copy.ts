import type { ObjectStore } from './object-store.js';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  apk: 'application/vnd.android.package-archive',
};

export interface CopyResult {
  copied: number;
  bytes: number;
  /** Already there with the same size (an earlier, interrupted copy). */
  skipped: number;
  /** Already there with another size: left alone, for an operator to look at. */
  differing: string[];
}

/**
 * Copies every object of `from` that `to` lacks, one streamed object at a time (decision 054 "Object storage").
 * Nothing is overwritten or removed, so it can run again after an interruption and while the
 * server still writes to `from`; the source is left as it was.
 */
export async function copyObjects(from: ObjectStore, to: ObjectStore): Promise<CopyResult> {
  const result: CopyResult = { copied: 0, bytes: 0, skipped: 0, differing: [] };
  for await (const source of from.list()) {
    const { key } = source;
    const target = await to.stat(key);
    if (target) {
      if (target.size === source.size) result.skipped += 1;
      else result.differing.push(key);
      continue;
    }
    const opened = await from.open(key);
    if (!opened) continue;
    await to.putStream(key, opened.stream, opened.size, CONTENT_TYPES[key.split('.').pop() ?? '']);
    result.copied += 1;
    result.bytes += opened.size;
  }
  return result;
}
