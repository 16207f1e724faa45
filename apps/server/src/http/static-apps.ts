import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { FrameConfig } from '../config.js';
import { precompressedEncoding } from './precompressed.js';

/** Serves the built operator console at /console/ and the built web app at /, when they are there. */
export async function registerStaticApps(
  app: FastifyInstance,
  config: Pick<FrameConfig, 'webDist' | 'consoleDist'>,
): Promise<void> {
  // Hashed build assets never change; index.html must always be fresh, and so must the web app's
  // service worker, its Workbox runtime and the manifest (decision 045 "An installable app that opens offline"): a
  // browser that kept an old sw.js would keep serving the old app from its cache.
  const staticCache = (res: { setHeader(name: string, value: string): unknown }, filePath: string) => {
    res.setHeader(
      'cache-control',
      filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    // The same address answers brotli, gzip or plain bytes by the request's accept-encoding.
    res.setHeader('vary', 'accept-encoding');
  };
  // The operator console (decision 022 "The operator console") under its own prefix: the router prefers /console/* to
  // the web app's wildcard, so the web app never answers for it.
  const consoleDist = config.consoleDist;
  if (consoleDist && existsSync(path.join(consoleDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: consoleDist,
      prefix: '/console',
      index: ['index.html'],
      wildcard: true,
      decorateReply: false,
      cacheControl: false,
      // The build's brotli and gzip copies (decision 050 "Static files precompressed at build time"), as the browser
      // accepts them.
      preCompressed: true,
      allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
      setHeaders: staticCache,
    });
    // The router ignores trailing slashes, so /console and /console/ both land here rather than
    // in /console/*: the bare address moves to /console/ (the page's asset addresses are relative
    // to it), and /console/ answers the index.html the static handler would.
    const consoleIndex = path.join(consoleDist, 'index.html');
    app.get('/console', async (request, reply) => {
      const pathName = request.url.split('?')[0] ?? '';
      if (!pathName.endsWith('/')) return reply.redirect(`/console/${request.url.slice(pathName.length)}`, 301);
      const encoding = precompressedEncoding(request.headers['accept-encoding'], consoleIndex);
      if (encoding) reply.header('content-encoding', encoding.name);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .send(await readFile(`${consoleIndex}${encoding?.extension ?? ''}`));
    });
  }

  const webDist = config.webDist;
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      // A list: with preCompressed, @fastify/static finds `/`'s index.html.br only in a list.
      index: ['index.html'],
      wildcard: true,
      // Off, or @fastify/send's own `public, max-age=0` would replace the header set below.
      cacheControl: false,
      // The build's brotli and gzip copies (decision 050 "Static files precompressed at build time"), as the browser
      // accepts them.
      preCompressed: true,
      // The build's manifest (.vite/) is for the bundle budget check, not for browsers.
      allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
      setHeaders: staticCache,
    });
  }
}
