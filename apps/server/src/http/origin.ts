import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** Where users reach this server: `PUBLIC_URL` when set, else the request's own origin. */
export function publicOrigin(config: Config, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}
