import { randomBytes, randomUUID } from 'node:crypto';
import type { Config } from '../src/modules/index.js';
import { createDatabase } from '../src/db/database.js';
import { systemClock } from '../src/lib/clock.js';
import { LedgerService } from '../src/modules/ledger/ledger.service.js';
import { DEMO } from './spawn-server.js';

/** The accounts of the money line's users: the demo account, then `others` copies of it. */
export function benchAccounts(others: number): string[] {
  return [DEMO.account, ...Array.from({ length: others }, (_, index) => `1390000${String(index).padStart(4, '0')}`)];
}

/**
 * Credits the demo account with points for the exchange line, as an operator's adjustment would,
 * and makes `others` more users like it (the demo's password, each with the same points), so that
 * exchanges of different users can run at once as they do in production (decision 053 "Fewer statements for home and
 * for money").
 */
export async function seedPoints(database: Config['database'], points: number, others = 0): Promise<void> {
  const db = createDatabase(database);
  try {
    const demo = await db.selectFrom('users').selectAll().where('account', '=', DEMO.account).executeTakeFirstOrThrow();
    const ids = [demo.id];
    for (const account of benchAccounts(others).slice(1)) {
      const id = randomUUID();
      await db
        .insertInto('users')
        .values({ ...demo, id, account, invite_code: randomBytes(6).toString('hex').toUpperCase() })
        .execute();
      ids.push(id);
    }
    const ledger = new LedgerService(db, systemClock);
    for (const userId of ids) {
      await ledger.transfer({
        kind: 'adjustment.credit',
        legs: [
          { account: { kind: 'system', name: 'adjustments', asset: 'POINTS' }, amount: -points },
          { account: { kind: 'user', userId, asset: 'POINTS' }, amount: points },
        ],
        memo: 'bench',
      });
    }
  } finally {
    await db.destroy();
  }
}

/** How many friends the demo account has on the board line (issue: a user with 500 friends). */
export const BOARD_FRIENDS = 500;

/**
 * Gives the demo account `friends` friends who all share their steps, each with a week of days, so the friends' board
 * (docs/product/friends.md) reads 501 people's days of this week, as a busy user's board does.
 */
export async function seedFriends(database: Config['database'], friends: number, days = 7): Promise<void> {
  const db = createDatabase(database);
  try {
    const demo = await db.selectFrom('users').selectAll().where('account', '=', DEMO.account).executeTakeFirstOrThrow();
    const now = Date.now();
    const today = new Date(now + 8 * 3_600_000);
    const dayOf = (back: number) => new Date(today.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    const settings = (userId: string) => ({
      user_id: userId,
      findable_by_mobile: 0,
      share_steps: 1,
      show_avatar: 0,
      updated_at: now,
    });
    await db.insertInto('social_settings').values(settings(demo.id)).execute();
    for (let start = 0; start < friends; start += 100) {
      const ids = Array.from({ length: Math.min(100, friends - start) }, () => randomUUID());
      await db
        .insertInto('users')
        .values(
          ids.map((id, index) => ({
            ...demo,
            id,
            account: `1380000${String(start + index).padStart(4, '0')}`,
            invite_code: randomBytes(6).toString('hex').toUpperCase(),
            nickname: `Walker ${start + index}`,
          })),
        )
        .execute();
      await db.insertInto('social_settings').values(ids.map(settings)).execute();
      await db
        .insertInto('friend_pairs')
        .values(
          ids.map((id) => ({
            user_low: id < demo.id ? id : demo.id,
            user_high: id < demo.id ? demo.id : id,
            status: 'friends',
            requester_id: null,
            requested_at: null,
            friends_since: now,
            low_blocked_at: null,
            high_blocked_at: null,
            updated_at: now,
          })),
        )
        .execute();
      await db
        .insertInto('step_days')
        .values(
          ids.flatMap((id, index) =>
            Array.from({ length: days }, (_, back) => ({
              user_id: id,
              day: dayOf(back),
              steps: 1_000 + ((index * 7_919 + back * 104_729) % 14_000),
              source: 'web',
              collected_points: 0,
              reported_at: now,
            })),
          ),
        )
        .execute();
    }
  } finally {
    await db.destroy();
  }
}
