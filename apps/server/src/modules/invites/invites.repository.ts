import type { Executor } from '../../db/executor.js';
import { pageOf, updatedOne, type PageWindow } from '../../db/queries.js';
import type { InviteRewardsTable } from '../../db/schema.js';

export type InviteRewardRow = InviteRewardsTable;

/** An account of the invite graph: who invited it, and when it signed up. */
export interface InviteGraphUser {
  id: string;
  account: string;
  invited_by: string | null;
  created_at: number;
}

/**
 * What the referral-ring check compares of some accounts (docs/product/referral-rings.md), as stored by the modules that
 * keep them: the devices that reported their steps (walking), their payout cards' number hashes (payouts, removed
 * cards included), their delivery addresses (addresses) and the addresses their consents were given from (policies:
 * the first is the sign-up's).
 */
export interface RingTraitRows {
  devices: { user_id: string; device: string }[];
  cards: { user_id: string; account_hash: string }[];
  addresses: { user_id: string; region: string; detail: string; phone: string }[];
  signUps: { user_id: string; client_address: string }[];
}

/** Rewards that count against the inviter's yearly limit: paid, or held for a reviewer (a refused one frees its place). */
const COUNTED = ['paid', 'held'];

export class InvitesRepository {
  async findInviter(db: Executor, userId: string): Promise<string | null> {
    const row = await db.selectFrom('users').select('invited_by').where('id', '=', userId).executeTakeFirst();
    return row?.invited_by ?? null;
  }

  findReward(db: Executor, inviteeId: string): Promise<InviteRewardRow | undefined> {
    return db.selectFrom('invite_rewards').selectAll().where('invitee_id', '=', inviteeId).executeTakeFirst();
  }

  async countRewarded(db: Executor, inviterId: string, year: string): Promise<number> {
    const row = await db
      .selectFrom('invite_rewards')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('inviter_id', '=', inviterId)
      .where('year', '=', year)
      .where('points', '>', 0)
      .where('status', 'in', COUNTED)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertReward(db: Executor, row: InviteRewardRow): Promise<void> {
    await db.insertInto('invite_rewards').values(row).execute();
  }

  /** My invitees, newest first, with their qualification if any. */
  listInvitees(db: Executor, inviterId: string, limit: number, qualifyingSteps?: number) {
    return (
      db
        .selectFrom('users as u')
        .leftJoin('invite_rewards as r', 'r.invitee_id', 'u.id')
        .select(['u.id', 'u.account', 'u.created_at', 'r.created_at as qualified_at', 'r.points', 'r.status'])
        // With the qualifying steps: whether they walked them on a day that waits for review (decision 078 "A held step
        // day is never a dead end").
        .$if(qualifyingSteps !== undefined, (query) =>
          query.select((eb) =>
            eb
              .exists(
                eb
                  .selectFrom('step_reviews as sr')
                  .innerJoin('step_days as sd', (join) =>
                    join.onRef('sd.user_id', '=', 'sr.user_id').onRef('sd.day', '=', 'sr.day'),
                  )
                  .select('sr.id')
                  .whereRef('sr.user_id', '=', 'u.id')
                  .where('sr.status', '=', 'flagged')
                  .where('sd.steps', '>=', qualifyingSteps ?? 0),
              )
              .as('waiting_for_review'),
          ),
        )
        .where('u.invited_by', '=', inviterId)
        .orderBy('u.created_at', 'desc')
        .orderBy('u.id', 'desc')
        .limit(limit)
        .execute()
    );
  }

  /** Points from invite rewards I received, as inviter and as invitee. */
  async totalPoints(db: Executor, userId: string): Promise<number> {
    const [asInviter, asInvitee] = await Promise.all([
      db
        .selectFrom('invite_rewards')
        .select((eb) => eb.fn.sum<number>('points').as('total'))
        .where('inviter_id', '=', userId)
        .where('status', '=', 'paid')
        .executeTakeFirst(),
      db
        .selectFrom('invite_rewards')
        .select('points')
        .where('invitee_id', '=', userId)
        .where('status', '=', 'paid')
        .executeTakeFirst(),
    ]);
    return Number(asInviter?.total ?? 0) + Number(asInvitee?.points ?? 0);
  }

  /** Rewards on either side, the other person by id only (decision 047 "Your data"). */
  exportRewards(db: Executor, userId: string) {
    return db
      .selectFrom('invite_rewards')
      .select(['invitee_id', 'inviter_id', 'day', 'points', 'status', 'created_at'])
      .where((eb) => eb.or([eb('invitee_id', '=', userId), eb('inviter_id', '=', userId)]))
      .orderBy('created_at')
      .execute();
  }

  async countInvitees(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('invited_by', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  // ---- Referral rings (docs/product/referral-rings.md) ----

  /** The accounts' traits the ring check compares, one query per kind. */
  async ringTraits(db: Executor, userIds: readonly string[]): Promise<RingTraitRows> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return { devices: [], cards: [], addresses: [], signUps: [] };
    // One after the other: in the caller's transaction, a connection answers one statement at a time.
    const devices = await db
      .selectFrom('step_devices')
      .select(['user_id', 'device'])
      .where('user_id', 'in', ids)
      .execute();
    const cards = await db
      .selectFrom('bank_cards')
      .select(['user_id', 'account_hash'])
      .where('user_id', 'in', ids)
      .execute();
    const addresses = await db
      .selectFrom('delivery_addresses')
      .select(['user_id', 'region', 'detail', 'phone'])
      .where('user_id', 'in', ids)
      .execute();
    const signUps = await db
      .selectFrom('consents')
      .select(['user_id', 'client_address'])
      .where('user_id', 'in', ids)
      .orderBy('granted_at')
      .orderBy('id')
      .execute();
    return { devices, cards, addresses, signUps };
  }

  findUser(db: Executor, userId: string): Promise<InviteGraphUser | undefined> {
    return db
      .selectFrom('users')
      .select(['id', 'account', 'invited_by', 'created_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** The invitees of these inviters, oldest first, at most `limit`. */
  inviteesOf(db: Executor, inviterIds: readonly string[], limit: number): Promise<InviteGraphUser[]> {
    if (inviterIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('users')
      .select(['id', 'account', 'invited_by', 'created_at'])
      .where('invited_by', 'in', [...inviterIds])
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The inviter's invitees who signed up between `from` and `to`, by sign-up time, at most `limit`. */
  signUpsBetween(db: Executor, inviterId: string, from: number, to: number, limit: number) {
    return db
      .selectFrom('users')
      .select(['id', 'created_at'])
      .where('invited_by', '=', inviterId)
      .where('created_at', '>=', from)
      .where('created_at', '<=', to)
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The devices that reported steps for the inviter's invitees, at most `limit` pairs. */
  inviteeDevices(db: Executor, inviterId: string, limit: number) {
    return db
      .selectFrom('step_devices as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select(['d.device', 'd.user_id'])
      .where('u.invited_by', '=', inviterId)
      .orderBy('d.first_seen_at')
      .limit(limit)
      .execute();
  }

  /** Accounts whose number starts and ends as given and is this long (a masked number as the console shows it). */
  usersByMaskedNumber(db: Executor, start: string, end: string, length: number, limit: number) {
    return db
      .selectFrom('users')
      .select(['id', 'account'])
      .where('account', 'like', `${start}%`)
      .where('account', 'like', `%${end}`)
      .where((eb) => eb(eb.fn<number>('length', ['account']), '=', length))
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** These accounts' rewards as invitees. */
  rewardsOf(db: Executor, inviteeIds: readonly string[]) {
    if (inviteeIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('invite_rewards')
      .select(['invitee_id', 'status', 'points'])
      .where('invitee_id', 'in', [...inviteeIds])
      .execute();
  }

  /** Held rewards oldest first, or decided ones (released or refused) newest first. */
  reviewQueue(db: Executor, status: 'held' | 'decided', page: PageWindow) {
    const base = db.selectFrom('invite_rewards');
    const filtered =
      status === 'held'
        ? base.where('status', '=', 'held')
        : base.where('signals', 'is not', null).where('status', '!=', 'held');
    return pageOf(filtered, page, (query) =>
      status === 'held'
        ? query.selectAll().orderBy('created_at').orderBy('invitee_id')
        : query.selectAll().orderBy('decided_at', 'desc').orderBy('invitee_id', 'desc'),
    );
  }

  /** The decision's compare-and-set: only a reward still held. */
  decideHeld(
    db: Executor,
    inviteeId: string,
    values: { status: 'paid' | 'refused'; decided_at: number; operator_id: string | null },
    // An appeal decides a refused reward again (decision 102 "Appeals with a deadline").
    from: 'held' | 'refused' = 'held',
  ): Promise<boolean> {
    return updatedOne(
      db.updateTable('invite_rewards').set(values).where('invitee_id', '=', inviteeId).where('status', '=', from),
    );
  }

  async setTransfer(db: Executor, inviteeId: string, transferId: string | null): Promise<void> {
    await db
      .updateTable('invite_rewards')
      .set({ transfer_id: transferId })
      .where('invitee_id', '=', inviteeId)
      .execute();
  }

  /** The inviters with the most held rewards, and how many each holds. */
  async largestHolds(db: Executor, limit: number): Promise<{ inviter_id: string; held: number; invitees: number }[]> {
    const held = await db
      .selectFrom('invite_rewards')
      .select(['inviter_id', (eb) => eb.fn.countAll<number>().as('held')])
      .where('status', '=', 'held')
      .groupBy('inviter_id')
      .orderBy('held', 'desc')
      .orderBy('inviter_id')
      .limit(limit)
      .execute();
    if (held.length === 0) return [];
    const counts = await db
      .selectFrom('users')
      .select(['invited_by', (eb) => eb.fn.countAll<number>().as('n')])
      .where(
        'invited_by',
        'in',
        held.map((row) => row.inviter_id),
      )
      .groupBy('invited_by')
      .execute();
    const invitees = new Map(counts.map((row) => [row.invited_by, Number(row.n)]));
    return held.map((row) => ({
      inviter_id: row.inviter_id,
      held: Number(row.held),
      invitees: invitees.get(row.inviter_id) ?? 0,
    }));
  }
}
