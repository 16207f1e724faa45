import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsService, SweepResult } from './payments.service.js';

/**
 * The payments sweep on an unref'd interval (decision 037): started when the app is ready,
 * stopped (and awaited) when it closes. A slow pass is not overlapped by the next one. Tests call
 * `PaymentsService.sweep` directly with their clock instead.
 */
export class PaymentSweepTimer {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  /** The latest pass, for whoever wants to wait for it (shutdown). */
  lastRun: Promise<SweepResult | undefined> | undefined;

  constructor(
    private readonly payments: PaymentsService,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer || !this.payments.provider) return;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  private tick(): void {
    if (this.running) return;
    this.running = true;
    this.lastRun = this.payments.sweep().then(
      (result) => {
        this.running = false;
        if (result.expired + result.credited + result.refunded + result.ordersExpired > 0) {
          this.log.info({ paymentSweep: result }, 'payment sweep');
        }
        return result;
      },
      (error: unknown) => {
        this.running = false;
        this.log.error({ err: error }, 'payment sweep failed');
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
