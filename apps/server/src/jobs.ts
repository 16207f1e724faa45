import type { FrameConfig } from './config.js';
import { PgBossRunner } from './lib/jobs/pg-boss-runner.js';
import { InProcessRunner, defineJobs, type JobDefinition, type JobLog, type JobRunner } from './lib/jobs/runner.js';
import { CHALLENGES_PASS_JOB } from './modules/challenges/challenges.module.js';
import { FILES_CLEANUP_JOB, FILES_STRAY_OBJECTS_JOB } from './modules/files/files.module.js';
import { OUTBOX_DELIVER_JOB } from './modules/outbox/outbox.module.js';
import { PAYMENTS_SWEEP_JOB } from './modules/payments/payments.module.js';
import { PUSH_REMINDERS_JOB } from './modules/push/push.module.js';
import { RULES_TELL_JOB } from './modules/rules/rules.module.js';
import { STEP_CONNECTIONS_SYNC_JOB } from './modules/step-connections/step-connections.module.js';
import { CASH_BACK_JOB, NOTIFICATIONS_SWEEP_JOB, POINTS_EXPIRY_JOB } from './modules/walking/walking.module.js';

/**
 * Every background job by name (decision 055 "Background jobs in a queue"), for the tests and the ops command line;
 * each is declared, with its schedule and handler, by the module that owns it (its `jobs`).
 */
export const JOB_NAMES = {
  // In the order the modules that declare them are built (modules/index.ts).
  outbox: OUTBOX_DELIVER_JOB,
  cleanup: FILES_CLEANUP_JOB,
  strayObjects: FILES_STRAY_OBJECTS_JOB,
  rules: RULES_TELL_JOB,
  challenges: CHALLENGES_PASS_JOB,
  cashBack: CASH_BACK_JOB,
  notifications: NOTIFICATIONS_SWEEP_JOB,
  pointsExpiry: POINTS_EXPIRY_JOB,
  stepConnections: STEP_CONNECTIONS_SYNC_JOB,
  payments: PAYMENTS_SWEEP_JOB,
  pushReminders: PUSH_REMINDERS_JOB,
} as const;

export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES];

/**
 * The one table of background jobs (decision 055 "Background jobs in a queue"), made of every module's: pg-boss on
 * PostgreSQL, in this process on SQLite (or when `JOBS_QUEUE=in-process`).
 */
export function createJobRunner(definitions: JobDefinition[], config: FrameConfig, log: JobLog): JobRunner {
  const jobs = defineJobs(definitions);
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
