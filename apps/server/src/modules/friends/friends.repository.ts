import type { Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { FriendPairsTable, SocialSettingsTable } from '../../db/schema.js';

export type FriendPairRow = FriendPairsTable;
export type SocialSettingsRow = SocialSettingsTable;

/** What another user shows of themselves to friends: their nickname, else their number masked. */
export interface PersonRow {
  id: string;
  account: string;
  nickname: string | null;
}

/** A pair's primary key: the two ids in order. */
export interface PairKey {
  low: string;
  high: string;
}

/** What a pair must be for a change to apply (the compare of a compare-and-set). */
export interface PairState {
  status?: 'none' | 'requested' | 'friends';
  requester?: string;
  /** Neither side blocks the other. */
  unblocked?: boolean;
  /** This side blocks the other. */
  blockedBy?: 'low' | 'high';
}

export class FriendsRepository {
  settings(db: Executor, userId: string): Promise<SocialSettingsRow | undefined> {
    return db.selectFrom('social_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async saveSettings(db: Executor, row: SocialSettingsRow): Promise<void> {
    const { user_id: _userId, ...changes } = row;
    await db
      .insertInto('social_settings')
      .values(row)
      .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
      .execute();
  }

  /** The pair's row, made at `none` if the two have never met: every change is then an update of it. */
  async ensurePair(db: Executor, key: PairKey, now: number): Promise<void> {
    await db
      .insertInto('friend_pairs')
      .values({ user_low: key.low, user_high: key.high, status: 'none', updated_at: now })
      .onConflict((oc) => oc.columns(['user_low', 'user_high']).doNothing())
      .execute();
  }

  pair(db: Executor, key: PairKey): Promise<FriendPairRow | undefined> {
    return db
      .selectFrom('friend_pairs')
      .selectAll()
      .where('user_low', '=', key.low)
      .where('user_high', '=', key.high)
      .executeTakeFirst();
  }

  /**
   * Changes the pair only when it is in `from`: one statement, so of two requests that saw the same
   * state exactly one changes it (decision 015 "Only once rules are held by the database").
   */
  async transition(db: Executor, key: PairKey, from: PairState, set: Updateable<FriendPairsTable>): Promise<boolean> {
    let query = db
      .updateTable('friend_pairs')
      .set(set)
      .where('user_low', '=', key.low)
      .where('user_high', '=', key.high);
    if (from.status !== undefined) query = query.where('status', '=', from.status);
    if (from.blockedBy !== undefined) {
      query = query.where(from.blockedBy === 'low' ? 'low_blocked_at' : 'high_blocked_at', 'is not', null);
    }
    if (from.requester !== undefined) query = query.where('requester_id', '=', from.requester);
    if (from.unblocked) query = query.where('low_blocked_at', 'is', null).where('high_blocked_at', 'is', null);
    const result = await query.executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Every pair this user is in that holds something: a friendship, a request, or a block by either side. */
  pairsOf(db: Executor, userId: string): Promise<FriendPairRow[]> {
    const holdsSomething = (side: 'user_low' | 'user_high') =>
      db
        .selectFrom('friend_pairs')
        .selectAll()
        .where(side, '=', userId)
        .where((eb) =>
          eb.or([
            eb('status', '!=', 'none'),
            eb('low_blocked_at', 'is not', null),
            eb('high_blocked_at', 'is not', null),
          ]),
        );
    return holdsSomething('user_low').unionAll(holdsSomething('user_high')).execute();
  }

  async count(db: Executor, userId: string, status: 'requested' | 'friends', requester?: string): Promise<number> {
    const counted = (side: 'user_low' | 'user_high') => {
      let query = db
        .selectFrom('friend_pairs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(side, '=', userId)
        .where('status', '=', status);
      if (requester !== undefined) query = query.where('requester_id', '=', requester);
      return query.executeTakeFirstOrThrow();
    };
    const [low, high] = await Promise.all([counted('user_low'), counted('user_high')]);
    return Number(low.n) + Number(high.n);
  }

  people(db: Executor, ids: readonly string[]): Promise<PersonRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('users').select(['id', 'account', 'nickname']).where('id', 'in', ids).execute();
  }

  /** A user by friend code (their invite code); a frozen account is not found. */
  byCode(db: Executor, code: string): Promise<PersonRow | undefined> {
    return db
      .selectFrom('users')
      .select(['id', 'account', 'nickname'])
      .where('invite_code', '=', code)
      .where('frozen_at', 'is', null)
      .executeTakeFirst();
  }

  /** A user by mobile number, only where they let themselves be found by it. */
  byMobile(db: Executor, mobile: string): Promise<PersonRow | undefined> {
    return db
      .selectFrom('users as u')
      .innerJoin('social_settings as s', 's.user_id', 'u.id')
      .select(['u.id', 'u.account', 'u.nickname'])
      .where('u.account', '=', mobile)
      .where('u.frozen_at', 'is', null)
      .where('s.findable_by_mobile', '=', 1)
      .executeTakeFirst();
  }

  /** Who invited this user, if anyone (and their account is not frozen). */
  async inviterOf(db: Executor, userId: string): Promise<PersonRow | undefined> {
    return db
      .selectFrom('users as invitee')
      .innerJoin('users as u', 'u.id', 'invitee.invited_by')
      .select(['u.id', 'u.account', 'u.nickname'])
      .where('invitee.id', '=', userId)
      .where('u.frozen_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * Today's count of each of these users who share their steps, and whether a review holds the day
   * (a read across walking's tables, by their primary keys: docs/product/friends.md). A rejected day
   * is not there at all: it never counts.
   */
  sharedSteps(
    db: Executor,
    ids: readonly string[],
    day: string,
  ): Promise<{ user_id: string; steps: number; review: string | null }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('step_days as d')
      .innerJoin('social_settings as s', 's.user_id', 'd.user_id')
      .leftJoin('step_reviews as r', (join) => join.onRef('r.user_id', '=', 'd.user_id').onRef('r.day', '=', 'd.day'))
      .select(['d.user_id', 'd.steps', 'r.status as review'])
      .where('d.user_id', 'in', ids)
      .where('d.day', '=', day)
      .where('s.share_steps', '=', 1)
      .where((eb) => eb.or([eb('r.status', 'is', null), eb('r.status', '!=', 'rejected')]))
      .execute();
  }

  /** Which of these users share their steps (a friend who shares but has no day yet shows 0). */
  async sharing(db: Executor, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom('social_settings')
      .select('user_id')
      .where('user_id', 'in', ids)
      .where('share_steps', '=', 1)
      .execute();
    return new Set(rows.map((row) => row.user_id));
  }

  /** The account deletion: every pair and the settings go, so the user is on no one's list. */
  async erase(db: Executor, userId: string): Promise<void> {
    await db
      .deleteFrom('friend_pairs')
      .where((eb) => eb.or([eb('user_low', '=', userId), eb('user_high', '=', userId)]))
      .execute();
    await db.deleteFrom('social_settings').where('user_id', '=', userId).execute();
  }
}
