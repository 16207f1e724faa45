import { randomUUID } from 'node:crypto';
import { CODES, type LedgerType } from '@stride/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../test/harness.js';
import { AppError } from '../../http/errors.js';
import type { LedgerRepository } from './ledger.repository.js';
import type { LedgerAccountRef, LedgerService } from './ledger.service.js';

let t: TestApp;
let ledger: LedgerService;
beforeAll(async () => {
  t = await createTestApp();
  ledger = t.app.services.ledger;
});
afterAll(() => t.close());

afterEach(async () => {
  expect(await ledger.checkInvariants()).toEqual({
    unbalancedTransfers: [],
    driftedAccounts: [],
    overdrawnAccounts: [],
    mismatchedAssets: [],
  });
});

const funding = (asset: 'CNY' | 'POINTS' = 'CNY'): LedgerAccountRef => ({ kind: 'system', name: 'funding', asset });
const cash = (userId: string): LedgerAccountRef => ({ kind: 'user', userId, asset: 'CNY' });
const sales = (): LedgerAccountRef => ({ kind: 'system', name: 'sales', asset: 'CNY' });

async function fund(userId: string, amount: number) {
  await ledger.transfer({
    kind: 'test.fund' as LedgerType,
    legs: [
      { account: funding(), amount: -amount },
      { account: cash(userId), amount },
    ],
  });
}

const spend = (userId: string, amount: number, idempotencyKey?: string) =>
  ledger.transfer({
    kind: 'test.spend' as LedgerType,
    legs: [
      { account: cash(userId), amount: -amount },
      { account: sales(), amount },
    ],
    ...(idempotencyKey ? { idempotencyKey, fingerprint: { amount } } : {}),
  });

describe('ledger', () => {
  it('moves money with entries that record the balance after', async () => {
    const { userId } = await registerUser(t);
    await fund(userId, 10_000);
    await spend(userId, 2_500);
    expect(await ledger.balance(cash(userId))).toBe(7_500);
    const entries = await t.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select(['e.amount', 'e.balance_after'])
      .where('a.user_id', '=', userId)
      .orderBy('e.id')
      .execute();
    expect(entries).toEqual([
      { amount: 10_000, balance_after: 10_000 },
      { amount: -2_500, balance_after: 7_500 },
    ]);
  });

  it('refuses an overdraft and changes nothing', async () => {
    const { userId } = await registerUser(t);
    await fund(userId, 1_000);
    const before = await t.db
      .selectFrom('ledger_transfers')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    await expect(spend(userId, 1_001)).rejects.toMatchObject({ code: CODES.INSUFFICIENT_FUNDS });
    const after = await t.db
      .selectFrom('ledger_transfers')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await ledger.balance(cash(userId))).toBe(1_000);
  });

  it('refuses legs that do not sum to zero, and floats', async () => {
    const { userId } = await registerUser(t);
    await expect(
      ledger.transfer({
        kind: 'bad' as LedgerType,
        legs: [
          { account: funding(), amount: -10 },
          { account: cash(userId), amount: 9 },
        ],
      }),
    ).rejects.toThrow(/sum to zero/);
    await expect(
      ledger.transfer({
        kind: 'bad' as LedgerType,
        legs: [
          { account: funding(), amount: -1.5 },
          { account: cash(userId), amount: 1.5 },
        ],
      }),
    ).rejects.toThrow(/integers/);
  });

  it('answers a repeated key with the first transfer, and a changed request with a conflict', async () => {
    const { userId } = await registerUser(t);
    await fund(userId, 1_000);
    const first = await spend(userId, 300, `${userId}:key-0001`);
    const again = await spend(userId, 300, `${userId}:key-0001`);
    expect(again).toEqual({ transferId: first.transferId, replayed: true });
    expect(await ledger.balance(cash(userId))).toBe(700);
    const changed = spend(userId, 301, `${userId}:key-0001`);
    await expect(changed).rejects.toBeInstanceOf(AppError);
    await expect(changed).rejects.toMatchObject({ code: CODES.CONFLICT });
  });

  it('lets exactly as many of 50 parallel spends through as the balance covers', async () => {
    const { userId } = await registerUser(t);
    await fund(userId, 1_000);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => spend(userId, 100)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.reason).toMatchObject({ code: CODES.INSUFFICIENT_FUNDS });
    expect(await ledger.balance(cash(userId))).toBe(0);
  });

  it('moves money once for 20 parallel calls with one key', async () => {
    const { userId } = await registerUser(t);
    await fund(userId, 1_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => spend(userId, 250, `${userId}:same-key-1`)));
    expect(new Set(results.map((r) => r.transferId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await ledger.balance(cash(userId))).toBe(750);
  });

  it('keeps a busy system account in stripes whose sum is its balance, one account in the books', async () => {
    // Decision 053 "Fewer statements for home and for money": `system:sales` is striped; 40 spends of 10 users at once
    // each move one stripe.
    const users: { userId: string }[] = [];
    for (let i = 0; i < 10; i += 1) users.push(await registerUser(t));
    for (const { userId } of users) await fund(userId, 1_000);
    const before = await ledger.balance(sales());
    const results = await Promise.allSettled(
      users.flatMap(({ userId }) => Array.from({ length: 4 }, (_, i) => spend(userId, 100, `${userId}:stripes-${i}`))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(40);
    for (const { userId } of users) expect(await ledger.balance(cash(userId))).toBe(600);
    expect((await ledger.balance(sales())) - before).toBe(4_000);
    const rows = await t.db
      .selectFrom('ledger_accounts')
      .select(['code', 'balance'])
      .where('code', 'like', 'system:sales:CNY%')
      .execute();
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((row) => /^system:sales:CNY(#([1-9]|1[0-5]))?$/.test(row.code))).toBe(true);
    expect(rows.reduce((sum, row) => sum + Number(row.balance), 0)).toBe(await ledger.balance(sales()));
    // The books show the account once, with the stripes' sum; an unstriped one keeps one row.
    const { system } = await ledger.liabilities();
    expect(system.filter((row) => row.code.startsWith('system:sales:CNY'))).toEqual([
      { code: 'system:sales:CNY', asset: 'CNY', balance: await ledger.balance(sales()) },
    ]);
    expect(
      await t.db.selectFrom('ledger_accounts').select('code').where('code', 'like', 'system:funding:CNY%').execute(),
    ).toEqual([{ code: 'system:funding:CNY' }]);
  });

  it('moves into an account that a concurrent transfer opened after this one looked for it', async () => {
    // On PostgreSQL, 1 of 40 spends at once was refused as short: its update found no stripe
    // row, another transfer then opened it, and the check "does the row exist?" said yes.
    const { userId } = await registerUser(t);
    const code = `user:${userId}:CNY`;
    const repository = (ledger as unknown as { repository: LedgerRepository }).repository;
    const applyDelta = repository.applyDelta.bind(repository);
    const opened: string[] = [];
    repository.applyDelta = async (db, target, amount) => {
      const moved = await applyDelta(db, target, amount);
      if (!moved && target === code && opened.length === 0) {
        // What the concurrent transfer does in between: it opens the account.
        await repository.ensureAccount(db, {
          id: randomUUID(),
          code,
          userId,
          asset: 'CNY',
          allowNegative: false,
          now: 0,
        });
        opened.push(target);
      }
      return moved;
    };
    try {
      await fund(userId, 250);
    } finally {
      repository.applyDelta = applyDelta;
    }
    expect(opened).toEqual([code]);
    expect(await ledger.balance(cash(userId))).toBe(250);
  });

  it('the invariant check finds a balance edited behind the ledger’s back', async () => {
    const { userId } = await registerUser(t);
    await fund(userId, 500);
    await t.db.updateTable('ledger_accounts').set({ balance: 900 }).where('code', '=', `user:${userId}:CNY`).execute();
    expect((await ledger.checkInvariants()).driftedAccounts).toEqual([`user:${userId}:CNY`]);
    await t.db.updateTable('ledger_accounts').set({ balance: 500 }).where('code', '=', `user:${userId}:CNY`).execute();
  });
});
