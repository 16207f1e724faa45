import type { NotificationKind } from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import type { Clock } from '../../lib/clock.js';
import {
  NOTIFICATION_PAGES,
  type NotificationParams,
  type NotificationsService,
} from '../notifications/notifications.service.js';
import { shownTitle } from './challenges.moderation.js';
import type { ChallengeRow, ChallengesRepository, ParticipantRow } from './challenges.repository.js';

/** Participants told per transaction: a large challenge's inbox rows are written in chunks. */
export const TELL_CHUNK = 1_000;

type ChallengeKind = Extract<NotificationKind, `challenge.${string}`>;

/** How a settled challenge ended for one participant: the text of their result. */
export function outcomeOf(row: Pick<ParticipantRow, 'won' | 'prize_points' | 'place'>, kind: string) {
  if (row.won === 1 && Number(row.prize_points ?? 0) > 0) return 'prize' as const;
  if (row.won === 1) return kind === 'daily-goal' ? ('finished' as const) : ('won' as const);
  return row.place !== null && kind !== 'daily-goal' ? ('place' as const) : ('done' as const);
}

/**
 * What participants are told of a challenge (docs/product/challenges.md, Notifications): in the inbox and by push, once
 * per challenge and milestone (the dedupe key), in chunks for a large one. The marks on the challenge row say which
 * milestones were told; a pass that stops midway is run again and tells only those not yet told.
 */
export class ChallengeTidings {
  constructor(
    private readonly db: Db,
    private readonly repository: ChallengesRepository,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
  ) {}

  /** The milestones whose day has come: started, half over (periods of 4 days or more), the last day (of 2 or more). */
  async milestones(): Promise<{ told: number }> {
    const today = this.calendar.dayOf(this.clock.now());
    let told = 0;
    for (const row of await this.repository.untoldCancellations(this.db)) told += await this.cancelled(row);
    for (const row of await this.repository.untold(this.db, today)) {
      const days = this.calendar.daysBetween(row.starts_on, row.ends_on) + 1;
      const halfway = this.calendar.addDays(row.starts_on, Math.floor(days / 2));
      const base = { challengeId: row.id, challenge: shownTitle(row) };
      // Each milestone: whether it is told today, and whether its time is over (or never comes) untold.
      const milestones = [
        { mark: 'started_told_at', tell: today <= row.ends_on, over: true },
        {
          mark: 'halfway_told_at',
          tell: days >= 4 && today >= halfway && today < row.ends_on,
          over: days < 4 || today >= row.ends_on,
        },
        { mark: 'ending_told_at', tell: days >= 2 && today === row.ends_on, over: days < 2 || today > row.ends_on },
      ] as const;
      for (const { mark, tell, over } of milestones) {
        if (row[mark] !== null || (!tell && !over)) continue;
        if (tell && mark === 'started_told_at') {
          told += await this.tellAll(row, 'challenge.started', () => ({ ...base, endsOn: row.ends_on }));
        } else if (tell && mark === 'halfway_told_at') {
          const daysLeft = this.calendar.daysBetween(today, row.ends_on) + 1;
          told += await this.tellAll(row, 'challenge.halfway', () => ({ ...base, daysLeft }));
        } else if (tell) {
          told += await this.tellAll(row, 'challenge.ending', () => base);
        }
        await this.repository.mark(this.db, row.id, mark, this.clock.now());
      }
    }
    return { told };
  }

  /**
   * Those who joined are told it was called off: by its creator (who is not told; no reason), or by the operators with
   * why. Told once its status changed; the row's mark says it was, and the pass tells one a stop left untold.
   */
  async cancelled(row: ChallengeRow): Promise<number> {
    const told = await this.tellAll(
      row,
      'challenge.cancelled',
      () => ({ challengeId: row.id, challenge: shownTitle(row), reason: row.ended_reason ?? '' }),
      row.ended_reason === null ? row.creator_user_id : null,
    );
    await this.repository.mark(this.db, row.id, 'cancelled_told_at', this.clock.now());
    return told;
  }

  /** Each participant's result, once settled. */
  async results(row: ChallengeRow): Promise<number> {
    return this.tellAll(row, 'challenge.result', (participant) => ({
      challengeId: row.id,
      challenge: shownTitle(row),
      outcome: outcomeOf(participant, row.kind),
      place: participant.place ?? 0,
      points: Number(participant.prize_points ?? 0),
    }));
  }

  /** Tells every participant, a chunk per transaction, keyed by the challenge and kind; answers how many rows were new. */
  private async tellAll<K extends ChallengeKind>(
    row: ChallengeRow,
    kind: K,
    params: (participant: ParticipantRow) => NotificationParams[K],
    exceptUserId: string | null = null,
  ): Promise<number> {
    let after = '';
    let told = 0;
    for (;;) {
      const ids = await this.repository.participantIds(this.db, row.id, after, TELL_CHUNK);
      if (ids.length === 0) break;
      after = ids.at(-1) ?? after;
      told += await this.db
        .transaction()
        .execute(async (trx) => this.tellChunk(trx, row, kind, ids, params, exceptUserId));
      this.notifications.nudge();
    }
    return told;
  }

  private async tellChunk<K extends ChallengeKind>(
    trx: Executor,
    row: ChallengeRow,
    kind: K,
    ids: readonly string[],
    params: (participant: ParticipantRow) => NotificationParams[K],
    exceptUserId: string | null,
  ): Promise<number> {
    const participants = (await this.repository.results(trx, row.id, ids)).filter(
      (participant) => participant.user_id !== exceptUserId && participant.erased_at === null,
    );
    return this.notifications.recordMany(
      trx,
      participants.map((participant) => ({
        userId: participant.user_id,
        kind,
        params: params(participant),
        dedupeKey: `${kind}:${row.id}`,
        link: { path: NOTIFICATION_PAGES.challenges, query: { id: row.id } },
      })),
    );
  }
}
