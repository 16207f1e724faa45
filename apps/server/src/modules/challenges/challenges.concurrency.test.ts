import { CODES, consoleFundChallenge, joinChallenge } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  BEFORE,
  join,
  noonOf,
  operators,
  publicChallenge,
  putDay,
  systemPoints,
  walker,
} from '../../../test/challenges.js';
import { consoleApi } from '../../../test/console.js';
import { api, useTestApp } from '../../../test/harness.js';

// Once-only rules of challenges, raced (on PostgreSQL, where races show): one participation per user, one funding,
// each winner paid once (docs/product/challenges.md; decision 095 "Challenge summaries and prize pools").
const t = useTestApp();

const MOST = { kind: 'most-steps', winners: 3 } as const;

describe('challenges raced', () => {
  it('keeps one participation and an exact count of twenty joins of one user at once', async () => {
    t.clock.set(BEFORE);
    const staff = await operators(t);
    const made = await publicChallenge(t, staff, MOST, 0);
    const user = await walker(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api(t, joinChallenge, { token: user.token, params: { id: made.id }, body: {} })),
    );
    expect(answers.every((answer) => answer.code === CODES.OK)).toBe(true);
    const rows = await t.db
      .selectFrom('challenge_participants')
      .selectAll()
      .where('challenge_id', '=', made.id)
      .execute();
    expect(rows).toHaveLength(1);
    const count = await t.db
      .selectFrom('challenges')
      .select('participant_count')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(count.participant_count).toBe(1);
  });

  it('makes one funding transfer of ten fund calls at once, each answering the funded challenge', async () => {
    t.clock.set(BEFORE);
    const staff = await operators(t);
    const made = await publicChallenge(t, staff, MOST, 9_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        consoleApi(t, staff.finance, consoleFundChallenge, {
          params: { id: made.id },
          body: { fund: 'raced', version: made.version },
        }),
      ),
    );
    expect(answers.map((answer) => answer.code)).toEqual(Array.from({ length: 10 }, () => CODES.OK));
    expect(new Set(answers.map((answer) => answer.data.version))).toEqual(new Set([2]));
    const transfers = await t.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('kind', '=', 'challenge.fund')
      .where('idempotency_key', '=', `challenge.fund:${made.id}`)
      .execute();
    expect(transfers).toHaveLength(1);
    expect(await systemPoints(t, `challenge:${made.id}`)).toBe(9_000);
  });

  it('pays each winner once when two settlements run at once', async () => {
    t.clock.set(BEFORE);
    const staff = await operators(t);
    const made = await publicChallenge(t, staff, MOST, 1_000, 'raced-settle');
    const users = [];
    for (let i = 0; i < 6; i += 1) users.push(await walker(t));
    for (const user of users) await join(t, user, made.id);
    t.clock.set(noonOf('2026-11-26'));
    for (const [index, user] of users.entries()) await putDay(t, user.userId, '2026-11-25', 1_000 * (index + 1));
    t.clock.set(noonOf('2026-12-02'));
    const settlement = t.app.services.challengeSettlement;
    const runs = await Promise.all([settlement.settleDue(), settlement.settleDue(), settlement.settle(made.id)]);
    // One run took the lease and paid the three winners; the others found it taken.
    expect(runs.reduce((sum, run) => sum + (run?.paid ?? 0), 0)).toBe(3);
    const ids = [made.id];
    for (const id of ids) {
      const prizes = await t.db
        .selectFrom('ledger_transfers as tr')
        .innerJoin('ledger_entries as e', 'e.transfer_id', 'tr.id')
        .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
        .select(['tr.idempotency_key', 'e.amount'])
        .where('tr.kind', '=', 'challenge.prize')
        .where('tr.idempotency_key', 'like', `challenge.prize:${id}:%`)
        .where('a.code', 'like', 'user:%')
        .execute();
      const row = await t.db.selectFrom('challenges').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe('settled');
      expect(prizes).toHaveLength(3);
      expect(new Set(prizes.map((prize) => prize.idempotency_key)).size).toBe(3);
      const paid = prizes.reduce((sum, prize) => sum + Number(prize.amount), 0);
      expect(paid).toBe(999);
      expect(paid).toBe(1_000 - Number(row.returned_points));
      expect(await systemPoints(t, `challenge:${id}`)).toBe(0);
    }
  });
});
