import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { HOUR_MS, type Clock } from '../../lib/clock.js';
import type { CardsService } from '../cards/cards.service.js';
import type { WalkingService } from '../walking/walking.service.js';

export interface NotificationSweepResult {
  cardsEnding: number;
  pointsWaiting: number;
}

/** A card is told it ends this many days before its last day. */
export const CARD_ENDING_NOTICE_DAYS = 3;

/**
 * Notifications that come from time rather than from a change (decision 044): a card ending in 3
 * days, and, from the reminder hour of the business day on, points earned today and not yet
 * collected. Each is once per card or per user and day through the inbox's dedupe key, so a rerun
 * (or two servers) adds nothing. Tests call `run` with their clock.
 */
export class NotificationSweep {
  constructor(
    private readonly cards: CardsService,
    private readonly walking: WalkingService,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly config: Config,
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

/** The sweep on an unref'd interval, started and stopped with the app like the payment sweep. */
export class NotificationSweepTimer {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  lastRun: Promise<NotificationSweepResult | undefined> | undefined;

  constructor(
    private readonly sweep: NotificationSweep,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  private tick(): void {
    if (this.running) return;
    this.running = true;
    this.lastRun = this.sweep.run().then(
      (result) => {
        this.running = false;
        if (result.cardsEnding + result.pointsWaiting > 0)
          this.log.info({ notificationSweep: result }, 'notification sweep');
        return result;
      },
      (error: unknown) => {
        this.running = false;
        this.log.error({ err: error }, 'notification sweep failed');
        return undefined;
      },
    );
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.lastRun;
  }
}
