import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { connect, type ClientHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTlsProxy, type TlsProxy } from './tls-proxy.js';

let upstream: Server;
let proxy: TlsProxy;
let session: ClientHttp2Session;

/** What the upstream saw of the last request. */
let seen: { method?: string; url?: string; host?: string; body?: string } = {};

beforeAll(async () => {
  upstream = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen = {
        method: request.method,
        url: request.url,
        host: request.headers.host,
        body: Buffer.concat(chunks).toString(),
      };
      // A chunked answer on a kept-alive connection: both headers are forbidden in HTTP/2.
      response.writeHead(201, { 'content-type': 'text/plain', 'x-stride': 'yes', connection: 'keep-alive' });
      response.write('first ');
      response.end('second');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  proxy = await startTlsProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  session = connect(proxy.base, { rejectUnauthorized: false });
  await new Promise<void>((resolve, reject) => session.once('connect', () => resolve()).once('error', reject));
});

afterAll(async () => {
  session?.close();
  await proxy?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

function send(headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const stream = session.request(headers);
    const chunks: Buffer[] = [];
    let answered: Record<string, unknown> = {};
    stream.on('response', (received) => (answered = received));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () =>
      resolve({ status: Number(answered[':status']), headers: answered, body: Buffer.concat(chunks).toString() }),
    );
    stream.on('error', reject);
    stream.end(body);
  });
}

describe('the HTTPS and HTTP/2 proxy of the Lighthouse audit', () => {
  it('speaks HTTP/2 with a certificate whose key hash it gives for Chromium', () => {
    const socket = session.socket as TLSSocket;
    expect(socket.alpnProtocol).toBe('h2');
    const key = socket.getPeerX509Certificate()!.publicKey.export({ type: 'spki', format: 'der' });
    expect(createHash('sha256').update(key).digest('base64')).toBe(proxy.spki);
    expect(proxy.base).toMatch(/^https:\/\/localhost:\d+$/);
  });

  it('passes a request through with its method, path, host and body, and the answer without connection headers', async () => {
    const answer = await send(
      { ':method': 'POST', ':path': '/api/steps?x=1', 'content-type': 'application/json' },
      '{"steps":1}',
    );
    expect(seen).toEqual({
      method: 'POST',
      url: '/api/steps?x=1',
      host: new URL(proxy.base).host,
      body: '{"steps":1}',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toBe('first second');
    expect(answer.headers['x-stride']).toBe('yes');
    expect(answer.headers.connection).toBeUndefined();
    expect(answer.headers['transfer-encoding']).toBeUndefined();
  });

  it('answers 502 naming the server it could not reach, so a failed audit says why', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await startTlsProxy(target);
    const other = connect(unreachable.base, { rejectUnauthorized: false });
    const errors = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const stream = other.request({ ':method': 'GET', ':path': '/' });
        let status = 0;
        const chunks: Buffer[] = [];
        stream.on('response', (received) => (status = Number(received[':status'])));
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString() }));
        stream.on('error', reject);
        stream.end();
      });
      expect(answer.status).toBe(502);
      expect(answer.body).toContain(`could not reach ${target}`);
      expect(String(errors.mock.calls[0]?.[0])).toContain(`GET / to ${target}`);
      expect(unreachable.address).toBe('127.0.0.1');
    } finally {
      errors.mockRestore();
      other.close();
      await unreachable.close();
    }
  });
});
