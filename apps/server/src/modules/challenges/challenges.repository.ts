import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { countOf, newestFirst, pageOf, updatedOne, type PageWindow } from '../../db/queries.js';
import type { ChallengeParticipantsTable, ChallengesTable, ChallengeTeamsTable } from '../../db/schema.js';
import { creditedSteps, heldSteps } from '../walking/step-totals.js';

export type ChallengeRow = Selectable<ChallengesTable>;
export type ParticipantRow = Selectable<ChallengeParticipantsTable>;
export type TeamRow = Selectable<ChallengeTeamsTable>;

/** A participant's credited and held steps of a period, and the days that reached a daily goal. */
export interface StepSummary {
  steps: number;
  pending_steps: number;
  goal_days: number;
  pending_days: number;
}

/** What the console's list looks for. */
export interface ChallengeFilter {
  scope: 'public' | 'all';
  state?: 'upcoming' | 'running' | 'deciding' | 'settled' | 'cancelled' | undefined;
  today: string;
}

/** A challenge not yet ended: `open` and its last day not over. */
const NOT_ENDED = (today: string) => sql<boolean>`c.status = 'open' and c.ends_on >= ${today}`;

/**
 * The summary of each participant of the challenges `c` joined to `p`, over walking's days of the period left-joined
 * to their reviews (decision 095 "Challenge summaries and prize pools"): credited steps, held steps, and the days whose
 * credited (or held) steps reach the daily goal.
 */
const summaryColumns = sql`coalesce(sum(${creditedSteps}), 0) as steps,
  coalesce(sum(${heldSteps}), 0) as pending_steps,
  coalesce(sum(case when c.daily_steps is not null and ${creditedSteps} >= c.daily_steps then 1 else 0 end), 0) as goal_days,
  coalesce(sum(case when c.daily_steps is not null and ${heldSteps} >= c.daily_steps then 1 else 0 end), 0) as pending_days`;

const daysOfPeriod = sql`left join step_days d on d.user_id = p.user_id and d.day >= c.starts_on and d.day <= c.ends_on
  left join step_reviews r on r.user_id = d.user_id and r.day = d.day`;

const num = (value: unknown) => Number(value ?? 0);

export class ChallengesRepository {
  async insert(db: Executor, row: Insertable<ChallengesTable>): Promise<void> {
    await db.insertInto('challenges').values(row).execute();
  }

  find(db: Executor, id: string): Promise<ChallengeRow | undefined> {
    return db.selectFrom('challenges').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(db: Executor, ids: readonly string[]): Promise<ChallengeRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('challenges').selectAll().where('id', 'in', ids).execute();
  }

  /** Marks it hidden by a reviewer's decision (its title was reported); an edit, so the console's version moves on. */
  hide(db: Executor, id: string, now: number): Promise<boolean> {
    return updatedOne(
      db
        .updateTable('challenges')
        .set((eb) => ({ hidden_at: now, version: eb('version', '+', 1) }))
        .where('id', '=', id),
    );
  }

  byCode(db: Executor, code: string): Promise<ChallengeRow | undefined> {
    return db.selectFrom('challenges').selectAll().where('code', '=', code).executeTakeFirst();
  }

  /** Challenges the user made that have not ended (the limit, counted under the user row's lock). */
  countMadeOpen(db: Executor, userId: string, today: string): Promise<number> {
    return countOf(
      db
        .selectFrom('challenges as c')
        .where('c.creator_user_id', '=', userId)
        .where(() => NOT_ENDED(today)),
    );
  }

  /** Challenges the user is in that have not ended. */
  countJoinedOpen(db: Executor, userId: string, today: string): Promise<number> {
    return countOf(
      db
        .selectFrom('challenge_participants as p')
        .innerJoin('challenges as c', 'c.id', 'p.challenge_id')
        .where('p.user_id', '=', userId)
        .where('p.left_at', 'is', null)
        .where(() => NOT_ENDED(today)),
    );
  }

  participant(db: Executor, challengeId: string, userId: string): Promise<ParticipantRow | undefined> {
    return db
      .selectFrom('challenge_participants')
      .selectAll()
      .where('challenge_id', '=', challengeId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * The user joins (or joins again after leaving): the key decides, so of joins at once one is new; answers whether
   * this one was.
   */
  async join(
    db: Executor,
    row: { challenge_id: string; user_id: string; club_id: string | null; joined_at: number } & StepSummary,
  ): Promise<boolean> {
    const inserted = await db
      .insertInto('challenge_participants')
      .values({ ...row, refreshed_at: row.joined_at })
      .onConflict((oc) => oc.columns(['challenge_id', 'user_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return true;
    const { challenge_id, user_id, ...rest } = row;
    return updatedOne(
      db
        .updateTable('challenge_participants')
        .set({ ...rest, left_at: null, refreshed_at: row.joined_at })
        .where('challenge_id', '=', challenge_id)
        .where('user_id', '=', user_id)
        .where('left_at', 'is not', null),
    );
  }

  leave(db: Executor, challengeId: string, userId: string, now: number): Promise<boolean> {
    return updatedOne(
      db
        .updateTable('challenge_participants')
        .set({ left_at: now })
        .where('challenge_id', '=', challengeId)
        .where('user_id', '=', userId)
        .where('left_at', 'is', null),
    );
  }

  /**
   * Counts a join or a leave on the challenge row, and takes its lock until the transaction ends: only while it has
   * not ended (`open`, its last day not over).
   */
  count(db: Executor, id: string, column: 'participant_count' | 'team_count', delta: 1 | -1, today: string) {
    return updatedOne(
      db
        .updateTable('challenges')
        .set((eb) => ({ [column]: eb(column, '+', delta) }))
        .where('id', '=', id)
        .where('status', '=', 'open')
        .where('ends_on', '>=', today),
    );
  }

  /** One user's summary of the challenge's period, read live from walking's days. */
  async summaryOf(db: Executor, challengeId: string, userId: string): Promise<StepSummary> {
    const { rows } = await sql<StepSummary>`select ${summaryColumns}
      from challenges c
      join (select ${userId} as user_id) p on 1 = 1
      ${daysOfPeriod}
      where c.id = ${challengeId}`.execute(db);
    const row = rows[0];
    return {
      steps: num(row?.steps),
      pending_steps: num(row?.pending_steps),
      goal_days: num(row?.goal_days),
      pending_days: num(row?.pending_days),
    };
  }

  team(db: Executor, challengeId: string, clubId: string): Promise<TeamRow | undefined> {
    return db
      .selectFrom('challenge_teams')
      .selectAll()
      .where('challenge_id', '=', challengeId)
      .where('club_id', '=', clubId)
      .executeTakeFirst();
  }

  teams(db: Executor, challengeId: string): Promise<TeamRow[]> {
    return db
      .selectFrom('challenge_teams')
      .selectAll()
      .where('challenge_id', '=', challengeId)
      .orderBy('steps', 'desc')
      .orderBy('entered_at')
      .orderBy('club_id')
      .execute();
  }

  /** A club enters: the key decides; answers whether it was new. */
  async enter(db: Executor, row: { challenge_id: string; club_id: string; entered_at: number }): Promise<boolean> {
    const result = await db
      .insertInto('challenge_teams')
      .values({ ...row, steps: 0, pending_steps: 0, participants: 0 })
      .onConflict((oc) => oc.columns(['challenge_id', 'club_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /** The challenges the user is in (not left) or made, newest period first. */
  mine(db: Executor, userId: string): Promise<ChallengeRow[]> {
    return db
      .selectFrom('challenges as c')
      .selectAll('c')
      .where((eb) =>
        eb.or([
          eb('c.creator_user_id', '=', userId),
          eb.exists(
            eb
              .selectFrom('challenge_participants as p')
              .select('p.user_id')
              .whereRef('p.challenge_id', '=', 'c.id')
              .where('p.user_id', '=', userId)
              .where('p.left_at', 'is', null),
          ),
        ]),
      )
      .orderBy('c.ends_on', 'desc')
      .orderBy('c.id')
      .execute();
  }

  /** Those open to the user not in them: public ones, and those of the user's clubs, upcoming or running. */
  openTo(db: Executor, clubIds: readonly string[], today: string, limit: number): Promise<ChallengeRow[]> {
    return db
      .selectFrom('challenges as c')
      .selectAll('c')
      .where('c.status', '=', 'open')
      .where('c.ends_on', '>=', today)
      .where('c.hidden_at', 'is', null)
      .where((eb) => {
        const open = [eb('c.scope', '=', 'public')];
        if (clubIds.length > 0) {
          open.push(
            eb.and([eb('c.scope', '=', 'club'), eb('c.club_id', 'in', clubIds)]),
            eb.exists(
              eb
                .selectFrom('challenge_teams as t')
                .select('t.club_id')
                .whereRef('t.challenge_id', '=', 'c.id')
                .where('t.club_id', 'in', clubIds),
            ),
          );
        }
        return eb.or(open);
      })
      .orderBy('c.starts_on')
      .orderBy('c.id')
      .limit(limit)
      .execute();
  }

  /** The board's first `shown` participants by steps (the index), and how many are on it. */
  async top(db: Executor, challengeId: string, shown: number): Promise<ParticipantRow[]> {
    return this.onBoard(db, challengeId).selectAll().orderBy('steps', 'desc').orderBy('user_id').limit(shown).execute();
  }

  /** The place `steps` has on the board: 1 + those with more. */
  async placeOf(db: Executor, challengeId: string, steps: number, except?: string): Promise<number> {
    let query = this.onBoard(db, challengeId).where('steps', '>', steps);
    if (except !== undefined) query = query.where('user_id', '!=', except);
    return 1 + (await countOf(query));
  }

  /** The place of a club's `steps` among the teams. */
  async teamPlaceOf(db: Executor, challengeId: string, steps: number): Promise<number> {
    return (
      1 +
      (await countOf(
        db.selectFrom('challenge_teams').where('challenge_id', '=', challengeId).where('steps', '>', steps),
      ))
    );
  }

  private onBoard(db: Executor, challengeId: string) {
    return db.selectFrom('challenge_participants').where('challenge_id', '=', challengeId).where('left_at', 'is', null);
  }

  /** A page of the participants, by place, then steps (the console). */
  participantsPage(db: Executor, challengeId: string, page: PageWindow) {
    return pageOf(this.onBoard(db, challengeId), page, (rows) =>
      rows
        .selectAll()
        .orderBy(sql`case when place is null then 1 else 0 end`)
        .orderBy('place')
        .orderBy('steps', 'desc')
        .orderBy('user_id'),
    );
  }

  /** Every participant's id from `after` on, in id order (chunks of a notification or a payment). */
  async participantIds(db: Executor, challengeId: string, after: string, limit: number): Promise<string[]> {
    const rows = await this.onBoard(db, challengeId)
      .select('user_id')
      .where('user_id', '>', after)
      .orderBy('user_id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.user_id);
  }

  /** Participants with a day of the period that a review still holds: the settlement waits for them. */
  heldParticipants(db: Executor, challenge: ChallengeRow): Promise<number> {
    return countOf(
      this.onBoard(db, challenge.id).where((eb) =>
        eb.exists(
          eb
            .selectFrom('step_reviews as r')
            .select('r.user_id')
            .whereRef('r.user_id', '=', 'challenge_participants.user_id')
            .where('r.status', '=', 'flagged')
            .where('r.day', '>=', challenge.starts_on)
            .where('r.day', '<=', challenge.ends_on),
        ),
      ),
    );
  }

  /** An operator's or the creator's change, only while the challenge is at `version` and `status`. */
  change(
    db: Executor,
    id: string,
    where: {
      version?: number;
      status?: string;
      endsFrom?: string;
      startsAfter?: string;
      /** Not funded yet, and with a pool to fund. */
      unfunded?: boolean;
      prized?: boolean;
    },
    set: Updateable<ChallengesTable>,
  ): Promise<boolean> {
    let query = db
      .updateTable('challenges')
      .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
      .where('id', '=', id);
    if (where.version !== undefined) query = query.where('version', '=', where.version);
    if (where.status !== undefined) query = query.where('status', '=', where.status);
    if (where.endsFrom !== undefined) query = query.where('ends_on', '>=', where.endsFrom);
    if (where.startsAfter !== undefined) query = query.where('starts_on', '>', where.startsAfter);
    if (where.unfunded) query = query.where('funded_at', 'is', null);
    if (where.prized) query = query.where('prize_points', '>', 0);
    return updatedOne(query);
  }

  /** The console's list: newest first, public ones or all, in a state. */
  search(db: Executor, filter: ChallengeFilter, page: PageWindow) {
    let query = db.selectFrom('challenges');
    if (filter.scope === 'public') query = query.where('scope', '=', 'public');
    const { today } = filter;
    switch (filter.state) {
      case 'upcoming':
        query = query.where('status', '=', 'open').where('starts_on', '>', today);
        break;
      case 'running':
        query = query.where('status', '=', 'open').where('starts_on', '<=', today).where('ends_on', '>=', today);
        break;
      case 'deciding':
        query = query.where((eb) =>
          eb.or([eb('status', '=', 'settling'), eb.and([eb('status', '=', 'open'), eb('ends_on', '<', today)])]),
        );
        break;
      case 'settled':
      case 'cancelled':
        query = query.where('status', '=', filter.state);
        break;
      default:
        break;
    }
    return pageOf(query, page, (rows) => newestFirst(rows.selectAll(), 'created_at', 'id'));
  }

  // The refresh (decision 095 "Challenge summaries and prize pools").

  async watermark(db: Executor, name: string): Promise<number | null> {
    const row = await db.selectFrom('watermarks').select('at').where('name', '=', name).executeTakeFirst();
    return row ? Number(row.at) : null;
  }

  async setWatermark(db: Executor, name: string, at: number): Promise<void> {
    await db
      .insertInto('watermarks')
      .values({ name, at })
      .onConflict((oc) => oc.column('name').doUpdateSet({ at }))
      .execute();
  }

  /**
   * Brings up to date the summary of every participant of a started, unsettled challenge whose days (or their reviews)
   * changed since `since`, by walking's change marks (`step_days.reported_at`, the reviews' `created_at` and
   * `decided_at`, each indexed): one statement, summing in the database. Answers how many rows it changed.
   */
  async refreshChanged(db: Executor, since: number, today: string, now: number): Promise<number> {
    const result = await sql`with changed as (
        select user_id from step_days where reported_at > ${since}
        union select user_id from step_reviews where created_at > ${since}
        union select user_id from step_reviews where decided_at > ${since}
      ),
      totals as (
        select p.challenge_id, p.user_id, ${summaryColumns}
        from challenge_participants p
        join changed ch on ch.user_id = p.user_id
        join challenges c on c.id = p.challenge_id
        ${daysOfPeriod}
        where p.left_at is null and c.status = 'open' and c.starts_on <= ${today}
        group by p.challenge_id, p.user_id
      )
      update challenge_participants
      set steps = totals.steps, pending_steps = totals.pending_steps, goal_days = totals.goal_days,
        pending_days = totals.pending_days, refreshed_at = ${now}
      from totals
      where challenge_participants.challenge_id = totals.challenge_id
        and challenge_participants.user_id = totals.user_id`.execute(db);
    await db
      .updateTable('challenges')
      .set({ refreshed_at: now })
      .where('status', '=', 'open')
      .where('starts_on', '<=', today)
      .execute();
    return Number(result.numAffectedRows ?? 0n);
  }

  /** The teams' totals of the `team-total` challenges not ended (or of one), from their participants' summaries. */
  async refreshTeams(db: Executor, today: string, where: { challengeId?: string } = {}): Promise<void> {
    const challenge = where.challengeId
      ? sql`challenge_teams.challenge_id = ${where.challengeId}`
      : sql`challenge_teams.challenge_id in (select id from challenges
          where kind = 'team-total' and status = 'open' and ends_on >= ${today})`;
    await sql`update challenge_teams set
        steps = (select coalesce(sum(p.steps), 0) from challenge_participants p
          where p.challenge_id = challenge_teams.challenge_id and p.club_id = challenge_teams.club_id and p.left_at is null),
        pending_steps = (select coalesce(sum(p.pending_steps), 0) from challenge_participants p
          where p.challenge_id = challenge_teams.challenge_id and p.club_id = challenge_teams.club_id and p.left_at is null),
        participants = (select count(*) from challenge_participants p
          where p.challenge_id = challenge_teams.challenge_id and p.club_id = challenge_teams.club_id and p.left_at is null)
      where ${challenge}`.execute(db);
  }

  // The settlement (challenges.settlement.ts).

  /** Challenges whose period and grace days are over (`lastDay` and earlier), not yet settled, whose lease is free. */
  async dueForSettlement(db: Executor, lastDay: string, now: number): Promise<ChallengeRow[]> {
    return db
      .selectFrom('challenges')
      .selectAll()
      .where('ends_on', '<=', lastDay)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'open'),
          eb.and([eb('status', '=', 'settling'), eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)])]),
        ]),
      )
      .orderBy('ends_on')
      .orderBy('id')
      .execute();
  }

  /** Takes (or renews) the settlement's lease: one server at a time settles a challenge. */
  lease(db: Executor, id: string, now: number, until: number): Promise<boolean> {
    return updatedOne(
      db
        .updateTable('challenges')
        .set({ status: 'settling', lease_until: until })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'open'),
            eb.and([
              eb('status', '=', 'settling'),
              eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]),
            ]),
          ]),
        ),
    );
  }

  /** Renews a lease this server holds (`held`: the value it set). */
  renew(db: Executor, id: string, held: number, until: number): Promise<boolean> {
    return updatedOne(
      db
        .updateTable('challenges')
        .set({ lease_until: until })
        .where('id', '=', id)
        .where('status', '=', 'settling')
        .where('lease_until', '=', held),
    );
  }

  /** Final totals of every participant from walking's days (not from the summary), written beside each. */
  async writeFinalTotals(db: Executor, challengeId: string, now: number): Promise<void> {
    await sql`with totals as (
        select p.user_id, ${summaryColumns}
        from challenge_participants p
        join challenges c on c.id = p.challenge_id
        ${daysOfPeriod}
        where p.challenge_id = ${challengeId} and p.left_at is null
        group by p.user_id
      )
      update challenge_participants
      set steps = totals.steps, pending_steps = totals.pending_steps, goal_days = totals.goal_days,
        pending_days = totals.pending_days, refreshed_at = ${now}
      from totals
      where challenge_participants.challenge_id = ${challengeId} and challenge_participants.user_id = totals.user_id`.execute(
      db,
    );
  }

  /** Places by steps (the same steps share a place) of the participants, or of the teams. */
  async writePlaces(db: Executor, challengeId: string, of: 'participants' | 'teams'): Promise<void> {
    if (of === 'participants') {
      await sql`update challenge_participants set place = ranked.place
        from (select user_id, rank() over (order by steps desc) as place from challenge_participants
          where challenge_id = ${challengeId} and left_at is null) ranked
        where challenge_participants.challenge_id = ${challengeId} and challenge_participants.user_id = ranked.user_id`.execute(
        db,
      );
      return;
    }
    await sql`update challenge_teams set place = ranked.place
      from (select club_id, rank() over (order by steps desc) as place from challenge_teams
        where challenge_id = ${challengeId}) ranked
      where challenge_teams.challenge_id = ${challengeId} and challenge_teams.club_id = ranked.club_id`.execute(db);
    // A participant's place is their club's.
    await sql`update challenge_participants set place = (select t.place from challenge_teams t
        where t.challenge_id = challenge_participants.challenge_id and t.club_id = challenge_participants.club_id)
      where challenge_id = ${challengeId} and left_at is null`.execute(db);
  }

  /**
   * Marks the winners (or finishers) and each one's share, everyone else none; answers how many won. Nobody without a
   * credited step wins.
   */
  async writeWinners(db: Executor, challenge: ChallengeRow, share: (winners: number) => number): Promise<number> {
    const won =
      challenge.kind === 'daily-goal'
        ? sql`goal_days >= ${challenge.days_needed ?? 0}`
        : sql`place is not null and place <= ${challenge.winners ?? 1}`;
    await sql`update challenge_participants set won = case when steps > 0 and ${won} then 1 else 0 end
      where challenge_id = ${challenge.id} and left_at is null`.execute(db);
    const winners = await countOf(this.onBoard(db, challenge.id).where('won', '=', 1));
    const each = share(winners);
    await db
      .updateTable('challenge_participants')
      .set((eb) => ({ prize_points: eb.case().when('won', '=', 1).then(each).else(0).end() }))
      .where('challenge_id', '=', challenge.id)
      .where('left_at', 'is', null)
      .execute();
    return winners;
  }

  /** The next winners not yet marked paid, in id order. */
  unpaidWinners(
    db: Executor,
    challengeId: string,
    limit: number,
  ): Promise<{ user_id: string; prize_points: number }[]> {
    return db
      .selectFrom('challenge_participants')
      .select(['user_id', 'prize_points'])
      .$narrowType<{ prize_points: number }>()
      .where('challenge_id', '=', challengeId)
      .where('left_at', 'is', null)
      .where('won', '=', 1)
      .where('prize_points', '>', 0)
      .where('paid_at', 'is', null)
      .orderBy('user_id')
      .limit(limit)
      .execute();
  }

  async markPaid(db: Executor, challengeId: string, userIds: readonly string[], now: number): Promise<void> {
    if (userIds.length === 0) return;
    await db
      .updateTable('challenge_participants')
      .set({ paid_at: now })
      .where('challenge_id', '=', challengeId)
      .where('user_id', 'in', userIds)
      .where('paid_at', 'is', null)
      .execute();
  }

  /** Results of these participants (the result notifications). */
  results(db: Executor, challengeId: string, userIds: readonly string[]): Promise<ParticipantRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.onBoard(db, challengeId).selectAll().where('user_id', 'in', userIds).execute();
  }

  // Milestones.

  /** Open challenges with a milestone not yet told whose day has come. */
  untold(db: Executor, today: string): Promise<ChallengeRow[]> {
    return db
      .selectFrom('challenges')
      .selectAll()
      .where('status', '=', 'open')
      .where('starts_on', '<=', today)
      .where((eb) =>
        eb.or([eb('started_told_at', 'is', null), eb('halfway_told_at', 'is', null), eb('ending_told_at', 'is', null)]),
      )
      .orderBy('starts_on')
      .orderBy('id')
      .execute();
  }

  /** Challenges called off whose participants were not yet told (a stop came between the two). */
  untoldCancellations(db: Executor): Promise<ChallengeRow[]> {
    return db
      .selectFrom('challenges')
      .selectAll()
      .where('status', '=', 'cancelled')
      .where('cancelled_told_at', 'is', null)
      .orderBy('id')
      .execute();
  }

  /** Marks a milestone told (not an edit: the version stays). */
  async mark(
    db: Executor,
    id: string,
    column: 'started_told_at' | 'halfway_told_at' | 'ending_told_at' | 'cancelled_told_at',
    now: number,
  ): Promise<void> {
    await db
      .updateTable('challenges')
      .set({ [column]: now })
      .where('id', '=', id)
      .execute();
  }

  // Your data.

  /** Every challenge the user made or joined (left ones too), with their row, by period. */
  ofUser(db: Executor, userId: string) {
    return db
      .selectFrom('challenges as c')
      .leftJoin('challenge_participants as p', (join) =>
        join.onRef('p.challenge_id', '=', 'c.id').on('p.user_id', '=', userId),
      )
      .select([
        'c.id',
        'c.title',
        'c.scope',
        'c.kind',
        'c.starts_on',
        'c.ends_on',
        'c.status',
        'c.creator_user_id',
        'p.joined_at',
        'p.left_at',
        'p.steps',
        'p.place',
        'p.won',
        'p.prize_points',
      ])
      .where((eb) => eb.or([eb('c.creator_user_id', '=', userId), eb('p.user_id', '=', userId)]))
      .orderBy('c.starts_on')
      .orderBy('c.id')
      .execute();
  }

  /** Takes the user out of a challenge whose results are not fixed (the account deletion). */
  async remove(db: Executor, challengeId: string, userId: string): Promise<boolean> {
    const result = await db
      .deleteFrom('challenge_participants')
      .where('challenge_id', '=', challengeId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async markErased(db: Executor, challengeId: string, userId: string, now: number): Promise<void> {
    await db
      .updateTable('challenge_participants')
      .set({ erased_at: now })
      .where('challenge_id', '=', challengeId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Counts a participant taken out (the account deletion), whatever the challenge's state. */
  async uncount(db: Executor, id: string): Promise<void> {
    await db
      .updateTable('challenges')
      .set((eb) => ({ participant_count: eb('participant_count', '-', 1) }))
      .where('id', '=', id)
      .execute();
  }

  async forgetCreator(db: Executor, userId: string): Promise<void> {
    await db.updateTable('challenges').set({ creator_user_id: null }).where('creator_user_id', '=', userId).execute();
  }
}
