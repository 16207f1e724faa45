import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { buildOpenApiDocument } from './openapi.js';

export const APP_VERSION = '1.0.0';

export function registerSystemRoutes(app: FastifyInstance, db: Db): void {
  // Not behind the envelope: load balancers read the status code.
  app.get('/healthz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  let document: Record<string, unknown> | undefined;
  app.get('/api/openapi.json', () => {
    document ??= buildOpenApiDocument(APP_VERSION);
    return document;
  });
}
