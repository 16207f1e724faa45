import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { MINUTE_MS, type Clock } from '../../lib/clock.js';
import type { LedgerAccountRef, LedgerService } from '../ledger/ledger.service.js';
import type { ChallengeRow, ChallengesRepository } from './challenges.repository.js';
import type { ChallengesSettings } from './challenges.settings.js';
import type { ChallengeTidings } from './challenges.tidings.js';

/** Winners paid per transaction. */
export const SETTLE_CHUNK = 1_000;
/** How long one server holds a challenge's settlement before another may take it over (renewed every chunk). */
const LEASE_MS = 5 * MINUTE_MS;

/** A challenge's own account, which holds its prize pool once funded. */
export const poolAccount = (id: string): LedgerAccountRef => ({
  kind: 'system',
  name: `challenge:${id}`,
  asset: 'POINTS',
});
/** A named prize fund (`system:prizes:<fund>`): a system account, which may go below zero. */
export const fundAccount = (fund: string): LedgerAccountRef => ({
  kind: 'system',
  name: `prizes:${fund}`,
  asset: 'POINTS',
});

/** A participant's day is still held: the settlement waits (the transaction that took the lease rolls back). */
class StillHeld extends Error {}

/**
 * The settlement of ended challenges (docs/product/challenges.md, The end, the results, the prize; decision 095
 * "Challenge summaries and prize pools"). Once a challenge's last day and its grace days are over and no participant
 * has a day of its period that a review still holds, one server takes it (a lease on the challenge row, the status
 * `settling`), and in that transaction fixes the results from walking's days: totals, places, winners, each one's
 * share. Then it pays the winners a chunk per transaction, each payment under its own idempotency key
 * (`challenge.prize:<challenge>:<user>`) and marked paid beside the winner; tells everyone their result; returns the
 * remainder to the fund (`challenge.return:<challenge>`); and marks it settled. A server that stops midway leaves the
 * lease to run out; the next one carries on from what is marked, and the keys pay no one twice.
 */
export class ChallengeSettlement {
  constructor(
    private readonly db: Db,
    private readonly repository: ChallengesRepository,
    private readonly ledger: LedgerService,
    private readonly tidings: ChallengeTidings,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly config: ChallengesSettings,
  ) {}

  /** Settles what is due; answers how many were settled and how many winners paid. */
  async settleDue(): Promise<{ settled: number; paid: number }> {
    const now = this.clock.now();
    const today = this.calendar.dayOf(now);
    const lastDay = this.calendar.addDays(today, -(this.config.challengeSettleAfterDays + 1));
    let settled = 0;
    let paid = 0;
    for (const row of await this.repository.dueForSettlement(this.db, lastDay, now)) {
      if (row.results_at === null && (await this.repository.heldParticipants(this.db, row)) > 0) continue;
      const result = await this.settle(row.id);
      if (result) {
        settled += 1;
        paid += result.paid;
      }
    }
    return { settled, paid };
  }

  /**
   * Settles one challenge whose time has come (`settleDue` checks that): null when another server holds it or a held
   * day still waits.
   */
  async settle(id: string): Promise<{ paid: number } | null> {
    let held = this.clock.now() + LEASE_MS;
    const claimed = await this.claim(id, held);
    if (!claimed) return null;
    let paid = 0;
    for (;;) {
      const until = this.clock.now() + LEASE_MS;
      const chunk = await this.db.transaction().execute(async (trx) => {
        if (!(await this.repository.renew(trx, id, held, until))) return null;
        return this.payChunk(trx, claimed);
      });
      if (chunk === null) return null;
      held = until;
      if (chunk === 0) break;
      paid += chunk;
    }
    await this.tidings.results(claimed);
    const done = await this.db.transaction().execute(async (trx) => {
      if (!(await this.repository.renew(trx, id, held, held))) return false;
      const row = await this.repository.find(trx, id);
      if (!row) return false;
      const funded = row.funded_at !== null;
      const pool = funded ? Number(row.prize_points) : 0;
      const paidPoints =
        (row.winners_count ?? 0) > 0 && funded
          ? Math.floor(pool / (row.winners_count ?? 1)) * (row.winners_count ?? 0)
          : 0;
      const returned = pool - paidPoints;
      if (returned > 0 && row.fund !== null) await this.moveBack(trx, row, returned);
      return this.repository.change(
        trx,
        id,
        { status: 'settling' },
        {
          status: 'settled',
          settled_at: this.clock.now(),
          paid_points: paidPoints,
          returned_points: returned,
          lease_until: null,
        },
      );
    });
    return done ? { paid } : null;
  }

  /** What is left of a funded pool goes back to its fund: all of it when the challenge ends early. */
  async returnPool(trx: Executor, row: ChallengeRow): Promise<void> {
    if (row.funded_at === null || row.fund === null || Number(row.prize_points) === 0) return;
    await this.moveBack(trx, row, Number(row.prize_points));
    await trx
      .updateTable('challenges')
      .set({ paid_points: 0, returned_points: Number(row.prize_points) })
      .where('id', '=', row.id)
      .execute();
  }

  /** Takes the lease and, the first time, fixes the results; the challenge as fixed, or null. */
  private async claim(id: string, until: number): Promise<ChallengeRow | null> {
    const now = this.clock.now();
    try {
      return await this.db.transaction().execute(async (trx) => {
        if (!(await this.repository.lease(trx, id, now, until))) return null;
        const row = await this.repository.find(trx, id);
        if (!row) return null;
        if (row.results_at !== null) return row;
        if ((await this.repository.heldParticipants(trx, row)) > 0) throw new StillHeld();
        await this.fixResults(trx, row, now);
        return (await this.repository.find(trx, id)) ?? null;
      });
    } catch (error) {
      if (error instanceof StillHeld) return null;
      throw error;
    }
  }

  /**
   * The final results, from walking's days (not from the summaries): every participant's totals, the places (the same
   * steps share one; a `team-total` participant has their club's), the winners or finishers (a place shared at the
   * edge wins for all who share it; nobody without a credited step), and each one's share of a funded pool.
   */
  private async fixResults(trx: Executor, row: ChallengeRow, now: number): Promise<void> {
    await this.repository.writeFinalTotals(trx, row.id, now);
    if (row.kind === 'team-total') {
      await this.repository.refreshTeams(trx, this.calendar.dayOf(now), { challengeId: row.id });
      await this.repository.writePlaces(trx, row.id, 'teams');
    } else if (row.kind === 'most-steps') {
      await this.repository.writePlaces(trx, row.id, 'participants');
    }
    const pool = row.funded_at !== null ? Number(row.prize_points) : 0;
    const winners = await this.repository.writeWinners(trx, row, (count) => (count > 0 ? Math.floor(pool / count) : 0));
    await trx
      .updateTable('challenges')
      .set({ results_at: now, winners_count: winners })
      .where('id', '=', row.id)
      .execute();
  }

  /** Pays the next chunk of winners not yet marked paid; answers how many. */
  private async payChunk(trx: Executor, row: ChallengeRow): Promise<number> {
    const winners = await this.repository.unpaidWinners(trx, row.id, SETTLE_CHUNK);
    // The chunk's transfers in a few statements, each under its own key.
    await this.ledger.postMany(
      trx,
      winners.map((winner) => {
        const points = Number(winner.prize_points);
        return {
          kind: 'challenge.prize' as const,
          legs: [
            { account: poolAccount(row.id), amount: -points },
            { account: { kind: 'user' as const, userId: winner.user_id, asset: 'POINTS' as const }, amount: points },
          ],
          idempotencyKey: `challenge.prize:${row.id}:${winner.user_id}`,
          fingerprint: { points },
          memo: row.title,
        };
      }),
    );
    await this.repository.markPaid(
      trx,
      row.id,
      winners.map((winner) => winner.user_id),
      this.clock.now(),
    );
    return winners.length;
  }

  private async moveBack(trx: Executor, row: ChallengeRow, points: number): Promise<void> {
    await this.ledger.post(trx, {
      kind: 'challenge.return',
      legs: [
        { account: poolAccount(row.id), amount: -points },
        { account: fundAccount(row.fund ?? ''), amount: points },
      ],
      idempotencyKey: `challenge.return:${row.id}`,
      fingerprint: { points },
    });
  }
}
