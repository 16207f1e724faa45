import {
  isSimplePaymentPassword,
  PAYMENT_PASSWORD_LOCK_MINUTES,
  PAYMENT_PASSWORD_MAX_TRIES,
  type Language,
  type PaymentPasswordStatus,
} from '@stride/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { isoTime, MINUTE_MS, type Clock } from '../../lib/clock.js';
import { exportRow, type PersonalDataSection } from '../../lib/personal-data.js';
import type { PasswordHasher } from '../accounts/passwords.js';
import type { SmsCodesService } from '../sms-codes/sms-codes.service.js';
import type { PaymentPasswordRow, PaymentPasswordsRepository } from './payment-passwords.repository.js';

const LOCK_MS = PAYMENT_PASSWORD_LOCK_MINUTES * MINUTE_MS;

/**
 * The payment password (docs/product/payment-password.md, decision 104 "A payment password"): six digits set with an
 * SMS code to the account's number, hashed as login passwords are, and checked before money leaves a balance; wrong
 * ones lock it after PAYMENT_PASSWORD_MAX_TRIES.
 */
export class PaymentPasswordsService {
  constructor(
    private readonly db: Db,
    private readonly repository: PaymentPasswordsRepository,
    private readonly hasher: PasswordHasher,
    private readonly codes: SmsCodesService,
    private readonly clock: Clock,
  ) {}

  async status(userId: string): Promise<PaymentPasswordStatus> {
    return this.statusOf(await this.repository.find(this.db, userId));
  }

  private statusOf(row: PaymentPasswordRow | undefined): PaymentPasswordStatus {
    const now = this.clock.now();
    const locked = row?.locked_until !== null && row?.locked_until !== undefined && row.locked_until > now;
    const tries = row && row.locked_until !== null && row.locked_until <= now ? 0 : (row?.tries ?? 0);
    return {
      isSet: row !== undefined,
      setAt: row ? isoTime(row.set_at) : null,
      lockedUntil: locked ? isoTime(row.locked_until ?? now) : null,
      triesLeft: locked ? 0 : PAYMENT_PASSWORD_MAX_TRIES - tries,
    };
  }

  /** Sends the code that sets or resets it to the account's own number, limited as every SMS code. */
  requestCode(user: { account: string }, address: string, language: Language) {
    return this.codes.issue('payment', user.account, { address, language, deliver: true });
  }

  /** Sets or resets it with the code sent to the account's number; the lock and the tries start again. */
  async set(user: { id: string; account: string }, input: { code: string; password: string }) {
    if (isSimplePaymentPassword(input.password)) throw new AppError('VALIDATION_FAILED', 'paymentPasswordSimple');
    const checked = await this.codes.check('payment', user.account, input.code);
    if (checked.result !== 'ok') throw new AppError('VALIDATION_FAILED', 'resetCodeInvalid');
    const hash = await this.hasher.hash(input.password);
    if (!(await this.codes.spend(checked.id))) throw new AppError('VALIDATION_FAILED', 'resetCodeInvalid');
    await this.repository.save(this.db, user.id, hash, this.clock.now());
    return this.status(user.id);
  }

  /**
   * Refuses unless `password` is the user's payment password: 1019 when none is set or none was given, 1011 with the
   * tries left when wrong, 1006 while locked. Called before the money moves, outside its transaction, so that a wrong
   * try is counted whatever the call does next. Each wrong try is counted in one conditional update, and the one that
   * reaches PAYMENT_PASSWORD_MAX_TRIES locks every action at once.
   */
  async verify(userId: string, password: string | undefined): Promise<void> {
    const row = await this.repository.find(this.db, userId);
    if (!row) throw new AppError('PAYMENT_PASSWORD_REQUIRED', 'paymentPasswordNotSet');
    if (password === undefined) throw new AppError('PAYMENT_PASSWORD_REQUIRED', 'paymentPasswordNeeded');
    const now = this.clock.now();
    if (row.locked_until !== null && row.locked_until > now) throw this.locked(row.locked_until, now);
    if (await this.hasher.verify(row.password_hash, password)) {
      // Only a count to clear is written: payments that pass do not wait for each other on the row.
      if (row.tries > 0) await this.repository.clearTries(this.db, userId);
      return;
    }
    const lockUntil = now + LOCK_MS;
    const tries = await this.repository.countWrongTry(this.db, userId, {
      maxTries: PAYMENT_PASSWORD_MAX_TRIES,
      now,
      lockUntil,
    });
    if (tries === undefined || tries >= PAYMENT_PASSWORD_MAX_TRIES) throw this.locked(lockUntil, now);
    throw new AppError('CREDENTIALS_INVALID', 'paymentPasswordWrong', { left: PAYMENT_PASSWORD_MAX_TRIES - tries });
  }

  private locked(until: number, now: number): AppError {
    return new AppError('RATE_LIMITED', 'paymentPasswordLocked', {
      minutes: Math.max(1, Math.ceil((until - now) / MINUTE_MS)),
    });
  }

  /** Whether one is set and since when, never its hash; the account's deletion removes it. */
  personalData(): PersonalDataSection {
    return {
      name: 'paymentPassword',
      exportFor: async (userId) => {
        const row = await this.repository.find(this.db, userId);
        return row ? exportRow({ set_at: row.set_at, locked_until: row.locked_until }) : null;
      },
      erase: (trx, { userId }) => this.repository.remove(trx, userId),
    };
  }
}
