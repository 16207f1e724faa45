import {
  CLUB_BOARD_SHOWN,
  CODES,
  consoleDecideFlaggedDay,
  createClub,
  getClubBoard,
  joinClub,
  reportSteps,
  saveFriendSettings,
} from '@stride/contract';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn } from '../../../test/console.js';
import { api, registerUser, useTestApp, type User } from '../../../test/harness.js';
import { mondayOf } from '../../lib/business-day.js';

// The club's board ranked in the database (docs/product/clubs.md, The club's board) answers what the friends' board's
// rules give for the same people: more members than it shows, ties, held and rejected days, some not sharing.
const t = useTestApp();

const OTHERS = CLUB_BOARD_SHOWN + 40;

const share = (user: User) =>
  api(t, saveFriendSettings, {
    token: user.token,
    body: { findableByMobile: false, shareSteps: true, showAvatar: true },
  });

/** The club's board of `user`, and what the friends' board's ranking gives for the same members. */
async function boards(user: User, clubId: string, members: readonly string[], period: 'today' | 'week') {
  const board = await api(t, getClubBoard, { token: user.token, params: { id: clubId }, query: { period } });
  expect(board.code).toBe(CODES.OK);
  const ranked = await t.app.services.friends.rank(user.userId, members, period, { friends: false });
  const expected = {
    period,
    from: ranked.from,
    to: ranked.to,
    sharing: true,
    ranked: ranked.entries.length,
    entries: ranked.entries
      .filter((entry, index) => index < CLUB_BOARD_SHOWN || entry.me)
      .map(({ likes: _likes, likedByMe: _liked, ...entry }) => entry),
  };
  return { board: board.data, expected };
}

/**
 * `OTHERS` members joined straight into the club's rows, each like `owner`'s user row, with Monday's and today's days,
 * some reviews of today, and the week's totals those make.
 */
async function seedMembers(clubId: string, ownerId: string, today: string) {
  const owner = await t.db.selectFrom('users').selectAll().where('id', '=', ownerId).executeTakeFirstOrThrow();
  const monday = mondayOf(today);
  const ids: string[] = [];
  for (let index = 0; index < OTHERS; index += 1) {
    const id = randomUUID();
    ids.push(id);
    await t.db
      .insertInto('users')
      .values({
        ...owner,
        id,
        account: `1370${String(Date.now() % 10_000).padStart(4, '0')}${String(index).padStart(3, '0')}`,
        invite_code: `B${randomUUID().slice(0, 10).toUpperCase()}`,
        // Some have a nickname, some show their number masked; a few share a name to tie on it too.
        nickname: index % 3 === 0 ? null : `Walker ${index % 7}`,
      })
      .execute();
    await t.db
      .insertInto('club_members')
      .values({ club_id: clubId, user_id: id, joined_at: t.clock.now(), removed_at: index === 5 ? 1 : null })
      .execute();
    await t.db
      .insertInto('social_settings')
      .values({
        user_id: id,
        findable_by_mobile: 0,
        share_steps: index % 10 === 9 ? 0 : 1,
        show_avatar: 1,
        updated_at: t.clock.now(),
      })
      .execute();
    // Steps in steps of 500 for many ties; every 11th member has no day at all.
    if (index % 11 === 10) continue;
    const steps = (((index * 7) % 13) + 1) * 500;
    for (const day of [monday, today]) {
      await t.db
        .insertInto('step_days')
        .values({
          user_id: id,
          day,
          steps,
          source: 'web',
          collected_points: 0,
          reported_at: t.clock.now(),
        })
        .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
        .execute();
    }
    const status = index % 17 === 3 ? 'flagged' : index % 19 === 4 ? 'rejected' : null;
    if (status) {
      await t.db
        .insertInto('step_reviews')
        .values({
          id: randomUUID(),
          user_id: id,
          day: today,
          reasons: '["regularRhythm"]',
          status,
          created_at: t.clock.now(),
          decided_at: null,
          operator_id: null,
          note: null,
          released_points: null,
          released_collected_at: null,
        })
        .execute();
    }
    // The week's total as walking keeps it: a held day apart, a rejected one nowhere.
    const days = monday === today ? 1 : 2;
    await t.db
      .insertInto('step_weeks')
      .values({
        user_id: id,
        week: monday,
        steps: status === null ? steps * days : steps * (days - 1),
        pending_steps: status === 'flagged' ? steps : 0,
      })
      .execute();
  }
  return ids;
}

describe('getClubBoard of a club larger than its board', () => {
  it('answers the first places and mine as the friends’ board’s ranking of the same members would', async () => {
    const owner = await registerUser(t);
    const club = (await api(t, createClub, { token: owner.token, body: { name: 'Big walkers' } })).data;
    await share(owner);
    const today = t.app.services.calendar.dayOf(t.clock.now());
    const ids = await seedMembers(club.id, owner.userId, today);
    // Members the owner removed are not on it: the friends' ranking is asked about the members only.
    const members = ids.filter((_, index) => index !== 5);
    for (const period of ['today', 'week'] as const) {
      const { board, expected } = await boards(owner, club.id, members, period);
      expect(board).toEqual(expected);
      // The owner has no steps: last, shown after the first places, with the place they share.
      expect(board.entries).toHaveLength(CLUB_BOARD_SHOWN + 1);
      expect(board.entries.at(-1)).toMatchObject({ id: owner.userId, me: true, steps: 0 });
      // Held days wait apart: on the week's first places, those held today still rank by Monday's steps.
      if (period === 'week') expect(board.entries.some((entry) => entry.pendingSteps > 0)).toBe(true);
      expect(new Set(board.entries.map((entry) => entry.rank)).size).toBeLessThan(CLUB_BOARD_SHOWN);
    }
  });
});

describe('the week’s totals walking keeps for the club’s board', () => {
  it('follow each reported day, a held day and its clearing, as the days themselves sum', async () => {
    const MACHINE = { intervals: 400, cv: 0.004 };
    const serviceDay = () => t.app.services.calendar.dayOf(t.clock.now());
    const [owner, walker] = [await registerUser(t), await registerUser(t)];
    const club = (await api(t, createClub, { token: owner.token, body: { name: 'Week walkers' } })).data;
    expect((await api(t, joinClub, { token: walker.token, body: { code: club.code } })).code).toBe(CODES.OK);
    for (const user of [owner, walker]) await share(user);
    const members = [owner.userId, walker.userId];
    const same = async () => {
      const { board, expected } = await boards(owner, club.id, members, 'week');
      expect(board).toEqual(expected);
      return board.entries;
    };

    t.clock.set(Date.parse('2026-11-23T04:00:00Z')); // Monday noon in Beijing
    await api(t, reportSteps, { token: walker.token, body: { day: serviceDay(), steps: 3_000 } });
    // The same day grown an hour later.
    t.clock.advance(3600_000);
    await api(t, reportSteps, { token: walker.token, body: { day: serviceDay(), steps: 4_000 } });
    t.clock.advance(23 * 3600_000);
    await api(t, reportSteps, { token: walker.token, body: { day: serviceDay(), steps: 2_000 } });
    const held = await api(t, reportSteps, {
      token: owner.token,
      body: { day: serviceDay(), steps: 8_000, device: `club-${process.pid}-abc`, rhythm: MACHINE },
    });
    expect(held.data.review?.status).toBe('flagged');
    expect(await same()).toMatchObject([
      { id: walker.userId, rank: 1, steps: 6_000, pendingSteps: 0 },
      { id: owner.userId, rank: 2, steps: 0, pendingSteps: 8_000, me: true },
    ]);

    const reviewer = await signIn(t, ['reviewer']);
    const review = await t.db
      .selectFrom('step_reviews')
      .selectAll()
      .where('user_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    const cleared = await consoleApi(t, reviewer, consoleDecideFlaggedDay, {
      params: { id: review.id },
      body: { decision: 'clear', version: Number(review.version) },
    });
    expect(cleared.code).toBe(CODES.OK);
    expect(await same()).toMatchObject([
      { id: owner.userId, rank: 1, steps: 8_000, pendingSteps: 0, me: true },
      { id: walker.userId, rank: 2, steps: 6_000 },
    ]);
    // A new week starts from nothing.
    t.clock.advance(6 * 24 * 3600_000);
    expect(await same()).toMatchObject([
      { rank: 1, steps: 0 },
      { rank: 1, steps: 0 },
    ]);
  });
});
