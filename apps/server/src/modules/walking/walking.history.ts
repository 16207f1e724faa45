import {
  HISTORY_MAX_DAYS,
  type Language,
  type MilestoneKey,
  type ResponseOf,
  type StepRefusalReason,
  type StepReview,
  type StepSourceKind,
  type getAchievements,
  type getStepHistory,
  type getStepReceipt,
} from '@stride/contract';
import type { FrameConfig } from '../../config.js';
import type { WalkingSettings } from './walking.settings.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import { localize } from '../../lib/content-language.js';
import type { CardsService } from '../cards/cards.service.js';
import type { InvitesService } from '../invites/invites.service.js';
import type { RuleBook } from '../rules/rules.book.js';
import type { WalkingRepository } from './walking.repository.js';
import { isHeld, toStepReview } from './step-reports.js';

type StepHistory = ResponseOf<typeof getStepHistory>;
type Achievements = ResponseOf<typeof getAchievements>;
type StepReceipt = ResponseOf<typeof getStepReceipt>;
type CardWithPlanRow = Awaited<ReturnType<CardsService['cardsOf']>>[number];

/** Each milestone's target in its own unit: goal days, steps in a day, days in a row, metres, steps. */
const MILESTONE_TARGETS: Record<MilestoneKey, number> = {
  firstGoal: 1,
  first10k: 10_000,
  first20k: 20_000,
  streak7: 7,
  streak30: 30,
  distance100km: 100_000,
  distance1000km: 1_000_000,
  steps1m: 1_000_000,
};

const DEVICE_SOURCE = 'device:';
/** A connected wearable account's source: `connection:<connection id>` (decision 086 "Connected wearable accounts"). */
const CONNECTION_SOURCE = 'connection:';

/**
 * The read side of walking (decision 031 "Step history, streaks and milestones"): history against each day's goal,
 * streaks and milestones, and a receipt for every day. Everything is computed from the day records in the
 * business time zone; a rejected day (step_reviews) never meets its goal and counts for nothing in
 * achievements.
 */
export class WalkingHistory {
  constructor(
    private readonly db: Db,
    private readonly repository: WalkingRepository,
    private readonly cards: CardsService,
    private readonly invites: InvitesService,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly config: FrameConfig & WalkingSettings,
    private readonly ruleBook: RuleBook,
  ) {}

  private today(): string {
    return this.calendar.dayOf(this.clock.now());
  }

  /** The goal of a day: the highest target among the cards active then, else the default goal. */
  private goalOn(cards: readonly CardWithPlanRow[], day: string): number {
    let goal = 0;
    for (const card of cards) {
      if (card.starts_on <= day && card.ends_on >= day) goal = Math.max(goal, card.plan.daily_target);
    }
    return goal || this.config.steps.dailyGoal;
  }

  /** The runs of days from `from` to `to` whose goal (goalOn) is not the default goal. */
  private goalRuns(cards: readonly CardWithPlanRow[], from: string, to: string) {
    const runs: { from: string; to: string; goal: number }[] = [];
    if (cards.length === 0) return runs;
    for (let day = from; day <= to; day = this.calendar.addDays(day, 1)) {
      const goal = this.goalOn(cards, day);
      const last = runs.at(-1);
      if (goal === this.config.steps.dailyGoal) continue;
      if (last && last.goal === goal && this.calendar.addDays(last.to, 1) === day) last.to = day;
      else runs.push({ from: day, to: day, goal });
    }
    return runs;
  }

  private metres(steps: number): number {
    return Math.floor((steps * this.config.steps.lengthCm) / 100);
  }

  async getStepHistory(userId: string, range: { from: string; to: string }): Promise<StepHistory> {
    const { from, to } = range;
    if (from > to) throw new AppError('VALIDATION_FAILED', 'historyRangeReversed', { from, to });
    if (this.calendar.daysBetween(from, to) + 1 > HISTORY_MAX_DAYS) {
      throw new AppError('VALIDATION_FAILED', 'historyRangeTooLong', { max: HISTORY_MAX_DAYS });
    }
    const [rows, reviews, cards, createdAt, firstSteps] = await Promise.all([
      this.repository.listStepDays(this.db, userId, { from, to }),
      this.repository.listUserReviews(this.db, userId, { from, to }),
      this.cards.cardsOf(this.db, userId),
      this.repository.userCreatedAt(this.db, userId),
      this.repository.firstStepDay(this.db, userId),
    ]);
    // The user's own days start at sign-up, or earlier where a health export brought steps.
    const signedUp = this.calendar.dayOf(createdAt ?? this.clock.now());
    const firstDay = firstSteps !== undefined && firstSteps < signedUp ? firstSteps : signedUp;
    const statusOf = new Map(reviews.map((review) => [review.day, review.status as StepReview['status']]));
    const days = rows.map(({ day, steps }) => {
      const goal = this.goalOn(cards, day);
      const reviewStatus = statusOf.get(day) ?? null;
      return { day, steps, goal, goalMet: steps >= goal && reviewStatus !== 'rejected', reviewStatus };
    });
    const totalSteps = days.reduce((sum, day) => sum + day.steps, 0);
    const today = this.today();
    // The average is over the user's own days: none before the account, none after today.
    const start = from > firstDay ? from : firstDay;
    const end = to < today ? to : today;
    const elapsed = start > end ? 0 : this.calendar.daysBetween(start, end) + 1;
    let best: { day: string; steps: number } | null = null;
    for (const day of days) if (!best || day.steps > best.steps) best = { day: day.day, steps: day.steps };
    return {
      from,
      to,
      defaultGoal: this.config.steps.dailyGoal,
      goals: this.goalRuns(cards, from, to),
      firstDay,
      days,
      summary: {
        totalSteps,
        averageSteps: elapsed > 0 ? Math.floor(totalSteps / elapsed) : 0,
        goalDays: days.filter((day) => day.goalMet).length,
        best,
      },
    };
  }

  async getAchievements(userId: string): Promise<Achievements> {
    const [rows, reviews, cards] = await Promise.all([
      this.repository.listStepDays(this.db, userId),
      this.repository.listUserReviews(this.db, userId),
      this.cards.cardsOf(this.db, userId),
    ]);
    const rejected = new Set(reviews.filter((review) => review.status === 'rejected').map((review) => review.day));
    const today = this.today();
    const reached = new Map<MilestoneKey, string>();
    const reach = (key: MilestoneKey, value: number, day: string) => {
      if (value >= MILESTONE_TARGETS[key] && !reached.has(key)) reached.set(key, day);
    };
    let totalSteps = 0;
    let goalDays = 0;
    let bestDay = 0;
    let run = 0;
    let longestStreak = 0;
    let lastMet: string | null = null;
    for (const { day, steps } of rows) {
      if (rejected.has(day) || day > today) continue;
      totalSteps += steps;
      bestDay = Math.max(bestDay, steps);
      if (steps >= this.goalOn(cards, day)) {
        goalDays += 1;
        run = lastMet !== null && this.calendar.addDays(lastMet, 1) === day ? run + 1 : 1;
        lastMet = day;
        longestStreak = Math.max(longestStreak, run);
      }
      reach('firstGoal', goalDays, day);
      reach('first10k', steps, day);
      reach('first20k', steps, day);
      reach('streak7', longestStreak, day);
      reach('streak30', longestStreak, day);
      reach('distance100km', this.metres(totalSteps), day);
      reach('distance1000km', this.metres(totalSteps), day);
      reach('steps1m', totalSteps, day);
    }
    const yesterday = this.calendar.addDays(today, -1);
    const todayMet = lastMet === today;
    // A run still counts while it ends today or yesterday (today may still reach its goal).
    const currentStreak = lastMet === today || lastMet === yesterday ? run : 0;
    const progressOf: Record<MilestoneKey, number> = {
      firstGoal: goalDays,
      first10k: bestDay,
      first20k: bestDay,
      streak7: longestStreak,
      streak30: longestStreak,
      distance100km: this.metres(totalSteps),
      distance1000km: this.metres(totalSteps),
      steps1m: totalSteps,
    };
    return {
      today,
      currentStreak,
      longestStreak,
      todayMet,
      goalDays,
      totalSteps,
      totalDistanceMeters: this.metres(totalSteps),
      milestones: (Object.keys(MILESTONE_TARGETS) as MilestoneKey[]).map((key) => ({
        key,
        target: MILESTONE_TARGETS[key],
        progress: Math.min(progressOf[key], MILESTONE_TARGETS[key]),
        reachedOn: reached.get(key) ?? null,
      })),
    };
  }

  async getStepReceipt(userId: string, day: string, language: Language): Promise<StepReceipt> {
    const today = this.today();
    if (day > today) throw new AppError('VALIDATION_FAILED', 'stepsDayInFuture', { day, today });
    const [stepDay, sources, refusals, reviews, cards, cashBack, capped, inviteReward] = await Promise.all([
      this.repository.findStepDay(this.db, userId, day),
      this.repository.listStepSources(this.db, userId, day),
      this.repository.listRefusals(this.db, userId, day),
      this.repository.listUserReviews(this.db, userId, { from: day, to: day }),
      this.cards.cardsOf(this.db, userId),
      this.cards.cashBacksOn(this.db, userId, day, language),
      this.cards.cashBackCapped(this.db, userId, day),
      this.invites.inviteeRewardOn(this.db, userId, day),
    ]);
    const idsOf = (prefix: string) => [
      ...new Set(
        [...sources, ...refusals]
          .filter((row) => row.source.startsWith(prefix))
          .map((row) => row.source.slice(prefix.length)),
      ),
    ];
    // A token's source is named by the token, a connected account's by the account (decision 086 "Connected wearable
    // accounts").
    const [names, accounts] = await Promise.all([
      this.repository.deviceTokenNames(this.db, userId, idsOf(DEVICE_SOURCE)),
      this.repository.connectionNames(this.db, userId, idsOf(CONNECTION_SOURCE)),
    ]);
    const nameOf = (source: string) =>
      source.startsWith(DEVICE_SOURCE)
        ? (names.get(source.slice(DEVICE_SOURCE.length)) ?? null)
        : source.startsWith(CONNECTION_SOURCE)
          ? (accounts.get(source.slice(CONNECTION_SOURCE.length)) ?? null)
          : null;
    const steps = stepDay?.steps ?? 0;
    const active = cards.filter((card) => card.starts_on <= day && card.ends_on >= day);
    let multiplierCard: CardWithPlanRow | null = null;
    for (const card of active) {
      if (card.plan.multiplier_percent > (multiplierCard?.plan.multiplier_percent ?? 100)) multiplierCard = card;
    }
    const multiplierPercent = multiplierCard?.plan.multiplier_percent ?? 100;
    const { stepsPerPoint, pointsDailyMax } = await this.ruleBook.on(this.db, day);
    const base = Math.min(Math.floor(steps / stepsPerPoint), pointsDailyMax);
    const review = reviews[0];
    const earned = Math.floor((base * multiplierPercent) / 100);
    const collected = stepDay?.collected_points ?? 0;
    // What the review holds or held back, and what its clearing released and waits to be collected (decision 078 "A
    // held step day is never a dead end").
    const held = isHeld(review)
      ? { points: Math.max(0, earned - collected), cashBack: await this.cards.cashBackDue(this.db, userId, day, steps) }
      : null;
    const released =
      review?.status === 'cleared' && review.released_collected_at === null && day < today
        ? (review.released_points ?? 0)
        : 0;
    return {
      day,
      utcOffsetMinutes: this.config.businessUtcOffsetMinutes,
      goal: this.goalOn(cards, day),
      steps,
      sources: sources.map((row) => ({
        kind: row.kind as StepSourceKind,
        name: nameOf(row.source),
        steps: row.steps,
        reportedAt: isoTime(row.reported_at),
        credited: stepDay !== undefined && row.source === stepDay.source,
      })),
      refusals: refusals.map((row) => ({
        kind: row.kind as StepSourceKind,
        name: nameOf(row.source),
        steps: row.steps,
        reason: row.reason as StepRefusalReason,
        limit: row.limit_steps,
        at: isoTime(row.created_at),
      })),
      review: review ? toStepReview(review, this.config.stepFlags.reviewExpectedHours) : null,
      held,
      releasedPoints: released,
      points: {
        earned,
        collected,
        multiplierPercent,
        multiplierCard: multiplierCard
          ? localize(language, multiplierCard.plan, { name: multiplierCard.plan.name }).name
          : null,
      },
      cashBack,
      // What the daily cash cap holds of the day (decision 103 "A daily cap on cash back paid").
      cashBackCapped: [...capped.values()].reduce((sum, amount) => sum + amount, 0),
      inviteReward,
    };
  }
}
