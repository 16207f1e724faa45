import { randomUUID } from 'node:crypto';
import {
  STEP_FLAG_REASONS,
  type ResponseOf,
  type StepFlagReason,
  type StepRefusalReason,
  type StepReview,
  type StepSourceKind,
  type reportSteps,
} from '@stride/contract';
import type { WalkingSettings } from './walking.settings.js';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { retryOnUniqueViolation } from '../../db/retry.js';
import { AppError } from '../../http/errors.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { DAY_MS, MINUTE_MS, isoTime, type Clock } from '../../lib/clock.js';
import type { AddressesService } from '../addresses/addresses.service.js';
import type { CardsService } from '../cards/cards.service.js';
import type { InvitesService } from '../invites/invites.service.js';
import type {
  StepDayRow,
  StepReviewRow,
  StepReviewSummaryRow,
  StepSourceRow,
  WalkingRepository,
} from './walking.repository.js';
import { exportRow, type PersonalDataSection } from '../../lib/personal-data.js';

/** A day's source: its key (`web:<device>`, `device:<token id>`, `appleHealth`...) and kind. */
export interface StepSourceRef {
  readonly key: string;
  readonly kind: StepSourceKind;
}

/** What a report says beyond its count, for the cheating checks. */
export interface StepSignals {
  readonly device?: string | undefined;
  readonly rhythm?: { readonly intervals: number; readonly cv: number } | undefined;
}

export interface StepReportInput extends StepSignals {
  readonly day: string;
  readonly steps: number;
  readonly source: 'web' | 'companion';
}
export type StepReportResult = ResponseOf<typeof reportSteps>;

/**
 * A report refused as a whole: its day is not open (only today and yesterday are), or it adds more steps than the
 * time since the source's last report allows. A value, not an error: an import or a sync reads it and goes on with
 * its other days; only an endpoint answers it as an error (answerReport).
 */
export type StepRefusal =
  | { readonly refused: 'dayNotOpen'; readonly today: string; readonly yesterday: string }
  | { readonly refused: 'tooFast'; readonly max: number };

/** What a report comes to: the day as it now stands, or the refusal. */
export type StepReportOutcome = StepReportResult | StepRefusal;

export function isRefusal(outcome: object): outcome is StepRefusal {
  return 'refused' in outcome;
}

/** The error a refusal answers over HTTP: the code, message and values the endpoints have always answered. */
export function refusalError(refusal: StepRefusal): AppError {
  return refusal.refused === 'dayNotOpen'
    ? new AppError('BUSINESS_RULE', 'stepsDayOutOfRange', { today: refusal.today, yesterday: refusal.yesterday })
    : new AppError('BUSINESS_RULE', 'stepsTooFast', { max: refusal.max });
}

/** An endpoint's answer to a report: the accepted value, or the refusal turned into its error envelope. */
export function answerReport<T extends object>(outcome: T | StepRefusal): T {
  if (isRefusal(outcome)) throw refusalError(outcome);
  return outcome;
}

/** Refusals kept per day for the receipt; more are not recorded (the report is refused all the same). */
const REFUSALS_PER_DAY = 50;

/** A lower all-day source is compared with the highest only if it reported within this time of it. */
const DISAGREE_FRESH_MS = 60 * MINUTE_MS;

/** The reasons stored as JSON, in the contract's order; unknown ones are left out. */
export function parseReasons(json: string): StepFlagReason[] {
  let values: unknown;
  try {
    values = JSON.parse(json);
  } catch {
    return [];
  }
  const list = Array.isArray(values) ? values : [];
  return STEP_FLAG_REASONS.filter((reason) => list.includes(reason));
}

/**
 * A review as the user sees it; `expectedHours` is how soon a flagged day is usually decided (decision 078 "A held step
 * day is never a dead end").
 */
export function toStepReview(row: StepReviewSummaryRow, expectedHours: number): StepReview {
  return {
    status: row.status as StepReview['status'],
    reasons: parseReasons(row.reasons),
    flaggedAt: isoTime(row.created_at),
    decidedAt: row.decided_at === null ? null : isoTime(row.decided_at),
    expectedHours,
  };
}

/** A flagged day's rewards wait; a rejected day's are never paid; a cleared day pays as usual. */
export function isHeld(review: Pick<StepReviewRow, 'status'> | undefined): boolean {
  return review !== undefined && review.status !== 'cleared';
}

/**
 * Whether the day's sources disagree widely (decision 029 "Steps from every source"): the highest source is more than
 * `ratio` times the highest other source that counts all day, and more than `minSteps` above it.
 * The in-app counter (`web`) counts only while the app is open, so its lower count is no
 * disagreement; an all-day source that has not reported within an hour of the highest may just
 * not have synced yet, and is not compared either.
 */
export function sourcesDisagree(sources: readonly StepSourceRow[], ratio: number, minSteps: number): boolean {
  const [top, ...rest] = [...sources].sort((a, b) => b.steps - a.steps);
  if (!top) return false;
  const others = rest.filter((row) => row.kind !== 'web' && row.reported_at >= top.reported_at - DISAGREE_FRESH_MS);
  if (others.length === 0) return false;
  const second = Math.max(...others.map((row) => row.steps));
  return top.steps > ratio * second && top.steps - second > minSteps;
}

/**
 * Taking step reports (decision 029 "Steps from every source"): the app's and companions' reports, the step sources'
 * (tokens, imports, connected accounts), the cheating checks that flag a day, and the refusals kept for the day's
 * receipt. An accepted report pays what a report pays at once (cash back, the invite reward) unless its day is held.
 */
export class StepReports {
  constructor(
    private readonly db: Db,
    private readonly repository: WalkingRepository,
    private readonly cards: CardsService,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly config: WalkingSettings,
    private readonly invites: InvitesService,
    private readonly addresses: AddressesService,
  ) {}

  /** The web app's or a companion's report (POST /api/steps): each counting device is its own source. */
  reportSteps(userId: string, input: StepReportInput): Promise<StepReportOutcome> {
    const kind: StepSourceKind = input.source === 'companion' ? 'companion' : 'web';
    const key = input.device ? `${kind}:${input.device}` : kind;
    return this.recordSteps(userId, { key, kind }, input.day, input.steps, {
      device: input.device,
      rhythm: input.rhythm,
    });
  }

  /**
   * Stores one source's count for a day (decision 029 "Steps from every source"). Only today and yesterday are accepted
   * (other days are refused as late); a source's count only grows, is capped, and an increase must
   * be possible at `maxPerMinute` since that source's last accepted report (or since midnight): an
   * implausible increase is refused, not clipped, and passes once time has moved. The day credits
   * the highest source, never the sum. Every refusal is kept for the day's receipt.
   * `rateChecked`: the caller checked the rate itself, per hourly bucket against the bucket's own
   * length (docs/product/step-sources.md, Tokens): two posts a minute apart may each carry an hour.
   * Caps, flags, review holds and cash back are the same for every report.
   */
  async recordSteps(
    userId: string,
    source: StepSourceRef,
    day: string,
    steps: number,
    signals: StepSignals = {},
    options: { rateChecked?: boolean } = {},
  ): Promise<StepReportOutcome> {
    const now = this.clock.now();
    const today = this.calendar.dayOf(now);
    const yesterday = this.calendar.addDays(today, -1);
    if (day !== today && day !== yesterday) {
      if (day < yesterday) await this.refuse(this.db, userId, day, source, { steps, reason: 'late', limit: null }, now);
      return { refused: 'dayNotOpen', today, yesterday };
    }
    const cap = this.config.steps.dailyCap;
    if (steps > cap) await this.refuse(this.db, userId, day, source, { steps, reason: 'cap', limit: cap }, now);
    const reported = Math.min(steps, cap);
    const dayStart = this.calendar.startOf(day);
    const outcome = await retryOnUniqueViolation(() =>
      this.db.transaction().execute(async (trx): Promise<StepReportOutcome> => {
        const row = await this.repository.lockStepDay(trx, userId, day);
        const sourceRow = await this.repository.findStepSource(trx, userId, day, source.key);
        const previous = sourceRow?.steps ?? 0;
        let sourceSteps = previous;
        let credited = row?.steps ?? 0;
        if (reported > previous) {
          const windowStart = Math.max(sourceRow?.reported_at ?? dayStart, dayStart);
          const windowEnd = Math.min(now, dayStart + DAY_MS);
          const allowed = Math.floor(
            (Math.max(0, windowEnd - windowStart) * this.config.steps.maxPerMinute) / MINUTE_MS,
          );
          // Refused before anything is written: the day's lock is all this transaction took.
          if (!options.rateChecked && reported - previous > allowed)
            return { refused: 'tooFast', max: previous + allowed };
          await this.saveSource(trx, userId, day, row, source, reported, now);
          sourceSteps = reported;
          credited = Math.max(credited, reported);
        }
        const before = row?.steps ?? 0;
        const review = await this.checkFlags(trx, userId, day, signals, {
          before,
          after: credited,
          sourceChanged: sourceSteps !== previous,
          now,
        });
        // A flagged (or rejected) day's cash back and invite reward wait for the reviewer.
        const held = isHeld(review);
        // Same transaction, after the day's row lock: an invite reward is decided once.
        if (credited > before && !held) await this.invites.onSteps(trx, userId, day, credited);
        const cashBack = held ? 0 : await this.cards.creditCashBack(trx, userId, day, credited);
        return {
          day,
          steps: credited,
          sourceSteps,
          cashBack,
          review: review ? toStepReview(review, this.config.stepFlags.reviewExpectedHours) : null,
        };
      }),
    );
    if (isRefusal(outcome) && outcome.refused === 'tooFast') {
      await this.refuse(this.db, userId, day, source, { steps: reported, reason: 'rate', limit: outcome.max }, now);
    }
    return outcome;
  }

  /**
   * The cheating checks of one accepted report (decision 029 "Steps from every source"), under the day's lock. Any
   * reason flags the day: one review per user and day (the unique constraint), a still-flagged review
   * gains the new reasons, a decided one stays decided. Answers the day's review, if any.
   */
  private async checkFlags(
    trx: Executor,
    userId: string,
    day: string,
    signals: StepSignals,
    at: { before: number; after: number; sourceChanged: boolean; now: number },
  ): Promise<StepReviewRow | undefined> {
    const limits = this.config.stepFlags;
    const reasons: StepFlagReason[] = [];
    const { rhythm, device } = signals;
    if (rhythm && rhythm.intervals >= limits.rhythmMinIntervals && rhythm.cv < limits.rhythmMaxCv) {
      reasons.push('regularRhythm');
    }
    if (at.sourceChanged) {
      const sources = await this.repository.listStepSources(trx, userId, day);
      if (sourcesDisagree(sources, limits.disagreeRatio, limits.disagreeMinSteps)) reasons.push('sourcesDisagree');
    }
    if (device) {
      await this.repository.saveDevice(trx, device, userId, at.now);
      if ((await this.repository.countDeviceAccounts(trx, device, userId)) > limits.sharedDeviceAccounts) {
        reasons.push('sharedDevice');
      }
    }
    // Once a day, when it first reaches its goal: an address shared by many accounts.
    if (at.after > at.before) {
      const goal = await this.goalOn(trx, userId, day);
      if (
        at.before < goal &&
        at.after >= goal &&
        (await this.addresses.sharingAccounts(trx, userId)) > limits.sharedAddressAccounts
      ) {
        reasons.push('sharedAddress');
      }
    }
    const existing = await this.repository.findReview(trx, userId, day);
    if (reasons.length === 0 || at.after === 0) return existing;
    return this.flag(trx, userId, day, reasons, existing, at.now);
  }

  private async flag(
    trx: Executor,
    userId: string,
    day: string,
    reasons: StepFlagReason[],
    existing: StepReviewRow | undefined,
    now: number,
  ): Promise<StepReviewRow | undefined> {
    let current = existing;
    if (!current) {
      const row: StepReviewRow = {
        id: randomUUID(),
        user_id: userId,
        day,
        reasons: JSON.stringify(reasons),
        status: 'flagged',
        created_at: now,
        decided_at: null,
        operator_id: null,
        note: null,
        version: 1,
        released_points: null,
        released_collected_at: null,
      };
      if (await this.repository.insertReview(trx, row)) return row;
      current = await this.repository.findReview(trx, userId, day);
      if (!current) return undefined;
    }
    if (current.status !== 'flagged') return current;
    const had = parseReasons(current.reasons);
    const merged = STEP_FLAG_REASONS.filter((reason) => had.includes(reason) || reasons.includes(reason));
    if (merged.length === had.length) return current;
    const json = JSON.stringify(merged);
    if (await this.repository.setReviewReasons(trx, current.id, current.version, json)) {
      return { ...current, reasons: json, version: current.version + 1 };
    }
    // Decided meanwhile: the decision stands.
    return this.repository.findReview(trx, userId, day);
  }

  /** The day's goal: the highest target among the cards active that day, else the default goal. */
  private async goalOn(db: Executor, userId: string, day: string): Promise<number> {
    const cards = await this.cards.activeCardsOn(db, userId, day);
    return cards[0]?.plan.daily_target ?? this.config.steps.dailyGoal;
  }

  /** Today's (business day's) steps and goal, for the daily goal reminder (decision 048 "Web Push"). */
  async goalProgress(userId: string): Promise<{ day: string; steps: number; goal: number }> {
    const day = this.calendar.dayOf(this.clock.now());
    const [row, goal] = await Promise.all([
      this.repository.findStepDay(this.db, userId, day),
      this.goalOn(this.db, userId, day),
    ]);
    return { day, steps: row?.steps ?? 0, goal };
  }

  /** Locks the day's row: a reviewer's decision and the day's reports take the same lock first. */
  async lockDay(trx: Executor, userId: string, day: string): Promise<void> {
    await this.repository.lockStepDay(trx, userId, day);
  }

  /**
   * Stores the source's higher count and, when it is the day's highest, raises the day's credited count (the day's row
   * exists or is created here), under the day's lock.
   */
  private async saveSource(
    trx: Executor,
    userId: string,
    day: string,
    row: StepDayRow | undefined,
    source: StepSourceRef,
    reported: number,
    now: number,
  ): Promise<void> {
    await this.repository.saveStepSource(trx, {
      user_id: userId,
      day,
      source: source.key,
      kind: source.kind,
      steps: reported,
      reported_at: now,
    });
    if (reported <= (row?.steps ?? 0)) return;
    const values = { steps: reported, source: source.key, reported_at: now };
    if (row) await this.repository.updateSteps(trx, userId, day, values);
    else await this.repository.insertStepDay(trx, { user_id: userId, day, collected_points: 0, ...values });
  }

  /**
   * Keeps a refusal a step source decided itself for the day's receipt, in the caller's
   * transaction: an hourly bucket typed in by hand (`manual`), too fast for its own length
   * (`rate`) or of a day no longer open (`late`), docs/product/step-sources.md, Tokens.
   */
  async refuseReport(
    db: Executor,
    userId: string,
    day: string,
    source: StepSourceRef,
    refusal: { steps: number; reason: StepRefusalReason; limit: number | null },
  ): Promise<void> {
    await this.refuse(db, userId, day, source, refusal, this.clock.now());
  }

  /** Keeps a refused report for the day's receipt (a bounded number per day and source). */
  private async refuse(
    db: Executor,
    userId: string,
    day: string,
    source: StepSourceRef,
    refusal: { steps: number; reason: StepRefusalReason; limit: number | null },
    now: number,
  ): Promise<void> {
    await this.repository.insertRefusal(
      db,
      {
        id: randomUUID(),
        user_id: userId,
        day,
        source: source.key,
        kind: source.kind,
        steps: refusal.steps,
        reason: refusal.reason,
        limit_steps: refusal.limit,
        created_at: now,
      },
      REFUSALS_PER_DAY,
    );
  }

  /**
   * An import's days (decision 029 "Steps from every source"): days before yesterday only fill history (no rewards; the
   * source's count only grows and the day credits the highest source); today and yesterday go
   * through recordSteps like any report, so an import cannot mint old rewards. `within` runs in
   * the history transaction (the import's own once-only record).
   */
  async importDays(
    userId: string,
    source: StepSourceRef,
    days: ReadonlyArray<{ day: string; steps: number }>,
    within: (trx: Executor) => Promise<void>,
  ): Promise<void> {
    const now = this.clock.now();
    const yesterday = this.calendar.addDays(this.calendar.dayOf(now), -1);
    const cap = this.config.steps.dailyCap;
    await this.db.transaction().execute(async (trx) => {
      await within(trx);
      for (const { day, steps } of days) {
        if (day >= yesterday) continue;
        const reported = Math.min(steps, cap);
        const row = await this.repository.lockStepDay(trx, userId, day);
        const sourceRow = await this.repository.findStepSource(trx, userId, day, source.key);
        if (reported <= (sourceRow?.steps ?? 0)) continue;
        // History only: no points, cash back or review.
        await this.saveSource(trx, userId, day, row, source, reported, now);
      }
    });
    for (const { day, steps } of days) {
      // A refusal is kept for the receipt by recordSteps itself: the import's other days stand.
      if (day >= yesterday) await this.recordSteps(userId, source, day, steps);
    }
  }

  /**
   * A connected wearable account's days (decision 086 "Connected wearable accounts"; docs/product/step-sources.md,
   * Connected accounts), for its own source `connection:<id>`. Today and yesterday go through recordSteps
   * like any report (rate check, cap, flags, cash back: a late sync of yesterday still earns);
   * older days only fill history, as an import's do. A day the provider now counts lower than
   * stored keeps the stored count (nothing is paid twice) and is kept for the receipt as one
   * `lowered` refusal per distinct lower count; the same count again changes nothing. Answers how
   * many days changed.
   */
  async recordConnectionDays(
    userId: string,
    source: StepSourceRef,
    days: ReadonlyArray<{ day: string; steps: number }>,
  ): Promise<number> {
    const now = this.clock.now();
    const today = this.calendar.dayOf(now);
    const yesterday = this.calendar.addDays(today, -1);
    const cap = this.config.steps.dailyCap;
    let changed = 0;
    for (const { day, steps } of days) {
      if (day > today) continue;
      const reported = Math.min(steps, cap);
      // Under the day's lock: a count compared, then written, by one writer at a time.
      const outcome = await this.db.transaction().execute(async (trx) => {
        const row = await this.repository.lockStepDay(trx, userId, day);
        const stored = (await this.repository.findStepSource(trx, userId, day, source.key))?.steps ?? 0;
        if (reported === stored) return 'same';
        if (reported < stored) {
          if (await this.repository.hasRefusal(trx, { userId, day, source: source.key, reason: 'lowered', steps })) {
            return 'same';
          }
          await this.refuse(trx, userId, day, source, { steps, reason: 'lowered', limit: stored }, now);
          return 'lowered';
        }
        if (day >= yesterday) return 'report';
        // History only: no points, cash back or review.
        await this.saveSource(trx, userId, day, row, source, reported, now);
        return 'filled';
      });
      if (outcome === 'same') continue;
      changed += 1;
      // A refusal is kept for the receipt by recordSteps itself, as any report's: the other days stand.
      if (outcome === 'report') await this.recordSteps(userId, source, day, steps);
    }
    return changed;
  }

  /** The steps section: each day's credited total and the points collected (decision 047 "Your data"). */
  personalData(): PersonalDataSection {
    return {
      name: 'steps',
      exportFor: async (userId) => ({
        days: (await this.repository.exportSteps(this.db, userId)).map(exportRow),
        collections: (await this.repository.exportCollections(this.db, userId)).map(exportRow),
      }),
    };
  }
}
