import { PostgresAdapter, sql, type Insertable, type RawBuilder, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { countOf, deletedCount, newestFirst, pageOf, updatedOne, type PageWindow } from '../../db/queries.js';
import type { ClubMembersTable, ClubsTable } from '../../db/schema.js';
import type { PersonRow } from '../friends/friends.service.js';
import { creditedSteps, heldSteps } from '../walking/step-totals.js';

export type ClubRow = Selectable<ClubsTable>;
export type ClubMemberRow = ClubMembersTable;

/** One place on a club's board: the member, their steps of the period, their place, and how many are on it. */
export interface ClubBoardRow extends PersonRow {
  steps: number;
  pendingSteps: number;
  rank: number;
  ranked: number;
}

/** What the console's list of clubs looks for. */
export interface ClubFilter {
  /** A club's code (any case), or a part of its name. */
  q?: string | undefined;
  state?: 'open' | 'closed' | undefined;
}

/**
 * The name a person shows on a board, in SQL: the nickname, else the number masked as `maskMiddle` masks it (first 3
 * and last 4 characters; one character of 7 or fewer), for the database to order ties as the app does.
 */
const shownName = sql<string>`coalesce(u.nickname, case when length(u.account) <= 7
  then substr(u.account, 1, 1) || substr('*******', 1, length(u.account) - 1)
  else substr(u.account, 1, 3) || substr('********************************', 1, length(u.account) - 7)
    || substr(u.account, length(u.account) - 3) end)`;

/** `text` compared by code point, as the app compares names: SQLite's own order; PostgreSQL's "C" collation. */
function byCodePoint(db: Executor, text: RawBuilder<string>): RawBuilder<string> {
  return db.getExecutor().adapter instanceof PostgresAdapter ? sql<string>`${text} collate "C"` : text;
}

/** `%`, `_` and `\` stand for themselves in a LIKE pattern (with `escape '\'`). */
const likeText = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export class ClubsRepository {
  async insert(db: Executor, row: Insertable<ClubsTable>): Promise<void> {
    await db.insertInto('clubs').values(row).execute();
  }

  /** An open club by id; a closed one is not found. */
  open(db: Executor, id: string): Promise<ClubRow | undefined> {
    return db.selectFrom('clubs').selectAll().where('id', '=', id).where('closed_at', 'is', null).executeTakeFirst();
  }

  openByCode(db: Executor, code: string): Promise<ClubRow | undefined> {
    return db
      .selectFrom('clubs')
      .selectAll()
      .where('code', '=', code)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
  }

  /** The open clubs this user belongs to. */
  ofMember(db: Executor, userId: string): Promise<ClubRow[]> {
    return db
      .selectFrom('clubs as c')
      .innerJoin('club_members as m', 'm.club_id', 'c.id')
      .selectAll('c')
      .where('m.user_id', '=', userId)
      .where('m.removed_at', 'is', null)
      .where('c.closed_at', 'is', null)
      .orderBy('m.joined_at')
      .orderBy('c.id')
      .execute();
  }

  countOwned(db: Executor, userId: string): Promise<number> {
    return countOf(db.selectFrom('clubs').where('owner_id', '=', userId).where('closed_at', 'is', null));
  }

  /** The user's row in the club: a membership, or the mark of their removal (`removed_at`). */
  row(db: Executor, clubId: string, userId: string): Promise<ClubMemberRow | undefined> {
    return db
      .selectFrom('club_members')
      .selectAll()
      .where('club_id', '=', clubId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** One membership per user and club: the key decides; answers whether this one was new. */
  async addMember(db: Executor, row: ClubMemberRow): Promise<boolean> {
    const result = await db
      .insertInto('club_members')
      .values(row)
      .onConflict((oc) => oc.columns(['club_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /** A member leaves (and may join again later). */
  async removeMember(db: Executor, clubId: string, userId: string): Promise<boolean> {
    const leaving = db
      .deleteFrom('club_members')
      .where('club_id', '=', clubId)
      .where('user_id', '=', userId)
      .where('removed_at', 'is', null);
    return (await deletedCount(leaving)) > 0;
  }

  /** The owner removes a member: the row stays, marked, so the code lets them in no more. */
  expel(db: Executor, clubId: string, userId: string, now: number): Promise<boolean> {
    return updatedOne(
      db
        .updateTable('club_members')
        .set({ removed_at: now })
        .where('club_id', '=', clubId)
        .where('user_id', '=', userId)
        .where('removed_at', 'is', null),
    );
  }

  /**
   * Counts a join or a leave on the club row, and takes its lock until the transaction ends: a join only while the
   * club is open and has room.
   */
  count(db: Executor, clubId: string, delta: 1 | -1, max: number): Promise<boolean> {
    let query = db
      .updateTable('clubs')
      .set((eb) => ({ member_count: eb('member_count', '+', delta) }))
      .where('id', '=', clubId)
      .where('closed_at', 'is', null);
    if (delta > 0) query = query.where('member_count', '<', max);
    return updatedOne(query);
  }

  /** Hands the club from `from` to `to`, only while `from` owns it. */
  setOwner(db: Executor, clubId: string, from: string, to: string): Promise<boolean> {
    return updatedOne(
      db
        .updateTable('clubs')
        .set((eb) => ({ owner_id: to, version: eb('version', '+', 1) }))
        .where('id', '=', clubId)
        .where('owner_id', '=', from)
        .where('closed_at', 'is', null),
    );
  }

  async close(db: Executor, clubId: string, now: number, reason: string): Promise<void> {
    await db
      .updateTable('clubs')
      .set((eb) => ({ closed_at: now, closed_reason: reason, version: eb('version', '+', 1) }))
      .where('id', '=', clubId)
      .where('closed_at', 'is', null)
      .execute();
  }

  findMany(db: Executor, ids: readonly string[]): Promise<ClubRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('clubs').selectAll().where('id', 'in', ids).execute();
  }

  /** Whether the two users are both members of one open club. */
  async shareOpenClub(db: Executor, a: string, b: string): Promise<boolean> {
    const row = await db
      .selectFrom('club_members as x')
      .innerJoin('club_members as y', 'y.club_id', 'x.club_id')
      .innerJoin('clubs as c', 'c.id', 'x.club_id')
      .select('x.club_id')
      .where('x.user_id', '=', a)
      .where('y.user_id', '=', b)
      .where('x.removed_at', 'is', null)
      .where('y.removed_at', 'is', null)
      .where('c.closed_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A reviewer hid the club's name (docs/product/moderation.md); its version moves on for the console's edits. */
  hideName(db: Executor, id: string, now: number): Promise<boolean> {
    return updatedOne(
      db
        .updateTable('clubs')
        .set((eb) => ({ name_hidden_at: now, version: eb('version', '+', 1) }))
        .where('id', '=', id),
    );
  }

  find(db: Executor, id: string): Promise<ClubRow | undefined> {
    return db.selectFrom('clubs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The console's list: newest first, by code or a part of the name, open or closed. */
  search(db: Executor, filter: ClubFilter, page: PageWindow): Promise<{ rows: ClubRow[]; total: number }> {
    let query = db.selectFrom('clubs');
    const { q, state } = filter;
    if (q) {
      const pattern = `%${likeText(q.toLowerCase())}%`;
      query = query.where((eb) =>
        eb.or([eb('code', '=', q.toUpperCase()), sql<boolean>`lower(name) like ${pattern} escape '\\'`]),
      );
    }
    if (state) query = query.where('closed_at', state === 'open' ? 'is' : 'is not', null);
    return pageOf(query, page, (rows) => newestFirst(rows.selectAll(), 'created_at', 'id'));
  }

  /** An operator's change of an open club, only while it is at `version` (the console's stale-edit check). */
  change(db: Executor, id: string, version: number, set: Updateable<ClubsTable>): Promise<boolean> {
    return updatedOne(
      db
        .updateTable('clubs')
        .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', version)
        .where('closed_at', 'is', null),
    );
  }

  /**
   * The club's board, ranked in the database (docs/product/clubs.md, The club's board): its members who share their
   * steps, each one's credited and held steps of the period read by primary keys (a day from walking's `step_days` and
   * `step_reviews`, the week from its `step_weeks` total, `from` being its Monday), ranked by credited steps (the same
   * count shares a place). Only those whose place can be
   * among the first `shown` (and `me`) are then named and ordered as the app orders a board (name, then id, by code
   * point): the rows before any of them all have a place as good, so their order among themselves is the board's.
   * Answers the first `shown` places and `me`'s, each with how many are on it.
   */
  async board(
    db: Executor,
    clubId: string,
    period: { from: string; to: string },
    me: string,
    shown: number,
  ): Promise<ClubBoardRow[]> {
    const rows = await db
      .with('totals', (qc) => {
        const members = qc
          .selectFrom('club_members as m')
          .innerJoin('social_settings as s', 's.user_id', 'm.user_id')
          .where('m.club_id', '=', clubId)
          .where('m.removed_at', 'is', null)
          .where('s.share_steps', '=', 1);
        // A week from its total kept by walking; one day from the day and its review.
        return period.from === period.to
          ? members
              .leftJoin('step_days as d', (join) =>
                join.onRef('d.user_id', '=', 'm.user_id').on('d.day', '=', period.from),
              )
              .leftJoin('step_reviews as r', (join) =>
                join.onRef('r.user_id', '=', 'd.user_id').onRef('r.day', '=', 'd.day'),
              )
              .select([
                'm.user_id as id',
                sql<number>`coalesce(${creditedSteps}, 0)`.as('steps'),
                sql<number>`coalesce(${heldSteps}, 0)`.as('pending_steps'),
              ])
          : members
              .leftJoin('step_weeks as w', (join) =>
                join.onRef('w.user_id', '=', 'm.user_id').on('w.week', '=', period.from),
              )
              .select([
                'm.user_id as id',
                sql<number>`coalesce(w.steps, 0)`.as('steps'),
                sql<number>`coalesce(w.pending_steps, 0)`.as('pending_steps'),
              ]);
      })
      .with('ranked', (qc) =>
        qc
          .selectFrom('totals')
          .selectAll()
          .select([
            sql<number>`rank() over (order by steps desc)`.as('rank'),
            sql<number>`count(*) over ()`.as('ranked'),
          ]),
      )
      .with('placed', (qc) =>
        qc
          .selectFrom('ranked as b')
          .innerJoin('users as u', 'u.id', 'b.id')
          .innerJoin('social_settings as s', 's.user_id', 'b.id')
          .select(['b.id', 'b.steps', 'b.pending_steps', 'b.rank', 'b.ranked'])
          .select(['u.account', 'u.nickname', 'u.avatar_file_id', 's.show_avatar', 's.share_steps'])
          .select(
            sql<number>`row_number() over (order by b.steps desc, ${byCodePoint(db, shownName)}, b.id)`.as('position'),
          )
          .where((eb) => eb.or([eb('b.rank', '<=', shown), eb('b.id', '=', me)])),
      )
      .selectFrom('placed')
      .select([
        'id',
        'account',
        'nickname',
        'avatar_file_id',
        'show_avatar',
        'share_steps',
        'steps',
        'pending_steps',
        'rank',
        'ranked',
      ])
      .where((eb) => eb.or([eb('position', '<=', shown), eb('id', '=', me)]))
      .orderBy('position')
      .execute();
    return rows.map(({ pending_steps, ...row }) => ({
      ...row,
      steps: Number(row.steps),
      pendingSteps: Number(pending_steps),
      rank: Number(row.rank),
      ranked: Number(row.ranked),
    }));
  }

  /** A page of the members, the owner first, then in the order they joined. */
  page(
    db: Executor,
    club: { id: string; owner_id: string },
    page: PageWindow,
  ): Promise<{ rows: ClubMemberRow[]; total: number }> {
    return pageOf(this.members(db, club.id), page, (rows) =>
      rows
        .selectAll()
        .orderBy((eb) => eb.case().when('user_id', '=', club.owner_id).then(0).else(1).end())
        .orderBy('joined_at')
        .orderBy('user_id'),
    );
  }

  async memberIds(db: Executor, clubId: string): Promise<string[]> {
    return (await this.members(db, clubId).select('user_id').execute()).map((row) => row.user_id);
  }

  /** The club's members (not those the owner removed), before it selects anything. */
  private members(db: Executor, clubId: string) {
    return db.selectFrom('club_members').where('club_id', '=', clubId).where('removed_at', 'is', null);
  }

  /** Who joined first after `ownerId`: the next owner when the owner's account goes. */
  firstOtherMember(db: Executor, clubId: string, ownerId: string): Promise<ClubMemberRow | undefined> {
    return this.members(db, clubId)
      .selectAll()
      .where('user_id', '!=', ownerId)
      .orderBy('joined_at')
      .orderBy('user_id')
      .limit(1)
      .executeTakeFirst();
  }

  /** Every club the user owns that is open, for the account deletion. */
  owned(db: Executor, userId: string): Promise<ClubRow[]> {
    return db.selectFrom('clubs').selectAll().where('owner_id', '=', userId).where('closed_at', 'is', null).execute();
  }

  /** Every membership of the user (the export and the deletion), with the club's name. */
  membershipsOf(db: Executor, userId: string): Promise<{ club_id: string; name: string; joined_at: number }[]> {
    return db
      .selectFrom('club_members as m')
      .innerJoin('clubs as c', 'c.id', 'm.club_id')
      .select(['m.club_id', 'c.name', 'm.joined_at'])
      .where('m.user_id', '=', userId)
      .where('m.removed_at', 'is', null)
      .orderBy('m.joined_at')
      .execute();
  }

  /** The marks of the user's removals (the account deletion, after the memberships). */
  async eraseRemovals(db: Executor, userId: string): Promise<void> {
    await db.deleteFrom('club_members').where('user_id', '=', userId).where('removed_at', 'is not', null).execute();
  }
}
