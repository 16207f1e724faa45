/** docs/product/rules.md, Steps and points: the web app reports at most about every 30 s while steps come in. */
export const STEP_SYNC_INTERVAL_MS = 30_000;

export interface StepSyncOptions {
  /** Sends a day's total; answers the count the server stored (never lower than before). */
  readonly report: (total: number) => Promise<number>;
  readonly onChange?: () => void;
  readonly intervalMs?: number;
  readonly now?: () => number;
}

export interface StepSync {
  /** The server's count for today (from home or a report); only ever raises ours. */
  setServerSteps(steps: number): void;
  addSteps(steps: number): void;
  /** Reports now unless a report is in flight or nothing is pending (leaving the page). */
  flush(): Promise<void>;
  /** What the user has walked today as far as we know: the server's count plus ours not yet sent. */
  total(): number;
  pending(): number;
  /** Timed reports run only while started (a mounted page); flush works either way. */
  start(): void;
  stop(): void;
}

/**
 * Steps counted on this device are added to the server's count for today. The total reported is
 * never below the server's count, because pending steps are only ever added to it. A refused
 * report (the server's rate check, or no network) keeps the steps pending for the next attempt:
 * the same total passes once time has moved on.
 */
export function createStepSync(options: StepSyncOptions): StepSync {
  const intervalMs = options.intervalMs ?? STEP_SYNC_INTERVAL_MS;
  const now = options.now ?? Date.now;
  let server = 0;
  let pending = 0;
  let inFlight: Promise<void> | undefined;
  let lastReportAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isStarted = true;

  const changed = () => options.onChange?.();

  function schedule(): void {
    if (!isStarted || timer !== undefined || pending === 0) return;
    const wait = Math.max(0, lastReportAt + intervalMs - now());
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, wait);
  }

  function flush(): Promise<void> {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (inFlight) return inFlight;
    if (pending === 0) return Promise.resolve();
    const sent = pending;
    lastReportAt = now();
    inFlight = options
      .report(server + sent)
      .then(
        (stored) => {
          pending -= sent;
          server = Math.max(server, stored);
          changed();
        },
        () => undefined,
      )
      .finally(() => {
        inFlight = undefined;
        schedule();
      });
    return inFlight;
  }

  return {
    setServerSteps(steps) {
      if (steps <= server) return;
      server = steps;
      changed();
    },
    addSteps(steps) {
      if (steps <= 0) return;
      pending += steps;
      changed();
      schedule();
    },
    flush,
    total: () => server + pending,
    pending: () => pending,
    start() {
      isStarted = true;
      schedule();
    },
    stop() {
      isStarted = false;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
