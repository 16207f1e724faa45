import { randomUUID } from 'node:crypto';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import { ENDPOINTS, type Language } from '@stride/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { createDatabase, migrateToLatest, type Db } from './db/database.js';
import { EndpointRegistrar } from './http/endpoints.js';
import { answerFrameworkError, MAX_PARAM_LENGTH, registerErrorHandlers } from './http/error-handler.js';
import { registerJsonBodies } from './http/json-body.js';
import { Readiness } from './http/readiness.js';
import { registerRequestHooks } from './http/request-hooks.js';
import { registerStaticApps } from './http/static-apps.js';
import type { Translate } from './locales/index.js';
import { createJobRunner } from './jobs.js';
import type { JobRunner } from './lib/jobs/runner.js';
import { registerMetricsRoutes } from './modules/metrics/metrics.routes.js';
import { MetricsService } from './modules/metrics/metrics.service.js';
import {
  buildServices,
  moduleJobs,
  registerModules,
  startModules,
  type BuildOptions,
  type Config,
  type Services,
} from './modules/index.js';
import { registerSystemRoutes } from './modules/system/system.routes.js';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    t: Translate;
  }
  interface FastifyInstance {
    services: Services;
    endpoints: EndpointRegistrar;
    /**
     * `/readyz`'s state: checks other parts add, and the drain on shutdown (decision 056 "Metrics, liveness apart from
     * readiness, draining on shutdown").
     */
    readiness: Readiness;
    /** The Prometheus metrics when METRICS_TOKEN or METRICS_PORT is set; `registerQueueMetrics` adds a job queue. */
    metrics: MetricsService | null;
    /**
     * Background jobs (decision 055 "Background jobs in a queue"): started when the app is ready unless
     * `JOBS_WORKER=false`.
     */
    jobs: JobRunner;
  }
}

export interface AppOptions extends BuildOptions {
  config: Config;
  /** An already migrated database (tests share one per file). */
  db?: Db;
  /** Check every success answer against the contract (tests). */
  validateResponses?: boolean;
  /** Log lines go here instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole app in a fixed order: infrastructure, services, routes. */
export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            // Provider tokens and PKCE verifiers never reach a log line, whatever logs them (decision 086 "Connected
            // wearable accounts").
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              '*.accessToken',
              '*.refreshToken',
              '*.access_token',
              '*.refresh_token',
              '*.codeVerifier',
              '*.code_verifier',
            ],
            serializers: {
              // Query strings can carry phone numbers and codes: log the path only.
              req: (req: { method: string; url: string; id: string }) => ({
                id: req.id,
                method: req.method,
                path: req.url.split('?')[0],
              }),
            },
          },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // The router's own refusals (bad percent-encoding, an overlong path parameter) come here
    // without any hook having run: answer them as the envelope any other bad input gets.
    frameworkErrors: (error, request, reply) => {
      answerFrameworkError(error, request, reply);
    },
  });

  const db =
    options.db ??
    createDatabase(config.database, {
      onConnectionError: (error) => app.log.warn({ err: error }, 'database connection lost; the pool replaces it'),
    });
  if (!options.db) {
    await migrateToLatest(db);
    app.addHook('onClose', () => db.destroy());
  }
  const services = buildServices(config, db, { ...options, log: app.log });
  if (!options.storage) app.addHook('onClose', () => services.storage.close());
  app.decorate('services', services);
  // Background jobs (decision 055 "Background jobs in a queue"): one table made of every module's jobs. The worker
  // starts when the app is ready; a close stops it taking jobs and waits (bounded) for the running ones.
  const jobs = createJobRunner(moduleJobs(services), config, app.log);
  app.decorate('jobs', jobs);
  await startModules(services, { log: app.log, jobs });
  if (config.jobs.worker) {
    app.addHook('onReady', () => jobs.start());
  }
  app.addHook('onClose', () => jobs.stop());

  await registerRequestHooks(app, config);
  registerJsonBodies(app);

  if (config.corsOrigins.length > 0) {
    // Only for a web app served from another origin that lists this server as a backup host.
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'platform', 'accept-language'],
      exposedHeaders: ['x-request-id'],
      maxAge: 600,
    });
  }

  // Uploads: one file within UPLOAD_MAX_BYTES and a few short fields; read in the route.
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.uploads.maxBytes, files: 1, fields: 4, fieldSize: 256, parts: 5 },
  });

  registerErrorHandlers(app, config);

  const endpoints = new EndpointRegistrar(
    app,
    (token) => services.sessions.authenticate(token),
    options.validateResponses ?? false,
    (token) => services.operators.authenticate(token),
    config.publicUrl ? [new URL(config.publicUrl).origin] : [],
    (token) => services.stepSources.authenticate(token),
  );
  app.decorate('endpoints', endpoints);

  // Readiness and metrics (decision 056 "Metrics, liveness apart from readiness, draining on shutdown"): /readyz's
  // checks and drain; /metrics when configured, whose hooks count every request below.
  const readiness = new Readiness();
  app.decorate('readiness', readiness);
  // While draining, an answer to a request that was already running closes its connection, so the
  // client does not send the next one here (new requests are refused by Fastify's own drain).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (readiness.draining) void reply.header('connection', 'close');
    done(null, payload);
  });
  const metrics = config.metrics.enabled
    ? new MetricsService(db, config.database.dialect, services.ledger, services.outbox)
    : null;
  app.decorate('metrics', metrics);
  if (metrics) {
    // The job queue's depth and failures (decision 055 "Background jobs in a queue"), read at every scrape.
    metrics.registerQueueMetrics(async () =>
      (await jobs.stats()).map(({ name, queued, active, failed }) => ({ name, waiting: queued, active, failed })),
    );
    // Connected wearable accounts (decision 086 "Connected wearable accounts"): connections and lag at each scrape,
    // syncs as they end.
    metrics.registerStepConnectionMetrics(() => services.admin.stepConnections.health());
    // The economy's weeks of cover (docs/console/economy.md), kept for a minute between scrapes.
    metrics.registerEconomyMetrics(() => services.economy.keptCover());
    services.stepConnections.onSyncResult = (provider, result) => metrics.countStepSync(provider, result);
    registerMetricsRoutes(app, metrics, config.metrics);
    app.addHook('onClose', () => metrics.close());
  }
  // Uploads and packages live in object storage (decision 054 "Object storage"): a server that cannot reach it
  // takes no traffic. The cause goes to the log only.
  readiness.addCheck('storage', async () => {
    try {
      await services.storage.check();
    } catch (error) {
      app.log.warn({ err: (error as { reason?: unknown }).reason ?? error }, 'object storage unreachable');
      throw new Error('unreachable');
    }
  });
  registerSystemRoutes(app, db, readiness);
  registerModules(app, endpoints, services);
  for (const endpoint of ENDPOINTS) {
    if (!endpoints.implemented.has(endpoint.id)) endpoints.notAvailable(endpoint);
  }

  await registerStaticApps(app, config);

  return app;
}
