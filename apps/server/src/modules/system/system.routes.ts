import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pendingMigrations, type Db } from '../../db/database.js';
import { buildOpenApiDocument } from './openapi.js';

export const APP_VERSION = '1.0.0';

export function registerSystemRoutes(
  app: FastifyInstance,
  db: Db,
  /** Object storage's reachability (decision 054): a HEAD on the bucket, or the folders' access. */
  storage?: { check(): Promise<void> },
): void {
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
    // Uploads and packages live in object storage: an instance that cannot reach it takes no traffic.
    if (storage) {
      try {
        await storage.check();
      } catch (error) {
        app.log.warn({ err: (error as { reason?: unknown }).reason ?? error }, 'object storage unreachable');
        return reply.code(503).send({ status: 'unavailable', storage: 'unreachable' });
      }
    }
    return { status: 'ready' };
  });

  let document: Record<string, unknown> | undefined;
  app.get('/api/openapi.json', () => {
    document ??= buildOpenApiDocument(APP_VERSION);
    return document;
  });
}
