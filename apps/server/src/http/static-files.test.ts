import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';
import { removedAfterwards } from '../../test/web-builds.js';

// A build as Vite and its precompress step lay it out (decision 050 "Static files precompressed at build time"): each
// text file next to its brotli and gzip copies.
function fakeBuild(prefix: string, base: string, marker: string): string {
  const dist = mkdtempSync(path.join(tmpdir(), prefix));
  mkdirSync(path.join(dist, 'assets'));
  const write = (file: string, text: string) => {
    writeFileSync(path.join(dist, file), text);
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
  };
  write(
    'index.html',
    `<!doctype html><html><head><script type="module" src="${base}assets/index-${marker}.js"></script></head><body>${marker}</body></html>`,
  );
  write(`assets/index-${marker}.js`, `console.log(${JSON.stringify(marker.repeat(200))});`);
  write('sw.js', `self.marker = ${JSON.stringify(marker)};`);
  return dist;
}

const [webDist, consoleDist] = removedAfterwards(
  fakeBuild('stride-web-', '/', 'web'),
  fakeBuild('stride-console-', '/console/', 'console'),
);

const t = useTestApp({ WEB_DIST: webDist, CONSOLE_DIST: consoleDist });

function decoded(encoding: unknown, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe.each([
  ['web app', '/', 'web'],
  ['operator console', '/console/', 'console'],
])('static files of the %s', (_name, base, marker) => {
  const asset = `${base}assets/index-${marker}.js`;
  const script = `console.log(${JSON.stringify(marker.repeat(200))});`;

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip;q=1, deflate, br;q=0.5', 'gzip'],
    ['gzip;q=0.8, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('sends a hashed asset precompressed to "accept-encoding: %s", kept for a year', async (accept, encoding) => {
    const response = await t.app.inject({
      method: 'GET',
      url: asset,
      headers: accept === undefined ? {} : { 'accept-encoding': accept },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(String(response.headers['content-type'])).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(response.headers['content-encoding'], response.rawPayload)).toBe(script);
    if (encoding !== undefined) {
      expect(response.rawPayload.length).toBeLessThan(script.length);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    }
  });

  it('sends index.html compressed as well, never cached', async () => {
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: base, headers: { 'accept-encoding': accept } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(String(response.headers['content-type'])).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(decoded(encoding, response.rawPayload)).toContain(`<body>${marker}</body>`);
    }
  });

  it('keeps the worker script fresh whatever the encoding', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${base}sw.js`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decoded('br', response.rawPayload)).toBe(`self.marker = ${JSON.stringify(marker)};`);
  });
});
