import type { EarningRules, ExchangeRecord } from '@stride/contract';
import type { WalkingSettings } from './walking.settings.js';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { retryOnUniqueViolation } from '../../db/retry.js';
import { AppError } from '../../http/errors.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import { recordId } from '../../lib/ids.js';
import { exportRow, type PersonalDataSection } from '../../lib/personal-data.js';
import type { CardsService } from '../cards/cards.service.js';
import type { CashCap, PointsCap } from '../economy/economy.caps.js';
import type { InvitesService } from '../invites/invites.service.js';
import type { LedgerAccountRef, LedgerService } from '../ledger/ledger.service.js';
import { NOTIFICATION_PAGES, type NotificationsService } from '../notifications/notifications.service.js';
import type { RuleBook } from '../rules/rules.book.js';
import type { ExchangeRow, WalkingRepository } from './walking.repository.js';
import { isHeld } from './step-reports.js';

/** Users settled per query of the daily cash back settlement. */
const SETTLE_BATCH = 200;

export const pointsOf = (userId: string): LedgerAccountRef => ({ kind: 'user', userId, asset: 'POINTS' });
export const cashOf = (userId: string): LedgerAccountRef => ({ kind: 'user', userId, asset: 'CNY' });

export function toExchangeRecord(row: ExchangeRow): ExchangeRecord {
  return { id: row.id, points: row.points, amount: row.amount, createdAt: isoTime(row.created_at) };
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

/**
 * What the day's steps earn with these active cards: 1 point per `stepsPerPoint` steps up to the daily maximum, times
 * the best card multiplier.
 */
export function pointsEarned(
  rule: Pick<EarningRules, 'stepsPerPoint' | 'pointsDailyMax'>,
  cards: readonly { plan: { multiplier_percent: number } }[],
  steps: number,
): { earned: number; percent: number } {
  const percent = Math.max(100, ...cards.map((card) => card.plan.multiplier_percent));
  const base = Math.min(Math.floor(steps / rule.stepsPerPoint), rule.pointsDailyMax);
  return { earned: Math.floor((base * percent) / 100), percent };
}

/**
 * The rewards of walking (decisions 009 "Steps, points, exchange, member cards and cash back" and 078 "A held step
 * day is never a dead end"): the points a day earned and their collection, what a held day holds and its release or
 * withholding by the reviewer, the daily cash back settlement, and points to cash.
 */
export class WalkingRewards {
  constructor(
    private readonly db: Db,
    private readonly repository: WalkingRepository,
    private readonly cards: CardsService,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly config: WalkingSettings,
    private readonly invites: InvitesService,
    private readonly notifications: NotificationsService,
    private readonly ruleBook: RuleBook,
    private readonly pointsCap: PointsCap,
    private readonly cashCap: CashCap,
  ) {}

  /**
   * Reminds each user whose steps today have earned points not yet collected (and not held for
   * review), once per user and day (decision 044 "The notifications inbox"); how many were reminded.
   */
  async notifyPointsWaiting(day: string): Promise<number> {
    let told = 0;
    const { stepsPerPoint } = await this.ruleBook.on(this.db, day);
    for (const row of await this.repository.stepDaysOn(this.db, day, stepsPerPoint)) {
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
   * source" says. The user is told, in the same transaction, unless the caller tells them itself (an appeal's decision).
   */
  async releaseHeld(
    trx: Executor,
    review: { id: string; user_id: string; day: string },
    tell = true,
  ): Promise<{ points: number; cashBack: number }> {
    const { user_id: userId, day } = review;
    const row = await this.repository.lockStepDay(trx, userId, day);
    const steps = row?.steps ?? 0;
    const { earned } = await this.earnedPoints(trx, userId, day, steps);
    const points = Math.max(0, earned - (row?.collected_points ?? 0));
    await this.repository.setReleased(trx, review.id, points);
    if (row) await this.invites.onSteps(trx, userId, day, steps);
    const cashBack = row ? await this.cards.creditCashBack(trx, userId, day, steps) : 0;
    if (tell) await this.tellDecision(trx, userId, day, 'steps.cleared', { points, amount: cashBack });
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
    // What the cash cap held on earlier days goes first, oldest first, within today's cap (decision 103 "A daily cap on
    // cash back paid").
    const earlier = await this.settleCapHeld(today);
    let { users, credited } = earlier;
    for (const day of days) {
      let after = '';
      for (;;) {
        const owed = await this.cards.usersOwedCashBackOn(this.db, day, after, SETTLE_BATCH);
        if (owed.length === 0) break;
        for (const userId of owed) {
          after = userId;
          const amount = await this.settleDay(userId, day);
          if (amount > 0) {
            users += 1;
            credited += amount;
          }
        }
      }
    }
    return { days, users, credited };
  }

  /** One user's day of the settlement, run like a report: the day's row lock, a held day left to its reviewer. */
  private settleDay(userId: string, day: string): Promise<number> {
    return retryOnUniqueViolation(() =>
      this.db.transaction().execute(async (trx) => {
        const row = await this.repository.lockStepDay(trx, userId, day);
        if (!row || row.steps <= 0) return 0;
        if (isHeld(await this.repository.findReview(trx, userId, day))) return 0;
        return this.cards.creditCashBack(trx, userId, day, row.steps);
      }),
    );
  }

  /**
   * Pays the card days the cash cap held, oldest first, until today's cap is taken: each like a settled day, whose
   * `creditCashBack` pays within today's cap and releases what it pays. A day a review holds waits for its decision; a
   * rejected day, or one its cards can no longer pay, holds nothing more.
   */
  private async settleCapHeld(today: string): Promise<{ users: number; credited: number }> {
    let [users, credited] = [0, 0];
    let after = { day: '', userId: '' };
    for (;;) {
      const page = await this.cashCap.heldDays(this.db, after, SETTLE_BATCH);
      if (page.length === 0) break;
      for (const held of page) {
        after = held;
        if (await this.cashCap.full(this.db, today)) return { users, credited };
        const amount = await retryOnUniqueViolation(() =>
          this.db.transaction().execute(async (trx) => {
            const row = await this.repository.lockStepDay(trx, held.userId, held.day);
            const review = await this.repository.findReview(trx, held.userId, held.day);
            if (review?.status === 'flagged') return 0;
            const paid =
              row && review?.status !== 'rejected'
                ? await this.cards.creditCashBack(trx, held.userId, held.day, row.steps)
                : 0;
            if (
              !row ||
              review?.status === 'rejected' ||
              (await this.cards.cashBackCapped(trx, held.userId, held.day)).size === 0
            ) {
              for (const cardId of await this.cashCap.heldCards(trx, held.userId, held.day)) {
                await this.cashCap.release(trx, cardId, held.day);
              }
            }
            return paid;
          }),
        );
        if (amount > 0) {
          users += 1;
          credited += amount;
        }
      }
    }
    return { users, credited };
  }

  /** What the day's steps earn with the user's cards active that day (pointsEarned), by the rules of that day. */
  private async earnedPoints(db: Executor, userId: string, day: string, steps: number) {
    const [rules, cards] = await Promise.all([this.ruleBook.on(db, day), this.cards.activeCardsOn(db, userId, day)]);
    return pointsEarned(rules, cards, steps);
  }

  /**
   * Credits the difference between what today's steps have earned and what was collected today,
   * any cash back due, and the points reviews released from earlier days (decision 078 "A held step day is never a dead
   * end"). Idempotent by key (a replay answers the first result) and by nature (a second key finds
   * nothing left to collect). Points credited for steps are taken from the day's cap when one is set (decision 100 "The
   * economy page"): what it holds back is `capped`, collectable on a later day, which credits it as `earlier`.
   */
  async collectPoints(
    userId: string,
    idempotencyKey: string,
  ): Promise<{
    collected: number;
    released: number;
    earlier: number;
    capped: number;
    points: number;
    cashBack: number;
  }> {
    const key = `${userId}:points.collect:${idempotencyKey}`;
    const result = await retryOnUniqueViolation(() =>
      this.db.transaction().execute(async (trx) => {
        const now = this.clock.now();
        const today = this.calendar.dayOf(now);
        const existing = await this.repository.findCollectionByKey(trx, key);
        if (existing) {
          if (existing.day !== today) throw new AppError('CONFLICT', 'conflict');
          return {
            collected: existing.points,
            released: existing.released_points,
            earlier: existing.earlier_points,
            capped: existing.capped_points,
            cashBack: existing.cash_back,
          };
        }
        const row = await this.repository.lockStepDay(trx, userId, today);
        const steps = row?.steps ?? 0;
        // A flagged or rejected day credits nothing here: the reviewer's decision pays or refuses it.
        const review = await this.repository.findReview(trx, userId, today);
        const held = isHeld(review);
        // Today cleared: its release is part of today's collection, never collected again later.
        if (review?.status === 'cleared') await this.repository.takeReleased(trx, review.id, now);
        const released = await this.collectReleased(trx, userId, today, now);
        const earlier = await this.collectCapHeld(trx, userId, today);
        const { earned } = await this.earnedPoints(trx, userId, today, steps);
        const due = held || !row ? 0 : Math.max(0, earned - row.collected_points);
        // What the day's cap leaves of it (all of it with no cap); the rest waits for a later day.
        const collected = await this.pointsCap.take(trx, today, due);
        const capped = due - collected;
        if (capped > 0) await this.pointsCap.hold(trx, userId, today, now);
        // After the points cap's row, as every collection takes them: two caps' rows in one order never deadlock.
        const cashBack = held ? 0 : await this.cards.creditCashBack(trx, userId, today, steps);
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
          await this.repository.setCollected(trx, userId, today, row.collected_points + collected);
        }
        await this.repository.insertCollection(trx, {
          id: recordId(),
          user_id: userId,
          idempotency_key: key,
          day: today,
          points: collected + released + earlier,
          cash_back: cashBack,
          released_points: released,
          earlier_points: earlier,
          capped_points: capped,
          created_at: now,
        });
        return { collected: collected + released + earlier, released, earlier, capped, cashBack };
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
      // Within today's cap, all of the day's released points or none: those it cannot take stay released.
      const waiting = (await this.repository.findReview(trx, userId, day))?.released_points ?? 0;
      if (waiting > 0 && (await this.pointsCap.take(trx, today, waiting, false)) < waiting) continue;
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

  /**
   * Credits the points a reached cap held back on the user's days before `today` (decision 100 "The economy page"),
   * within today's cap: each day's row lock, then what its steps earned less what was collected. A day a review holds
   * waits for its decision (a rejected one holds nothing more), and a cleared day's released points are collected as
   * released, never here too.
   */
  private async collectCapHeld(trx: Executor, userId: string, today: string): Promise<number> {
    let total = 0;
    for (const day of await this.pointsCap.heldDays(trx, userId, today)) {
      const row = await this.repository.lockStepDay(trx, userId, day);
      const review = await this.repository.findReview(trx, userId, day);
      if (review?.status === 'rejected') {
        await this.pointsCap.release(trx, userId, day);
        continue;
      }
      const releasing = review?.released_collected_at === null && (review.released_points ?? 0) > 0;
      if (isHeld(review) || releasing) continue;
      const { earned } = await this.earnedPoints(trx, userId, day, row?.steps ?? 0);
      const due = row ? Math.max(0, earned - row.collected_points) : 0;
      const points = await this.pointsCap.take(trx, today, due);
      if (points > 0 && row) {
        await this.ledger.post(trx, {
          kind: 'points.collect',
          legs: [
            { account: { kind: 'system', name: 'rewards', asset: 'POINTS' }, amount: -points },
            { account: pointsOf(userId), amount: points },
          ],
          idempotencyKey: `${userId}:points.held:${day}:${row.collected_points}`,
          fingerprint: { day, points },
        });
        await this.repository.addCollected(trx, userId, day, points);
        total += points;
      }
      if (points === due) await this.pointsCap.release(trx, userId, day);
    }
    return total;
  }

  /** Points to cash at today's rate (decision 098), in whole units; one transfer moves both assets. */
  async exchange(userId: string, input: { points: number; idempotencyKey: string }): Promise<ExchangeRecord> {
    const today = await this.ruleBook.today(this.db);
    const [pointsPerUnit, cashPerUnit, minPoints] = [
      today.exchangePointsPerUnit,
      today.exchangeCashPerUnit,
      today.exchangeMinPoints,
    ];
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

  /** The exchanges section: points turned into cash. */
  exchangesData(): PersonalDataSection {
    return {
      name: 'exchanges',
      exportFor: async (userId) => (await this.repository.exportExchanges(this.db, userId)).map(exportRow),
    };
  }
}
