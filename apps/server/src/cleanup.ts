import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { DAY_MS, MINUTE_MS } from './lib/clock.js';
import type { CaptchaService } from './modules/captcha/captcha.service.js';
import type { FilesService } from './modules/files/files.service.js';
import type { RateLimitService } from './modules/rate-limit/rate-limit.service.js';
import type { SmsCodesService } from './modules/sms-codes/sms-codes.service.js';

/** The services a cleanup run touches. */
export interface CleanupServices {
  files: FilesService;
  captcha: CaptchaService;
  limits: RateLimitService;
  smsCodes: SmsCodesService;
  config: Config;
}

export interface CleanupResult {
  /** Unused uploads removed (rows and bytes). */
  files: number;
  bytes: number;
  captchas: number;
  counters: number;
  /** SMS codes that ended more than a day ago. */
  codes: number;
}

/** Rate counters are kept at least a day, and at least as long as the longest window. */
function counterRetentionMs(config: Config): number {
  const windows = [
    config.login.failureWindowMinutes,
    config.register.windowMinutes,
    config.captcha.windowMinutes,
    config.uploads.windowMinutes,
  ];
  return Math.max(DAY_MS, ...windows.map((minutes) => minutes * MINUTE_MS));
}

/**
 * What would otherwise only grow: uploads nothing refers to (after `UPLOAD_UNUSED_GRACE_HOURS`),
 * expired captchas, finished rate-limit windows and ended SMS codes. The server runs it every
 * `CLEANUP_INTERVAL_MINUTES`; `npm run ops -- files cleanup` runs it by hand.
 */
export async function runCleanup(services: CleanupServices): Promise<CleanupResult> {
  const { files, bytes } = await services.files.cleanupUnreferenced();
  const captchas = await services.captcha.prune();
  const counters = await services.limits.prune(counterRetentionMs(services.config));
  const codes = await services.smsCodes.prune();
  return { files, bytes, captchas, counters, codes };
}

/** An unref'd interval: started when the app is ready, stopped (and awaited) when it closes. */
export class CleanupTimer {
  private timer: NodeJS.Timeout | undefined;
  /** The latest run, for whoever wants to wait for it (tests, shutdown). */
  lastRun: Promise<CleanupResult | undefined> | undefined;

  constructor(
    private readonly services: CleanupServices,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  private tick(): void {
    // A slow run is not overlapped by the next one.
    if (this.running) return;
    this.running = true;
    this.lastRun = runCleanup(this.services).then(
      (result) => {
        this.running = false;
        if (result.files + result.captchas + result.counters + result.codes > 0)
          this.log.info({ cleanup: result }, 'cleanup');
        return result;
      },
      (error: unknown) => {
        this.running = false;
        this.log.error({ err: error }, 'cleanup failed');
        return undefined;
      },
    );
  }

  private running = false;

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.lastRun;
  }
}
