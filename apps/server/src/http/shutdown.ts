import type { FastifyInstance } from 'fastify';
import type { Readiness } from './readiness.js';

export type ShutdownOutcome = 'drained' | 'cut';

/**
 * A graceful stop (decision 056), as SIGTERM and SIGINT run it: `/readyz` answers 503 at once so a
 * load balancer takes this server out; the listener stops accepting connections; a request
 * already running finishes, while one arriving on a kept-alive connection is answered 503 with
 * `connection: close` (Fastify's own drain); then the timers and jobs stop and the database
 * closes (the app's onClose hooks). Requests still running after `graceMs` lose their connection,
 * and the outcome is `cut`.
 */
export async function shutDownGracefully(
  app: FastifyInstance,
  readiness: Readiness,
  graceMs: number,
): Promise<ShutdownOutcome> {
  readiness.drain();
  let outcome: ShutdownOutcome = 'drained';
  const cut = setTimeout(() => {
    outcome = 'cut';
    app.log.warn({ graceMs }, 'requests still running at the end of the grace period: cutting them off');
    app.server.closeAllConnections();
  }, graceMs);
  cut.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
  return outcome;
}
