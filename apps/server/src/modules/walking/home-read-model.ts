import type { Language, ResponseOf, getHome } from '@stride/contract';
import type { FrameConfig } from '../../config.js';
import type { NoticesSettings } from '../notices/notices.settings.js';
import type { WalkingSettings } from './walking.settings.js';
import type { Db } from '../../db/database.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import type { Clock } from '../../lib/clock.js';
import { localize } from '../../lib/content-language.js';
import { ShortCache } from '../../lib/short-cache.js';
import type { CardsService } from '../cards/cards.service.js';
import { accountCode } from '../ledger/ledger.service.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { RuleBook } from '../rules/rules.book.js';
import type { HomeItemRow, WalkingRepository } from './walking.repository.js';
import type { PointsExpiry } from './points-expiry.js';
import { cashBackHeld, cashOf, pointsEarned, pointsOf } from './rewards.js';
import { isHeld, toStepReview } from './step-reports.js';

type Home = ResponseOf<typeof getHome>;

/** Home shows the latest few published notices. */
const HOME_NOTICES = 3;

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

/**
 * Home's read (`GET /api/home`): a read model across walking, the ledger and cards. It writes nothing; what it shows
 * is computed by the same rules the rewards pay by (pointsEarned, cashBackHeld, isHeld), so home never says what a
 * collection would not credit.
 */
export class HomeReadModel {
  /**
   * Home's banners and quick entries per language, the same for every user (decision 053 "Fewer statements for home and
   * for money").
   */
  private readonly homeItemsKept: ShortCache<Language, Pick<Home, 'banners' | 'quickEntries'>>;

  constructor(
    private readonly db: Db,
    private readonly repository: WalkingRepository,
    private readonly cards: CardsService,
    private readonly notices: NoticesService,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly config: FrameConfig & WalkingSettings & NoticesSettings,
    private readonly ruleBook: RuleBook,
    private readonly pointsExpiry: PointsExpiry,
  ) {
    this.homeItemsKept = new ShortCache(config.contentCacheMs);
  }

  /** After a commit that changed home items: home reads them again. */
  forgetHomeItems(): void {
    this.homeItemsKept.clear();
  }

  async getHome(userId: string, language: Language): Promise<Home> {
    const today = this.calendar.dayOf(this.clock.now());
    const codes = { points: accountCode(pointsOf(userId)), cash: accountCode(cashOf(userId)) };
    const [{ stepDay, review, points, cash, cards, releasedPoints }, items, notices, rules, expiringPoints] =
      await Promise.all([
        // The user's own part in one statement across the walking, ledger and cards tables (decision 072 "Home reads the
        // user's own part in one statement").
        this.repository.findHomeOfUser(this.db, userId, today, codes),
        // The same for every user: kept for up to CONTENT_CACHE_MS (decision 053 "Fewer statements for home and for
        // money").
        this.homeItemsKept.get(language, async () =>
          toHomeItems(await this.repository.listHomeItems(this.db), language),
        ),
        this.notices.latest(HOME_NOTICES, language),
        this.ruleBook.on(this.db, today),
        // Only while points expire: the user's points account's entries (docs/product/points-expiry.md).
        this.pointsExpiry.nearest(this.db, userId, today),
      ]);
    const steps = stepDay?.steps ?? 0;
    const collected = stepDay?.collected_points ?? 0;
    const { earned, percent } = pointsEarned(rules, cards, steps);
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
      cashBackCapped: item.cashBackCapped ? cashBackHeld(item, steps) : 0,
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
      expiringPoints,
      review: review ? toStepReview(review, this.config.stepFlags.reviewExpectedHours) : null,
      multiplier: percent / 100,
      activeCard: progress[0] ?? null,
      activeCards: progress,
      ...items,
      notices,
    };
  }
}
