import { existsSync } from 'node:fs';

export interface Precompressed {
  readonly name: 'br' | 'gzip';
  readonly extension: '.br' | '.gz';
}

const ENCODINGS: readonly Precompressed[] = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
];

/**
 * The build's precompressed copy of `file` to send for this accept-encoding header (decision
 * 050 "Static files precompressed at build time"), as `@fastify/static` chooses for the files it serves: the highest
 * weight the client gives, brotli before gzip at equal weight, and only a copy that exists. Undefined: send the file
 * itself.
 */
export function precompressedEncoding(header: string | string[] | undefined, file: string): Precompressed | undefined {
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(token === '*' ? 'gzip' : token, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => weights.get(name) ?? 0;
  return ENCODINGS.filter(({ name, extension }) => weight(name) > 0 && existsSync(`${file}${extension}`)).sort(
    (a, b) => weight(b.name) - weight(a.name),
  )[0];
}
