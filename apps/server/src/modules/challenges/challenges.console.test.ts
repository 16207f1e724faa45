import {
  CODES,
  consoleChallengeParticipants,
  consoleChallenges,
  consoleCreateChallenge,
  consoleEndChallenge,
  consoleFundChallenge,
  getChallenge,
  listNotifications,
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
  systemPoints,
  walker,
} from '../../../test/challenges.js';
import { consoleApi, type ConsoleSession } from '../../../test/console.js';
import { api, useTestApp } from '../../../test/harness.js';

// Challenges in the console (docs/console/challenges.md): made by editors, funded once by finance, ended early.
const t = useTestApp();

const MOST = { kind: 'most-steps', winners: 1 } as const;

describe('consoleCreateChallenge and consoleChallenges', () => {
  it('makes a public challenge of up to 92 days, audited, listed newest first by state', async () => {
    t.clock.set(BEFORE);
    const staff = await operators(t);
    const long = await consoleApi(t, staff.editor, consoleCreateChallenge, {
      body: { title: 'Too long', startsOn: STARTS_ON, endsOn: '2027-03-01', rules: MOST, prizePoints: 0 },
    });
    expect(long).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'A challenge runs at most 92 days and starts today or later',
    });
    const finance = await consoleApi(t, staff.finance, consoleCreateChallenge, {
      body: { title: 'Not mine', startsOn: STARTS_ON, endsOn: ENDS_ON, rules: MOST, prizePoints: 0 },
    });
    expect(finance.code).toBe(CODES.FORBIDDEN);
    const made = await publicChallenge(t, staff, MOST, 5_000);
    expect(made).toMatchObject({
      scope: 'public',
      state: 'upcoming',
      prizePoints: 5_000,
      fundingAccount: null,
      fundedAt: null,
      winnersCount: null,
      createdBy: staff.editor.name,
      version: 1,
    });
    const listed = await consoleApi(t, staff.finance, consoleChallenges, {
      query: { page: 1, pageSize: 20, state: 'upcoming' },
    });
    expect(listed.data.items[0]).toMatchObject({ id: made.id });
    const running = await consoleApi(t, staff.finance, consoleChallenges, {
      query: { page: 1, pageSize: 20, state: 'running' },
    });
    expect(running.data.items.map((row) => row.id)).not.toContain(made.id);
    const audit = await t.db
      .selectFrom('operator_actions')
      .select(['action', 'operator', 'subject_type'])
      .where('subject_id', '=', made.id)
      .execute();
    expect(audit).toEqual([{ action: 'challenge.create', operator: staff.editor.name, subject_type: 'challenge' }]);
  });
});

describe('consoleFundChallenge', () => {
  it('moves the pool from the prize fund once: funding again answers the same; stale, unprized or ended refuse', async () => {
    t.clock.set(BEFORE);
    const staff = await operators(t);
    const made = await publicChallenge(t, staff, MOST, 2_500);
    const fundAs = (session: ConsoleSession, id: string, version: number, name = 'winter') =>
      consoleApi(t, session, consoleFundChallenge, { params: { id }, body: { fund: name, version } });
    const fund = (version: number, name = 'winter') => fundAs(staff.finance, made.id, version, name);
    expect((await fundAs(staff.editor, made.id, 1)).code).toBe(CODES.FORBIDDEN);
    expect((await fund(1, 'Bad Name')).code).toBe(CODES.VALIDATION_FAILED);
    const first = await fund(1);
    expect(first.data).toMatchObject({ fundingAccount: 'system:prizes:winter', version: 2 });
    expect((await fund(1)).data).toEqual(first.data);
    expect((await fund(2, 'other')).data).toEqual(first.data);
    const transfers = await t.db
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('kind', '=', 'challenge.fund')
      .where('idempotency_key', '=', `challenge.fund:${made.id}`)
      .execute();
    expect(transfers).toHaveLength(1);
    expect(await systemPoints(t, `challenge:${made.id}`)).toBe(2_500);

    const unprized = await publicChallenge(t, staff, MOST, 0);
    expect(await fundAs(staff.finance, unprized.id, 1)).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'This challenge carries no prize pool to fund',
    });
    const other = await publicChallenge(t, staff, MOST, 10);
    expect((await fundAs(staff.finance, other.id, 7)).code).toBe(CODES.STALE_EDIT);
    t.clock.set(noonOf('2026-12-01'));
    const later = await operators(t);
    expect((await fundAs(later.finance, other.id, 1)).code).toBe(CODES.BUSINESS_RULE);
  });
});

describe('consoleEndChallenge and consoleChallengeParticipants', () => {
  it('ends a running challenge with a reason: no results, the pool back in its fund, participants told', async () => {
    t.clock.set(BEFORE);
    const staff = await operators(t);
    const made = await publicChallenge(t, staff, MOST, 700, 'autumn');
    const [a, b] = [await walker(t), await walker(t)];
    await join(t, a, made.id);
    await join(t, b, made.id);
    t.clock.set(noonOf('2026-11-25'));
    await putDay(t, b.userId, '2026-11-24', 3_000);
    await t.app.services.challengeRefresh.refresh();
    // Sessions end after a while: the operators sign in again on the day.
    Object.assign(staff, await operators(t));
    const page = await consoleApi(t, staff.editor, consoleChallengeParticipants, {
      params: { id: made.id },
      query: { page: 1, pageSize: 10 },
    });
    expect(page.data).toMatchObject({
      total: 2,
      items: [
        { userId: b.userId, steps: 3_000, place: null, prizePoints: null },
        { userId: a.userId, steps: 0 },
      ],
    });
    const stale = await consoleApi(t, staff.editor, consoleEndChallenge, {
      params: { id: made.id },
      body: { reason: 'Rules unclear', version: 1 },
    });
    expect(stale.code).toBe(CODES.STALE_EDIT);
    const ended = await consoleApi(t, staff.editor, consoleEndChallenge, {
      params: { id: made.id },
      body: { reason: 'Rules unclear', version: made.version },
    });
    expect(ended.data).toMatchObject({
      state: 'cancelled',
      endedReason: 'Rules unclear',
      returnedPoints: 700,
      paidPoints: 0,
    });
    expect(await systemPoints(t, `challenge:${made.id}`)).toBe(0);
    expect(await systemPoints(t, 'prizes:autumn')).toBe(0);
    expect((await api(t, getChallenge, { token: a.token, params: { id: made.id } })).data).toMatchObject({
      state: 'cancelled',
      endedReason: 'Rules unclear',
      result: null,
    });
    const told = (await api(t, listNotifications, { token: b.token, query: { page: 1, pageSize: 20 } })).data.items;
    expect(told.find((row) => row.kind === 'challenge.cancelled')?.body).toBe(
      '“City walk” was ended early by the operators: Rules unclear.',
    );
    const again = await consoleApi(t, staff.editor, consoleEndChallenge, {
      params: { id: made.id },
      body: { reason: 'Again', version: ended.data.version },
    });
    expect(again).toMatchObject({ code: CODES.BUSINESS_RULE, message: 'This challenge has ended' });
    // Settling never pays an ended one.
    t.clock.set(noonOf('2026-12-03'));
    await t.app.services.challengeSettlement.settleDue();
    expect((await api(t, getChallenge, { token: b.token, params: { id: made.id } })).data.state).toBe('cancelled');
    const prizes = await t.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('idempotency_key', 'like', `challenge.prize:${made.id}:%`)
      .execute();
    expect(prizes).toEqual([]);
  });
});
