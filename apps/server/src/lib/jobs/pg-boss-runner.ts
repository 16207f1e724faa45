import type PgBoss from 'pg-boss';
import { jobOf, runEach, runLogged, type JobDefinition, type JobLog, type JobRunner, type JobStats } from './runner.js';

/** pg-boss keeps its tables in this schema of the app's database (decision 055 "Background jobs in a queue"). */
export const JOBS_SCHEMA = 'pgboss';

export interface PgBossSettings {
  connectionString: string;
  /** How long a stop waits for running jobs. */
  shutdownMs: number;
  /** How often an idle worker asks for a job (pg-boss's minimum is half a second). */
  pollingIntervalSeconds?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * The queue on PostgreSQL: pg-boss, in its own schema of the app's database. Every queue is
 * `stately` (at most one pass waiting and one running across all instances: the `SKIP LOCKED`
 * fetch and pg-boss's unique index see to it), so a timer firing on every instance adds one pass,
 * not one per instance. A failed pass is retried by pg-boss with exponential backoff; a pass
 * still running past its expiry counts as failed. pg-boss creates and migrates its schema itself
 * when it starts, under an advisory lock, so instances starting together do it once.
 */
export class PgBossRunner implements JobRunner {
  readonly kind = 'pg-boss' as const;
  private boss: PgBoss | undefined;
  private readonly timers: NodeJS.Timeout[] = [];
  private stopping = false;
  private readonly last = new Map<string, Promise<unknown>>();

  constructor(
    readonly jobs: ReadonlyMap<string, JobDefinition>,
    private readonly log: JobLog,
    private readonly settings: PgBossSettings,
  ) {}

  async start(): Promise<void> {
    if (this.boss) return;
    // Loaded only here: an instance on SQLite, or one that runs no jobs, never loads it.
    const { default: PgBossQueue } = await import('pg-boss');
    const boss = new PgBossQueue({
      connectionString: this.settings.connectionString,
      schema: JOBS_SCHEMA,
      application_name: 'stride-jobs',
      max: 4,
      // Our timers queue the passes; pg-boss's cron is not used.
      schedule: false,
      supervise: true,
      migrate: true,
    });
    boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
    this.boss = boss;
    await boss.start();
    for (const job of this.jobs.values()) {
      const queue = {
        name: job.name,
        policy: 'stately' as const,
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: job.expireInSeconds,
        retentionDays: 1,
      };
      // Created once (pg-boss ignores a queue that exists); a changed table updates its settings.
      await boss.createQueue(job.name, queue);
      await boss.updateQueue(job.name, queue);
      await boss.work(
        job.name,
        { batchSize: 1, pollingIntervalSeconds: this.settings.pollingIntervalSeconds ?? 2 },
        async () => {
          const pass = runLogged(job, this.log);
          this.last.set(
            job.name,
            pass.catch(() => undefined),
          );
          await pass;
        },
      );
      if (job.everyMs > 0) {
        const timer = setInterval(() => void this.trigger(job.name), job.everyMs);
        timer.unref();
        this.timers.push(timer);
      }
    }
  }

  async trigger(name: string): Promise<void> {
    jobOf(this.jobs, name);
    const boss = this.boss;
    if (!boss || this.stopping) return;
    try {
      // Null when a pass is already waiting: the stately queue keeps one.
      await boss.send(name, {});
    } catch (error) {
      if (!this.stopping) this.log.warn({ err: error, job: name }, 'could not queue a job');
    }
  }

  run<R = unknown>(name: string): Promise<R> {
    return jobOf(this.jobs, name).handler() as Promise<R>;
  }

  runDue(): Promise<Record<string, unknown>> {
    return runEach(this.jobs);
  }

  async drain(timeoutMs = 30_000): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const stats = await this.stats();
      if (stats.every((job) => job.queued + job.active === 0)) return true;
      await sleep(100);
    }
    return false;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    const boss = this.boss;
    if (!boss) return;
    this.boss = undefined;
    // Stops fetching, waits for the passes under way (bounded), then closes its pool.
    await boss.stop({ graceful: true, wait: true, timeout: this.settings.shutdownMs, close: true });
  }

  lastRun(name: string): Promise<unknown> | undefined {
    return this.last.get(name);
  }

  async stats(): Promise<JobStats[]> {
    const boss = this.boss;
    const counts = new Map<string, JobStats>();
    for (const name of this.jobs.keys()) counts.set(name, { name, queued: 0, active: 0, failed: 0, completed: 0 });
    if (!boss) return [...counts.values()];
    const result = await boss
      .getDb()
      .executeSql(
        `SELECT name, state::text AS state, count(*)::int AS count FROM ${JOBS_SCHEMA}.job GROUP BY name, state`,
        [],
      );
    for (const row of result.rows as { name: string; state: string; count: number }[]) {
      const entry = counts.get(row.name);
      if (!entry) continue;
      if (row.state === 'created' || row.state === 'retry') entry.queued += row.count;
      else if (row.state === 'active') entry.active += row.count;
      else if (row.state === 'failed') entry.failed += row.count;
      else if (row.state === 'completed') entry.completed += row.count;
    }
    return [...counts.values()];
  }
}
