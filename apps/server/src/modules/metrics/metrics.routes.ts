import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { FrameConfig } from '../../config.js';
import { UNMATCHED_ROUTE, type MetricsService } from './metrics.service.js';

declare module 'fastify' {
  interface FastifyReply {
    /** The envelope's `code` when the answer is one (read by the metrics). */
    envelopeCode: number | undefined;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries the token, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

const NO_STORE = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

/**
 * `/metrics` in Prometheus's text format (decision 056 "Metrics, liveness apart from readiness, draining on shutdown",
 * docs/operations.md). Off unless configured: with `METRICS_PORT` it is served only on its own listener
 * (`METRICS_HOST`, loopback by default) and never on the public port; otherwise with `METRICS_TOKEN` on the public port
 * to a bearer of that token. With both, the own listener asks for the token too. Every request of the app is
 * counted by its route's pattern (never the address, which carries ids), its status and the
 * `code` of its envelope.
 */
export function registerMetricsRoutes(
  app: FastifyInstance,
  metrics: MetricsService,
  settings: FrameConfig['metrics'],
): void {
  app.decorateReply('envelopeCode', undefined);
  // Every envelope passes here as an object, before it is serialised (success, AppError, not found).
  // Every envelope passes here as an object, before it is serialised (success, AppError, not
  // found). Callback hooks: no promise per request.
  app.addHook('preSerialization', (_request, reply, payload, done) => {
    if (payload !== null && typeof payload === 'object' && 'code' in payload && typeof payload.code === 'number') {
      reply.envelopeCode = payload.code;
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.envelopeCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  const { token, port, host } = settings;
  if (port === undefined) {
    app.get('/metrics', { helmet: false }, async (request, reply) => {
      void reply.headers(NO_STORE);
      if (!bearerMatches(request.headers.authorization, token!)) {
        return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('metrics token required\n');
      }
      const { contentType, body } = await metrics.render();
      return reply.type(contentType).send(body);
    });
    return;
  }

  let server: Server | undefined;
  // Bound when the app is ready, so that a port already taken stops the start.
  app.addHook('onReady', async () => {
    server = createServer((request, response) => void answerScrape(metrics, token, request, response));
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen({ host, port }, () => resolve());
    });
    const bound = server.address();
    app.log.info({ host, port: typeof bound === 'object' && bound ? bound.port : port }, 'metrics listening');
  });
  app.addHook('onClose', async () => {
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
  });
  app.decorate('metricsAddress', () => {
    const bound = server?.address();
    return typeof bound === 'object' && bound ? { host: bound.address, port: bound.port } : undefined;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the metrics listener is bound once the app is ready (only with METRICS_PORT). */
    metricsAddress?: () => { host: string; port: number } | undefined;
  }
}

/** The metrics listener: `GET /metrics` and nothing else. */
async function answerScrape(
  metrics: MetricsService,
  token: string | undefined,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const path = (request.url ?? '').split('?')[0];
  if (request.method !== 'GET' || path !== '/metrics') {
    response.writeHead(404, { ...NO_STORE, 'content-type': 'text/plain' }).end('not found\n');
    return;
  }
  if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
    response
      .writeHead(401, { ...NO_STORE, 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
      .end('metrics token required\n');
    return;
  }
  try {
    const { contentType, body } = await metrics.render();
    response.writeHead(200, { ...NO_STORE, 'content-type': contentType }).end(body);
  } catch {
    response.writeHead(500, { ...NO_STORE, 'content-type': 'text/plain' }).end('metrics unavailable\n');
  }
}
