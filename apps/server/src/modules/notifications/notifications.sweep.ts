import type { BusinessCalendar } from '../../lib/business-day.js';
import { HOUR_MS, type Clock } from '../../lib/clock.js';
import type { CardsService } from '../cards/cards.service.js';
import type { WalkingRewards } from '../walking/rewards.js';
import type { NotificationsSettings } from './notifications.settings.js';

export interface NotificationSweepResult {
  cardsEnding: number;
  pointsWaiting: number;
}

/** A card is told it ends this many days before its last day. */
export const CARD_ENDING_NOTICE_DAYS = 3;

/**
 * Notifications that come from time rather than from a change (decision 044 "The notifications inbox"): a card ending
 * in 3 days, and, from the reminder hour of the business day on, points earned today and not yet
 * collected. Each is once per card or per user and day through the inbox's dedupe key, so a rerun
 * (or two servers) adds nothing. The `notifications.sweep` job runs it (decision 055 "Background jobs in a queue");
 * tests call `run` with their clock.
 */
export class NotificationSweep {
  constructor(
    private readonly cards: CardsService,
    private readonly walking: WalkingRewards,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly config: NotificationsSettings,
  ) {}

  async run(): Promise<NotificationSweepResult> {
    const now = this.clock.now();
    const today = this.calendar.dayOf(now);
    const cardsEnding = await this.cards.notifyEndingOn(this.calendar.addDays(today, CARD_ENDING_NOTICE_DAYS));
    const reminderFrom = this.calendar.startOf(today) + this.config.notifications.pointsReminderHour * HOUR_MS;
    const pointsWaiting = now >= reminderFrom ? await this.walking.notifyPointsWaiting(today) : 0;
    return { cardsEnding, pointsWaiting };
  }
}
