// Precompressed static files (decision 050 "Static files precompressed at build time"): after a Vite build has written
// everything (the web app's service worker included), each text file the server sends gets a brotli (`.br`, quality
// 11) and a gzip (`.gz`, level 9) copy next to it. The server's static handler
// (`@fastify/static` with `preCompressed: true`) sends the copy the browser accepts, so no CPU is
// spent compressing per request and the strongest settings cost nothing at run time.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

// Text formats only: images and the face model's weights are compressed already or barely shrink.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
// Below this a copy saves less than its own bookkeeping (one more file, a Vary'd cache entry).
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) {
      // The build's manifest (.vite/) is never served.
      if (name !== '.vite') yield* files(file);
    } else if (COMPRESSIBLE.test(name)) yield file;
  }
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file under `dir`; answers how many files. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of files(dir)) {
    const source = readFileSync(file);
    if (source.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gzip = gzipSync(source, { level: 9 });
    if (brotli.length < source.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < source.length) writeFileSync(`${file}.gz`, gzip);
    count += 1;
  }
  return count;
}

/** The Vite plugin: runs once the build (and every other plugin's closeBundle) is done. */
export function precompress(): Plugin {
  let outDir = '';
  let log = (message: string) => console.log(message);
  return {
    name: 'stride-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      log = (message: string) => config.logger.info(message);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const count = precompressDir(outDir);
        log(`precompressed ${count} files (brotli and gzip)`);
      },
    },
  };
}
