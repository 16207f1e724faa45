import { randomUUID } from 'node:crypto';
import type { OperatorRole } from '@stride/contract';
import { Secret, TOTP } from 'otpauth';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { ConsoleOperator } from '../../http/endpoints.js';
import { AppError } from '../../http/errors.js';
import { HOUR_MS, MINUTE_MS, type Clock } from '../../lib/clock.js';
import { qrDataUrl } from '../../lib/qr.js';
import { keyedHash, randomInviteCode, randomToken, type FieldCipher } from '../../lib/secrets.js';
import type { PasswordHasher } from '../accounts/passwords.js';
import { OperatorError } from '../operators/operator-error.js';
import type { OperatorsService } from '../operators/operators.service.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { ConsoleRepository, OperatorRow } from './console.repository.js';

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
}

export type ConsoleLogin =
  { secondFactorRequired: true } | { secondFactorRequired: false; token: string; operator: ConsoleOperator };

function rolesOf(row: OperatorRow): OperatorRole[] {
  return row.roles.split(',').filter(Boolean) as OperatorRole[];
}

export function toOperatorView(row: OperatorRow): OperatorView {
  return {
    id: row.id,
    name: row.name,
    roles: rolesOf(row),
    disabled: row.disabled_at !== null,
    totpEnrolled: row.totp_confirmed_at !== null,
    createdAt: row.created_at,
  };
}

/** A password people can type from a screen: 4 groups of 5 characters, about 100 bits. */
function initialPassword(): string {
  return Array.from({ length: 4 }, () => randomInviteCode(5)).join('-');
}

/**
 * Operator accounts and console sessions (decision 021): argon2id passwords, a TOTP second
 * factor with one-time recovery codes, and sessions kept apart from users' sessions, stored as
 * keyed hashes with a sliding idle expiry.
 */
export class ConsoleService {
  private readonly idleMs: number;

  constructor(
    private readonly db: Db,
    private readonly repository: ConsoleRepository,
    private readonly hasher: PasswordHasher,
    private readonly cipher: FieldCipher,
    private readonly limits: RateLimitService,
    private readonly operators: OperatorsService,
    private readonly clock: Clock,
    private readonly config: Config,
  ) {
    this.idleMs = config.console.sessionIdleHours * HOUR_MS;
  }

  private hash(purpose: string, value: string): string {
    return keyedHash(this.config.appSecret, purpose, value);
  }

  /** Derived from the session token, so it needs no storage and dies with the session. */
  csrfToken(sessionToken: string): string {
    return this.hash('console-csrf', sessionToken);
  }

  /** Creates an operator; answers the one-time initial password unless one was given. */
  async createOperator(
    input: { name: string; roles: OperatorRole[]; password?: string },
    by?: string,
  ): Promise<{ operator: OperatorView; initialPassword: string }> {
    const password = input.password ?? initialPassword();
    const row: OperatorRow = {
      id: randomUUID(),
      name: input.name,
      password_hash: await this.hasher.hash(password),
      roles: [...new Set(input.roles)].join(','),
      disabled_at: null,
      totp_secret_encrypted: null,
      totp_confirmed_at: null,
      totp_last_step: null,
      created_at: this.clock.now(),
    };
    await this.db.transaction().execute(async (trx) => {
      if (await this.repository.findOperatorByName(trx, input.name)) {
        throw new OperatorError(`An operator named ${input.name} already exists`);
      }
      await this.repository.insertOperator(trx, row);
      await this.operators.record(trx, {
        operator: by ?? input.name,
        action: 'operator.create',
        subjectType: 'operator',
        subjectId: row.id,
        after: { name: row.name, roles: rolesOf(row) },
        now: row.created_at,
      });
    });
    return { operator: toOperatorView(row), initialPassword: password };
  }

  async hasOperator(name: string): Promise<boolean> {
    return (await this.repository.findOperatorByName(this.db, name)) !== undefined;
  }

  async listOperators(): Promise<OperatorView[]> {
    return (await this.repository.listOperators(this.db)).map(toOperatorView);
  }

  private async changeOperator(
    by: string,
    id: string,
    action: string,
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
      await this.operators.record(trx, {
        operator: by,
        action,
        subjectType: 'operator',
        subjectId: id,
        before: view(before),
        after: view(after),
        now,
      });
      return toOperatorView(after);
    });
  }

  setRoles(by: string, id: string, roles: OperatorRole[]): Promise<OperatorView> {
    return this.changeOperator(
      by,
      id,
      'operator.roles',
      () => ({ roles: [...new Set(roles)].join(',') }),
      false,
      (row) => ({ roles: rolesOf(row) }),
    );
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
   * Name and password, then the second factor once enrolled. Failures count per name and address
   * and per address; either over its limit locks login for the rest of the window.
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
    const fail = async (): Promise<never> => {
      await this.limits.hit(nameKey, windowMs);
      await this.limits.hit(addressKey, windowMs);
      throw new AppError('CREDENTIALS_INVALID', 'consoleCredentialsInvalid');
    };
    const row = await this.repository.findOperatorByName(this.db, input.name);
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
    await this.repository.insertSession(this.db, {
      id: sessionId,
      operator_id: row.id,
      token_hash: this.hash('console-session', token),
      stage,
      created_at: now,
      expires_at: now + this.idleMs,
      revoked_at: null,
    });
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
      await this.operators.record(trx, {
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

  /** Every console session of the operator ends, this one included. */
  async changePassword(operator: ConsoleOperator, current: string, password: string): Promise<void> {
    const row = await this.repository.findOperator(this.db, operator.id);
    if (!row || !(await this.hasher.verify(row.password_hash, current))) {
      throw new AppError('CREDENTIALS_INVALID', 'consoleCredentialsInvalid');
    }
    const hash = await this.hasher.hash(password);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      await this.repository.updateOperator(trx, row.id, { password_hash: hash });
      await this.repository.revokeAllSessions(trx, row.id, now);
      await this.operators.record(trx, {
        operator: row.name,
        action: 'operator.password',
        subjectType: 'operator',
        subjectId: row.id,
        now,
      });
    });
  }
}
