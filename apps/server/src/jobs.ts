import { runCleanup, type CleanupResult, type CleanupServices } from './cleanup.js';
import type { Config } from './config.js';
import { PgBossRunner } from './lib/jobs/pg-boss-runner.js';
import { InProcessRunner, defineJobs, type JobDefinition, type JobLog, type JobRunner } from './lib/jobs/runner.js';
import { DAY_MS, MINUTE_MS } from './lib/clock.js';
import type { NotificationSweep } from './modules/notifications/notifications.sweep.js';
import type { OutboxDeliverer } from './modules/outbox/outbox.deliverer.js';
import type { PaymentsService } from './modules/payments/payments.service.js';
import type { PushService } from './modules/push/push.service.js';
import type { StepConnectionsService } from './modules/step-connections/step-connections.service.js';
import type { WalkingService } from './modules/walking/walking.service.js';

/** The services whose methods the jobs are. */
export interface JobServices extends CleanupServices {
  deliverer: OutboxDeliverer;
  payments: PaymentsService;
  walking: WalkingService;
  notificationSweep: NotificationSweep;
  push: PushService;
  stepConnections: StepConnectionsService;
}

/** Every background job by name (decision 055). */
export const JOB_NAMES = {
  outbox: 'outbox.deliver',
  payments: 'payments.sweep',
  cashBack: 'cards.cash-back',
  notifications: 'notifications.sweep',
  pushReminders: 'push.reminders',
  cleanup: 'files.cleanup',
  strayObjects: 'files.stray-objects',
  stepConnections: 'steps.connections-sync',
} as const;

export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES];

const nonZero = (values: Record<string, number>) =>
  Object.values(values).some((value) => value > 0) ? values : undefined;

/**
 * The one table of background jobs (decision 055): name, schedule (an interval from the
 * configuration; 0 = only when triggered or run by hand), retries, the longest a pass may run,
 * and the handler, which is the owning module's service method. Every handler is a pass over what
 * is due now; each unit in it is done once through the database's keys and compare-and-sets.
 */
export function jobDefinitions(services: JobServices, config: Config): JobDefinition[] {
  const job = <R>(definition: JobDefinition<R>) => definition as JobDefinition;
  return [
    // SMS and pushes (decisions 034, 048): each message claimed with a lease, retried with its
    // own backoff; also triggered as soon as a message is queued.
    job({
      name: JOB_NAMES.outbox,
      everyMs: config.sms.delivery.pollMs,
      retryLimit: 3,
      retryDelaySeconds: 5,
      expireInSeconds: 15 * 60,
      handler: () => services.deliverer.deliverDue(),
      summary: (result) => nonZero({ ...result }),
    }),
    // Late payments queried, trades closed at expiry, due refunds, unpaid orders expired (decision 037).
    job({
      name: JOB_NAMES.payments,
      everyMs: services.payments.provider ? config.payments.sweepIntervalSeconds * 1000 : 0,
      retryLimit: 3,
      retryDelaySeconds: 10,
      expireInSeconds: 15 * 60,
      handler: () => services.payments.sweep(),
      summary: (result) => nonZero({ ...result }),
    }),
    // The daily cash back for cards whose owners did not report or collect after it was due.
    job({
      name: JOB_NAMES.cashBack,
      everyMs: config.jobs.cashBackIntervalMs,
      retryLimit: 5,
      retryDelaySeconds: 60,
      expireInSeconds: 60 * 60,
      handler: () => services.walking.settleCashBack(),
      summary: (result) => nonZero({ users: result.users, credited: result.credited }),
    }),
    // Cards ending in 3 days, points waiting to be collected (decision 044).
    job({
      name: JOB_NAMES.notifications,
      everyMs: config.notifications.sweepIntervalSeconds * 1000,
      retryLimit: 3,
      retryDelaySeconds: 30,
      expireInSeconds: 30 * 60,
      handler: () => services.notificationSweep.run(),
      summary: (result) => nonZero({ ...result }),
    }),
    // The daily goal reminder (decision 048).
    job({
      name: JOB_NAMES.pushReminders,
      everyMs: config.webPush.reminderSweepMs,
      retryLimit: 3,
      retryDelaySeconds: 10,
      expireInSeconds: 15 * 60,
      handler: () => services.push.sweepReminders(),
      summary: (result) => nonZero({ ...result }),
    }),
    // Unreferenced uploads, expired captchas, old rate counters, ended SMS codes (cleanup.ts).
    job({
      name: JOB_NAMES.cleanup,
      everyMs: config.cleanupIntervalMinutes * MINUTE_MS,
      retryLimit: 2,
      retryDelaySeconds: 60,
      expireInSeconds: 60 * 60,
      handler: (): Promise<CleanupResult> => runCleanup(services),
      summary: (result) => nonZero({ ...result }),
    }),
    // Stored bytes no row names, past the upload grace period (decision 054): once a day, as the
    // cleanup is on; a pass lists the whole uploads area of the store.
    job({
      name: JOB_NAMES.strayObjects,
      everyMs: config.cleanupIntervalMinutes > 0 ? DAY_MS : 0,
      retryLimit: 2,
      retryDelaySeconds: 300,
      expireInSeconds: 6 * 60 * 60,
      handler: () => services.files.removeStrayObjects(),
      summary: (result) => nonZero({ ...result }),
    }),
    // Connected wearable accounts (decision 086): due connections claimed with a lease and synced
    // a few at a time; also triggered by a new connection and a Fitbit notification. Off when no
    // provider is configured.
    job({
      name: JOB_NAMES.stepConnections,
      everyMs: services.stepConnections.providers.size > 0 ? config.stepConnections.pollSeconds * 1000 : 0,
      retryLimit: 2,
      retryDelaySeconds: 30,
      expireInSeconds: 30 * 60,
      handler: () => services.stepConnections.syncDue(),
      summary: (result) => nonZero({ ...result }),
    }),
  ];
}

/** pg-boss on PostgreSQL, in this process on SQLite (or when `JOBS_QUEUE=in-process`). */
export function createJobRunner(services: JobServices, config: Config, log: JobLog): JobRunner {
  const jobs = defineJobs(jobDefinitions(services, config));
  const { database } = config;
  const usePgBoss =
    config.jobs.queue === 'pg-boss' || (config.jobs.queue === 'auto' && database.dialect === 'postgres');
  if (usePgBoss) {
    if (database.dialect !== 'postgres') throw new Error('pg-boss needs PostgreSQL');
    return new PgBossRunner(jobs, log, {
      connectionString: database.url,
      shutdownMs: config.jobs.shutdownMs,
      pollingIntervalSeconds: config.jobs.pollSeconds,
    });
  }
  return new InProcessRunner(jobs, log, config.jobs.shutdownMs);
}
