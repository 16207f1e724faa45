import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webm': 'video/webm',
  '.json': 'application/json',
};

export interface FrontHost {
  origin: string;
  /** While true, every /api call answers 503, as a primary host that is down would. */
  isApiDown: boolean;
  stop: () => Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The web app's own origin, as a deployment with a separate static host would have it: files from
 * the build, /api passed through to the primary API server until the test takes it down.
 */
export async function startFront(primaryApi: string): Promise<FrontHost> {
  const host: FrontHost = { origin: '', isApiDown: false, stop: () => Promise.resolve() };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://front');
      if (url.pathname.startsWith('/api/')) {
        if (host.isApiDown) {
          response.writeHead(503, { 'content-type': 'text/plain' }).end('primary down');
          return;
        }
        const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await readBody(request);
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers.set(name, value);
        }
        const answer = await fetch(`${primaryApi}${url.pathname}${url.search}`, {
          method: request.method ?? 'GET',
          headers,
          ...(body ? { body: new Uint8Array(body) } : {}),
        });
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        response.end(Buffer.from(await answer.arrayBuffer()));
        return;
      }
      const file = path.join(WEB_DIST, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
      if (!file.startsWith(WEB_DIST)) {
        response.writeHead(404).end();
        return;
      }
      try {
        const content = await readFile(file);
        response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
        response.end(content);
      } catch {
        response.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  host.origin = `http://127.0.0.1:${port}`;
  host.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return host;
}
