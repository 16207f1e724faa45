import type { FastifyInstance } from 'fastify';
import type { Readiness } from './readiness.js';

export type ShutdownOutcome = 'drained' | 'cut';

/**
 * A graceful stop (decision 056 "Metrics, liveness apart from readiness, draining on shutdown"), as SIGTERM and SIGINT
 * run it: `/readyz` answers 503 at once so a load balancer takes this server out; the listener stops accepting
 * connections; a request already running finishes and closes its connection (`connection: close`), while one arriving
 * on a kept-alive connection is answered 503 and closes it too (Fastify's own drain); then the timers and jobs stop and
 * the database closes (the app's onClose hooks). Requests still running after `graceMs` lose their connection,
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
  // A connection whose last answer went out before the drain began idles until its keep-alive
  // timeout: close idle ones as they appear, or the listener would wait for them to the end.
  const reap = setInterval(() => app.server.closeIdleConnections(), 100);
  reap.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
    clearInterval(reap);
  }
  return outcome;
}
