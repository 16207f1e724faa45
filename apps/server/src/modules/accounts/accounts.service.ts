import { randomUUID } from 'node:crypto';
import type { Language, User } from '@stride/contract';
import type { FrameConfig } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { MINUTE_MS, isoTime, type Clock } from '../../lib/clock.js';
import { USER_KEYS, violatesUnique } from '../../db/constraints.js';
import { keyedHash, randomInviteCode, randomToken } from '../../lib/secrets.js';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { exportRow, type PersonalDataSection } from '../../lib/personal-data.js';
import type { CaptchaService } from '../captcha/captcha.service.js';
import { fileUrl } from '../files/files.service.js';
import type { PoliciesService, PolicyVersions } from '../policies/policies.service.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { SmsCodesService } from '../sms-codes/sms-codes.service.js';
import type { AccountsRepository, UserRow } from './accounts.repository.js';
import type { AccountsSettings } from './accounts.settings.js';
import type { PasswordResetsRepository } from './password-resets.repository.js';
import type { PasswordHasher } from './passwords.js';
import type { SessionsService } from './sessions.service.js';

export const RESET_KEY_TTL_MS = 15 * MINUTE_MS;

/** Draws of a fresh invite code before giving up (each collides with odds of about 1 in 10^12). */
const INVITE_CODE_ATTEMPTS = 5;

export function toUser(
  row: Pick<
    UserRow,
    'id' | 'account' | 'invite_code' | 'real_name_status' | 'created_at' | 'nickname' | 'avatar_file_id'
  >,
): User {
  return {
    id: row.id,
    account: row.account,
    inviteCode: row.invite_code,
    realNameStatus: row.real_name_status as User['realNameStatus'],
    createdAt: isoTime(row.created_at),
    nickname: row.nickname,
    avatarUrl: row.avatar_file_id ? fileUrl(row.avatar_file_id) : null,
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
    private readonly codes: SmsCodesService,
    private readonly clock: Clock,
    private readonly config: FrameConfig & AccountsSettings,
    private readonly inviteCodes: () => string = randomInviteCode,
    /** The terms and privacy policy a sign-up accepts (decision 046 "Policies and consent"). */
    private readonly policies: PoliciesService,
  ) {}

  private async requireCaptcha({ captchaId, captchaCode }: Captcha): Promise<void> {
    if (!captchaId || !captchaCode) throw new AppError('CAPTCHA_REQUIRED', 'captchaRequired');
    if (!(await this.captcha.verify(captchaId, captchaCode))) {
      throw new AppError('CAPTCHA_INVALID', 'captchaInvalid');
    }
  }

  /**
   * Step 1 of sign-up (decision 035 "Phone ownership at sign-up"): the image captcha, then a 6-digit code by SMS to the
   * number. A number that already has an account gets the same answer and no message, so the call cannot
   * be used to find out who has an account.
   */
  async requestRegisterCode(
    input: { account: string } & Captcha,
    address: string,
    language: Language,
  ): Promise<{ expiresIn: number; resendIn: number }> {
    await this.requireCaptcha(input);
    const existing = await this.repository.findByAccount(this.db, input.account);
    return this.codes.issue('register', input.account, { address, language, deliver: !existing });
  }

  /** Step 2 of sign-up: the code that went to the number proves it is the caller's. */
  async register(
    input: {
      account: string;
      password: string;
      smsCode: string;
      inviteCode?: string | undefined;
      acceptedPolicies?: PolicyVersions | undefined;
    },
    address: string,
  ): Promise<{ token: string; user: User }> {
    await this.limitSignUps(input.account, address);
    // A missing or outdated acceptance is refused before the code is checked: fixing it costs no new SMS.
    await this.policies.checkAcceptance(input.acceptedPolicies);
    const checked = await this.codes.check('register', input.account, input.smsCode);
    if (checked.result !== 'ok') {
      if (checked.result === 'wrong') {
        throw new AppError('VALIDATION_FAILED', 'smsCodeWrong', {
          left: await this.codes.triesLeft('register', input.account),
        });
      }
      throw new AppError(
        'VALIDATION_FAILED',
        checked.result === 'tooManyTries' ? 'smsCodeTooManyTries' : 'smsCodeExpired',
      );
    }
    if (await this.repository.findByAccount(this.db, input.account)) {
      throw new AppError('CONFLICT', 'accountExists');
    }
    // An unknown invite code is refused before the code is spent, so a typo costs no new SMS.
    let invitedBy: string | null = null;
    if (input.inviteCode) {
      const inviter = await this.repository.findByInviteCode(this.db, input.inviteCode);
      if (!inviter) throw new AppError('VALIDATION_FAILED', 'inviteCodeUnknown');
      invitedBy = inviter.id;
    }
    const passwordHash = await this.passwords.hash(input.password);
    if (!(await this.codes.spend(checked.id))) throw new AppError('VALIDATION_FAILED', 'smsCodeExpired');
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
      nickname: null,
      avatar_file_id: null,
    };
    // The unique indexes decide, never a look first: two sign-ups for one number at the same
    // moment, or a fresh invite code that another sign-up drew too (then draw again).
    for (let attempt = 1; ; attempt += 1) {
      try {
        // The account and its acceptance of the policies are one change (decision 046 "Policies and consent").
        await this.db.transaction().execute(async (trx) => {
          await this.repository.insert(trx, row);
          await this.policies.recordSignUp(trx, row.id, input.acceptedPolicies, address);
        });
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
    // Only the right password learns that the account is frozen (decision 026 "User care in the operator console").
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
   * Step 0 of forgot password: the image captcha, then a code by SMS (decision 034 "SMS delivery and codes"). The same
   * answer whether or not the account exists, so the call cannot be used to find out who has an
   * account; only an account's number gets a message.
   */
  async requestResetCode(
    input: { account: string } & Captcha,
    address: string,
    language: Language,
  ): Promise<{ expiresIn: number; resendIn: number }> {
    await this.requireCaptcha(input);
    const user = await this.repository.findByAccount(this.db, input.account);
    return this.codes.issue('reset', input.account, { address, language, deliver: user !== undefined });
  }

  async verifyResetCode(account: string, code: string): Promise<{ resetKey: string; expiresIn: number }> {
    const now = this.clock.now();
    const invalid = new AppError('VALIDATION_FAILED', 'resetCodeInvalid');
    const checked = await this.codes.check('reset', account, code);
    if (checked.result !== 'ok') throw invalid;
    const user = await this.repository.findByAccount(this.db, account);
    if (!user || !(await this.codes.spend(checked.id))) throw invalid;
    const resetKey = randomToken();
    await this.resets.insert(this.db, {
      id: randomUUID(),
      user_id: user.id,
      // The code itself lives in sms_codes; this row holds the key it was traded for.
      code_hash: checked.id,
      code_expires_at: now,
      attempts: 0,
      reset_key_hash: this.hashSecret('reset-key', resetKey),
      key_expires_at: now + RESET_KEY_TTL_MS,
      used_at: null,
      created_at: now,
    });
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
    this.sessions.forgetUser(reset.user_id);
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
    this.sessions.forgetUser(user.id);
  }

  // Your data (decision 047 "Your data") ------------------------------------------------------------------

  /**
   * The fresh password check before an export or a deletion: rate limited per user and purpose
   * like a password change (every attempt takes a place; the right password gives them back).
   */
  async confirmPassword(userId: string, password: string, purpose: 'data-export' | 'account-delete'): Promise<void> {
    const { login } = this.config;
    const windowMs = login.failureWindowMinutes * MINUTE_MS;
    const attemptsKey = `${purpose}:user:${userId}`;
    if (!(await this.limits.allow(attemptsKey, windowMs, login.maxFailuresPerAccount))) {
      throw new AppError('RATE_LIMITED', 'rateLimited', { minutes: this.limits.minutesLeft(windowMs) });
    }
    const user = await this.repository.findById(this.db, userId);
    if (!user) throw new AppError('SESSION_INVALID', 'sessionInvalid');
    if (!(await this.passwords.verify(user.password_hash, password))) {
      throw new AppError('CREDENTIALS_INVALID', 'oldPasswordWrong');
    }
    await this.limits.reset(attemptsKey);
  }

  /** The user's mobile number, read inside the deletion's transaction (after the user-row lock). */
  async accountOf(db: Executor, userId: string): Promise<string> {
    const user = await this.repository.findById(db, userId);
    if (!user) throw new AppError('SESSION_INVALID', 'sessionInvalid');
    return user.account;
  }

  /**
   * The profile section: the account as its owner sees it. Deleting it leaves an anonymous row
   * (the ledger and orders point at it), ends every session and forgets the password resets,
   * the messages sent to the number and the limits counted by it.
   */
  personalData(): PersonalDataSection {
    return {
      name: 'profile',
      exportFor: async (userId) => {
        const user = await this.repository.findById(this.db, userId);
        if (!user) return null;
        return exportRow({
          id: user.id,
          mobile: user.account,
          invite_code: user.invite_code,
          invited_by: user.invited_by,
          real_name_status: user.real_name_status,
          created_at: user.created_at,
          nickname: user.nickname,
          // The avatar's upload (its size, type and dimensions) is in the uploads section.
          avatar_file_id: user.avatar_file_id,
        });
      },
      erase: async (trx, { userId, account, now }) => {
        await this.repository.anonymise(trx, userId, `deleted:${randomUUID().replace(/-/g, '').slice(0, 20)}`);
        await this.repository.revokeSessions(trx, userId, now);
        await this.repository.deletePasswordResets(trx, userId);
        await this.codes.forget(trx, account);
        await this.limits.clear(trx, [], [`%${account}%`, `%:user:${userId}`]);
        // Once committed, this server's session cache lets the revoked sessions go (decision 049 "A bench that holds on
        // a busy machine").
        return () => Promise.resolve(this.sessions.forgetUser(userId));
      },
    };
  }
}
