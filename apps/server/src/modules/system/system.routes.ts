import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pendingMigrations, type Db } from '../../db/database.js';
import { buildOpenApiDocument } from './openapi.js';

export const APP_VERSION = '1.0.0';

export function registerSystemRoutes(app: FastifyInstance, db: Db): void {
  // Not behind the envelope: load balancers read the status code.
  app.get('/healthz', { helmet: false }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  // Readiness, for a load balancer or orchestrator deciding whether to send traffic here: the
  // database answers and has every migration this build expects. Liveness stays /healthz.
  app.get('/readyz', { helmet: false }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
    }
    // No migration table at all is a database nothing has been migrated into yet.
    const pending = await pendingMigrations(db).catch(() => ['all']);
    if (pending.length > 0) return reply.code(503).send({ status: 'unavailable', migrations: 'pending' });
    return { status: 'ready' };
  });

  let document: Record<string, unknown> | undefined;
  app.get('/api/openapi.json', () => {
    document ??= buildOpenApiDocument(APP_VERSION);
    return document;
  });
}
