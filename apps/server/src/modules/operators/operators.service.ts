import { randomUUID } from 'node:crypto';
import type { OperatorActionName, OperatorRole } from '@stride/contract';
import { Secret, TOTP } from 'otpauth';
import type { FrameConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { ConsoleOperator } from '../../http/endpoints.js';
import { AppError } from '../../http/errors.js';
import { HOUR_MS, MINUTE_MS, type Clock } from '../../lib/clock.js';
import { qrDataUrl } from '../../lib/qr.js';
import { keyedHash, randomInviteCode, randomToken, type FieldCipher } from '../../lib/secrets.js';
import type { PasswordHasher } from '../accounts/passwords.js';
import type { AccountsSettings } from '../accounts/accounts.settings.js';
import { OperatorError } from '../../http/operator-error.js';
import type { AuditService } from '../audit/audit.service.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { OperatorsRepository, OperatorRow } from './operators.repository.js';
import type { OperatorsSettings } from './operators.settings.js';
import { isGranted, RoleGrants, roleList, type Asker } from './role-grants.js';

const TOTP_PERIOD_SECONDS = 30;
/** One step either side, for clocks a little apart. */
const TOTP_WINDOW = 1;
const RECOVERY_CODES = 10;
const ISSUER = 'Stride';

export interface OperatorView {
  id: string;
  name: string;
  roles: OperatorRole[];
  disabled: boolean;
  totpEnrolled: boolean;
  createdAt: number;
  passwordChangeRequired: boolean;
  /** Null when not locked at the time of the view. */
  signInLockedUntil: number | null;
  /**
   * Decision 074 "Independent second approvers": who created it, who last gave it finance or admin and when, and what
   * waits for a second admin.
   */
  createdBy: string | null;
  rolesChangedBy: string | null;
  rolesChangedAt: number | null;
  pendingRoles: OperatorRole[];
}

export type ConsoleLogin =
  { secondFactorRequired: true } | { secondFactorRequired: false; token: string; operator: ConsoleOperator };

function rolesOf(row: OperatorRow): OperatorRole[] {
  return row.roles.split(',').filter(Boolean) as OperatorRole[];
}

/** Sign-in is locked while `sign_in_locked_until` lies after `now` (decision 073 "Operator sign-in"). */
function lockedUntil(row: OperatorRow, now: number): number | null {
  return row.sign_in_locked_until !== null && row.sign_in_locked_until > now ? row.sign_in_locked_until : null;
}

export function toOperatorView(row: OperatorRow, now = 0): OperatorView {
  return {
    id: row.id,
    name: row.name,
    roles: rolesOf(row),
    disabled: row.disabled_at !== null,
    totpEnrolled: row.totp_confirmed_at !== null,
    createdAt: row.created_at,
    passwordChangeRequired: row.password_change_required === 1,
    signInLockedUntil: lockedUntil(row, now),
    createdBy: row.created_by,
    rolesChangedBy: row.roles_changed_by,
    rolesChangedAt: row.roles_changed_at,
    pendingRoles: [],
  };
}

/** A password people can type from a screen: 4 groups of 5 characters, about 100 bits. */
function initialPassword(): string {
  return Array.from({ length: 4 }, () => randomInviteCode(5)).join('-');
}

/**
 * Operator accounts and console sessions (decision 021 "Operator accounts and console sessions"): argon2id passwords, a
 * TOTP second factor with one-time recovery codes, and sessions kept apart from users' sessions, stored as
 * keyed hashes with a sliding idle expiry.
 */
export class OperatorsService {
  private readonly idleMs: number;
  /** Finance and admin given in the console wait for a second admin (decision 074 "Independent second approvers"). */
  readonly roleGrants: RoleGrants;

  constructor(
    private readonly db: Db,
    private readonly repository: OperatorsRepository,
    private readonly hasher: PasswordHasher,
    private readonly cipher: FieldCipher,
    private readonly limits: RateLimitService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly config: FrameConfig & OperatorsSettings & AccountsSettings,
  ) {
    this.idleMs = config.console.sessionIdleHours * HOUR_MS;
    this.roleGrants = new RoleGrants(db, repository, audit, clock);
  }

  private hash(purpose: string, value: string): string {
    return keyedHash(this.config.appSecret, purpose, value);
  }

  /** Derived from the session token, so it needs no storage and dies with the session. */
  csrfToken(sessionToken: string): string {
    return this.hash('console-csrf', sessionToken);
  }

  /**
   * Creates an operator; answers the one-time initial password unless one was given. `by` is
   * recorded as its creator (decision 074 "Independent second approvers"). With `grantBy` (the console) finance and
   * admin are not given yet but wait as a role grant for a second admin; without it (the command line, the
   * demo seed, which run with the server's own access) every role is given at once.
   */
  async createOperator(
    input: { name: string; roles: OperatorRole[]; password?: string },
    by?: string,
    grantBy?: Asker,
  ): Promise<{ operator: OperatorView; initialPassword: string }> {
    const password = input.password ?? initialPassword();
    const roles = [...new Set(input.roles)];
    const granted = grantBy ? roles.filter(isGranted) : [];
    const row: OperatorRow = {
      id: randomUUID(),
      name: input.name,
      password_hash: await this.hasher.hash(password),
      roles: roles.filter((role) => !granted.includes(role)).join(','),
      disabled_at: null,
      totp_secret_encrypted: null,
      totp_confirmed_at: null,
      totp_last_step: null,
      created_at: this.clock.now(),
      // A generated password is known to whoever created the operator: replaced at the first sign-in (decision
      // 073 "Operator sign-in").
      password_change_required: input.password === undefined ? 1 : 0,
      sign_in_locked_until: null,
      sign_in_locked_at: null,
      sign_in_lock_failures: null,
      sign_in_lock_addresses: null,
      created_by: by ?? null,
      roles_changed_by: null,
      roles_changed_at: null,
    };
    await this.db.transaction().execute(async (trx) => {
      if (await this.repository.findOperatorByName(trx, input.name)) {
        throw new OperatorError(`An operator named ${input.name} already exists`);
      }
      await this.repository.insertOperator(trx, row);
      await this.audit.record(trx, {
        operator: by ?? input.name,
        action: 'operator.create',
        subjectType: 'operator',
        subjectId: row.id,
        after: { name: row.name, roles: rolesOf(row) },
        now: row.created_at,
      });
      if (grantBy && granted.length > 0) await this.roleGrants.request(trx, grantBy, row.id, granted, row.created_at);
    });
    return { operator: { ...toOperatorView(row), pendingRoles: granted }, initialPassword: password };
  }

  async hasOperator(name: string): Promise<boolean> {
    return (await this.repository.findOperatorByName(this.db, name)) !== undefined;
  }

  async listOperators(): Promise<OperatorView[]> {
    const now = this.clock.now();
    const [rows, pending] = await Promise.all([
      this.repository.listOperators(this.db),
      this.repository.pendingRoles(this.db),
    ]);
    return rows.map((row) => ({ ...toOperatorView(row, now), pendingRoles: roleList(pending.get(row.id)) }));
  }

  private async changeOperator(
    by: string,
    id: string,
    action: OperatorActionName,
    change: (row: OperatorRow) => Partial<Omit<OperatorRow, 'id'>>,
    endSessions: boolean,
    view: (row: OperatorRow) => Record<string, unknown>,
  ): Promise<OperatorView> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.repository.findOperator(trx, id);
      if (!before) throw new OperatorError(`No operator ${id}`);
      const values = change(before);
      await this.repository.updateOperator(trx, id, values);
      if (endSessions) await this.repository.revokeAllSessions(trx, id, now);
      if (values.totp_confirmed_at === null) await this.repository.replaceRecoveryCodes(trx, id, []);
      const after = { ...before, ...values };
      await this.audit.record(trx, {
        operator: by,
        action,
        subjectType: 'operator',
        subjectId: id,
        before: view(before),
        after: view(after),
        now,
      });
      return toOperatorView(after, now);
    });
  }

  /**
   * The console's change of roles: adding finance or admin waits for a second admin (decision 074 "Independent second
   * approvers").
   */
  async setRoles(by: Asker, id: string, roles: OperatorRole[]): Promise<OperatorView> {
    const changed = await this.roleGrants.setRoles(by, id, roles);
    return { ...toOperatorView(changed.row, changed.now), pendingRoles: changed.pendingRoles };
  }

  setDisabled(by: string, id: string, disabled: boolean): Promise<OperatorView> {
    return this.changeOperator(
      by,
      id,
      disabled ? 'operator.disable' : 'operator.enable',
      (row) => ({ disabled_at: disabled ? (row.disabled_at ?? this.clock.now()) : null }),
      disabled,
      (row) => ({ disabled: row.disabled_at !== null }),
    );
  }

  resetSecondFactor(by: string, id: string): Promise<OperatorView> {
    return this.changeOperator(
      by,
      id,
      'operator.reset-second-factor',
      () => ({ totp_secret_encrypted: null, totp_confirmed_at: null, totp_last_step: null }),
      true,
      (row) => ({ totpEnrolled: row.totp_confirmed_at !== null }),
    );
  }

  /**
   * Lifts a lock of an operator's sign-in before it ends: a compare-and-set on a lock still
   * running, recorded with the admin, and the operator's failure counts cleared (decision 073 "Operator sign-in").
   */
  async liftSignInLock(by: string, id: string): Promise<OperatorView> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.repository.findOperator(trx, id);
      if (!before) throw new AppError('NOT_FOUND', 'notFound');
      if (!(await this.repository.unlockSignIn(trx, id, now))) {
        throw new AppError('BUSINESS_RULE', 'consoleSignInNotLocked');
      }
      await this.limits.clear(trx, [], [`${this.failurePrefix(id)}%`]);
      await this.audit.record(trx, {
        operator: by,
        action: 'operator.sign-in-unlock',
        subjectType: 'operator',
        subjectId: id,
        before: { signInLockedUntil: before.sign_in_locked_until },
        after: { signInLockedUntil: null },
        now,
      });
      return toOperatorView({ ...before, sign_in_locked_until: null }, now);
    });
  }

  /** The operator has read the notice of the last lock of its sign-in. */
  async dismissSignInLock(operator: ConsoleOperator): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const row = await this.repository.findOperator(trx, operator.id);
      if (!row || row.sign_in_locked_at === null) return;
      await this.repository.updateOperator(trx, row.id, {
        sign_in_locked_at: null,
        sign_in_lock_failures: null,
        sign_in_lock_addresses: null,
      });
      await this.audit.record(trx, {
        operator: row.name,
        action: 'operator.sign-in-lock-seen',
        subjectType: 'operator',
        subjectId: row.id,
        detail: { lockedAt: row.sign_in_locked_at },
        now,
      });
    });
  }

  /** Each failed sign-in of one operator is counted under this prefix and the address it came from. */
  private failurePrefix(operatorId: string): string {
    return `console-login:operator:${operatorId}:`;
  }

  private lockedError(until: number, now: number): AppError {
    return new AppError('RATE_LIMITED', 'consoleSignInLocked', {
      minutes: Math.max(1, Math.ceil((until - now) / MINUTE_MS)),
    });
  }

  /**
   * A failed password or second factor of an existing operator, from any address: counted per
   * operator and address; at the configured number within the window the operator's sign-in is
   * locked by one compare-and-set, recorded once, and its counts start again. Answers the lock's
   * refusal when the sign-in is locked now, by this failure or by another request on any server,
   * so that during a lock a right code and a wrong one get the same answer.
   */
  private async operatorFailure(row: OperatorRow, ip: string, windowMs: number): Promise<AppError | null> {
    const prefix = this.failurePrefix(row.id);
    await this.limits.hit(`${prefix}${ip}`, windowMs);
    const { hits, keys } = await this.limits.tally(prefix, windowMs);
    const now = this.clock.now();
    const settings = this.config.console.login;
    if (hits >= settings.maxFailuresPerOperator) {
      const until = now + settings.lockMinutes * MINUTE_MS;
      await this.db.transaction().execute(async (trx) => {
        const lock = { now, until, failures: hits, addresses: keys };
        if (!(await this.repository.lockSignIn(trx, row.id, lock))) return;
        await this.limits.clear(trx, [], [`${prefix}%`]);
        await this.audit.record(trx, {
          operator: row.name,
          action: 'operator.sign-in-lock',
          subjectType: 'operator',
          subjectId: row.id,
          detail: { failures: hits, addresses: keys, lockMinutes: settings.lockMinutes },
          before: { signInLockedUntil: null },
          after: { signInLockedUntil: until },
          now,
        });
      });
    }
    const current = await this.repository.findOperator(this.db, row.id);
    const locked = current ? lockedUntil(current, now) : null;
    return locked === null ? null : this.lockedError(locked, now);
  }

  /**
   * Name and password, then the second factor once enrolled. Failures count per name and address
   * and per address, either over its limit refusing that address for the rest of the window; and
   * per operator from any address, which locks the operator's sign-in for a while (decision 073 "Operator sign-in").
   */
  async login(input: { name: string; password: string; code?: string | undefined }, ip: string): Promise<ConsoleLogin> {
    const windowMs = this.config.login.failureWindowMinutes * MINUTE_MS;
    const nameKey = `console-login:name:${input.name}:${ip}`;
    const addressKey = `console-login:address:${ip}`;
    const [byName, byAddress] = await Promise.all([
      this.limits.count(nameKey, windowMs),
      this.limits.count(addressKey, windowMs),
    ]);
    if (byName >= this.config.login.maxFailuresPerAccount || byAddress >= this.config.login.maxFailuresPerAddress) {
      throw new AppError('RATE_LIMITED', 'rateLimited', { minutes: this.limits.minutesLeft(windowMs) });
    }
    const row = await this.repository.findOperatorByName(this.db, input.name);
    // Locked: refused before the password is looked at, so the answer tells nothing about it.
    const locked = row ? lockedUntil(row, this.clock.now()) : null;
    if (locked !== null) throw this.lockedError(locked, this.clock.now());
    const fail = async (): Promise<never> => {
      await this.limits.hit(nameKey, windowMs);
      await this.limits.hit(addressKey, windowMs);
      const lockError = row ? await this.operatorFailure(row, ip, windowMs) : null;
      throw lockError ?? new AppError('CREDENTIALS_INVALID', 'consoleCredentialsInvalid');
    };
    const passwordOk = row
      ? await this.hasher.verify(row.password_hash, input.password)
      : await this.hasher.verifyNobody(input.password);
    if (!row || !passwordOk || row.disabled_at !== null) return fail();
    const enrolled = row.totp_confirmed_at !== null;
    if (enrolled) {
      if (!input.code) return { secondFactorRequired: true };
      if (!(await this.checkSecondFactor(row, input.code, true))) return fail();
    }
    await this.limits.reset(nameKey);
    const token = randomToken();
    const now = this.clock.now();
    const stage = enrolled ? 'full' : 'enrolment';
    const sessionId = randomUUID();
    const opened = await this.repository.insertSessionUnlessLocked(this.db, {
      id: sessionId,
      operator_id: row.id,
      token_hash: this.hash('console-session', token),
      stage,
      created_at: now,
      expires_at: now + this.idleMs,
    });
    if (!opened) {
      const current = await this.repository.findOperator(this.db, row.id);
      throw this.lockedError((current && lockedUntil(current, now)) ?? now, now);
    }
    return { secondFactorRequired: false, token, operator: this.toConsoleOperator(row, sessionId, stage, token) };
  }

  private toConsoleOperator(
    row: OperatorRow,
    sessionId: string,
    stage: 'enrolment' | 'full',
    token: string,
  ): ConsoleOperator {
    return {
      id: row.id,
      name: row.name,
      roles: rolesOf(row),
      stage,
      sessionId,
      csrfToken: this.csrfToken(token),
      totpEnrolled: row.totp_confirmed_at !== null,
      passwordChangeRequired: row.password_change_required === 1,
      signInLock:
        row.sign_in_locked_at === null
          ? null
          : {
              at: row.sign_in_locked_at,
              failures: row.sign_in_lock_failures ?? 0,
              addresses: row.sign_in_lock_addresses ?? 0,
            },
    };
  }

  /** The registrar reads the cookie; the idle expiry slides at most once a minute. */
  async authenticate(token: string): Promise<ConsoleOperator | null> {
    const now = this.clock.now();
    const live = await this.repository.findLiveSession(this.db, this.hash('console-session', token), now);
    if (!live) return null;
    if (now + this.idleMs - live.expiresAt >= MINUTE_MS) {
      await this.repository.updateSession(this.db, live.sessionId, { expires_at: now + this.idleMs });
    }
    return this.toConsoleOperator(live.operator, live.sessionId, live.stage, token);
  }

  logout(sessionId: string): Promise<void> {
    return this.repository.revokeSession(this.db, sessionId, this.clock.now());
  }

  private totp(name: string, secret: string): TOTP {
    return new TOTP({
      issuer: ISSUER,
      label: name,
      algorithm: 'SHA1',
      digits: 6,
      period: TOTP_PERIOD_SECONDS,
      secret: Secret.fromBase32(secret),
    });
  }

  /** A TOTP code for a step later than any accepted before, or an unused recovery code. */
  private async checkSecondFactor(row: OperatorRow, code: string, allowRecovery: boolean): Promise<boolean> {
    const trimmed = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(trimmed)) {
      if (!row.totp_secret_encrypted) return false;
      const now = this.clock.now();
      const totp = this.totp(row.name, this.cipher.decrypt(row.totp_secret_encrypted));
      const delta = totp.validate({ token: trimmed, timestamp: now, window: TOTP_WINDOW });
      if (delta === null) return false;
      const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
      return this.repository.acceptStep(this.db, row.id, step);
    }
    if (!allowRecovery) return false;
    return this.repository.useRecoveryCode(
      this.db,
      row.id,
      this.hash('operator-recovery', trimmed.toUpperCase()),
      this.clock.now(),
    );
  }

  /** A new secret, replacing any unconfirmed one; an enrolled operator needs an admin's reset first. */
  async enrol(operator: ConsoleOperator): Promise<{ uri: string; qr: string }> {
    const row = await this.repository.findOperator(this.db, operator.id);
    if (!row) throw new AppError('CONSOLE_SESSION_INVALID', 'consoleSessionInvalid');
    if (row.totp_confirmed_at !== null) throw new AppError('CONFLICT', 'conflict');
    const secret = new Secret({ size: 20 }).base32;
    await this.repository.updateOperator(this.db, row.id, {
      totp_secret_encrypted: this.cipher.encrypt(secret),
      totp_last_step: null,
    });
    const uri = this.totp(row.name, secret).toString();
    return { uri, qr: await qrDataUrl(uri) };
  }

  /** The first valid code confirms the secret, lifts the session out of enrolment and answers the recovery codes. */
  async confirm(operator: ConsoleOperator, code: string): Promise<string[]> {
    const row = await this.repository.findOperator(this.db, operator.id);
    if (!row) throw new AppError('CONSOLE_SESSION_INVALID', 'consoleSessionInvalid');
    if (row.totp_confirmed_at !== null) throw new AppError('CONFLICT', 'conflict');
    if (!(await this.checkSecondFactor(row, code, false))) {
      throw new AppError('CREDENTIALS_INVALID', 'consoleCredentialsInvalid');
    }
    const codes = Array.from({ length: RECOVERY_CODES }, () => `${randomInviteCode(5)}-${randomInviteCode(5)}`);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      await this.repository.updateOperator(trx, row.id, { totp_confirmed_at: now });
      await this.repository.replaceRecoveryCodes(
        trx,
        row.id,
        codes.map((value) => this.hash('operator-recovery', value)),
      );
      await this.repository.updateSession(trx, operator.sessionId, { stage: 'full' });
      await this.audit.record(trx, {
        operator: row.name,
        action: 'operator.totp-enrol',
        subjectType: 'operator',
        subjectId: row.id,
        before: { totpEnrolled: false },
        after: { totpEnrolled: true },
        now,
      });
    });
    return codes;
  }

  /**
   * Every console session of the operator ends, this one included; but when the password replaced
   * is a generated initial one, this session goes on (to enrolment) and only the others end
   * (decision 073 "Operator sign-in").
   */
  async changePassword(operator: ConsoleOperator, current: string, password: string): Promise<void> {
    const row = await this.repository.findOperator(this.db, operator.id);
    if (!row || !(await this.hasher.verify(row.password_hash, current))) {
      throw new AppError('CREDENTIALS_INVALID', 'consoleCredentialsInvalid');
    }
    if (password === current) throw new AppError('VALIDATION_FAILED', 'passwordUnchanged');
    const required = row.password_change_required === 1;
    const hash = await this.hasher.hash(password);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      await this.repository.updateOperator(trx, row.id, { password_hash: hash, password_change_required: 0 });
      await this.repository.revokeAllSessions(trx, row.id, now, required ? operator.sessionId : undefined);
      await this.audit.record(trx, {
        operator: row.name,
        action: 'operator.password',
        subjectType: 'operator',
        subjectId: row.id,
        ...(required ? { before: { passwordChangeRequired: true }, after: { passwordChangeRequired: false } } : {}),
        now,
      });
    });
  }
}
