import type { ChallengeState } from '@stride/contract';
import type { Executor } from '../../db/executor.js';
import { notFound } from '../../http/errors.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import type { ChallengeRow, ChallengesRepository } from './challenges.repository.js';

/** The app's page of challenges; `?id=` opens one, `?code=` fills in its code. */
export const CHALLENGES_PAGE = '/pages-sub/challenges/index';

/** Where a challenge is (docs/product/challenges.md), from its status and the service day. */
export function stateOf(row: Pick<ChallengeRow, 'status' | 'starts_on' | 'ends_on'>, today: string): ChallengeState {
  if (row.status === 'cancelled') return 'cancelled';
  if (row.status === 'settled') return 'settled';
  if (row.status === 'settling' || today > row.ends_on) return 'deciding';
  return today < row.starts_on ? 'upcoming' : 'running';
}

/** Days left, today included, while upcoming or running; 0 after. */
export function daysLeftOf(row: ChallengeRow, today: string, calendar: BusinessCalendar): number {
  const state = stateOf(row, today);
  if (state !== 'upcoming' && state !== 'running') return 0;
  return calendar.daysBetween(state === 'upcoming' ? row.starts_on : today, row.ends_on) + 1;
}

/** The rules as the contract shows them. */
export function rulesOf(row: ChallengeRow) {
  return {
    kind: row.kind as 'daily-goal' | 'most-steps' | 'team-total',
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    dailySteps: row.daily_steps,
    daysNeeded: row.days_needed,
    winners: row.winners,
    prizePoints: Number(row.prize_points),
  };
}

/** A challenge by id; a missing one answers 1004. */
export async function foundChallenge(
  repository: ChallengesRepository,
  db: Executor,
  id: string,
): Promise<ChallengeRow> {
  const row = await repository.find(db, id);
  if (!row) throw notFound();
  return row;
}
