/**
 * Whether this server should be sent traffic (`/readyz`, decision 056 "Metrics, liveness apart from readiness, draining
 * on shutdown"): not while it drains for a shutdown, and only while every check passes. The database check is built in
 * (modules/system); other parts of the server add theirs with `addCheck` (object storage, for
 * one) before the app is ready.
 */
export type ReadinessCheck = () => Promise<void>;

export interface ReadinessReport {
  ready: boolean;
  /** Each failed check by name, with what went wrong in a word or two (never a secret). */
  failed: Record<string, string>;
  draining: boolean;
}

export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();
  private drainingSince: number | undefined;

  /** `check` throws (or rejects) when what it checks is not usable; its message is reported. */
  addCheck(name: string, check: ReadinessCheck): void {
    if (this.checks.has(name)) throw new Error(`Readiness check ${name} is already registered`);
    this.checks.set(name, check);
  }

  /** From now on `/readyz` answers 503, so a load balancer stops sending new requests here. */
  drain(now = Date.now()): void {
    this.drainingSince ??= now;
  }

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  /** Runs every check at once; a draining server is not ready whatever they say. */
  async report(): Promise<ReadinessReport> {
    const failed: Record<string, string> = {};
    if (!this.draining) {
      await Promise.all(
        [...this.checks].map(async ([name, check]) => {
          try {
            await check();
          } catch (error) {
            failed[name] = error instanceof Error ? error.message : String(error);
          }
        }),
      );
    }
    return { ready: !this.draining && Object.keys(failed).length === 0, failed, draining: this.draining };
  }
}
