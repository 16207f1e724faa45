import { randomUUID } from 'node:crypto';
import type { Language } from '@stride/contract';
import type { FrameConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { AppError } from '../../http/errors.js';
import { translator } from '../../locales/index.js';
import { DAY_MS, MINUTE_MS, type Clock } from '../../lib/clock.js';
import { keyedHash, randomDigits, sameHash } from '../../lib/secrets.js';
import type { MessageSender } from '../outbox/outbox.service.js';
import type { OutboxSettings } from '../outbox/outbox.settings.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { SmsCodesRepository } from './sms-codes.repository.js';

/** The rules of every SMS code (docs/product/rules.md, Accounts; decision 034 "SMS delivery and codes"). */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_MS = 5 * MINUTE_MS;
export const SMS_CODE_MAX_ATTEMPTS = 5;

export type SmsCodePurpose = 'register' | 'reset' | 'payment';

/** What a check of a code found. */
export type SmsCodeCheck = 'ok' | 'wrong' | 'expired' | 'tooManyTries';

const MESSAGE_KEY = { register: 'sms.registerCode', reset: 'sms.resetCode', payment: 'sms.paymentCode' } as const;

/**
 * Issues and checks SMS codes for every purpose. A request for a code is counted against the
 * limits and answered the same whether or not a message goes out: the caller decides `deliver`
 * (no message to a number without an account for a reset, nor to one with an account for a
 * sign-up), and a code row is written either way, so the 60-second rule reads the same.
 */
export class SmsCodesService {
  constructor(
    private readonly db: Db,
    private readonly repository: SmsCodesRepository,
    private readonly limits: RateLimitService,
    private readonly sender: MessageSender,
    private readonly clock: Clock,
    private readonly config: FrameConfig & OutboxSettings,
  ) {}

  /** The answer to a request for a code. */
  get timing(): { expiresIn: number; resendIn: number } {
    return { expiresIn: SMS_CODE_TTL_MS / 1000, resendIn: this.config.sms.codes.resendMs / 1000 };
  }

  private hash(purpose: SmsCodePurpose, recipient: string, code: string): string {
    return keyedHash(this.config.appSecret, `sms-code:${purpose}`, `${recipient}\0${code}`);
  }

  /**
   * One send per number a minute (SMS_CODE_RESEND_SECONDS), a daily cap per number and per
   * address; refused with RATE_LIMITED. The minute is measured from the number's last code and
   * also counted in a window, so two requests at the same moment cannot both pass.
   */
  private async limit(recipient: string, address: string): Promise<void> {
    const now = this.clock.now();
    const { resendMs, dailyPerNumber, dailyPerAddress } = this.config.sms.codes;
    const last = await this.repository.lastIssuedAt(this.db, recipient);
    if (last !== undefined && now - last < resendMs) {
      throw new AppError('RATE_LIMITED', 'smsResendWait', { seconds: Math.ceil((last + resendMs - now) / 1000) });
    }
    if (!(await this.limits.allow(`sms:number:${recipient}:resend`, resendMs, 1))) {
      throw new AppError('RATE_LIMITED', 'smsResendWait', { seconds: Math.ceil(resendMs / 1000) });
    }
    if (
      !(await this.limits.allow(`sms:number:${recipient}:day`, DAY_MS, dailyPerNumber)) ||
      !(await this.limits.allow(`sms:address:${address}:day`, DAY_MS, dailyPerAddress))
    ) {
      throw new AppError('RATE_LIMITED', 'rateLimited', { minutes: this.limits.minutesLeft(DAY_MS) });
    }
  }

  /** Counts the request against the limits, then writes a code and, when `deliver`, queues it by SMS. */
  async issue(
    purpose: SmsCodePurpose,
    recipient: string,
    options: { address: string; language: Language; deliver: boolean },
  ): Promise<{ expiresIn: number; resendIn: number }> {
    await this.limit(recipient, options.address);
    const now = this.clock.now();
    const code = randomDigits(SMS_CODE_LENGTH);
    const minutes = SMS_CODE_TTL_MS / MINUTE_MS;
    const t = translator(options.language);
    await this.db.transaction().execute(async (trx) => {
      await this.repository.insert(trx, {
        id: randomUUID(),
        purpose,
        recipient,
        code_hash: this.hash(purpose, recipient, code),
        expires_at: now + SMS_CODE_TTL_MS,
        attempts: 0,
        used_at: null,
        created_at: now,
      });
      if (options.deliver) {
        await this.sender.send(trx, {
          channel: 'sms',
          recipient,
          template: purpose,
          params: { code },
          body: t(MESSAGE_KEY[purpose], { code, minutes }),
        });
      }
    });
    if (options.deliver) this.sender.nudge();
    return this.timing;
  }

  /**
   * Checks a code without spending it: a wrong one counts a try. `ok` carries the code's id for
   * `spend`, which the caller calls once the rest of its request is known to be good.
   */
  async check(
    purpose: SmsCodePurpose,
    recipient: string,
    code: string,
  ): Promise<{ result: Exclude<SmsCodeCheck, 'ok'> } | { result: 'ok'; id: string }> {
    const now = this.clock.now();
    const row = await this.repository.newest(this.db, purpose, recipient);
    if (!row || row.used_at !== null || row.expires_at <= now) return { result: 'expired' };
    if (row.attempts >= SMS_CODE_MAX_ATTEMPTS) return { result: 'tooManyTries' };
    if (!sameHash(row.code_hash, this.hash(purpose, recipient, code))) {
      const tries = await this.repository.countWrongTry(this.db, row.id, SMS_CODE_MAX_ATTEMPTS);
      return { result: tries === undefined || tries >= SMS_CODE_MAX_ATTEMPTS ? 'tooManyTries' : 'wrong' };
    }
    return { result: 'ok', id: row.id };
  }

  /** Spends a checked code once (compare-and-set); false when another request spent it first. */
  spend(id: string): Promise<boolean> {
    return this.repository.spend(this.db, id, this.clock.now(), SMS_CODE_MAX_ATTEMPTS);
  }

  /** Tries left on the number's newest code of this purpose (for the message after a wrong one). */
  async triesLeft(purpose: SmsCodePurpose, recipient: string): Promise<number> {
    const row = await this.repository.newest(this.db, purpose, recipient);
    return row ? Math.max(0, SMS_CODE_MAX_ATTEMPTS - row.attempts) : 0;
  }

  /** Codes that ended more than a day ago (cleanup). */
  prune(): Promise<number> {
    return this.repository.deleteEndedBefore(this.db, this.clock.now() - DAY_MS);
  }

  /** Forgets the number: its codes and the messages sent to it (account deletion, decision 047 "Your data"). */
  async forget(db: Executor, recipient: string): Promise<void> {
    await this.repository.deleteTo(db, recipient);
    await this.sender.forget(db, recipient);
  }
}
