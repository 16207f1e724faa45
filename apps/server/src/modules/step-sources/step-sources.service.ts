import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  DEVICE_TOKENS_MAX,
  HealthImportKindSchema,
  STEP_BUCKET_MAX_MINUTES,
  type DeviceToken,
  type HealthImport,
  type HealthImportKind,
  type StepBucket,
  type StepBucketsResult,
  type StepRefusalReason,
} from '@stride/contract';
import type { FrameConfig } from '../../config.js';
import type { WalkingSettings } from '../walking/walking.settings.js';
import { violatesUnique, type UniqueKey } from '../../db/constraints.js';
import type { Db } from '../../db/database.js';
import { lockUserRow } from '../../db/locks.js';
import type { AuthUser } from '../../http/endpoints.js';
import { AppError, notFound } from '../../http/errors.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { DAY_MS, MINUTE_MS, isoTime, type Clock } from '../../lib/clock.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import {
  isRefusal,
  type StepRefusal,
  type StepReportOutcome,
  type StepReportResult,
  type StepReports,
  type StepSourceRef,
} from '../walking/step-reports.js';
import { readHealthExportApart } from './export-reader.js';
import { EXPORT_LIMITS, type ExportLimits } from './health-export.js';
import type {
  DeviceTokenRow,
  HealthImportRow,
  StepBucketRow,
  StepSourcesRepository,
} from './step-sources.repository.js';
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

/** A bucket may end this long after now (a phone's clock a little ahead); later is `future`. */
const BUCKET_AHEAD_MS = 5 * MINUTE_MS;

type BucketOutcome = StepBucketsResult['buckets'][number]['outcome'];

/** What a token posts (docs/product/step-sources.md, Tokens): a day's count, or hourly buckets. */
export type DevicePost = { day?: string | undefined; steps: number } | { buckets: readonly StepBucket[] };

/** One bucket of a post as read: its instants and service day, and its outcome once decided. */
interface ReadBucket {
  readonly bucket: StepBucket;
  readonly start: number;
  readonly end: number;
  readonly day: string;
  outcome: BucketOutcome | null;
  /** `refused`: the most steps the bucket's length allows. */
  readonly allowed: number;
}

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
 * Step sources besides the in-app counter (docs/product/step-sources.md, decision 030 "Step-source tokens and health
 * imports"): tokens that may only post steps, and health exports that fill history. Counting and crediting stay
 * with walking (`recordSteps`, `importDays`).
 */
export class StepSourcesService {
  constructor(
    private readonly db: Db,
    private readonly repository: StepSourcesRepository,
    private readonly walking: StepReports,
    private readonly limits: RateLimitService,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly config: FrameConfig & WalkingSettings,
    private readonly exportLimits: ExportLimits = EXPORT_LIMITS,
  ) {}

  async listTokens(userId: string): Promise<DeviceToken[]> {
    return (await this.repository.listActiveTokens(this.db, userId)).map(toDeviceToken);
  }

  /**
   * A new token, answered once and stored only as its SHA-256 (a 256-bit random value needs no
   * slow hash). At most DEVICE_TOKENS_MAX live tokens: counted under the user's row lock, so
   * concurrent creations cannot pass the count together (decision 015 "Only once rules are held by the database").
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
   * refused with 1018 as its sessions are (decision 026 "User care in the operator console").
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

  /**
   * A token's post, for its own source `device:<token id>`: a count for a day (today unless said),
   * or hourly buckets (postBuckets).
   */
  postSteps(user: AuthUser, input: DevicePost): Promise<StepReportOutcome | StepBucketsResult> {
    if (!user.deviceTokenId) throw new AppError('SESSION_INVALID', 'sessionInvalid');
    const source: StepSourceRef = { key: `device:${user.deviceTokenId}`, kind: 'device' };
    if ('buckets' in input) return this.postBuckets(user.id, user.deviceTokenId, source, input.buckets);
    const day = input.day ?? this.calendar.dayOf(this.clock.now());
    return this.walking.recordSteps(user.id, source, day, input.steps);
  }

  /**
   * Hourly buckets (docs/product/step-sources.md, Tokens): what the phone's health store holds,
   * resent as often as the phone likes. Each bucket counts once per (user, source, start), the
   * primary key of step_buckets: the same bucket again is `unchanged`, the same start with more
   * steps `counted` (its hour was still being counted), with fewer `unchanged` (the higher stays).
   * A bucket is refused on its own, the rest of the post still counts: typed in by hand
   * (`manual`: kept, never summed, its refusal written once for the receipt), not a bucket of one
   * service day of at most an hour (`invalid`), ending ahead of now (`future`), of a day before
   * yesterday (`late`), more steps than its length allows at the per-minute rate (`refused`), or
   * overlapping a counted bucket of the source with another start (`overlap`; the token's row lock
   * makes a token's posts check that one at a time). Then each day touched goes through
   * recordSteps with the sum of its counted buckets, rate-checked here per bucket instead of per
   * report: caps, flags, review holds and cash back as for any report, and the source's count
   * still only grows.
   */
  private async postBuckets(
    userId: string,
    tokenId: string,
    source: StepSourceRef,
    buckets: readonly StepBucket[],
  ): Promise<StepBucketsResult | StepRefusal> {
    const now = this.clock.now();
    const today = this.calendar.dayOf(now);
    const yesterday = this.calendar.addDays(today, -1);
    const read = buckets.map((bucket) => this.readBucket(bucket, { now, today, yesterday }));
    const open = read.filter((item) => item.outcome === null);
    const days = [...new Set(open.map((item) => item.day))].sort();

    const sums = await this.db.transaction().execute(async (trx) => {
      await this.repository.lockToken(trx, tokenId);
      // Under the token's lock, what is stored is all there is: a bucket already held with as many
      // steps is not written again, and the days' sums are counted from it.
      const stored = new Map<number, StepBucketRow>();
      for (const row of await this.repository.listBuckets(trx, userId, source.key, days)) stored.set(row.start_at, row);
      const refuse = (item: ReadBucket, steps: number, reason: StepRefusalReason, limit: number | null) =>
        this.walking.refuseReport(trx, userId, item.day, source, { steps, reason, limit });
      for (const item of open) {
        const row: StepBucketRow = {
          user_id: userId,
          source: source.key,
          start_at: item.start,
          end_at: item.end,
          day: item.day,
          steps: item.bucket.steps,
          recorded: item.bucket.recorded,
          received_at: now,
        };
        const known = stored.get(item.start);
        if (item.bucket.recorded === 'manual') {
          item.outcome = 'manual';
          // Kept so that a resend is known: its refusal is written once.
          if (!known && (await this.repository.insertManualBucket(trx, row))) {
            stored.set(item.start, row);
            await refuse(item, item.bucket.steps, 'manual', null);
          }
          continue;
        }
        if (item.bucket.steps > item.allowed) {
          item.outcome = 'refused';
          await refuse(item, item.bucket.steps, 'rate', item.allowed);
          continue;
        }
        const overlaps = [...stored.values()].some(
          (other) =>
            other.recorded !== 'manual' &&
            other.start_at !== item.start &&
            other.start_at < item.end &&
            other.end_at > item.start,
        );
        if (overlaps) {
          item.outcome = 'overlap';
          continue;
        }
        if (known && known.recorded !== 'manual' && known.steps >= item.bucket.steps) {
          item.outcome = 'unchanged';
          continue;
        }
        const changed = await this.repository.saveBucket(trx, row);
        item.outcome = changed ? 'counted' : 'unchanged';
        if (changed) stored.set(item.start, row);
      }
      // A day no longer open is refused as any late report is: once per day of this post.
      const late = new Map<string, number>();
      for (const item of read) {
        if (item.outcome === 'late') late.set(item.day, (late.get(item.day) ?? 0) + item.bucket.steps);
      }
      for (const [day, steps] of late) {
        await this.walking.refuseReport(trx, userId, day, source, { steps, reason: 'late', limit: null });
      }
      // Each day's count: the sum of its buckets not typed in by hand.
      const counts = new Map<string, number>(days.map((day) => [day, 0]));
      for (const row of stored.values()) {
        if (row.recorded !== 'manual') counts.set(row.day, (counts.get(row.day) ?? 0) + row.steps);
      }
      return counts;
    });

    const results: StepReportResult[] = [];
    for (const day of days) {
      const steps = sums.get(day) ?? 0;
      const outcome = await this.walking.recordSteps(userId, source, day, steps, {}, { rateChecked: true });
      // A day refused as a whole is the post's answer; the buckets stored and the days before it stand.
      if (isRefusal(outcome)) return outcome;
      results.push(outcome);
    }
    return {
      buckets: read.map((item) => ({ start: isoTime(item.start), outcome: item.outcome ?? 'invalid' })),
      days: results,
    };
  }

  /** A bucket's instants and day, and the outcome of the checks that need nothing stored. */
  private readBucket(bucket: StepBucket, at: { now: number; today: string; yesterday: string }): ReadBucket {
    const start = Date.parse(bucket.start);
    const end = Date.parse(bucket.end);
    const day = Number.isFinite(start) ? this.calendar.dayOf(start) : '';
    const allowed = Math.floor((Math.max(0, end - start) * this.config.steps.maxPerMinute) / MINUTE_MS);
    const item: ReadBucket = { bucket, start, end, day, outcome: null, allowed };
    if (
      !Number.isFinite(start) ||
      !Number.isFinite(end) ||
      end <= start ||
      end - start > STEP_BUCKET_MAX_MINUTES * MINUTE_MS ||
      // Within one service day: it may end at the next midnight, not after it.
      end > this.calendar.startOf(day) + DAY_MS
    ) {
      item.outcome = 'invalid';
    } else if (end > at.now + BUCKET_AHEAD_MS || day > at.today) {
      item.outcome = 'future';
    } else if (day < at.yesterday) {
      item.outcome = 'late';
    }
    return item;
  }

  async listImports(userId: string): Promise<HealthImport[]> {
    return (await this.repository.listImports(this.db, userId, IMPORTS_LISTED)).map(toHealthImport);
  }

  /**
   * A health export (decision 030 "Step-source tokens and health imports"): counted against the user's import limit
   * before a byte is read, spooled to a temporary file under DATA_DIR while hashed, read as a stream, and handed
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
      // Read in a child process: the parse's CPU and memory stay out of the server (decision 030 "Step-source tokens
      // and health imports").
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
   * The step-sources section: the counting devices' tokens (never the token), health imports, the
   * tokens' hourly buckets and each source's daily count. Deleting revokes every token (decision 047 "Your data").
   */
  personalData(): PersonalDataSection {
    return {
      name: 'stepSources',
      exportFor: async (userId) => ({
        tokens: (await this.repository.exportTokens(this.db, userId)).map(exportRow),
        imports: (await this.repository.exportImports(this.db, userId)).map(exportRow),
        buckets: (await this.repository.exportBuckets(this.db, userId)).map(exportRow),
        daily: (await this.repository.exportSources(this.db, userId)).map(exportRow),
      }),
      erase: (trx, { userId, now }) => this.repository.eraseOfUser(trx, userId, now),
    };
  }
}
