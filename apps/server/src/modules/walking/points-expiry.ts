import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import type { Clock } from '../../lib/clock.js';
import type { LedgerService, TransferRequest } from '../ledger/ledger.service.js';
import {
  NOTIFICATION_PAGES,
  type NotificationEvent,
  type NotificationsService,
} from '../notifications/notifications.service.js';
import { pointsOf } from './rewards.js';

/** Users gone through per transaction. */
const EXPIRY_CHUNK = 1_000;
/** How many days before an expiry its users are told, each once per expiry day. */
export const EXPIRY_WARNINGS = [30, 7] as const;
/** Home names the nearest expiry within this many days (today's included). */
const HOME_AHEAD_DAYS = 30;
/** Where expired points go. */
const EXPIRED = { kind: 'system', name: 'expired', asset: 'POINTS' } as const;
/** The watermark whose name carries the days and whose time is the first day the server ran with them. */
const STARTED = 'points.expiry:';

/** The expiry in force: points expire `days` after the day of their credit, none before `firstDay`. */
export interface ExpiryTerms {
  days: number;
  /** 30 days after the first day the server ran with `days` (decision 099 "Points that expire, never silently"). */
  firstDay: string;
}

/** One points account as expiry reads it: what was credited on or before each day asked for, and all that left. */
export interface PointsFlow {
  creditedBy: ReadonlyMap<string, number>;
  debited: number;
}

/**
 * Points whose expiry is due by the end of `day`, oldest first: what was credited on or before `day − days`, less
 * everything that has left the account (spending, exchanges, earlier expiries), never below zero.
 */
export function dueBy(terms: ExpiryTerms, calendar: BusinessCalendar, flow: PointsFlow, day: string): number {
  const credited = flow.creditedBy.get(calendar.addDays(day, -terms.days));
  if (credited === undefined) throw new Error(`the credits up to ${day} less ${terms.days} days were not read`);
  return Math.max(0, credited - flow.debited);
}

/**
 * What expires on `day` as things stand, from `from` on (today, or the first day if later): on `from`, everything
 * due by then; on a later day, what is due by it less what is due by the day before.
 */
export function expiringOn(
  terms: ExpiryTerms,
  calendar: BusinessCalendar,
  flow: PointsFlow,
  from: string,
  day: string,
): number {
  if (day < from) return 0;
  const due = dueBy(terms, calendar, flow, day);
  return day === from ? due : due - dueBy(terms, calendar, flow, calendar.addDays(day, -1));
}

/** The credit days `expiringOn` reads for these expiry days: each one's, and the day before's. */
function creditDays(terms: ExpiryTerms, calendar: BusinessCalendar, days: readonly string[]): string[] {
  const credit = (day: string, back: number) => calendar.addDays(day, -terms.days - back);
  return [...new Set(days.flatMap((day) => [credit(day, 0), credit(day, 1)]))];
}

/**
 * Points that expire, never silently (docs/product/points-expiry.md, decision 099 "Points that expire, never
 * silently"): with `POINTS_EXPIRY_DAYS` set, points expire that many days after the day they were credited, oldest
 * first, by a ledger transfer of their own (`points.expiry`) once per user and day, under the lock a transfer of the
 * account takes; every user is told 30 and 7 days before, and home names the nearest expiry within 30 days.
 */
export class PointsExpiry {
  /** The terms once read (they change only as a server starts). */
  private terms: ExpiryTerms | undefined;

  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly days: number,
  ) {}

  /**
   * As the server gets ready: the first day it runs with these days is kept (once, whoever is first), and any other
   * days' first day forgotten, so that turning expiry on or shortening it never expires points within 30 days
   * untold; turned off, nothing is kept.
   */
  async begin(): Promise<void> {
    const name = `${STARTED}${this.days}`;
    await this.db.transaction().execute(async (trx) => {
      let stale = trx.deleteFrom('watermarks').where('name', 'like', `${STARTED}%`);
      if (this.days > 0) stale = stale.where('name', '!=', name);
      await stale.execute();
      if (this.days === 0) return;
      const at = this.calendar.startOf(this.calendar.dayOf(this.clock.now()));
      await trx
        .insertInto('watermarks')
        .values({ name, at })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    });
    this.terms = undefined;
  }

  /** The terms in force, or null when points never expire (or the server has not started with them yet). */
  private async termsIn(db: Executor): Promise<ExpiryTerms | null> {
    if (this.days === 0) return null;
    if (this.terms) return this.terms;
    const row = await db
      .selectFrom('watermarks')
      .select('at')
      .where('name', '=', `${STARTED}${this.days}`)
      .executeTakeFirst();
    if (!row) return null;
    const started = this.calendar.dayOf(Number(row.at));
    this.terms = { days: this.days, firstDay: this.calendar.addDays(started, EXPIRY_WARNINGS[0]) };
    return this.terms;
  }

  private async flowsOf(db: Executor, userIds: readonly string[], days: readonly string[]): Promise<PointsFlow[]> {
    const before = days.map((day) => this.calendar.startOf(this.calendar.addDays(day, 1)));
    const flows = await this.ledger.flows(db, userIds.map(pointsOf), before);
    return flows.map(({ credited, debited }) => ({
      creditedBy: new Map(days.map((day, index) => [day, credited[index] ?? 0])),
      debited,
    }));
  }

  /**
   * The daily pass (run every hour; each day's work is done once): every user holding points, a chunk per transaction,
   * is told what expires in 30 and in 7 days, and what is due today expires. Answers how many users' points expired,
   * how many points, and how many warnings were new.
   */
  async run(): Promise<{ users: number; expired: number; warned: number }> {
    const result = { users: 0, expired: 0, warned: 0 };
    const terms = await this.termsIn(this.db);
    if (!terms) return result;
    const { calendar } = this;
    const today = calendar.dayOf(this.clock.now());
    const from = today < terms.firstDay ? terms.firstDay : today;
    const warnings = EXPIRY_WARNINGS.map((ahead) => ({ ahead, day: calendar.addDays(today, ahead) }));
    const days = creditDays(terms, calendar, [today, ...warnings.map((warning) => warning.day)]);
    let after = '';
    for (;;) {
      const userIds = await this.ledger.holders(this.db, 'POINTS', after, EXPIRY_CHUNK);
      if (userIds.length === 0) break;
      after = userIds.at(-1) ?? after;
      // Read without locks to find who has anything to do; what expires is read again under each user's lock.
      const flows = await this.flowsOf(this.db, userIds, days);
      const due = userIds.filter((_, index) => expiringOn(terms, calendar, flows[index]!, from, today) > 0);
      const told: NotificationEvent<'points.expiring'>[] = userIds.flatMap((userId, index) =>
        warnings.flatMap(({ ahead, day }) => {
          const points = expiringOn(terms, calendar, flows[index]!, from, day);
          if (points <= 0) return [];
          return [
            {
              userId,
              kind: 'points.expiring' as const,
              params: { points, day, days: ahead },
              dedupeKey: `points.expiring:${day}:${ahead}`,
              link: { path: NOTIFICATION_PAGES.home },
            },
          ];
        }),
      );
      if (due.length === 0 && told.length === 0) continue;
      const done = await this.db.transaction().execute(async (trx) => {
        const expired = await this.expire(trx, terms, today, due);
        return { ...expired, warned: await this.notifications.recordMany(trx, told) };
      });
      this.notifications.nudge();
      result.users += done.users;
      result.expired += done.points;
      result.warned += done.warned;
    }
    return result;
  }

  /**
   * Expires what is due today of each user's points, in the caller's transaction: each account's lock first, in the
   * order of the accounts (as every transfer takes them), then what is due read again, so points spent meanwhile are
   * never expired and no balance goes below zero; one transfer per user and day (its idempotency key).
   */
  private async expire(
    trx: Executor,
    terms: ExpiryTerms,
    today: string,
    userIds: readonly string[],
  ): Promise<{ users: number; points: number }> {
    for (const userId of userIds) await this.ledger.lockAccount(trx, pointsOf(userId));
    const flows = await this.flowsOf(trx, userIds, creditDays(terms, this.calendar, [today]));
    const requests: TransferRequest[] = userIds.flatMap((userId, index) => {
      const points = dueBy(terms, this.calendar, flows[index]!, today);
      if (points <= 0) return [];
      return [
        {
          kind: 'points.expiry' as const,
          legs: [
            { account: pointsOf(userId), amount: -points },
            { account: EXPIRED, amount: points },
          ],
          idempotencyKey: `${userId}:points.expiry:${today}`,
          fingerprint: { day: today },
        },
      ];
    });
    const results = await this.ledger.postMany(trx, requests);
    const fresh = requests.filter((_, index) => !results[index]?.replayed);
    return {
      users: fresh.length,
      points: fresh.reduce((sum, request) => sum + (request.legs[1]?.amount ?? 0), 0),
    };
  }

  /**
   * Home's line (`expiringPoints`): the nearest day within the next 30, today's included, on which some of the user's
   * points expire, and how many as things stand; null when none do.
   */
  async nearest(db: Executor, userId: string, today: string): Promise<{ points: number; day: string } | null> {
    const terms = await this.termsIn(db);
    if (!terms) return null;
    const from = today < terms.firstDay ? terms.firstDay : today;
    const days: string[] = [];
    for (let day = from; day <= this.calendar.addDays(today, HOME_AHEAD_DAYS); day = this.calendar.addDays(day, 1)) {
      days.push(day);
    }
    if (days.length === 0) return null;
    const [flow] = await this.flowsOf(db, [userId], creditDays(terms, this.calendar, days));
    if (!flow) return null;
    for (const day of days) {
      const points = expiringOn(terms, this.calendar, flow, from, day);
      if (points > 0) return { points, day };
    }
    return null;
  }
}
