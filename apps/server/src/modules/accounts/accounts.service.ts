import { randomUUID } from 'node:crypto';
import type { Language, User } from '@stride/contract';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { MINUTE_MS, isoTime, type Clock } from '../../lib/clock.js';
import { USER_KEYS, violatesUnique } from '../../db/constraints.js';
import { keyedHash, randomDigits, randomInviteCode, randomToken, sameHash } from '../../lib/secrets.js';
import type { Db } from '../../db/database.js';
import type { CaptchaService } from '../captcha/captcha.service.js';
import type { MessageSender } from '../outbox/outbox.service.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { translator } from '../../i18n/index.js';
import type { AccountsRepository, UserRow } from './accounts.repository.js';
import type { PasswordResetsRepository } from './password-resets.repository.js';
import type { PasswordHasher } from './passwords.js';
import type { SessionsService } from './sessions.service.js';

export const RESET_CODE_TTL_MS = 10 * MINUTE_MS;
export const RESET_KEY_TTL_MS = 15 * MINUTE_MS;
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const RESET_RESEND_MS = MINUTE_MS;
const RESET_CODES_PER_HOUR = 5;
const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 30;
const HOUR_MS = 60 * MINUTE_MS;

/** Draws of a fresh invite code before giving up (each collides with odds of about 1 in 10^12). */
const INVITE_CODE_ATTEMPTS = 5;

export function toUser(row: Pick<UserRow, 'id' | 'account' | 'invite_code' | 'real_name_status' | 'created_at'>): User {
  return {
    id: row.id,
    account: row.account,
    inviteCode: row.invite_code,
    realNameStatus: row.real_name_status as User['realNameStatus'],
    createdAt: isoTime(row.created_at),
  };
}

interface Captcha {
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
}

export class AccountsService {
  constructor(
    private readonly db: Db,
    private readonly repository: AccountsRepository,
    private readonly resets: PasswordResetsRepository,
    private readonly sessions: SessionsService,
    private readonly passwords: PasswordHasher,
    private readonly captcha: CaptchaService,
    private readonly limits: RateLimitService,
    private readonly sender: MessageSender,
    private readonly clock: Clock,
    private readonly config: Config,
    private readonly inviteCodes: () => string = randomInviteCode,
  ) {}

  private async requireCaptcha({ captchaId, captchaCode }: Captcha): Promise<void> {
    if (!captchaId || !captchaCode) throw new AppError('CAPTCHA_REQUIRED', 'captchaRequired');
    if (!(await this.captcha.verify(captchaId, captchaCode))) {
      throw new AppError('CAPTCHA_INVALID', 'captchaInvalid');
    }
  }

  async register(
    input: {
      account: string;
      password: string;
      captchaId: string;
      captchaCode: string;
      inviteCode?: string | undefined;
    },
    address: string,
  ): Promise<{ token: string; user: User }> {
    await this.limitSignUps(input.account, address);
    await this.requireCaptcha(input);
    if (await this.repository.findByAccount(this.db, input.account)) {
      throw new AppError('CONFLICT', 'accountExists');
    }
    let invitedBy: string | null = null;
    if (input.inviteCode) {
      const inviter = await this.repository.findByInviteCode(this.db, input.inviteCode);
      if (!inviter) throw new AppError('VALIDATION_FAILED', 'inviteCodeUnknown');
      invitedBy = inviter.id;
    }
    const passwordHash = await this.passwords.hash(input.password);
    const row: UserRow = {
      id: randomUUID(),
      account: input.account,
      password_hash: passwordHash,
      invite_code: this.inviteCodes(),
      invited_by: invitedBy,
      real_name_status: 'none',
      created_at: this.clock.now(),
      frozen_at: null,
      frozen_by: null,
      frozen_reason: null,
      version: 1,
    };
    // The unique indexes decide, never a look first: two sign-ups for one number at the same
    // moment, or a fresh invite code that another sign-up drew too (then draw again).
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.repository.insert(this.db, row);
        break;
      } catch (error) {
        if (violatesUnique(error, USER_KEYS.account)) throw new AppError('CONFLICT', 'accountExists');
        if (!violatesUnique(error, USER_KEYS.inviteCode) || attempt >= INVITE_CODE_ATTEMPTS) throw error;
        row.invite_code = this.inviteCodes();
      }
    }
    const token = await this.sessions.create(row.id);
    return { token, user: toUser(row) };
  }

  /**
   * Sign-ups per address and per number block (the number without its last 4 digits), counted
   * before the captcha is looked at. The client sends no device identifier (only `platform`), so
   * the block stands in for a device: one script walking through numbers stays in a few blocks.
   */
  private async limitSignUps(account: string, address: string): Promise<void> {
    const { maxPerAddress, maxPerPrefix, windowMinutes } = this.config.register;
    const windowMs = windowMinutes * MINUTE_MS;
    const digits = account.replace(/^\+/, '');
    const [byAddress, byPrefix] = await Promise.all([
      this.limits.allow(`register:address:${address}`, windowMs, maxPerAddress),
      this.limits.allow(`register:prefix:${digits.slice(0, -4)}`, windowMs, maxPerPrefix),
    ]);
    if (!byAddress || !byPrefix) {
      throw new AppError('RATE_LIMITED', 'registerRateLimited', { minutes: this.limits.minutesLeft(windowMs) });
    }
  }

  async login(
    input: { account: string; password: string } & Captcha,
    address: string,
  ): Promise<{ token: string; user: User }> {
    const { login } = this.config;
    const windowMs = login.failureWindowMinutes * MINUTE_MS;
    // Failures on an account only make it ask for the captcha: locking the account would let
    // anyone lock its owner out. What gets locked is the failing source: an address, for this
    // account (LOGIN_MAX_FAILURES_PER_ACCOUNT) and for all accounts (…_PER_ADDRESS).
    const accountKey = `login:account:${input.account}`;
    const addressKey = `login:address:${address}`;
    const sourceKey = `login:source:${address}:${input.account}`;
    const [accountFailures, addressFailures, sourceFailures] = await Promise.all([
      this.limits.count(accountKey, windowMs),
      this.limits.count(addressKey, windowMs),
      this.limits.count(sourceKey, windowMs),
    ]);
    if (sourceFailures >= login.maxFailuresPerAccount || addressFailures >= login.maxFailuresPerAddress) {
      throw new AppError('RATE_LIMITED', 'rateLimited', { minutes: this.limits.minutesLeft(windowMs) });
    }
    const recordFailure = () =>
      Promise.all([
        this.limits.hit(accountKey, windowMs),
        this.limits.hit(addressKey, windowMs),
        this.limits.hit(sourceKey, windowMs),
      ]);
    if (Math.max(accountFailures, addressFailures) >= login.captchaAfterFailures) {
      try {
        await this.requireCaptcha(input);
      } catch (error) {
        if (error instanceof AppError && error.messageKey === 'captchaInvalid') await recordFailure();
        throw error;
      }
    }
    const user = await this.repository.findByAccount(this.db, input.account);
    const isValid = user
      ? await this.passwords.verify(user.password_hash, input.password)
      : await this.passwords.verifyNobody(input.password);
    if (!user || !isValid) {
      await recordFailure();
      throw new AppError('CREDENTIALS_INVALID', 'credentialsInvalid');
    }
    // Only the right password learns that the account is frozen (decision 026).
    if (user.frozen_at !== null) throw new AppError('ACCOUNT_FROZEN', 'accountFrozen');
    // The account keeps asking for the captcha while failures from elsewhere are in the window.
    await this.limits.reset(sourceKey);
    const token = await this.sessions.create(user.id);
    return { token, user: toUser(user) };
  }

  private hashSecret(purpose: string, value: string): string {
    return keyedHash(this.config.appSecret, purpose, value);
  }

  /**
   * Step 0 of forgot password: the same answer whether or not the account exists, so the call
   * cannot be used to find out who has an account.
   */
  async requestResetCode(
    input: { account: string } & Captcha,
    address: string,
    language: Language,
  ): Promise<{ expiresIn: number; resendIn: number }> {
    if ((await this.limits.count(`reset:address:${address}`, HOUR_MS)) >= RESET_REQUESTS_PER_ADDRESS_PER_HOUR) {
      throw new AppError('RATE_LIMITED', 'rateLimited', { minutes: this.limits.minutesLeft(HOUR_MS) });
    }
    await this.limits.hit(`reset:address:${address}`, HOUR_MS);
    await this.requireCaptcha(input);
    const accountKey = `reset:account:${input.account}`;
    if (
      (await this.limits.count(`${accountKey}:minute`, RESET_RESEND_MS)) >= 1 ||
      (await this.limits.count(`${accountKey}:hour`, HOUR_MS)) >= RESET_CODES_PER_HOUR
    ) {
      const minutes =
        (await this.limits.count(`${accountKey}:hour`, HOUR_MS)) >= RESET_CODES_PER_HOUR
          ? this.limits.minutesLeft(HOUR_MS)
          : 1;
      throw new AppError('RATE_LIMITED', 'rateLimited', { minutes });
    }
    await this.limits.hit(`${accountKey}:minute`, RESET_RESEND_MS);
    await this.limits.hit(`${accountKey}:hour`, HOUR_MS);

    const user = await this.repository.findByAccount(this.db, input.account);
    if (user) {
      const now = this.clock.now();
      const code = randomDigits(6);
      await this.resets.insert(this.db, {
        id: randomUUID(),
        user_id: user.id,
        code_hash: this.hashSecret('reset-code', code),
        code_expires_at: now + RESET_CODE_TTL_MS,
        attempts: 0,
        reset_key_hash: null,
        key_expires_at: null,
        used_at: null,
        created_at: now,
      });
      const t = translator(language);
      await this.sender.send({
        channel: 'sms',
        recipient: user.account,
        body: t('sms.resetCode', { code, minutes: RESET_CODE_TTL_MS / MINUTE_MS }),
      });
    }
    return { expiresIn: RESET_CODE_TTL_MS / 1000, resendIn: RESET_RESEND_MS / 1000 };
  }

  async verifyResetCode(account: string, code: string): Promise<{ resetKey: string; expiresIn: number }> {
    const now = this.clock.now();
    const invalid = new AppError('VALIDATION_FAILED', 'resetCodeInvalid');
    const user = await this.repository.findByAccount(this.db, account);
    if (!user) throw invalid;
    const reset = await this.resets.findPendingCode(this.db, user.id, now);
    if (!reset || reset.attempts >= RESET_CODE_MAX_ATTEMPTS) throw invalid;
    if (!sameHash(reset.code_hash, this.hashSecret('reset-code', code))) {
      await this.resets.countWrongAttempt(this.db, reset.id);
      throw invalid;
    }
    const resetKey = randomToken();
    if (
      !(await this.resets.attachKey(this.db, reset.id, this.hashSecret('reset-key', resetKey), now + RESET_KEY_TTL_MS))
    ) {
      throw invalid;
    }
    return { resetKey, expiresIn: RESET_KEY_TTL_MS / 1000 };
  }

  async resetPassword(resetKey: string, password: string): Promise<void> {
    const now = this.clock.now();
    const reset = await this.resets.findUsableKey(this.db, this.hashSecret('reset-key', resetKey), now);
    if (!reset) throw new AppError('VALIDATION_FAILED', 'resetKeyInvalid');
    const passwordHash = await this.passwords.hash(password);
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.resets.spend(trx, reset.id, now))) throw new AppError('VALIDATION_FAILED', 'resetKeyInvalid');
      await this.repository.updatePasswordHash(trx, reset.user_id, passwordHash);
      await this.repository.revokeSessions(trx, reset.user_id, now);
    });
    await this.limits.reset(`login:account:${(await this.repository.findById(this.db, reset.user_id))?.account ?? ''}`);
  }

  /**
   * docs/product/rules.md, Accounts, Change password: the current password, then the new one; every
   * other session ends, the calling one stays (step-source tokens are not sessions and stay).
   * Wrong current passwords count per user like failed logins, so a session left open on someone
   * else's phone cannot be used to guess the password.
   */
  async changePassword(
    caller: { userId: string; sessionId: string },
    input: { oldPassword: string; newPassword: string },
  ): Promise<void> {
    const { login } = this.config;
    const windowMs = login.failureWindowMinutes * MINUTE_MS;
    const attemptsKey = `password-change:user:${caller.userId}`;
    // Every attempt takes a place first (one statement), so parallel guesses cannot all slip
    // under the limit; the right password gives the places back.
    if (!(await this.limits.allow(attemptsKey, windowMs, login.maxFailuresPerAccount))) {
      throw new AppError('RATE_LIMITED', 'rateLimited', { minutes: this.limits.minutesLeft(windowMs) });
    }
    const user = await this.repository.findById(this.db, caller.userId);
    if (!user) throw new AppError('SESSION_INVALID', 'sessionInvalid');
    if (!(await this.passwords.verify(user.password_hash, input.oldPassword))) {
      throw new AppError('CREDENTIALS_INVALID', 'oldPasswordWrong');
    }
    await this.limits.reset(attemptsKey);
    if (input.newPassword === input.oldPassword) throw new AppError('VALIDATION_FAILED', 'passwordUnchanged');
    const passwordHash = await this.passwords.hash(input.newPassword);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      // Another change won meanwhile: the password checked above is no longer the current one.
      if (!(await this.repository.replacePasswordHash(trx, user.id, user.password_hash, passwordHash))) {
        throw new AppError('CREDENTIALS_INVALID', 'oldPasswordWrong');
      }
      await this.repository.revokeOtherSessions(trx, user.id, caller.sessionId, now);
    });
  }
}
