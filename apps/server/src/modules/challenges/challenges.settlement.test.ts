import {
  CODES,
  consoleDecideFlaggedDay,
  getChallenge,
  getChallengeBoard,
  listNotifications,
  listPointsStatement,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  BEFORE,
  SETTLE_DAY,
  join,
  noonOf,
  operators,
  publicChallenge,
  putDay,
  settleOn,
  systemPoints,
  userChallenge,
  walker,
  type User,
} from '../../../test/challenges.js';
import { consoleApi, signIn } from '../../../test/console.js';
import { api, balanceOf, useTestApp } from '../../../test/harness.js';
import { deleteAccount, exportOf } from '../../../test/your-data.js';

// The end of a challenge (docs/product/challenges.md, The end, the results, the prize): results from walking's days,
// held days waited for, the pool shared and paid once, the remainder returned; milestones told; the user's data.
const t = useTestApp();

const get = async (user: User, id: string) => (await api(t, getChallenge, { token: user.token, params: { id } })).data;
const inbox = async (user: User) =>
  (await api(t, listNotifications, { token: user.token, query: { page: 1, pageSize: 50 } })).data.items;
const prizeTransfers = (id: string) =>
  t.db
    .selectFrom('ledger_transfers')
    .select(['kind', 'idempotency_key'])
    .where('idempotency_key', 'like', `challenge.%:${id}%`)
    .execute();

async function walkers(count: number): Promise<User[]> {
  const users = [];
  for (let i = 0; i < count; i += 1) users.push(await walker(t));
  return users;
}

describe('most-steps: places, ties at the edge, the pool shared', () => {
  it('pays each winner the pool divided by their number, rounded down, and returns the rest to the fund', async () => {
    t.clock.set(BEFORE);
    const staff = await operators(t);
    const fund = `spring-${Date.now() % 100_000}`;
    const made = await publicChallenge(t, staff, { kind: 'most-steps', winners: 2 }, 1_000, fund);
    expect(made).toMatchObject({ fundingAccount: `system:prizes:${fund}`, state: 'upcoming' });
    expect(await systemPoints(t, `challenge:${made.id}`)).toBe(1_000);
    expect(await systemPoints(t, `prizes:${fund}`)).toBe(-1_000);
    const [first, second, alsoSecond, fourth, idle] = await walkers(5);
    for (const user of [first, second, alsoSecond, fourth, idle]) await join(t, user!, made.id);
    t.clock.set(noonOf('2026-11-27'));
    await putDay(t, first!.userId, '2026-11-24', 9_000);
    await putDay(t, second!.userId, '2026-11-25', 7_000);
    await putDay(t, alsoSecond!.userId, '2026-11-26', 4_000);
    await putDay(t, alsoSecond!.userId, '2026-11-27', 3_000);
    await putDay(t, fourth!.userId, '2026-11-24', 5_000);
    // Before the period and a rejected day count for nothing.
    await putDay(t, fourth!.userId, '2026-11-23', 50_000);
    await putDay(t, fourth!.userId, '2026-11-25', 50_000, 'rejected');
    // The day after the end it is deciding; settled once the grace day is over too.
    expect(await settleOn(t, '2026-12-01')).toEqual({ settled: 0, paid: 0 });
    expect((await get(first!, made.id)).state).toBe('deciding');
    expect(await settleOn(t)).toEqual({ settled: 1, paid: 3 });
    const results = await Promise.all([first, second, alsoSecond, fourth, idle].map((user) => get(user!, made.id)));
    expect(results.map((row) => row.result)).toEqual([
      { place: 1, won: true, prizePoints: 333, steps: 9_000 },
      { place: 2, won: true, prizePoints: 333, steps: 7_000 },
      { place: 2, won: true, prizePoints: 333, steps: 7_000 },
      { place: 4, won: false, prizePoints: 0, steps: 5_000 },
      { place: 5, won: false, prizePoints: 0, steps: 0 },
    ]);
    expect(results[0]).toMatchObject({ state: 'settled', progress: null });
    expect(await balanceOf(t, second!.userId, 'POINTS')).toBe(333);
    expect(await systemPoints(t, `challenge:${made.id}`)).toBe(0);
    expect(await systemPoints(t, `prizes:${fund}`)).toBe(-999);
    const statement = await api(t, listPointsStatement, { token: first!.token, query: { page: 1, pageSize: 20 } });
    expect(statement.data.items).toMatchObject([{ type: 'challenge.prize', amount: 333, balanceAfter: 333 }]);
    const transfers = await prizeTransfers(made.id);
    expect(transfers.filter((row) => row.kind === 'challenge.prize')).toHaveLength(3);
    expect(transfers.filter((row) => row.kind === 'challenge.return')).toEqual([
      { kind: 'challenge.return', idempotency_key: `challenge.return:${made.id}` },
    ]);
    expect((await inbox(second!)).find((row) => row.kind === 'challenge.result')).toMatchObject({
      title: 'Challenge results',
      body: '“City walk” is settled: you won, and 333 points were added to your points.',
    });
    expect((await inbox(fourth!)).find((row) => row.kind === 'challenge.result')?.body).toBe(
      '“City walk” is settled: you finished in place 4.',
    );
    // Final: a later change of those days changes nothing, and a second pass pays no one again.
    await putDay(t, idle!.userId, '2026-11-28', 80_000);
    expect(await settleOn(t, '2026-12-03')).toEqual({ settled: 0, paid: 0 });
    expect((await get(idle!, made.id)).result?.won).toBe(false);
    const boardRows = await api(t, getChallengeBoard, { token: idle!.token, params: { id: made.id } });
    expect(boardRows.data.entries.map((entry) => entry.rank)).toEqual([1, 2, 2, 4, 5]);
  });

  it('settles an unfunded challenge with its results and pays nothing; nobody without a step wins', async () => {
    t.clock.set(BEFORE);
    const [creator, friend] = await walkers(2);
    const made = await userChallenge(t, creator!, { kind: 'most-steps', winners: 3 });
    await join(t, friend!, made.id, { code: made.code ?? '' });
    t.clock.set(noonOf('2026-11-25'));
    await putDay(t, creator!.userId, '2026-11-25', 4_000);
    await settleOn(t);
    expect((await get(creator!, made.id)).result).toEqual({ place: 1, won: true, prizePoints: 0, steps: 4_000 });
    expect((await get(friend!, made.id)).result).toEqual({ place: 2, won: false, prizePoints: 0, steps: 0 });
    expect(await prizeTransfers(made.id)).toEqual([]);
    expect((await inbox(creator!)).find((row) => row.kind === 'challenge.result')?.body).toBe(
      '“Walk week” is settled: you are among its winners.',
    );
  });

  it('pays each winner once when a settlement stopped midway is run again', async () => {
    t.clock.set(BEFORE);
    const staff = await operators(t);
    const made = await publicChallenge(t, staff, { kind: 'most-steps', winners: 2 }, 100, 'rerun-fund');
    const [a, b] = await walkers(2);
    for (const user of [a, b]) await join(t, user!, made.id);
    t.clock.set(noonOf('2026-11-25'));
    await putDay(t, a!.userId, '2026-11-25', 4_000);
    await putDay(t, b!.userId, '2026-11-25', 3_000);
    await settleOn(t);
    // As if the server had stopped after paying: the marks of one payment and of the end undone, its lease run out.
    await t.db
      .updateTable('challenge_participants')
      .set({ paid_at: null })
      .where('challenge_id', '=', made.id)
      .where('user_id', '=', a!.userId)
      .execute();
    await t.db
      .updateTable('challenges')
      .set({ status: 'settling', lease_until: 0, settled_at: null })
      .where('id', '=', made.id)
      .execute();
    expect(await settleOn(t, '2026-12-03')).toEqual({ settled: 1, paid: 1 });
    expect(await balanceOf(t, a!.userId, 'POINTS')).toBe(50);
    expect(await balanceOf(t, b!.userId, 'POINTS')).toBe(50);
    expect((await prizeTransfers(made.id)).filter((row) => row.kind === 'challenge.prize')).toHaveLength(2);
    expect(await systemPoints(t, `challenge:${made.id}`)).toBe(0);
  });
});

describe('daily-goal: finishers, held and rejected days', () => {
  it('waits for a held day of the period to be decided; a rejected day does not count', async () => {
    t.clock.set(BEFORE);
    const staff = await operators(t);
    const made = await publicChallenge(
      t,
      staff,
      { kind: 'daily-goal', dailySteps: 5_000, daysNeeded: 2 },
      90,
      'goal-fund',
    );
    const [steady, held, rejected, short] = await walkers(4);
    for (const user of [steady, held, rejected, short]) await join(t, user!, made.id);
    t.clock.set(noonOf('2026-11-28'));
    for (const day of ['2026-11-24', '2026-11-25']) await putDay(t, steady!.userId, day, 6_000);
    await putDay(t, held!.userId, '2026-11-24', 6_000);
    const review = await putDay(t, held!.userId, '2026-11-25', 7_000, 'flagged');
    await putDay(t, rejected!.userId, '2026-11-24', 6_000);
    await putDay(t, rejected!.userId, '2026-11-25', 9_000, 'rejected');
    await putDay(t, short!.userId, '2026-11-24', 6_000);
    await putDay(t, short!.userId, '2026-11-25', 4_999);
    await t.app.services.challengeRefresh.refresh();
    expect((await get(held!, made.id)).progress).toEqual({
      steps: 6_000,
      pendingSteps: 7_000,
      goalDays: 1,
      pendingDays: 1,
      place: null,
      finished: false,
    });
    expect((await get(steady!, made.id)).progress?.finished).toBe(true);
    expect(await settleOn(t)).toEqual({ settled: 0, paid: 0 });
    expect(await settleOn(t, '2026-12-05')).toEqual({ settled: 0, paid: 0 });
    // Cleared: the day counts, and the settlement goes on.
    const reviewer = await signIn(t, ['reviewer']);
    const version = (
      await t.db.selectFrom('step_reviews').select('version').where('id', '=', review!).executeTakeFirstOrThrow()
    ).version;
    const decided = await consoleApi(t, reviewer, consoleDecideFlaggedDay, {
      params: { id: review! },
      body: { decision: 'clear', version },
    });
    expect(decided.code, decided.message).toBe(CODES.OK);
    expect(await settleOn(t, '2026-12-05')).toEqual({ settled: 1, paid: 2 });
    const results = await Promise.all(
      [steady, held, rejected, short].map(async (user) => (await get(user!, made.id)).result),
    );
    expect(results).toEqual([
      { place: null, won: true, prizePoints: 45, steps: 12_000 },
      { place: null, won: true, prizePoints: 45, steps: 13_000 },
      { place: null, won: false, prizePoints: 0, steps: 6_000 },
      { place: null, won: false, prizePoints: 0, steps: 10_999 },
    ]);
    expect((await inbox(steady!)).find((row) => row.kind === 'challenge.result')?.body).toBe(
      '“City walk” is settled: you won, and 45 points were added to your points.',
    );
    expect(await systemPoints(t, 'prizes:goal-fund')).toBe(-90);
  });
});

describe('milestones', () => {
  it('tells participants when it starts, is half over and ends today, once each', async () => {
    t.clock.set(BEFORE);
    const staff = await operators(t);
    const made = await publicChallenge(t, staff, { kind: 'most-steps', winners: 1 }, 0);
    const [user] = await walkers(1);
    await join(t, user!, made.id);
    const pass = async (day: string) => {
      t.clock.set(noonOf(day));
      return (await t.app.services.challengeTidings.milestones()).told;
    };
    expect(await pass('2026-11-23')).toBe(0);
    expect(await pass('2026-11-24')).toBe(1);
    expect(await pass('2026-11-24')).toBe(0);
    expect(await pass('2026-11-27')).toBe(1);
    expect(await pass('2026-11-30')).toBe(1);
    const kinds = (await inbox(user!)).filter((row) => row.kind.startsWith('challenge.'));
    expect(kinds.map((row) => [row.kind, row.body])).toEqual([
      ['challenge.ending', 'Today is the last day of “City walk”: steps of today still count.'],
      ['challenge.halfway', '“City walk” is half over: 4 days to go, today included.'],
      ['challenge.started', '“City walk” has started: every credited step until 2026-11-30 counts.'],
    ]);
  });
});

describe('the challenges section of the export and the account deletion', () => {
  it('exports what the user made and joined; deleting takes them out of open ones and leaves a former member on settled ones', async () => {
    t.clock.set(BEFORE);
    const [leaver, other] = await walkers(2);
    const settled = await userChallenge(t, other!, { kind: 'most-steps', winners: 1 });
    const open = await userChallenge(
      t,
      other!,
      { kind: 'most-steps', winners: 1 },
      { startsOn: '2026-12-10', endsOn: '2026-12-12' },
    );
    await join(t, leaver!, settled.id, { code: settled.code ?? '' });
    await join(t, leaver!, open.id, { code: open.code ?? '' });
    t.clock.set(noonOf('2026-11-25'));
    await putDay(t, leaver!.userId, '2026-11-25', 8_000);
    await settleOn(t, SETTLE_DAY);
    const exported = await exportOf(t, leaver!);
    expect(exported.data.sections.challenges).toEqual([
      expect.objectContaining({
        title: 'Walk week',
        state: 'settled',
        made: false,
        steps: 8_000,
        result: { place: 1, won: true, prizePoints: 0 },
      }),
      expect.objectContaining({ state: 'upcoming', made: false, steps: 0, result: null }),
    ]);
    const deleted = await deleteAccount(t, leaver!);
    expect(deleted.code, deleted.message).toBe(CODES.OK);
    expect((await get(other!, open.id)).participants).toBe(1);
    const board = (await api(t, getChallengeBoard, { token: other!.token, params: { id: settled.id } })).data;
    expect(board.entries).toEqual([
      expect.objectContaining({ rank: 1, person: null, former: true, steps: 8_000, me: false }),
      expect.objectContaining({ rank: 2, me: true, former: false }),
    ]);
    expect(JSON.stringify(board)).not.toContain(leaver!.userId);
  });
});
