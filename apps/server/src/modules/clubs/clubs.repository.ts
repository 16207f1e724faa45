import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { countOf, deletedCount, pageOf, updatedOne, type PageWindow } from '../../db/queries.js';
import type { ClubMembersTable, ClubsTable } from '../../db/schema.js';

export type ClubRow = Selectable<ClubsTable>;
export type ClubMemberRow = ClubMembersTable;

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
