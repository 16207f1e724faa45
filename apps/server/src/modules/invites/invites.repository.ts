import type { Executor } from '../../db/executor.js';
import type { InviteRewardsTable } from '../../db/schema.js';

export type InviteRewardRow = InviteRewardsTable;

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
        .select(['u.id', 'u.account', 'u.created_at', 'r.created_at as qualified_at', 'r.points'])
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
        .executeTakeFirst(),
      db.selectFrom('invite_rewards').select('points').where('invitee_id', '=', userId).executeTakeFirst(),
    ]);
    return Number(asInviter?.total ?? 0) + Number(asInvitee?.points ?? 0);
  }

  /** Rewards on either side, the other person by id only (decision 047 "Your data"). */
  exportRewards(db: Executor, userId: string) {
    return db
      .selectFrom('invite_rewards')
      .select(['invitee_id', 'inviter_id', 'day', 'points', 'created_at'])
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
}
