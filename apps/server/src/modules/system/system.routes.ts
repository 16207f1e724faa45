import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pendingMigrations, type Db } from '../../db/database.js';
import type { Readiness } from '../../http/readiness.js';
import { buildOpenApiDocument } from './openapi.js';

export const APP_VERSION = '1.0.0';

export function registerSystemRoutes(app: FastifyInstance, db: Db, readiness: Readiness): void {
  // Liveness (decision 056 "Metrics, liveness apart from readiness, draining on shutdown"): the process runs and
  // answers. Not the database: an orchestrator that restarts servers whose database is unreachable restarts them all
  // and fixes nothing. Not behind the envelope: load balancers read the status code.
  app.get('/healthz', { helmet: false }, () => ({ status: 'ok' }));

  // Readiness, for a load balancer or orchestrator deciding whether to send traffic here: not
  // shutting down, the database answers and has every migration this build expects, and every
  // check another part added (`readiness.addCheck`, e.g. object storage) passes.
  app.get('/readyz', { helmet: false }, async (_request, reply) => {
    if (readiness.draining) return reply.code(503).send({ status: 'unavailable', draining: true });
    try {
      await sql`select 1`.execute(db);
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
    }
    // No migration table at all is a database nothing has been migrated into yet.
    const pending = await pendingMigrations(db).catch(() => ['all']);
    if (pending.length > 0) return reply.code(503).send({ status: 'unavailable', migrations: 'pending' });
    const report = await readiness.report();
    if (!report.ready) {
      return reply.code(503).send({ status: 'unavailable', ...(report.draining ? { draining: true } : report.failed) });
    }
    return { status: 'ready' };
  });

  let document: Record<string, unknown> | undefined;
  app.get('/api/openapi.json', () => {
    document ??= buildOpenApiDocument(APP_VERSION);
    return document;
  });
}
