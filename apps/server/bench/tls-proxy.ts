import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Response headers HTTP/2 forbids (connection-specific); the upstream's HTTP/1.1 answer may carry them. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'];

export interface TlsProxy {
  /** https://localhost:<port>: the name the certificate is for. */
  base: string;
  /** The certificate's SHA-256 public key hash, for Chromium's --ignore-certificate-errors-spki-list. */
  spki: string;
  /** The loopback address it listens on, which `localhost` in `base` must resolve to. */
  address: string;
  close(): Promise<void>;
}

/**
 * HTTPS with HTTP/2 in front of a server on loopback, as the deployment's proxy puts it in front
 * of the instances (deploy/Caddyfile with a site name: TLS, HTTP/2, keep-alive connections to the
 * instance). A certificate for localhost is made for the run with openssl and thrown away after.
 */
export async function startTlsProxy(target: string): Promise<TlsProxy> {
  const dir = mkdtempSync(path.join(tmpdir(), 'stride-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const spki = execFileSync('sh', [
    '-c',
    `openssl x509 -in '${cert}' -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`,
  ])
    .toString()
    .trim();
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const server = createSecureServer({ key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true });
  server.on('request', (incoming: Http2ServerRequest, outgoing: Http2ServerResponse) => {
    const headers: Record<string, string | string[] | undefined> = {};
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (!name.startsWith(':')) headers[name] = value;
    }
    headers.host = incoming.authority || incoming.headers.host || upstream.host;
    const sent = request(
      { agent, host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        const answered = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete answered[name];
        outgoing.writeHead(answer.statusCode ?? 502, answered);
        answer.pipe(outgoing);
      },
    );
    sent.on('error', (error) => {
      // Said where the run prints, and in the answer: a 502 is what Lighthouse reports of it.
      process.stderr.write(`tls-proxy: ${incoming.method} ${incoming.url} to ${target}: ${error.message}\n`);
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`The proxy could not reach ${target}: ${error.message}`);
    });
    incoming.pipe(sent);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `https://localhost:${port}`,
    spki,
    address: '127.0.0.1',
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        rmSync(dir, { recursive: true, force: true });
      }),
  };
}
