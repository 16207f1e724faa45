/**
 * Background jobs (decision 055 "Background jobs in a queue"): one definition per job, run by a queue. On PostgreSQL
 * the queue is pg-boss (`pg-boss-runner.ts`), shared by every instance; on SQLite, which one process owns,
 * the same definitions run in this process (`InProcessRunner`). Either way a job's handler is a
 * pass over whatever is due, and each unit of work in it is guarded by the database (a unique key,
 * a compare-and-set or a row lock), so a pass run twice, or on two instances at once, does each
 * unit once.
 */

export interface JobDefinition<R = unknown> {
  /** `<module>.<what>`; the queue's name. */
  name: string;
  /** How often a pass is queued; 0: never on a timer (only when triggered or run by hand). */
  everyMs: number;
  /** Tries after a failed pass, each after `retryDelaySeconds` doubled per try. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A pass still running after this long counts as failed (and is retried). */
  expireInSeconds: number;
  handler: () => Promise<R>;
  /** What of a result is worth a log line (nothing when the pass found nothing to do). */
  summary?: (result: R) => Record<string, number> | undefined;
}

/** A job of any result, for the one table a runner takes (each module's `jobs` answers these). */
export const job = <R>(definition: JobDefinition<R>) => definition as JobDefinition;

/** A pass's counts for its log line, or nothing when they are all 0 (nothing was due). */
export const nonZero = (values: Record<string, number>) =>
  Object.values(values).some((value) => value > 0) ? values : undefined;

/** Per job: passes waiting, running and failed (failures since start in process; kept ones in pg-boss). */
export interface JobStats {
  name: string;
  queued: number;
  active: number;
  failed: number;
  completed: number;
}

export interface JobLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobRunner {
  readonly kind: 'pg-boss' | 'in-process';
  /** The definitions, by name. */
  readonly jobs: ReadonlyMap<string, JobDefinition>;
  /** Starts the timers and the worker; a runner never started runs only what is called by hand. */
  start(): Promise<void>;
  /**
   * Queues a pass soon (a no-op before start and after stop); resolves once it is queued, never
   * rejects. Passes of one job never overlap, and at most one more waits.
   */
  trigger(name: string): Promise<void>;
  /** Runs one pass of the job here and now, outside the queue, and answers its result. */
  run<R = unknown>(name: string): Promise<R>;
  /** Runs one pass of every job, in the table's order, here and now (tests with their clock). */
  runDue(): Promise<Record<string, unknown>>;
  /** Waits until nothing is queued or running (bounded); whether it got there. */
  drain(timeoutMs?: number): Promise<boolean>;
  /** Stops taking jobs and waits (at most the shutdown bound) for the running ones. */
  stop(): Promise<void>;
  stats(): Promise<JobStats[]>;
  /** The latest pass this process ran for the queue (not by `run`), for whoever waits for it. */
  lastRun(name: string): Promise<unknown> | undefined;
}

export function defineJobs(definitions: JobDefinition[]): Map<string, JobDefinition> {
  const jobs = new Map<string, JobDefinition>();
  for (const definition of definitions) {
    if (jobs.has(definition.name)) throw new Error(`job ${definition.name} is defined twice`);
    jobs.set(definition.name, definition);
  }
  return jobs;
}

export function jobOf(jobs: ReadonlyMap<string, JobDefinition>, name: string): JobDefinition {
  const job = jobs.get(name);
  if (!job) throw new Error(`no job named ${name}`);
  return job;
}

/** Runs one pass and logs what it did; rethrows so the queue can retry. */
export async function runLogged(job: JobDefinition, log: JobLog): Promise<unknown> {
  try {
    const result = await job.handler();
    const summary = job.summary?.(result);
    if (summary) log.info({ job: job.name, ...summary }, `job ${job.name}`);
    return result;
  } catch (error) {
    log.error({ err: error, job: job.name }, `job ${job.name} failed`);
    throw error;
  }
}

export async function runEach(jobs: ReadonlyMap<string, JobDefinition>): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {};
  for (const job of jobs.values()) {
    results[job.name] = await job.handler();
  }
  return results;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

interface JobState {
  running: Promise<void> | undefined;
  /** Another pass was asked for while one ran. */
  again: boolean;
  retries: number;
  retryTimer: NodeJS.Timeout | undefined;
  failed: number;
  completed: number;
  last: Promise<unknown> | undefined;
}

/**
 * The queue in this process, for SQLite: a timer per scheduled job, one pass of a job at a time
 * (one more queued if asked while it runs), a failed pass retried with exponential backoff up to
 * its limit, and a stop that waits (bounded) for the passes under way.
 */
export class InProcessRunner implements JobRunner {
  readonly kind = 'in-process' as const;
  private readonly states = new Map<string, JobState>();
  private readonly timers: NodeJS.Timeout[] = [];
  private started = false;

  constructor(
    readonly jobs: ReadonlyMap<string, JobDefinition>,
    private readonly log: JobLog,
    private readonly shutdownMs: number,
  ) {
    for (const name of jobs.keys()) {
      this.states.set(name, {
        running: undefined,
        again: false,
        retries: 0,
        retryTimer: undefined,
        failed: 0,
        completed: 0,
        last: undefined,
      });
    }
  }

  start(): Promise<void> {
    if (this.started) return Promise.resolve();
    this.started = true;
    for (const job of this.jobs.values()) {
      if (job.everyMs <= 0) continue;
      const timer = setInterval(() => void this.trigger(job.name), job.everyMs);
      timer.unref();
      this.timers.push(timer);
    }
    return Promise.resolve();
  }

  trigger(name: string): Promise<void> {
    const job = jobOf(this.jobs, name);
    if (!this.started) return Promise.resolve();
    const state = this.stateOf(name);
    if (state.running) {
      state.again = true;
      return Promise.resolve();
    }
    const pass = runLogged(job, this.log);
    state.last = pass.catch(() => undefined);
    state.running = pass.then(
      () => {
        state.completed += 1;
        state.retries = 0;
      },
      () => {
        state.failed += 1;
        if (state.retries < job.retryLimit && this.started) {
          const delay = job.retryDelaySeconds * 1000 * 2 ** state.retries;
          state.retries += 1;
          state.retryTimer = setTimeout(() => {
            state.retryTimer = undefined;
            void this.trigger(name);
          }, delay);
          state.retryTimer.unref();
        } else {
          state.retries = 0;
        }
      },
    );
    void state.running.finally(() => {
      state.running = undefined;
      if (state.again) {
        state.again = false;
        setImmediate(() => void this.trigger(name));
      }
    });
    return Promise.resolve();
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
      const busy = [...this.states.values()].filter((state) => state.running !== undefined || state.again);
      if (busy.length === 0) return true;
      await Promise.race([Promise.all(busy.map((state) => state.running ?? Promise.resolve())), sleep(50)]);
    }
    return false;
  }

  async stop(): Promise<void> {
    this.started = false;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    for (const state of this.states.values()) {
      if (state.retryTimer) clearTimeout(state.retryTimer);
      state.retryTimer = undefined;
      state.again = false;
    }
    const running = [...this.states.values()].flatMap((state) => (state.running ? [state.running] : []));
    if (running.length === 0) return;
    const finished = await Promise.race([
      Promise.allSettled(running).then(() => true),
      sleep(this.shutdownMs).then(() => false),
    ]);
    if (!finished) this.log.warn({ jobs: running.length }, 'jobs still running at shutdown');
  }

  stats(): Promise<JobStats[]> {
    return Promise.resolve(
      [...this.jobs.keys()].map((name) => {
        const state = this.stateOf(name);
        return {
          name,
          queued: (state.again ? 1 : 0) + (state.retryTimer ? 1 : 0),
          active: state.running ? 1 : 0,
          failed: state.failed,
          completed: state.completed,
        };
      }),
    );
  }

  lastRun(name: string): Promise<unknown> | undefined {
    return this.stateOf(name).last;
  }

  private stateOf(name: string): JobState {
    const state = this.states.get(name);
    if (!state) throw new Error(`no job named ${name}`);
    return state;
  }
}
