import type { FastifyBaseLogger } from 'fastify';
import type { PushService, ReminderSweepResult } from './push.service.js';

/**
 * The daily goal reminder's sweep on an unref'd interval (decision 048), started when the app is
 * ready and stopped (and awaited) when it closes; a slow pass is not overlapped. Tests call
 * `PushService.sweepReminders` with their clock instead.
 */
export class PushReminderTimer {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  lastRun: Promise<ReminderSweepResult | undefined> | undefined;

  constructor(
    private readonly push: PushService,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  private tick(): void {
    if (this.running) return;
    this.running = true;
    this.lastRun = this.push.sweepReminders().then(
      (result) => {
        this.running = false;
        if (result.reminded > 0) this.log.info({ pushReminders: result }, 'goal reminders queued');
        return result;
      },
      (error: unknown) => {
        this.running = false;
        this.log.error({ err: error }, 'goal reminder sweep failed');
        return undefined;
      },
    );
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.lastRun;
  }
}
