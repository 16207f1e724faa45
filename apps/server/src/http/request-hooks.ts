import fastifyHelmet from '@fastify/helmet';
import { CODES } from '@stride/contract';
import type { FastifyInstance } from 'fastify';
import type { FrameConfig } from '../config.js';
import { negotiateLanguage, translator } from '../locales/index.js';
import { API_HEADERS, CONSOLE_HEADERS, readApiBackups, webAppHelmet } from './security-headers.js';
import { refuseControlCharacters } from './validation.js';

/** The health probes answer data, like the API, and get its headers. */
const isProbe = (url: string) => url === '/healthz' || url === '/readyz';

/**
 * What every request gets before its route: its language and translator, its request id in the
 * answer, the security headers of what it asks for (decision 016 "Malformed requests and security headers"), and the
 * refusals that need no route (a trailing slash on an API address, a control character anywhere in the address).
 */
export async function registerRequestHooks(app: FastifyInstance, config: Pick<FrameConfig, 'webDist'>): Promise<void> {
  app.decorateRequest('language', 'en');
  app.decorateRequest('t', translator('en'));
  app.addHook('onRequest', async (request, reply) => {
    request.language = negotiateLanguage(request.headers['accept-language']);
    request.t = translator(request.language);
    reply.header('x-request-id', request.id);
  });

  // Security headers on every answer (decision 016 "Malformed requests and security headers"): the web app's policy by
  // default; API answers are data, never a page, so they get the strictest policy and are never stored.
  await app.register(fastifyHelmet, webAppHelmet(readApiBackups(config.webDist)));
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/') || isProbe(request.url)) reply.headers(API_HEADERS);
    else if (request.url === '/console' || request.url.startsWith('/console/')) reply.headers(CONSOLE_HEADERS);
    // The router ignores a trailing slash for the console's and the web app's pages; the API's
    // addresses are exactly the contract's (decision 016 "Malformed requests and security headers").
    const pathName = request.url.split('?')[0] ?? '';
    if (pathName.startsWith('/api/') && pathName.endsWith('/')) {
      return reply
        .code(404)
        .send({ code: CODES.NOT_FOUND, message: request.t('routeNotFound', { path: pathName }), data: null });
    }
    // No address carries a control character; a NUL must never reach the database.
    refuseControlCharacters(request.params, request.t);
    refuseControlCharacters(request.query, request.t);
  });
}
