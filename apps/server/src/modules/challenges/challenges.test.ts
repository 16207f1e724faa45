import {
  CHALLENGES_CREATED_OPEN_MAX,
  CHALLENGES_JOINED_MAX,
  CODES,
  blockUser,
  cancelChallenge,
  createChallenge,
  createClub,
  enterChallengeTeam,
  findChallengeByCode,
  getChallenge,
  getChallengeBoard,
  joinChallenge,
  joinClub,
  leaveChallenge,
  listChallenges,
  listNotifications,
  reportSteps,
  requestFriend,
  saveFriendSettings,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  BEFORE,
  ENDS_ON,
  STARTS_ON,
  join,
  noonOf,
  operators,
  publicChallenge,
  putDay,
  settleOn,
  userChallenge,
  walker,
  type User,
} from '../../../test/challenges.js';
import { api, useTestApp } from '../../../test/harness.js';

// Challenges as users make, join and see them (docs/product/challenges.md).
const t = useTestApp();

const get = (user: User, id: string) => api(t, getChallenge, { token: user.token, params: { id } });
const board = (user: User, id: string) => api(t, getChallengeBoard, { token: user.token, params: { id } });
const refresh = () => t.app.services.challengeRefresh.refresh();
const MOST = { kind: 'most-steps', winners: 1 } as const;

describe('createChallenge, findChallengeByCode, joinChallenge', () => {
  it('makes a friends’ challenge its creator is in; others open it by code and join once; anyone else gets 1004', async () => {
    t.clock.set(BEFORE);
    const [creator, friend, stranger] = [await walker(t), await walker(t), await walker(t)];
    const made = await userChallenge(t, creator, { kind: 'daily-goal', dailySteps: 6_000, daysNeeded: 5 });
    expect(made).toMatchObject({
      scope: 'friends',
      kind: 'daily-goal',
      state: 'upcoming',
      daysLeft: 7,
      dailySteps: 6_000,
      daysNeeded: 5,
      winners: null,
      prizePoints: 0,
      participants: 1,
      joined: true,
      isCreator: true,
      creator: { id: creator.userId },
      progress: { steps: 0, goalDays: 0, place: null, finished: false },
      result: null,
    });
    expect(made.link).toMatch(new RegExp(`/#/pages-sub/challenges/index\\?code=${made.code}$`));
    const code = made.code ?? '';
    expect((await get(friend, made.id)).code).toBe(CODES.NOT_FOUND);
    const opened = await api(t, findChallengeByCode, { token: friend.token, query: { code: code.toLowerCase() } });
    expect(opened.data).toMatchObject({ id: made.id, joined: false, code: null, progress: null });
    expect((await api(t, joinChallenge, { token: friend.token, params: { id: made.id }, body: {} })).code).toBe(
      CODES.NOT_FOUND,
    );
    expect((await join(t, friend, made.id, { code })).participants).toBe(2);
    expect((await join(t, friend, made.id, { code })).participants).toBe(2);
    expect((await get(friend, made.id)).data).toMatchObject({ joined: true, isCreator: false, code });
    expect((await board(stranger, made.id)).code).toBe(CODES.NOT_FOUND);
    const mine = (await api(t, listChallenges, { token: friend.token })).data.mine.map((row) => row.id);
    expect(mine).toEqual([made.id]);
  });

  it('refuses a bad title, a period too long or too far ahead, and a goal of more days than the period', async () => {
    t.clock.set(BEFORE);
    const creator = await walker(t);
    const make = (body: Partial<Parameters<typeof userChallenge>[3]>, rules = MOST as never) =>
      api(t, createChallenge, {
        token: creator.token,
        body: { title: 'Walk week', scope: 'friends', startsOn: STARTS_ON, endsOn: ENDS_ON, rules, ...body },
      });
    expect((await make({ title: 'x' })).code).toBe(CODES.VALIDATION_FAILED);
    expect((await make({ title: 'Walk\u202eweek' })).code).toBe(CODES.VALIDATION_FAILED);
    expect(await make({ endsOn: '2026-12-25' })).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'A challenge runs at most 31 days and starts today or within 60 days',
    });
    expect((await make({ startsOn: '2026-11-22' })).code).toBe(CODES.BUSINESS_RULE);
    expect((await make({ startsOn: '2027-01-23', endsOn: '2027-01-24' })).code).toBe(CODES.BUSINESS_RULE);
    const goal = await make({}, { kind: 'daily-goal', dailySteps: 6_000, daysNeeded: 8 } as never);
    expect(goal).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'The goal asks for more days than the period has (7)',
    });
    expect((await make({ scope: 'club' })).code).toBe(CODES.BUSINESS_RULE);
  });

  it('counts at most 5 made and 20 joined that have not ended, under the user’s lock', async () => {
    t.clock.set(BEFORE);
    const creator = await walker(t);
    for (let i = 0; i < CHALLENGES_CREATED_OPEN_MAX; i += 1) await userChallenge(t, creator, MOST);
    const more = await api(t, createChallenge, {
      token: creator.token,
      body: { title: 'One more', scope: 'friends', startsOn: STARTS_ON, endsOn: ENDS_ON, rules: MOST },
    });
    expect(more).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'You can have at most 5 challenges you made running or upcoming',
    });
    const staff = await operators(t);
    const joiner = await walker(t);
    const ids = [];
    for (let i = 0; i <= CHALLENGES_JOINED_MAX; i += 1) ids.push((await publicChallenge(t, staff, MOST, 0)).id);
    for (const id of ids.slice(0, CHALLENGES_JOINED_MAX)) await join(t, joiner, id);
    const last = await api(t, joinChallenge, { token: joiner.token, params: { id: ids.at(-1) ?? '' }, body: {} });
    expect(last).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'You can be in at most 20 challenges that have not ended; leave one first',
    });
    // Leaving one makes room.
    expect((await api(t, leaveChallenge, { token: joiner.token, params: { id: ids[0] ?? '' } })).code).toBe(CODES.OK);
    await join(t, joiner, ids.at(-1) ?? '');
  });
});

describe('club and team-total challenges', () => {
  it('lets a club’s owner make one its members see and join; others get 1004', async () => {
    t.clock.set(BEFORE);
    const [owner, member, outsider] = [await walker(t), await walker(t), await walker(t)];
    const club = (await api(t, createClub, { token: owner.token, body: { name: 'Dawn walkers' } })).data;
    await api(t, joinClub, { token: member.token, body: { code: club.code } });
    expect(
      (
        await api(t, createChallenge, {
          token: member.token,
          body: {
            title: 'Club week',
            scope: 'club',
            clubId: club.id,
            startsOn: STARTS_ON,
            endsOn: ENDS_ON,
            rules: MOST,
          },
        })
      ).message,
    ).toBe('Choose a club you own for this challenge');
    const made = await userChallenge(t, owner, MOST, { scope: 'club', clubId: club.id, title: 'Club week' });
    expect(made.club).toEqual({ id: club.id, name: 'Dawn walkers', verified: false });
    const open = (await api(t, listChallenges, { token: member.token })).data.open.map((row) => row.id);
    expect(open).toContain(made.id);
    expect((await join(t, member, made.id)).participants).toBe(2);
    expect((await get(outsider, made.id)).code).toBe(CODES.NOT_FOUND);
    expect((await api(t, joinChallenge, { token: outsider.token, params: { id: made.id }, body: {} })).code).toBe(
      CODES.NOT_FOUND,
    );
  });

  it('ranks two clubs by their participants’ steps; someone in both walks for one; the first club’s walkers win', async () => {
    t.clock.set(BEFORE);
    const [ownerA, ownerB, a1, both, b1] = [
      await walker(t),
      await walker(t),
      await walker(t),
      await walker(t),
      await walker(t),
    ];
    const clubA = (await api(t, createClub, { token: ownerA.token, body: { name: 'Club A' } })).data;
    const clubB = (await api(t, createClub, { token: ownerB.token, body: { name: 'Club B' } })).data;
    for (const user of [a1, both]) await api(t, joinClub, { token: user.token, body: { code: clubA.code } });
    for (const user of [b1, both]) await api(t, joinClub, { token: user.token, body: { code: clubB.code } });
    const made = await userChallenge(
      t,
      ownerA,
      { kind: 'team-total', winners: 1 },
      { scope: 'club', clubId: clubA.id },
    );
    expect(made).toMatchObject({ teams: 1, myTeam: { id: clubA.id } });
    const enter = (code?: string) =>
      api(t, enterChallengeTeam, {
        token: ownerB.token,
        params: { id: made.id },
        body: { clubId: clubB.id, ...(code ? { code } : {}) },
      });
    expect((await enter()).code).toBe(CODES.NOT_FOUND);
    expect((await enter(made.code ?? '')).data.teams).toBe(2);
    expect((await enter(made.code ?? '')).data.teams).toBe(2);
    expect((await api(t, joinChallenge, { token: a1.token, params: { id: made.id }, body: {} })).message).toBe(
      'Join for a club of yours that is in this challenge',
    );
    await join(t, a1, made.id, { clubId: clubA.id });
    await join(t, ownerB, made.id, { clubId: clubB.id });
    await join(t, b1, made.id, { clubId: clubB.id });
    expect((await join(t, both, made.id, { clubId: clubB.id })).myTeam?.id).toBe(clubB.id);
    expect((await join(t, both, made.id, { clubId: clubA.id })).myTeam?.id).toBe(clubB.id);
    t.clock.set(noonOf('2026-11-25'));
    await putDay(t, ownerA.userId, '2026-11-24', 9_000);
    await putDay(t, a1.userId, '2026-11-25', 2_000);
    await putDay(t, b1.userId, '2026-11-24', 4_000);
    await putDay(t, both.userId, '2026-11-24', 8_000);
    await refresh();
    const seen = (await board(ownerB, made.id)).data;
    expect(seen.teams).toEqual([
      {
        rank: 1,
        club: { id: clubB.id, name: 'Club B', verified: false },
        steps: 12_000,
        pendingSteps: 0,
        participants: 3,
        mine: true,
      },
      {
        rank: 2,
        club: { id: clubA.id, name: 'Club A', verified: false },
        steps: 11_000,
        pendingSteps: 0,
        participants: 2,
        mine: false,
      },
    ]);
    expect(seen.entries.find((entry) => entry.person?.id === both.userId)?.team?.id).toBe(clubB.id);
    expect((await get(b1, made.id)).data.progress).toMatchObject({ steps: 4_000, place: 1 });
    await settleOn(t);
    const results = await Promise.all(
      [ownerB, b1, both, ownerA, a1].map(async (user) => (await get(user, made.id)).data.result),
    );
    expect(results.map((result) => [result?.place, result?.won])).toEqual([
      [1, false],
      [1, true],
      [1, true],
      [2, false],
      [2, false],
    ]);
  });
});

describe('leaveChallenge, cancelChallenge, and the end', () => {
  it('lets a participant leave before the end (off the board); after it, leaving and joining answer 1007', async () => {
    t.clock.set(BEFORE);
    const staff = await operators(t);
    const [stays, leaves, late] = [await walker(t), await walker(t), await walker(t)];
    const made = await publicChallenge(t, staff, MOST, 0);
    await join(t, stays, made.id);
    await join(t, leaves, made.id);
    t.clock.set(noonOf('2026-11-26'));
    await putDay(t, leaves.userId, '2026-11-25', 7_000);
    await refresh();
    expect((await board(stays, made.id)).data).toMatchObject({
      ranked: 2,
      entries: [{ person: { id: leaves.userId } }, {}],
    });
    expect((await api(t, leaveChallenge, { token: leaves.token, params: { id: made.id } })).code).toBe(CODES.OK);
    expect((await board(stays, made.id)).data).toMatchObject({ ranked: 1, entries: [{ me: true, rank: 1 }] });
    expect((await get(leaves, made.id)).data).toMatchObject({ joined: false, progress: null });
    t.clock.set(noonOf('2026-12-01'));
    expect((await get(stays, made.id)).data).toMatchObject({ state: 'deciding', daysLeft: 0 });
    expect(await api(t, leaveChallenge, { token: stays.token, params: { id: made.id } })).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'This challenge has ended',
    });
    expect((await api(t, joinChallenge, { token: late.token, params: { id: made.id }, body: {} })).code).toBe(
      CODES.BUSINESS_RULE,
    );
  });

  it('lets only its creator call it off, before it starts; those who joined are told', async () => {
    t.clock.set(BEFORE);
    const [creator, friend] = [await walker(t), await walker(t)];
    const made = await userChallenge(t, creator, MOST);
    const started = await userChallenge(t, creator, MOST, { startsOn: '2026-11-23' });
    await join(t, friend, made.id, { code: made.code ?? '' });
    expect((await api(t, cancelChallenge, { token: friend.token, params: { id: made.id } })).code).toBe(
      CODES.NOT_FOUND,
    );
    expect(await api(t, cancelChallenge, { token: creator.token, params: { id: started.id } })).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'This challenge has already started',
    });
    expect((await api(t, cancelChallenge, { token: creator.token, params: { id: made.id } })).code).toBe(CODES.OK);
    expect((await get(friend, made.id)).data).toMatchObject({ state: 'cancelled', progress: null, result: null });
    expect(
      (await api(t, joinChallenge, { token: friend.token, params: { id: made.id }, body: { code: made.code ?? '' } }))
        .code,
    ).toBe(CODES.OK);
    const inbox = (await api(t, listNotifications, { token: friend.token, query: { page: 1, pageSize: 20 } })).data
      .items;
    expect(inbox.find((row) => row.kind === 'challenge.cancelled')).toMatchObject({
      title: 'Challenge called off',
      body: '“Walk week” was called off by its creator before it started.',
      link: { path: '/pages-sub/challenges/index', query: { id: made.id } },
    });
    const creatorInbox = (await api(t, listNotifications, { token: creator.token, query: { page: 1, pageSize: 20 } }))
      .data;
    expect(creatorInbox.items.some((row) => row.kind === 'challenge.cancelled')).toBe(false);
  });

  it('tells a calling-off a stop left untold on the next pass, once', async () => {
    t.clock.set(BEFORE);
    const [creator, friend] = [await walker(t), await walker(t)];
    const made = await userChallenge(t, creator, MOST);
    await join(t, friend, made.id, { code: made.code ?? '' });
    // As a stop right after the calling-off committed leaves it: called off, nobody told yet.
    await t.db
      .updateTable('challenges')
      .set({ status: 'cancelled', ended_reason: null })
      .where('id', '=', made.id)
      .execute();
    const told = async (user: User) =>
      (await api(t, listNotifications, { token: user.token, query: { page: 1, pageSize: 20 } })).data.items.filter(
        (row) => row.kind === 'challenge.cancelled',
      );
    expect(await told(friend)).toEqual([]);
    await t.app.services.challengeTidings.milestones();
    expect((await told(friend)).map((row) => row.body)).toEqual([
      '“Walk week” was called off by its creator before it started.',
    ]);
    expect(await told(creator)).toEqual([]);
    const marked = await t.db
      .selectFrom('challenges')
      .select('cancelled_told_at')
      .where('id', '=', made.id)
      .executeTakeFirst();
    expect(marked?.cancelled_told_at).not.toBeNull();
    await t.app.services.challengeTidings.milestones();
    expect(await told(friend)).toHaveLength(1);
  });
});

describe('getChallengeBoard: the summary, sharing and blocks', () => {
  it('shows steps reported since the last refresh only after the next one; my own progress is live', async () => {
    t.clock.set(BEFORE);
    const staff = await operators(t);
    const [me, other] = [await walker(t), await walker(t)];
    const made = await publicChallenge(t, staff, MOST, 0);
    await join(t, me, made.id);
    await join(t, other, made.id);
    t.clock.set(noonOf('2026-11-24'));
    expect((await api(t, reportSteps, { token: me.token, body: { day: '2026-11-24', steps: 5_000 } })).code).toBe(
      CODES.OK,
    );
    expect((await api(t, reportSteps, { token: other.token, body: { day: '2026-11-24', steps: 3_000 } })).code).toBe(
      CODES.OK,
    );
    expect((await get(me, made.id)).data.progress).toMatchObject({ steps: 5_000, place: 1 });
    expect((await board(me, made.id)).data.entries.map((entry) => entry.steps)).toEqual([0, 0]);
    await refresh();
    const first = (await board(me, made.id)).data;
    expect(first.entries.map((entry) => [entry.rank, entry.person?.id, entry.steps, entry.me])).toEqual([
      [1, me.userId, 5_000, true],
      [2, other.userId, 3_000, false],
    ]);
    expect(first.refreshedAt).toBe(new Date(noonOf('2026-11-24')).toISOString());
    // A later report of the same day moves the board at the next refresh, read from the day's change mark.
    t.clock.set(noonOf('2026-11-24') + 60_000 * 10);
    await api(t, reportSteps, { token: other.token, body: { day: '2026-11-24', steps: 6_000 } });
    await refresh();
    expect((await board(me, made.id)).data.entries.map((entry) => [entry.rank, entry.me])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect((await get(me, made.id)).data.progress?.place).toBe(2);
  });

  it('shows as “A walker” whoever does not share their steps, or blocks or is blocked; never their name or id', async () => {
    t.clock.set(BEFORE);
    const staff = await operators(t);
    const [me, quiet, blocker, friendly] = [await walker(t), await walker(t, false), await walker(t), await walker(t)];
    const made = await publicChallenge(t, staff, MOST, 0);
    for (const user of [me, quiet, blocker, friendly]) await join(t, user, made.id);
    t.clock.set(noonOf('2026-11-25'));
    await putDay(t, quiet.userId, '2026-11-24', 9_000);
    await putDay(t, blocker.userId, '2026-11-24', 8_000);
    await putDay(t, friendly.userId, '2026-11-24', 7_000);
    await refresh();
    // They met (a request), then one blocks the other.
    await api(t, saveFriendSettings, {
      token: me.token,
      body: { findableByMobile: true, shareSteps: true, showAvatar: false },
    });
    expect(
      (await api(t, requestFriend, { token: blocker.token, body: { by: 'mobile', mobile: me.account } })).code,
    ).toBe(CODES.OK);
    expect((await api(t, blockUser, { token: blocker.token, params: { id: me.userId } })).code).toBe(CODES.OK);
    const entries = (await board(me, made.id)).data.entries;
    expect(entries.map((entry) => [entry.rank, entry.person?.id ?? null, entry.steps])).toEqual([
      [1, null, 9_000],
      [2, null, 8_000],
      [3, friendly.userId, 7_000],
      [4, me.userId, 0],
    ]);
    expect(JSON.stringify(entries)).not.toContain(quiet.userId);
    // Turning sharing off takes the name off at once; on again, it is back.
    await api(t, saveFriendSettings, {
      token: friendly.token,
      body: { findableByMobile: false, shareSteps: false, showAvatar: false },
    });
    expect((await board(me, made.id)).data.entries[2]?.person).toBeNull();
    // The one blocked sees the blocker as "A walker" too.
    const theirs = (await board(blocker, made.id)).data.entries;
    expect(theirs.find((entry) => entry.steps === 0)?.person).toBeNull();
  });
});

describe('a public challenge and the open list', () => {
  it('lists a public one to everyone while upcoming or running, and no more once it ended', async () => {
    t.clock.set(BEFORE);
    const staff = await operators(t);
    const user = await walker(t);
    const made = await publicChallenge(t, staff, { kind: 'daily-goal', dailySteps: 5_000, daysNeeded: 3 }, 0);
    const listed = (await api(t, listChallenges, { token: user.token })).data.open.find((row) => row.id === made.id);
    expect(listed).toMatchObject({
      scope: 'public',
      creator: null,
      code: null,
      link: null,
      description: 'Walk the city',
    });
    expect((await get(user, made.id)).data.state).toBe('upcoming');
    t.clock.set(noonOf(ENDS_ON) + 86_400_000);
    const later = (await api(t, listChallenges, { token: user.token })).data.open.map((row) => row.id);
    expect(later).not.toContain(made.id);
  });
});
