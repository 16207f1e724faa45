import type { FastifyInstance } from 'fastify';
import type { FrameConfig } from '../config.js';

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * Where users reach this server, for links handed to clients (invite, pay, download): `PUBLIC_URL`
 * (required in production), else in demo mode HOST and the port listened on. Never the request's
 * Host header, which the caller chooses.
 */
export function publicOrigin(config: FrameConfig, app: FastifyInstance): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = WILDCARD_HOSTS.has(config.host) ? 'localhost' : config.host;
  const shown = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/**
 * Whether a browser's `Origin` is this server's own (the address the request came to) or one of
 * the configured origins (`PUBLIC_URL`): a console call from any other page is refused.
 */
export function sameOrigin(
  request: { protocol: string; host: string },
  origin: string,
  allowed: readonly string[],
): boolean {
  const own = `${request.protocol}://${request.host}`;
  return origin === own || allowed.includes(origin);
}
