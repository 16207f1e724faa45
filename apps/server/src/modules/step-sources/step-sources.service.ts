import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  DEVICE_TOKENS_MAX,
  HealthImportKindSchema,
  type DeviceToken,
  type HealthImport,
  type HealthImportKind,
} from '@stride/contract';
import type { Config } from '../../config.js';
import { violatesUnique, type UniqueKey } from '../../db/constraints.js';
import type { Db } from '../../db/database.js';
import { lockUserRow } from '../../db/locks.js';
import type { AuthUser } from '../../http/endpoints.js';
import { AppError, notFound } from '../../http/errors.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { MINUTE_MS, isoTime, type Clock } from '../../lib/clock.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { StepReportResult, WalkingService } from '../walking/walking.service.js';
import { readHealthExportApart } from './export-reader.js';
import { EXPORT_LIMITS, type ExportLimits } from './health-export.js';
import type { DeviceTokenRow, HealthImportRow, StepSourcesRepository } from './step-sources.repository.js';
import { removeStaleUploads, type SpooledUpload } from './upload-spool.js';
import { exportRow, type PersonalDataSection } from '../../lib/personal-data.js';

/** Step-source tokens start with this, so a leaked one is recognisable (and told from a session token). */
export const TOKEN_PREFIX = 'sst_';

/** `last_used_at` moves at most this often, so a busy device does not write on every post. */
const TOUCH_EVERY_MS = MINUTE_MS;

/** Imports per user per window (each one reads a file that can be hundreds of MB). */
export const IMPORTS_PER_WINDOW = 10;
export const IMPORT_WINDOW_MS = 60 * MINUTE_MS;

/** Past imports listed (newest first). */
const IMPORTS_LISTED = 100;

/** The once-per-file rule of health imports (migration 0016). */
const IMPORT_ONCE: UniqueKey = {
  name: 'health_imports_user_file',
  table: 'health_imports',
  columns: ['user_id', 'sha256'],
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function toDeviceToken(row: DeviceTokenRow): DeviceToken {
  return {
    id: row.id,
    name: row.name,
    hint: row.hint,
    createdAt: isoTime(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : isoTime(row.last_used_at),
  };
}

function toHealthImport(row: HealthImportRow): HealthImport {
  return {
    id: row.id,
    kind: row.kind as HealthImportKind,
    fileName: row.file_name,
    days: row.days,
    firstDay: row.first_day,
    lastDay: row.last_day,
    createdAt: isoTime(row.created_at),
  };
}

/**
 * Step sources besides the in-app counter (docs/product/step-sources.md, decision 030): tokens
 * that may only post steps, and health exports that fill history. Counting and crediting stay
 * with walking (`recordSteps`, `importDays`).
 */
export class StepSourcesService {
  constructor(
    private readonly db: Db,
    private readonly repository: StepSourcesRepository,
    private readonly walking: WalkingService,
    private readonly limits: RateLimitService,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly config: Config,
    private readonly exportLimits: ExportLimits = EXPORT_LIMITS,
  ) {}

  async listTokens(userId: string): Promise<DeviceToken[]> {
    return (await this.repository.listActiveTokens(this.db, userId)).map(toDeviceToken);
  }

  /**
   * A new token, answered once and stored only as its SHA-256 (a 256-bit random value needs no
   * slow hash). At most DEVICE_TOKENS_MAX live tokens: counted under the user's row lock, so
   * concurrent creations cannot pass the count together (decision 015).
   */
  async createToken(userId: string, name: string): Promise<DeviceToken & { token: string }> {
    const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row: DeviceTokenRow = {
      id: randomUUID(),
      user_id: userId,
      name,
      token_hash: sha256(token),
      hint: token.slice(-4),
      created_at: this.clock.now(),
      last_used_at: null,
      revoked_at: null,
    };
    await this.db.transaction().execute(async (trx) => {
      await lockUserRow(trx, userId);
      if ((await this.repository.countActiveTokens(trx, userId)) >= DEVICE_TOKENS_MAX) {
        throw new AppError('BUSINESS_RULE', 'deviceTokensLimit', { max: DEVICE_TOKENS_MAX });
      }
      await this.repository.insertToken(trx, row);
    });
    return { ...toDeviceToken(row), token };
  }

  async revokeToken(userId: string, id: string): Promise<{ done: true }> {
    if (!(await this.repository.revokeToken(this.db, userId, id, this.clock.now()))) throw notFound();
    return { done: true };
  }

  /**
   * The user of a live step-source token, for `device` endpoints only; a frozen account is
   * refused with 1018 as its sessions are (decision 026).
   */
  async authenticate(token: string): Promise<AuthUser | null> {
    if (!token.startsWith(TOKEN_PREFIX)) return null;
    const row = await this.repository.findLiveToken(this.db, sha256(token));
    if (!row) return null;
    if (row.frozenAt !== null) throw new AppError('ACCOUNT_FROZEN', 'accountFrozen');
    const now = this.clock.now();
    if (row.lastUsedAt === null || now - row.lastUsedAt >= TOUCH_EVERY_MS) {
      await this.repository.touchToken(this.db, row.tokenId, now);
    }
    const { tokenId, lastUsedAt: _lastUsedAt, frozenAt: _frozenAt, ...user } = row;
    return { ...user, sessionId: '', deviceTokenId: tokenId };
  }

  /** A token's count for a day (today unless said): its own source, `device:<token id>`. */
  postSteps(user: AuthUser, input: { day?: string | undefined; steps: number }): Promise<StepReportResult> {
    if (!user.deviceTokenId) throw new AppError('SESSION_INVALID', 'sessionInvalid');
    const day = input.day ?? this.calendar.dayOf(this.clock.now());
    return this.walking.recordSteps(user.id, { key: `device:${user.deviceTokenId}`, kind: 'device' }, day, input.steps);
  }

  async listImports(userId: string): Promise<HealthImport[]> {
    return (await this.repository.listImports(this.db, userId, IMPORTS_LISTED)).map(toHealthImport);
  }

  /**
   * A health export (decision 030): counted against the user's import limit before a byte is
   * read, spooled to a temporary file under DATA_DIR while hashed, read as a stream, and handed
   * to walking in one transaction with its once-per-file record. The same file again answers
   * the first import with `duplicate: true` and changes nothing. The temporary file is removed
   * whatever happens.
   */
  async importHealth(
    userId: string,
    receive: (dir: string, checkFields: (fields: Record<string, string>) => void) => Promise<SpooledUpload>,
  ): Promise<HealthImport & { duplicate: boolean }> {
    if (!(await this.limits.allow(`healthImport:user:${userId}`, IMPORT_WINDOW_MS, IMPORTS_PER_WINDOW))) {
      throw new AppError('RATE_LIMITED', 'importRateLimited', { minutes: this.limits.minutesLeft(IMPORT_WINDOW_MS) });
    }
    const kindOf = (fields: Record<string, string>): HealthImportKind => {
      const parsed = HealthImportKindSchema.safeParse(fields.kind);
      if (!parsed.success) {
        throw new AppError('VALIDATION_FAILED', 'importKind', { options: HealthImportKindSchema.options.join(', ') });
      }
      return parsed.data;
    };
    const dir = path.join(this.config.dataDir, 'tmp', 'imports');
    await removeStaleUploads(dir);
    const upload = await receive(dir, (fields) => void kindOf(fields));
    try {
      const kind = kindOf(upload.fields);
      const earlier = await this.repository.findImportByHash(this.db, userId, upload.sha256);
      if (earlier) return { ...toHealthImport(earlier), duplicate: true };
      const today = this.calendar.dayOf(this.clock.now());
      // Read in a child process: the parse's CPU and memory stay out of the server (decision 030).
      const { days } = await readHealthExportApart({
        kind,
        file: upload.file,
        utcOffsetMinutes: this.config.businessUtcOffsetMinutes,
        today,
        limits: this.exportLimits,
      });
      const row: HealthImportRow = {
        id: randomUUID(),
        user_id: userId,
        kind,
        // eslint-disable-next-line no-control-regex -- the point is to drop control characters.
        file_name: upload.fileName.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || 'export.zip',
        sha256: upload.sha256,
        size: upload.size,
        days: days.length,
        first_day: days[0]?.day ?? null,
        last_day: days.at(-1)?.day ?? null,
        created_at: this.clock.now(),
      };
      try {
        await this.walking.importDays(userId, { key: kind, kind }, days, async (trx) => {
          await this.repository.insertImport(trx, row);
        });
      } catch (error) {
        // The same file at the same time: the first import's record won, this one adds nothing.
        if (!violatesUnique(error, IMPORT_ONCE)) throw error;
        const first = await this.repository.findImportByHash(this.db, userId, upload.sha256);
        if (!first) throw error;
        return { ...toHealthImport(first), duplicate: true };
      }
      return { ...toHealthImport(row), duplicate: false };
    } finally {
      await rm(upload.file, { force: true });
    }
  }

  /**
   * The step-sources section: the counting devices' tokens (never the token), health imports and
   * each source's daily count. Deleting revokes every token (decision 047).
   */
  personalData(): PersonalDataSection {
    return {
      name: 'stepSources',
      exportFor: async (userId) => ({
        tokens: (await this.repository.exportTokens(this.db, userId)).map(exportRow),
        imports: (await this.repository.exportImports(this.db, userId)).map(exportRow),
        daily: (await this.repository.exportSources(this.db, userId)).map(exportRow),
      }),
      erase: (trx, { userId, now }) => this.repository.eraseOfUser(trx, userId, now),
    };
  }
}
