import {
  CHALLENGE_OPERATOR_DAYS_MAX,
  type BodyOf,
  type ConsoleChallenge,
  type consoleCreateChallenge,
  type OperatorActionName,
} from '@stride/contract';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { pageResult, pageWindow } from '../../db/retry.js';
import { AppError } from '../../http/errors.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import type { AuditService } from '../audit/audit.service.js';
import type { ClubsService } from '../clubs/clubs.service.js';
import type { FriendsService } from '../friends/friends.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { ChallengeFilter, ChallengeRow, ChallengesRepository } from './challenges.repository.js';
import { checkPeriod, ended, ruleColumns } from './challenges.service.js';
import { fundAccount, poolAccount, type ChallengeSettlement } from './challenges.settlement.js';
import type { ChallengeTidings } from './challenges.tidings.js';
import { foundChallenge, rulesOf, stateOf } from './challenges.views.js';

const at = (ms: number | null) => (ms === null ? null : isoTime(Number(ms)));
const points = (value: number | null) => (value === null ? null : Number(value));

function snapshot(row: ChallengeRow) {
  return {
    title: row.title,
    status: row.status,
    prizePoints: Number(row.prize_points),
    fund: row.fund,
    endedReason: row.ended_reason,
    version: row.version,
  };
}

/**
 * The operators' side of challenges (docs/console/challenges.md): the list, a public challenge made (editor), its pool
 * funded once from a named prize fund (finance), its participants, and ending one early (editor). Each change is a
 * compare-and-set on the challenge's `version`, recorded with the operator in the same transaction.
 */
export class ChallengesAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: ChallengesRepository,
    private readonly settlement: ChallengeSettlement,
    private readonly tidings: ChallengeTidings,
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
    private readonly friends: FriendsService,
    private readonly clubs: ClubsService,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
  ) {}

  async search(filter: Omit<ChallengeFilter, 'today'>, page: { page: number; pageSize: number }) {
    const { rows, total } = await this.repository.search(this.db, { ...filter, today: this.today() }, pageWindow(page));
    const creators = new Map(
      (await this.friends.people(rows.flatMap((row) => row.creator_user_id ?? []))).map((person) => [
        person.id,
        person.name,
      ]),
    );
    const items = await Promise.all(rows.map((row) => this.toConsole(this.db, row, creators)));
    return pageResult(items, page, total);
  }

  create(operator: string, body: BodyOf<typeof consoleCreateChallenge>): Promise<ConsoleChallenge> {
    checkPeriod(body, this.today(), this.calendar, { maxDays: CHALLENGE_OPERATOR_DAYS_MAX, aheadDays: null });
    return this.db.transaction().execute(async (trx) => {
      const now = this.clock.now();
      const id = randomUUID();
      await this.repository.insert(trx, {
        id,
        scope: 'public',
        ...ruleColumns(body.rules),
        title: body.title,
        description: body.description ?? '',
        creator_user_id: null,
        club_id: null,
        code: null,
        starts_on: body.startsOn,
        ends_on: body.endsOn,
        prize_points: body.prizePoints ?? 0,
        status: 'open',
        participant_count: 0,
        team_count: 0,
        created_by: operator,
        created_at: now,
      });
      const row = await this.found(trx, id);
      await this.record(
        trx,
        operator,
        'challenge.create',
        { kind: row.kind, startsOn: row.starts_on, endsOn: row.ends_on },
        null,
        row,
        now,
      );
      return this.toConsole(trx, row);
    });
  }

  /**
   * Moves the pool from the prize fund to the challenge's account, once: the compare-and-set on the version (and on it
   * being unfunded) lets one call through; any other answers the funded challenge.
   */
  fund(operator: string, id: string, fund: string, version: number): Promise<ConsoleChallenge> {
    const today = this.today();
    return this.db.transaction().execute(async (trx) => {
      const now = this.clock.now();
      const before = await this.found(trx, id);
      const changed = await this.repository.change(
        trx,
        id,
        { version, status: 'open', endsFrom: today, unfunded: true, prized: true },
        { fund, funded_at: now },
      );
      if (!changed) {
        const current = await this.found(trx, id);
        if (current.funded_at !== null) return this.toConsole(trx, current);
        if (current.status !== 'open' || current.ends_on < today) throw ended();
        if (Number(current.prize_points) <= 0) throw new AppError('BUSINESS_RULE', 'challengeNoPrize');
        throw new AppError('STALE_EDIT', 'staleEdit');
      }
      const pool = Number(before.prize_points);
      await this.ledger.post(trx, {
        kind: 'challenge.fund',
        legs: [
          { account: fundAccount(fund), amount: -pool },
          { account: poolAccount(id), amount: pool },
        ],
        idempotencyKey: `challenge.fund:${id}`,
        fingerprint: { fund, pool },
        memo: before.title,
      });
      const after = await this.found(trx, id);
      await this.record(trx, operator, 'challenge.fund', { fund, points: pool }, before, after, now);
      return this.toConsole(trx, after);
    });
  }

  async participants(id: string, page: { page: number; pageSize: number }) {
    await this.found(this.db, id);
    const { rows, total } = await this.repository.participantsPage(this.db, id, pageWindow(page));
    const [people, clubs] = await Promise.all([
      this.friends.people(rows.map((row) => row.user_id)),
      this.clubs.clubsByIds([...new Set(rows.flatMap((row) => row.club_id ?? []))]),
    ]);
    const names = new Map(people.map((person) => [person.id, person.name]));
    const clubOf = new Map(
      clubs.map((club) => [club.id, { id: club.id, name: club.name, verified: club.verified_at !== null }]),
    );
    return pageResult(
      rows.map((row) => ({
        userId: row.user_id,
        name: names.get(row.user_id) ?? '',
        club: row.club_id ? (clubOf.get(row.club_id) ?? null) : null,
        joinedAt: isoTime(Number(row.joined_at)),
        steps: Number(row.steps),
        pendingSteps: Number(row.pending_steps),
        goalDays: row.goal_days,
        place: row.place,
        prizePoints: points(row.prize_points),
      })),
      page,
      total,
    );
  }

  /** Ends an upcoming or running challenge with the operator's reason: no results; a funded pool goes back. */
  async end(operator: string, id: string, reason: string, version: number): Promise<ConsoleChallenge> {
    const today = this.today();
    const { row, answer } = await this.db.transaction().execute(async (trx) => {
      const now = this.clock.now();
      const before = await this.found(trx, id);
      const changed = await this.repository.change(
        trx,
        id,
        { version, status: 'open', endsFrom: today },
        { status: 'cancelled', ended_reason: reason },
      );
      if (!changed) {
        const current = await this.found(trx, id);
        if (current.status !== 'open' || current.ends_on < today) throw ended();
        throw new AppError('STALE_EDIT', 'staleEdit');
      }
      await this.settlement.returnPool(trx, before);
      const after = await this.found(trx, id);
      await this.record(trx, operator, 'challenge.end', { reason }, before, after, now);
      return { row: after, answer: await this.toConsole(trx, after) };
    });
    await this.tidings.cancelled(row);
    return answer;
  }

  /** Records the operator's change with the challenge as it was (none when new) and is, in the change's transaction. */
  private record(
    trx: Executor,
    operator: string,
    action: OperatorActionName,
    detail: Record<string, unknown>,
    before: ChallengeRow | null,
    after: ChallengeRow,
    now: number,
  ): Promise<void> {
    return this.audit.record(trx, {
      operator,
      action,
      subjectType: 'challenge',
      subjectId: after.id,
      detail,
      ...(before ? { before: snapshot(before) } : {}),
      after: snapshot(after),
      now,
    });
  }

  private async toConsole(
    db: Executor,
    row: ChallengeRow,
    creators: ReadonlyMap<string, string> = new Map(),
  ): Promise<ConsoleChallenge> {
    const state = stateOf(row, this.today());
    const held = state === 'running' || state === 'deciding' ? await this.repository.heldParticipants(db, row) : 0;
    return {
      id: row.id,
      scope: row.scope as ConsoleChallenge['scope'],
      title: row.title,
      description: row.description,
      ...rulesOf(row),
      state,
      fundingAccount: row.fund === null ? null : `system:prizes:${row.fund}`,
      fundedAt: at(row.funded_at),
      participants: row.participant_count,
      teams: row.team_count,
      winnersCount: row.winners_count,
      paidPoints: points(row.paid_points),
      returnedPoints: points(row.returned_points),
      settledAt: at(row.settled_at),
      heldParticipants: held,
      endedReason: row.ended_reason,
      hidden: row.hidden_at !== null,
      createdBy: row.created_by ?? (row.creator_user_id ? (creators.get(row.creator_user_id) ?? '') : ''),
      createdAt: isoTime(Number(row.created_at)),
      version: row.version,
    };
  }

  private found(db: Executor, id: string): Promise<ChallengeRow> {
    return foundChallenge(this.repository, db, id);
  }

  private today(): string {
    return this.calendar.dayOf(this.clock.now());
  }
}
