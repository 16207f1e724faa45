import { randomUUID } from 'node:crypto';
import {
  STEP_FLAG_REASONS,
  type ExchangeRecord,
  type Language,
  type MoneyMovement,
  type PointsMovement,
  type ResponseOf,
  type StepFlagReason,
  type StepRefusalReason,
  type StepReview,
  type StepSourceKind,
  type getHome,
  type reportSteps,
} from '@stride/contract';
import type { FrameConfig } from '../../config.js';
import type { NoticesSettings } from '../notices/notices.settings.js';
import type { WalkingSettings } from './walking.settings.js';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { pageResult, pageWindow, retryOnUniqueViolation } from '../../db/retry.js';
import { AppError } from '../../http/errors.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { DAY_MS, MINUTE_MS, isoTime, type Clock } from '../../lib/clock.js';
import { localize } from '../../lib/content-language.js';
import { ShortCache } from '../../lib/short-cache.js';
import type { AddressesService } from '../addresses/addresses.service.js';
import type { CardsService } from '../cards/cards.service.js';
import type { InvitesService } from '../invites/invites.service.js';
import type { NoticesService } from '../notices/notices.service.js';
import { NOTIFICATION_PAGES, type NotificationsService } from '../notifications/notifications.service.js';
import { accountCode, type LedgerAccountRef, type LedgerService } from '../ledger/ledger.service.js';
import type {
  ExchangeRow,
  HomeItemRow,
  StepDayRow,
  StepReviewRow,
  StepReviewSummaryRow,
  StepSourceRow,
  WalkingRepository,
} from './walking.repository.js';
import { recordId } from '../../lib/ids.js';
import { exportRow, type PersonalDataSection } from '../../lib/personal-data.js';

type Home = ResponseOf<typeof getHome>;

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

/** Refusals kept per day for the receipt; more are not recorded (the report is refused all the same). */
const REFUSALS_PER_DAY = 50;

/** Home shows the latest few published notices. */
const HOME_NOTICES = 3;

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

/**
 * What one card holds of the day while its review has not cleared it (decision 078 "A held step day is never a dead
 * end"): its daily cash back, never beyond its price in total, when the steps reach its target and it was not paid.
 */
export function cashBackHeld(
  card: {
    cashBackEarned: boolean;
    cash_back_total: number;
    plan: { daily_target: number; daily_cash_back: number; price: number };
  },
  steps: number,
): number {
  if (card.cashBackEarned || steps < card.plan.daily_target) return 0;
  return Math.max(0, Math.min(card.plan.daily_cash_back, card.plan.price - card.cash_back_total));
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

const pointsOf = (userId: string): LedgerAccountRef => ({ kind: 'user', userId, asset: 'POINTS' });

/** The day a released collection's ledger key names (`<user>:points.review:<day>`, see collectReleased). */
function releasedDayOf(idempotencyKey: string | null): string | undefined {
  return /:points\.review:(\d{4}-\d{2}-\d{2})$/.exec(idempotencyKey ?? '')?.[1];
}
const cashOf = (userId: string): LedgerAccountRef => ({ kind: 'user', userId, asset: 'CNY' });

export function toExchangeRecord(row: ExchangeRow): ExchangeRecord {
  return { id: row.id, points: row.points, amount: row.amount, createdAt: isoTime(row.created_at) };
}

/**
 * Banners and quick entries, titled in the user's language (decision 042 "Content in every language"); a banner shows
 * its picture in the user's language, or its own picture when that language has none (decision 084 "Content per
 * language").
 */
function toHomeItems(rows: HomeItemRow[], language: Language): Pick<Home, 'banners' | 'quickEntries'> {
  const title = (row: HomeItemRow) => localize(language, row, { title: row.title }).title;
  const banner = (row: HomeItemRow) => localize(language, row, { title: row.title, image: row.image });
  return {
    banners: rows
      .filter((row) => row.kind === 'banner')
      .map((row) => ({ id: row.id, ...banner(row), url: row.target })),
    quickEntries: rows
      .filter((row) => row.kind === 'entry')
      .map((row) => ({ id: row.id, icon: row.image, title: title(row), path: row.target })),
  };
}

/** Steps, the points they earn, home, and points-to-cash exchange. */
/** Users settled per query of the daily cash back settlement. */
const SETTLE_BATCH = 200;

export class WalkingService {
  constructor(
    private readonly db: Db,
    private readonly repository: WalkingRepository,
    private readonly cards: CardsService,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly config: FrameConfig & WalkingSettings & NoticesSettings,
    private readonly invites: InvitesService,
    private readonly notices: NoticesService,
    private readonly addresses: AddressesService,
    private readonly notifications: NotificationsService,
  ) {
    this.homeItemsKept = new ShortCache(config.contentCacheMs);
  }

  /**
   * Home's banners and quick entries per language, the same for every user (decision 053 "Fewer statements for home and
   * for money").
   */
  private readonly homeItemsKept: ShortCache<Language, Pick<Home, 'banners' | 'quickEntries'>>;

  /** After a commit that changed home items: home reads them again. */
  forgetHomeItems(): void {
    this.homeItemsKept.clear();
  }

  /**
   * Reminds each user whose steps today have earned points not yet collected (and not held for
   * review), once per user and day (decision 044 "The notifications inbox"); how many were reminded.
   */
  async notifyPointsWaiting(day: string): Promise<number> {
    let told = 0;
    for (const row of await this.repository.stepDaysOn(this.db, day, this.config.points.stepsPerPoint)) {
      const review = await this.repository.findReview(this.db, row.user_id, day);
      if (isHeld(review)) continue;
      const { earned } = await this.earnedPoints(this.db, row.user_id, day, row.steps);
      const points = earned - row.collected_points;
      if (points <= 0) continue;
      const created = await this.notifications.record(this.db, {
        userId: row.user_id,
        kind: 'points.waiting',
        params: { points, day },
        dedupeKey: `points.waiting:${day}`,
        link: { path: NOTIFICATION_PAGES.home },
      });
      if (created) told += 1;
    }
    return told;
  }

  /** The web app's or a companion's report (POST /api/steps): each counting device is its own source. */
  reportSteps(userId: string, input: StepReportInput): Promise<StepReportResult> {
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
  ): Promise<StepReportResult> {
    const now = this.clock.now();
    const today = this.calendar.dayOf(now);
    const yesterday = this.calendar.addDays(today, -1);
    if (day !== today && day !== yesterday) {
      if (day < yesterday) await this.refuse(userId, day, source, steps, 'late', null, now);
      throw new AppError('BUSINESS_RULE', 'stepsDayOutOfRange', { today, yesterday });
    }
    const cap = this.config.steps.dailyCap;
    if (steps > cap) await this.refuse(userId, day, source, steps, 'cap', cap, now);
    const reported = Math.min(steps, cap);
    const dayStart = this.calendar.startOf(day);
    try {
      return await retryOnUniqueViolation(() =>
        this.db.transaction().execute(async (trx) => {
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
            if (!options.rateChecked && reported - previous > allowed) {
              throw new AppError('BUSINESS_RULE', 'stepsTooFast', { max: previous + allowed });
            }
            await this.repository.saveStepSource(trx, {
              user_id: userId,
              day,
              source: source.key,
              kind: source.kind,
              steps: reported,
              reported_at: now,
            });
            sourceSteps = reported;
            if (reported > credited) {
              credited = reported;
              await this.creditDay(trx, userId, day, row, { steps: reported, source: source.key, reported_at: now });
            }
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
    } catch (error) {
      if (error instanceof AppError && error.messageKey === 'stepsTooFast') {
        await this.refuse(userId, day, source, reported, 'rate', Number(error.values.max ?? 0), now);
      }
      throw error;
    }
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

  /** What a flagged day holds: points earned and not collected, and the cash back its cards would pay. */
  async heldRewards(
    db: Executor,
    userId: string,
    day: string,
  ): Promise<{ points: number; cashBack: number; steps: number }> {
    const row = await this.repository.findStepDay(db, userId, day);
    const steps = row?.steps ?? 0;
    const { earned } = await this.earnedPoints(db, userId, day, steps);
    return {
      steps,
      points: Math.max(0, earned - (row?.collected_points ?? 0)),
      cashBack: await this.cards.cashBackDue(db, userId, day, steps),
    };
  }

  /**
   * Releases a cleared day's held rewards in the reviewer's transaction (decision 078 "A held step day is never a dead
   * end"): the points earned and not collected become the user's to collect on home (`released_points` on the review;
   * `collectPoints` credits them once), while the cash back each active card pays for the day and
   * the invite reward if the day's steps completed the invitation are paid now, as decision 029 "Steps from every
   * source" says. The user is told, in the same transaction.
   */
  async releaseHeld(
    trx: Executor,
    review: { id: string; user_id: string; day: string },
  ): Promise<{ points: number; cashBack: number }> {
    const { user_id: userId, day } = review;
    const row = await this.repository.lockStepDay(trx, userId, day);
    const steps = row?.steps ?? 0;
    const { earned } = await this.earnedPoints(trx, userId, day, steps);
    const points = Math.max(0, earned - (row?.collected_points ?? 0));
    await this.repository.setReleased(trx, review.id, points);
    if (row) await this.invites.onSteps(trx, userId, day, steps);
    const cashBack = row ? await this.cards.creditCashBack(trx, userId, day, steps) : 0;
    await this.tellDecision(trx, userId, day, 'steps.cleared', { points, amount: cashBack });
    return { points, cashBack };
  }

  /** Tells the user that a rejection withheld the day's points and cash back, in the reviewer's transaction. */
  async tellRejected(trx: Executor, userId: string, day: string): Promise<{ points: number; cashBack: number }> {
    const held = await this.heldRewards(trx, userId, day);
    await this.tellDecision(trx, userId, day, 'steps.rejected', { points: held.points, amount: held.cashBack });
    return { points: held.points, cashBack: held.cashBack };
  }

  private async tellDecision(
    trx: Executor,
    userId: string,
    day: string,
    kind: 'steps.cleared' | 'steps.rejected',
    amounts: { points: number; amount: number },
  ): Promise<void> {
    await this.notifications.record(trx, {
      userId,
      kind,
      params: { day, ...amounts },
      dedupeKey: `${kind}:${day}`,
      // Cleared: home, where the points are collected; rejected: the day's receipt, which says why.
      link:
        kind === 'steps.cleared'
          ? { path: NOTIFICATION_PAGES.home }
          : { path: NOTIFICATION_PAGES.stepDay, query: { day } },
    });
  }

  /** After a decision's commit: its push goes at once (decision 048 "Web Push"). */
  nudgeNotifications(): void {
    this.notifications.nudge();
  }

  /**
   * The daily cash back settlement (decision 055 "Background jobs in a queue"): for each ended day still open to step
   * reports (yesterday and the day before), pays every active card the cash back its owner's steps earned
   * that day, for owners who did not report or collect after the card became due (a card bought
   * after the day's walk, an app not opened again). Each user's day runs like a report: the day's
   * row lock, a held day left to its reviewer, and `creditCashBack`, whose ledger key and unique
   * (card, day) row make the app's path and this one pay once between them.
   */
  async settleCashBack(): Promise<{ days: string[]; users: number; credited: number }> {
    const today = this.calendar.dayOf(this.clock.now());
    const days = [this.calendar.addDays(today, -2), this.calendar.addDays(today, -1)];
    let users = 0;
    let credited = 0;
    for (const day of days) {
      let after = '';
      for (;;) {
        const owed = await this.cards.usersOwedCashBackOn(this.db, day, after, SETTLE_BATCH);
        if (owed.length === 0) break;
        for (const userId of owed) {
          after = userId;
          const amount = await retryOnUniqueViolation(() =>
            this.db.transaction().execute(async (trx) => {
              const row = await this.repository.lockStepDay(trx, userId, day);
              if (!row || row.steps <= 0) return 0;
              if (isHeld(await this.repository.findReview(trx, userId, day))) return 0;
              return this.cards.creditCashBack(trx, userId, day, row.steps);
            }),
          );
          if (amount > 0) {
            users += 1;
            credited += amount;
          }
        }
      }
    }
    return { days, users, credited };
  }

  /** Locks the day's row: a reviewer's decision and the day's reports take the same lock first. */
  async lockDay(trx: Executor, userId: string, day: string): Promise<void> {
    await this.repository.lockStepDay(trx, userId, day);
  }

  /** Raises the day's credited count (the day's row exists or is created here); `source` is the crediting source's key. */
  private async creditDay(
    trx: Executor,
    userId: string,
    day: string,
    row: StepDayRow | undefined,
    values: { steps: number; source: string; reported_at: number },
  ): Promise<void> {
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
        created_at: this.clock.now(),
      },
      REFUSALS_PER_DAY,
    );
  }

  /** Keeps a refused report for the day's receipt (a bounded number per day and source). */
  private async refuse(
    userId: string,
    day: string,
    source: StepSourceRef,
    steps: number,
    reason: StepRefusalReason,
    limit: number | null,
    now: number,
  ): Promise<void> {
    await this.repository.insertRefusal(
      this.db,
      {
        id: randomUUID(),
        user_id: userId,
        day,
        source: source.key,
        kind: source.kind,
        steps,
        reason,
        limit_steps: limit,
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
        await this.fillHistoryDay(trx, userId, day, row, source, reported, now);
      }
    });
    for (const { day, steps } of days) {
      if (day < yesterday) continue;
      try {
        await this.recordSteps(userId, source, day, steps);
      } catch (error) {
        // Refused (and kept for the receipt): the import's other days stand.
        if (!(error instanceof AppError)) throw error;
      }
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
          await this.repository.insertRefusal(
            trx,
            {
              id: randomUUID(),
              user_id: userId,
              day,
              source: source.key,
              kind: source.kind,
              steps,
              reason: 'lowered',
              limit_steps: stored,
              created_at: now,
            },
            REFUSALS_PER_DAY,
          );
          return 'lowered';
        }
        if (day >= yesterday) return 'report';
        await this.fillHistoryDay(trx, userId, day, row, source, reported, now);
        return 'filled';
      });
      if (outcome === 'same') continue;
      changed += 1;
      if (outcome !== 'report') continue;
      try {
        await this.recordSteps(userId, source, day, steps);
      } catch (error) {
        // Refused (and kept for the receipt, as any report's refusal): the other days stand.
        if (!(error instanceof AppError)) throw error;
      }
    }
    return changed;
  }

  /**
   * A day before yesterday, under its lock: the source's higher count stored, and the day's credited
   * count raised when it is the highest. History only: no points, cash back or review (decision 029 "Steps from every
   * source").
   */
  private async fillHistoryDay(
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
    if (reported > (row?.steps ?? 0)) {
      await this.creditDay(trx, userId, day, row, { steps: reported, source: source.key, reported_at: now });
    }
  }

  /** 1 point per `stepsPerPoint` steps up to the daily maximum, times the best card multiplier. */
  private async earnedPoints(db: Executor, userId: string, day: string, steps: number) {
    return this.earnedWith(await this.cards.activeCardsOn(db, userId, day), steps);
  }

  /** What the day's steps earn with these active cards (earnedPoints). */
  private earnedWith(cards: readonly { plan: { multiplier_percent: number } }[], steps: number) {
    const percent = Math.max(100, ...cards.map((card) => card.plan.multiplier_percent));
    const base = Math.min(Math.floor(steps / this.config.points.stepsPerPoint), this.config.points.dailyMax);
    return { earned: Math.floor((base * percent) / 100), percent };
  }

  async getHome(userId: string, language: Language): Promise<Home> {
    const today = this.calendar.dayOf(this.clock.now());
    const codes = { points: accountCode(pointsOf(userId)), cash: accountCode(cashOf(userId)) };
    const [{ stepDay, review, points, cash, cards, releasedPoints }, items, notices] = await Promise.all([
      // The user's own part in one statement across the walking, ledger and cards tables (decision 072 "Home reads the
      // user's own part in one statement").
      this.repository.findHomeOfUser(this.db, userId, today, codes),
      // The same for every user: kept for up to CONTENT_CACHE_MS (decision 053 "Fewer statements for home and for
      // money").
      this.homeItemsKept.get(language, async () => toHomeItems(await this.repository.listHomeItems(this.db), language)),
      this.notices.latest(HOME_NOTICES, language),
    ]);
    const steps = stepDay?.steps ?? 0;
    const collected = stepDay?.collected_points ?? 0;
    const { earned, percent } = this.earnedWith(cards, steps);
    const card = cards[0];
    // A day not cleared holds its points and cash back: shown as waiting (flagged) or withheld (rejected), decision
    // 078 "A held step day is never a dead end".
    const held = isHeld(review);
    const progress = cards.map((item) => ({
      cardId: item.id,
      name: localize(language, item.plan, { name: item.plan.name }).name,
      dailyTarget: item.plan.daily_target,
      dailyCashBack: item.plan.daily_cash_back,
      cashBackEarned: item.cashBackEarned,
      cashBackPending: review?.status === 'flagged' ? cashBackHeld(item, steps) : 0,
      daysLeft: this.cards.daysLeft(item, today),
    }));
    const ownCollectable = held ? 0 : Math.max(0, earned - collected);
    return {
      day: today,
      utcOffsetMinutes: this.config.businessUtcOffsetMinutes,
      steps,
      goal: card?.plan.daily_target ?? this.config.steps.dailyGoal,
      points,
      balance: cash,
      earnedPoints: earned,
      collectedPoints: collected,
      // A day under review (or rejected) has nothing of its own to collect: its points wait for the
      // reviewer. Points that clearing released from earlier days are collected with today's.
      collectablePoints: ownCollectable + releasedPoints,
      releasedPoints,
      held: held
        ? {
            points: Math.max(0, earned - collected),
            cashBack: cards.reduce((sum, item) => sum + cashBackHeld(item, steps), 0),
          }
        : null,
      review: review ? toStepReview(review, this.config.stepFlags.reviewExpectedHours) : null,
      multiplier: percent / 100,
      activeCard: progress[0] ?? null,
      activeCards: progress,
      ...items,
      notices,
    };
  }

  /**
   * Credits the difference between what today's steps have earned and what was collected today,
   * any cash back due, and the points reviews released from earlier days (decision 078 "A held step day is never a dead
   * end"). Idempotent by key (a replay answers the first result) and by nature (a second key finds
   * nothing left to collect).
   */
  async collectPoints(
    userId: string,
    idempotencyKey: string,
  ): Promise<{ collected: number; released: number; points: number; cashBack: number }> {
    const key = `${userId}:points.collect:${idempotencyKey}`;
    const result = await retryOnUniqueViolation(() =>
      this.db.transaction().execute(async (trx) => {
        const now = this.clock.now();
        const today = this.calendar.dayOf(now);
        const existing = await this.repository.findCollectionByKey(trx, key);
        if (existing) {
          if (existing.day !== today) throw new AppError('CONFLICT', 'conflict');
          return { collected: existing.points, released: existing.released_points, cashBack: existing.cash_back };
        }
        const row = await this.repository.lockStepDay(trx, userId, today);
        const steps = row?.steps ?? 0;
        // A flagged or rejected day credits nothing here: the reviewer's decision pays or refuses it.
        const review = await this.repository.findReview(trx, userId, today);
        const held = isHeld(review);
        // Today cleared: its release is part of today's collection, never collected again later.
        if (review?.status === 'cleared') await this.repository.takeReleased(trx, review.id, now);
        const released = await this.collectReleased(trx, userId, today, now);
        const cashBack = held ? 0 : await this.cards.creditCashBack(trx, userId, today, steps);
        const { earned } = await this.earnedPoints(trx, userId, today, steps);
        const collected = held ? 0 : Math.max(0, earned - (row?.collected_points ?? 0));
        if (collected > 0 && row) {
          await this.ledger.post(trx, {
            kind: 'points.collect',
            legs: [
              { account: { kind: 'system', name: 'rewards', asset: 'POINTS' }, amount: -collected },
              { account: pointsOf(userId), amount: collected },
            ],
            idempotencyKey: key,
            fingerprint: { day: today },
          });
          await this.repository.setCollected(trx, userId, today, earned);
        }
        await this.repository.insertCollection(trx, {
          id: recordId(),
          user_id: userId,
          idempotency_key: key,
          day: today,
          points: collected + released,
          cash_back: cashBack,
          released_points: released,
          created_at: now,
        });
        return { collected: collected + released, released, cashBack };
      }),
    );
    return { ...result, points: await this.ledger.balance(pointsOf(userId)) };
  }

  /**
   * Credits the points that clearing released on the user's days before `today` (decision 078 "A held step day is never
   * a dead end"), each once: the day's row lock, then the compare-and-set on the review's `released_collected_at`, and
   * one ledger key per user and day (the key a clearing used when it credited them itself).
   */
  private async collectReleased(trx: Executor, userId: string, today: string, now: number): Promise<number> {
    let total = 0;
    for (const { id, day } of await this.repository.listReleased(trx, userId, today)) {
      await this.repository.lockStepDay(trx, userId, day);
      const points = await this.repository.takeReleased(trx, id, now);
      if (!points) continue;
      await this.ledger.post(trx, {
        kind: 'points.collect',
        legs: [
          { account: { kind: 'system', name: 'rewards', asset: 'POINTS' }, amount: -points },
          { account: pointsOf(userId), amount: points },
        ],
        idempotencyKey: `${userId}:points.review:${day}`,
        fingerprint: { day, points },
      });
      await this.repository.addCollected(trx, userId, day, points);
      total += points;
    }
    return total;
  }

  /** Points to cash at the configured rate, in whole units; one transfer moves both assets. */
  exchange(userId: string, input: { points: number; idempotencyKey: string }): Promise<ExchangeRecord> {
    const { pointsPerUnit, cashPerUnit, minPoints } = this.config.exchange;
    if (input.points < minPoints || input.points % pointsPerUnit !== 0) {
      throw new AppError('VALIDATION_FAILED', 'exchangeRule', { min: minPoints, unit: pointsPerUnit });
    }
    const amount = (input.points / pointsPerUnit) * cashPerUnit;
    const key = `${userId}:exchange:${input.idempotencyKey}`;
    return retryOnUniqueViolation(() =>
      this.db.transaction().execute(async (trx) => {
        const { transferId, replayed } = await this.ledger.post(trx, {
          kind: 'exchange',
          legs: [
            { account: pointsOf(userId), amount: -input.points },
            { account: { kind: 'system', name: 'exchange', asset: 'POINTS' }, amount: input.points },
            { account: { kind: 'system', name: 'exchange', asset: 'CNY' }, amount: -amount },
            { account: cashOf(userId), amount },
          ],
          idempotencyKey: key,
          fingerprint: { points: input.points },
        });
        if (replayed) {
          const first = await this.repository.findExchangeByTransfer(trx, transferId);
          if (!first) throw new AppError('CONFLICT', 'conflict');
          return toExchangeRecord(first);
        }
        const row: ExchangeRow = {
          id: recordId(),
          user_id: userId,
          transfer_id: transferId,
          points: input.points,
          amount,
          created_at: this.clock.now(),
        };
        await this.repository.insertExchange(trx, row);
        return toExchangeRecord(row);
      }),
    );
  }

  async listExchanges(userId: string, page: { page: number; pageSize: number }) {
    const { rows, total } = await this.repository.listExchanges(this.db, userId, pageWindow(page));
    return pageResult(rows.map(toExchangeRecord), page, total);
  }

  async moneyStatement(
    userId: string,
    query: {
      page: number;
      pageSize: number;
      type?: string | undefined;
      from?: string | undefined;
      to?: string | undefined;
    },
  ) {
    const { rows, total } = await this.ledger.statement(
      cashOf(userId),
      {
        kind: query.type,
        from: query.from ? this.calendar.startOf(query.from) : undefined,
        before: query.to ? this.calendar.startOf(this.calendar.addDays(query.to, 1)) : undefined,
      },
      pageWindow(query),
    );
    // A card's cash back links to the receipt of the day it was paid for.
    const receiptDays = await this.cards.cashBackDaysByTransfer(
      this.db,
      rows.filter((row) => row.kind === 'card.cashback').map((row) => row.transfer_id),
    );
    const items: MoneyMovement[] = rows.map((row) => ({
      id: String(row.id),
      type: row.kind,
      amount: row.amount,
      balanceAfter: row.balance_after,
      receiptDay: receiptDays.get(row.transfer_id) ?? null,
      createdAt: isoTime(row.created_at),
    }));
    return pageResult(items, query, total);
  }

  /**
   * Every movement of the user's points, newest first (decision 081 "One points statement"): the points account's own
   * ledger entries, so nothing the ledger moved is missing and nobody else's can appear. A
   * collection of points a review released (decision 078 "A held step day is never a dead end") is told apart by its
   * ledger key, and links to its day's receipt as a collection does; goods and exchanges link to their records.
   */
  async pointsStatement(
    userId: string,
    query: { page: number; pageSize: number },
    orders: { orderIdsByTransfer(transferIds: readonly string[]): Promise<Map<string, string>> },
  ) {
    const { rows, total } = await this.ledger.statement(pointsOf(userId), {}, pageWindow(query));
    const ofKinds = (...kinds: string[]) =>
      rows.filter((row) => kinds.includes(row.kind)).map((row) => row.transfer_id);
    const [orderIds, exchangeIds] = await Promise.all([
      orders.orderIdsByTransfer(ofKinds('shop.order', 'shop.refund')),
      this.repository.exchangeIdsByTransfer(this.db, ofKinds('exchange')),
    ]);
    const items: PointsMovement[] = rows.map((row) => {
      const released = row.kind === 'points.collect' ? releasedDayOf(row.idempotency_key) : undefined;
      return {
        id: String(row.id),
        type: released ? 'points.release' : row.kind,
        amount: row.amount,
        balanceAfter: row.balance_after,
        receiptDay: row.kind === 'points.collect' ? (released ?? this.calendar.dayOf(row.created_at)) : null,
        orderId: orderIds.get(row.transfer_id) ?? null,
        exchangeId: exchangeIds.get(row.transfer_id) ?? null,
        createdAt: isoTime(row.created_at),
      };
    });
    return pageResult(items, query, total);
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

  /** The exchanges section: points turned into cash. */
  exchangesData(): PersonalDataSection {
    return {
      name: 'exchanges',
      exportFor: async (userId) => (await this.repository.exportExchanges(this.db, userId)).map(exportRow),
    };
  }
}
