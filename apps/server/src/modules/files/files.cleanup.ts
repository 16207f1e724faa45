import { DAY_MS, MINUTE_MS } from '../../lib/clock.js';
import type { AccountsSettings } from '../accounts/accounts.settings.js';
import type { CaptchaService } from '../captcha/captcha.service.js';
import type { CaptchaSettings } from '../captcha/captcha.settings.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { SmsCodesService } from '../sms-codes/sms-codes.service.js';
import type { StepConnectionsService } from '../step-connections/step-connections.service.js';
import type { FilesService } from './files.service.js';
import type { FilesSettings } from './files.settings.js';

/** The windows the rate counters are kept for. */
type CleanupConfig = Pick<AccountsSettings, 'login' | 'register'> & CaptchaSettings & Pick<FilesSettings, 'uploads'>;

/** The services a cleanup run touches. */
export interface CleanupServices {
  files: FilesService;
  captcha: CaptchaService;
  limits: RateLimitService;
  smsCodes: SmsCodesService;
  /**
   * Its sync log keeps a week (decision 086 "Connected wearable accounts"); absent where a caller has no connections
   * (the ops command line's own cleanup).
   */
  stepConnections?: StepConnectionsService;
  config: CleanupConfig;
}

export interface CleanupResult {
  /** Unused uploads removed (rows and bytes). */
  files: number;
  bytes: number;
  captchas: number;
  counters: number;
  /** SMS codes that ended more than a day ago. */
  codes: number;
  /** Connected accounts' sync log rows older than a week. */
  syncLog: number;
}

/** Rate counters are kept at least a day, and at least as long as the longest window. */
function counterRetentionMs(config: CleanupConfig): number {
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
 * expired captchas, finished rate-limit windows, ended SMS codes and connected accounts' sync log
 * rows older than a week (decision 086 "Connected wearable accounts"). The `files.cleanup` job runs it
 * every `CLEANUP_INTERVAL_MINUTES` (decision 055 "Background jobs in a queue"); `npm run ops -- files cleanup` runs it
 * by hand.
 */
export async function runCleanup(services: CleanupServices): Promise<CleanupResult> {
  const { files, bytes } = await services.files.cleanupUnreferenced();
  const captchas = await services.captcha.prune();
  const counters = await services.limits.prune(counterRetentionMs(services.config));
  const codes = await services.smsCodes.prune();
  const syncLog = (await services.stepConnections?.pruneLog()) ?? 0;
  return { files, bytes, captchas, counters, codes, syncLog };
}
