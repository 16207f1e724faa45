import type { Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { FriendPairsTable, SocialSettingsTable } from '../../db/schema.js';

export type FriendPairRow = FriendPairsTable;
export type SocialSettingsRow = SocialSettingsTable;

/** What another user shows of themselves to friends: their nickname, else their number masked, and their avatar. */
export interface PersonRow {
  id: string;
  account: string;
  nickname: string | null;
  avatar_file_id: string | null;
  /** They show their avatar to friends (1), or not (0, or no settings yet). */
  show_avatar: number | null;
  /** They share their steps (1), or not. */
  share_steps: number | null;
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
    return this.person(db).where('u.id', 'in', ids).execute();
  }

  private person(db: Executor) {
    return db
      .selectFrom('users as u')
      .leftJoin('social_settings as s', 's.user_id', 'u.id')
      .select(['u.id', 'u.account', 'u.nickname', 'u.avatar_file_id', 's.show_avatar', 's.share_steps']);
  }

  /** A user by friend code (their invite code); a frozen account is not found. */
  byCode(db: Executor, code: string): Promise<PersonRow | undefined> {
    return this.person(db).where('u.invite_code', '=', code).where('u.frozen_at', 'is', null).executeTakeFirst();
  }

  /** A user by mobile number, only where they let themselves be found by it. */
  byMobile(db: Executor, mobile: string): Promise<PersonRow | undefined> {
    return this.person(db)
      .where('u.account', '=', mobile)
      .where('u.frozen_at', 'is', null)
      .where('s.findable_by_mobile', '=', 1)
      .executeTakeFirst();
  }

  /** Who invited this user, if anyone (and their account is not frozen). */
  async inviterOf(db: Executor, userId: string): Promise<PersonRow | undefined> {
    return this.person(db)
      .innerJoin('users as invitee', 'invitee.invited_by', 'u.id')
      .where('invitee.id', '=', userId)
      .where('u.frozen_at', 'is', null)
      .executeTakeFirst();
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

  /** The ids of this user's friends (from either side of each pair, by the state indexes). */
  async friendIds(db: Executor, userId: string): Promise<string[]> {
    const otherSide = (mine: 'user_low' | 'user_high', theirs: 'user_low' | 'user_high') =>
      db
        .selectFrom('friend_pairs')
        .select(`${theirs} as id`)
        .where(mine, '=', userId)
        .where('status', '=', 'friends')
        .execute();
    const [low, high] = await Promise.all([otherSide('user_low', 'user_high'), otherSide('user_high', 'user_low')]);
    return [...low, ...high].map((row) => row.id);
  }

  /**
   * Each of these users' credited steps from `from` to `to`, and the steps of days a review still holds (a rejected
   * day counts none), summed by the database over walking's `step_days` and `step_reviews` by their primary keys
   * (docs/product/friends.md): one row a person, never a scan of days.
   */
  async totals(
    db: Executor,
    ids: readonly string[],
    from: string,
    to: string,
  ): Promise<Map<string, { steps: number; pendingSteps: number }>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('step_days as d')
      .leftJoin('step_reviews as r', (join) => join.onRef('r.user_id', '=', 'd.user_id').onRef('r.day', '=', 'd.day'))
      .select((eb) => [
        'd.user_id',
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.or([eb('r.status', 'is', null), eb('r.status', '=', 'cleared')]))
              .then(eb.ref('d.steps'))
              .else(0)
              .end(),
          )
          .as('steps'),
        eb.fn
          .sum<number>(eb.case().when('r.status', '=', 'flagged').then(eb.ref('d.steps')).else(0).end())
          .as('pending'),
      ])
      .where('d.user_id', 'in', ids)
      .where('d.day', '>=', from)
      .where('d.day', '<=', to)
      .groupBy('d.user_id')
      .execute();
    return new Map(rows.map((row) => [row.user_id, { steps: Number(row.steps), pendingSteps: Number(row.pending) }]));
  }

  /** How many likes each of these users received on `day`. */
  async likesReceived(db: Executor, ids: readonly string[], day: string): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('friend_likes')
      .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', 'in', ids)
      .where('day', '=', day)
      .groupBy('user_id')
      .execute();
    return new Map(rows.map((row) => [row.user_id, Number(row.n)]));
  }

  /** Whom this user liked on `day`. */
  async likedBy(db: Executor, userId: string, day: string): Promise<Set<string>> {
    const rows = await db
      .selectFrom('friend_likes')
      .select('user_id')
      .where('from_user_id', '=', userId)
      .where('day', '=', day)
      .execute();
    return new Set(rows.map((row) => row.user_id));
  }

  /** Every like this user gave or received, for the export. */
  likesOf(db: Executor, userId: string): Promise<{ from_user_id: string; user_id: string; day: string }[]> {
    return db
      .selectFrom('friend_likes')
      .select(['from_user_id', 'user_id', 'day'])
      .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('user_id', '=', userId)]))
      .orderBy('day')
      .execute();
  }

  /** One like per friend per day: the key decides; answers whether this one was new. */
  async like(db: Executor, row: { from_user_id: string; user_id: string; day: string; created_at: number }) {
    const result = await db
      .insertInto('friend_likes')
      .values(row)
      .onConflict((oc) => oc.columns(['from_user_id', 'user_id', 'day']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /** The account deletion: every pair, like and the settings go, so the user is on no one's list. */
  async erase(db: Executor, userId: string): Promise<void> {
    await db
      .deleteFrom('friend_likes')
      .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('user_id', '=', userId)]))
      .execute();
    await db
      .deleteFrom('friend_pairs')
      .where((eb) => eb.or([eb('user_low', '=', userId), eb('user_high', '=', userId)]))
      .execute();
    await db.deleteFrom('social_settings').where('user_id', '=', userId).execute();
  }
}
