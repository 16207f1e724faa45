import { describe, expect, it } from 'vitest';
import { balanceOf, useTestApp } from '../../test/harness.js';
import { pendingIdentity } from '../../test/console.js';
import { opsOn, withdrawingUser } from '../../test/ops.js';

const t = useTestApp({ IDENTITY_REVIEW: 'operator' });

const ops = opsOn(t);

const actionsFor = (subjectId: string) =>
  t.db.selectFrom('operator_actions').selectAll().where('subject_id', '=', subjectId).execute();

const system = (name: string) => t.app.services.ledger.balance({ kind: 'system', name, asset: 'CNY' });

describe('two operators deciding one thing at the same moment', () => {
  it('pays a withdrawal once; the other operator is told it is already settled', async () => {
    const { withdrawalId } = await withdrawingUser(t);
    const payouts = await system('payouts');
    const results = await Promise.all(
      ['ann', 'bob', 'cyd', 'dee'].map((operator) =>
        ops('withdrawals', 'pay', withdrawalId, '--reference', 'BANK-REF-1', '--operator', operator, '--yes'),
      ),
    );
    expect(results.filter((result) => result.code === 0)).toHaveLength(1);
    for (const result of results.filter((r) => r.code !== 0)) {
      expect(result).toMatchObject({
        code: 1,
        err: `Withdrawal ${withdrawalId} is already settled (paid); nothing was changed.`,
      });
    }
    expect(await system('payouts')).toBe(payouts + 4_900);
    expect(await actionsFor(withdrawalId)).toHaveLength(1);
  });

  it('settles a withdrawal one way when one operator pays and another rejects at once', async () => {
    const { withdrawalId, userId } = await withdrawingUser(t);
    const payouts = await system('payouts');
    const results = await Promise.all([
      ops('withdrawals', 'pay', withdrawalId, '--reference', 'BANK-REF-1', '--operator', 'ann', '--yes'),
      ops('withdrawals', 'reject', withdrawalId, '--reason', 'Card closed', '--operator', 'bob', '--yes'),
      ops('withdrawals', 'pay', withdrawalId, '--reference', 'BANK-REF-1', '--operator', 'cyd', '--yes'),
      ops('withdrawals', 'reject', withdrawalId, '--reason', 'Card closed', '--operator', 'dee', '--yes'),
    ]);
    expect(results.filter((result) => result.code === 0)).toHaveLength(1);
    for (const result of results.filter((r) => r.code !== 0)) {
      expect(result.err).toMatch(new RegExp(`^Withdrawal ${withdrawalId} is already settled \\((paid|rejected)\\)`));
    }
    const row = await t.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', withdrawalId)
      .executeTakeFirstOrThrow();
    // Either the bank got it or the user got it back, never both.
    if (row.status === 'paid') {
      expect(await system('payouts')).toBe(payouts + 4_900);
      expect(await balanceOf(t, userId)).toBe(5_000);
    } else {
      expect(row.status).toBe('rejected');
      expect(await system('payouts')).toBe(payouts);
      expect(await balanceOf(t, userId)).toBe(10_000);
    }
    expect(await actionsFor(withdrawalId)).toHaveLength(1);
  });

  it('decides an identity check once; the other operator is told how it was decided', async () => {
    const { userId } = await pendingIdentity(t);
    const results = await Promise.all([
      ops('identity', 'approve', userId, '--operator', 'ann', '--yes'),
      ops('identity', 'reject', userId, '--reason', 'Blurred', '--operator', 'bob', '--yes'),
      ops('identity', 'approve', userId, '--operator', 'cyd', '--yes'),
    ]);
    expect(results.filter((result) => result.code === 0)).toHaveLength(1);
    const row = await t.db.selectFrom('identities').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    for (const result of results.filter((r) => r.code !== 0)) {
      expect(result).toMatchObject({ code: 1, err: `The identity check of ${userId} is ${row.status}, not pending` });
    }
    expect(await actionsFor(userId)).toHaveLength(1);
  });
});
