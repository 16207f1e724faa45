import { randomBytes, randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../src/db/schema.js';
import type { Config } from '../src/modules/index.js';
import { createDatabase } from '../src/db/database.js';
import { mondayOf } from '../src/lib/business-day.js';
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

/** How a batch of bench walkers is made: the `n`th one's account and nickname, and their steps `back` days ago. */
interface Walkers {
  account: (n: number) => string;
  nickname: (n: number) => string | null;
  steps: (n: number, index: number, back: number) => number;
}

/**
 * Inserts `ids` as users like the demo account (the `start + index`th walkers), each sharing their steps, with `days`
 * days up to today; answers the days inserted.
 */
async function insertWalkers(
  db: ReturnType<typeof createDatabase>,
  demo: Selectable<UsersTable>,
  ids: readonly string[],
  start: number,
  walkers: Walkers,
  days: number,
  now: number,
) {
  const today = new Date(now + 8 * 3_600_000);
  const dayOf = (back: number) => new Date(today.getTime() - back * 86_400_000).toISOString().slice(0, 10);
  await db
    .insertInto('users')
    .values(
      ids.map((id, index) => ({
        ...demo,
        id,
        account: walkers.account(start + index),
        invite_code: randomBytes(6).toString('hex').toUpperCase(),
        nickname: walkers.nickname(start + index),
      })),
    )
    .execute();
  await db
    .insertInto('social_settings')
    .values(ids.map((id) => sharing(id, now)))
    .execute();
  const rows = ids.flatMap((id, index) =>
    Array.from({ length: days }, (_, back) => ({
      user_id: id,
      day: dayOf(back),
      steps: walkers.steps(start + index, index, back),
      source: 'web',
      collected_points: 0,
      reported_at: now,
    })),
  );
  await db.insertInto('step_days').values(rows).execute();
  return rows;
}

/** Settings that share the user's steps. */
const sharing = (userId: string, now: number) => ({
  user_id: userId,
  findable_by_mobile: 0,
  share_steps: 1,
  show_avatar: 0,
  updated_at: now,
});

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
    await db.insertInto('social_settings').values(sharing(demo.id, now)).execute();
    const walkers: Walkers = {
      account: (n) => `1380000${String(n).padStart(4, '0')}`,
      nickname: (n) => `Walker ${n}`,
      steps: (_n, index, back) => 1_000 + ((index * 7_919 + back * 104_729) % 14_000),
    };
    for (let start = 0; start < friends; start += 100) {
      const ids = Array.from({ length: Math.min(100, friends - start) }, () => randomUUID());
      await insertWalkers(db, demo, ids, start, walkers, days, now);
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
    }
  } finally {
    await db.destroy();
  }
}

/** How many members the club of the club's board line has (the demo account and its other members). */
export const CLUB_MEMBERS = 10_000;

/**
 * A club of `members` members, the demo account its owner, every other member sharing their steps with a week of
 * days, inserted in bulk; answers the club's id. The club's board (docs/product/clubs.md) then ranks 10,000 people's
 * week. Runs after `seedFriends`, which makes the demo account share its steps.
 */
export async function seedClub(database: Config['database'], members: number, days = 7): Promise<string> {
  const db = createDatabase(database);
  try {
    const demo = await db.selectFrom('users').selectAll().where('account', '=', DEMO.account).executeTakeFirstOrThrow();
    const now = Date.now();
    const clubId = randomUUID();
    await db
      .insertInto('clubs')
      .values({
        id: clubId,
        name: 'Bench walkers',
        code: 'BENCHCLUB',
        owner_id: demo.id,
        member_count: members,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('club_members')
      .values({ club_id: clubId, user_id: demo.id, joined_at: now, removed_at: null })
      .execute();
    const walkers: Walkers = {
      account: (n) => `136${String(n).padStart(8, '0')}`,
      nickname: (n) => (n % 2 === 0 ? `Member ${n}` : null),
      steps: (n, _index, back) => 1_000 + ((n * 7_919 + back * 104_729) % 14_000),
    };
    // Batches of 500 people: a day's rows of a batch stay under SQLite's 32,766 parameters.
    for (let start = 0; start < members - 1; start += 500) {
      const ids = Array.from({ length: Math.min(500, members - 1 - start) }, () => randomUUID());
      const rows = await insertWalkers(db, demo, ids, start, walkers, days, now);
      await db
        .insertInto('club_members')
        .values(
          ids.map((id, index) => ({ club_id: clubId, user_id: id, joined_at: now + start + index, removed_at: null })),
        )
        .execute();
      // Each week's total, as walking keeps it with every day (no day is held).
      const weeks = new Map<string, { user_id: string; week: string; steps: number; pending_steps: number }>();
      for (const row of rows) {
        const week = mondayOf(row.day);
        const total = weeks.get(`${row.user_id} ${week}`) ?? { user_id: row.user_id, week, steps: 0, pending_steps: 0 };
        total.steps += row.steps;
        weeks.set(`${row.user_id} ${week}`, total);
      }
      await db
        .insertInto('step_weeks')
        .values([...weeks.values()])
        .execute();
    }
    return clubId;
  } finally {
    await db.destroy();
  }
}
