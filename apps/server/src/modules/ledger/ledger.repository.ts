import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { pageOf } from '../../db/queries.js';
import { prepared } from '../../db/prepared.js';

export type { Executor } from '../../db/executor.js';

// Every transfer writes itself, moves each leg's balance and writes the legs: prepared once, sent
// with each call's values (decision 068 "Queries built once on the hot paths"). Home reads a user's balances with the
// rest of its part in one statement of the walking module's (decision 072 "Home reads the user's own part in one
// statement"), by the codes accountCode() makes.

/** The transfer's row, unless its idempotency key was used: then no row, and nothing written. */
const insertTransferRow = prepared(
  (
    db,
    id: string,
    kind: string,
    idempotencyKey: string | null,
    requestHash: string | null,
    memo: string | null,
    now: number,
  ) =>
    db
      .insertInto('ledger_transfers')
      .values({
        id,
        kind,
        idempotency_key: idempotencyKey,
        request_hash: requestHash,
        memo,
        created_at: now,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id'),
);

/**
 * Moves a balance only if the result stays allowed (a system account may go below zero), in one
 * statement; no row when it did not move.
 */
const moveBalance = prepared((db, code: string, amount: number) =>
  db
    .updateTable('ledger_accounts')
    .set({ balance: sql`balance + ${amount}` })
    .where('code', '=', code)
    .where((eb) => eb.or([eb('allow_negative', '=', 1), eb(sql`balance + ${amount}`, '>=', 0)]))
    .returning(['id', 'balance']),
);

/** A transfer's legs, one row per item of the lists. */
const insertEntryRows = prepared(
  (
    db,
    transferIds: readonly string[],
    accountIds: readonly string[],
    assets: readonly string[],
    amounts: readonly number[],
    balancesAfter: readonly number[],
    nows: readonly number[],
  ) =>
    db.insertInto('ledger_entries').values(
      transferIds.map((transferId, index) => ({
        transfer_id: transferId,
        account_id: accountIds[index]!,
        asset: assets[index]!,
        amount: amounts[index]!,
        balance_after: balancesAfter[index]!,
        created_at: nows[index]!,
      })),
    ),
);

export class LedgerRepository {
  /** Opens an account unless it exists (a concurrent first use may have opened it). */
  async ensureAccount(
    db: Executor,
    account: { id: string; code: string; userId: string | null; asset: string; allowNegative: boolean; now: number },
  ): Promise<void> {
    await this.ensureAccounts(db, [account]);
  }

  findTransferByKey(db: Executor, idempotencyKey: string) {
    return db
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
  }

  /**
   * Records the transfer unless its idempotency key is taken (then false, changing nothing): the
   * unique index decides, and a concurrent first use of the key is waited for, not failed on.
   */
  async insertTransfer(
    db: Executor,
    transfer: {
      id: string;
      kind: string;
      idempotencyKey: string | null;
      requestHash: string | null;
      memo: string | null;
      now: number;
    },
  ): Promise<boolean> {
    const rows = await insertTransferRow(
      db,
      transfer.id,
      transfer.kind,
      transfer.idempotencyKey,
      transfer.requestHash,
      transfer.memo,
      transfer.now,
    );
    return rows.length > 0;
  }

  /**
   * Moves a balance only if the result stays allowed: the check and the write are one statement,
   * so concurrent transfers can never take an account below zero. Answers the account's id and
   * new balance, or nothing when the account does not exist or would go below zero.
   */
  async applyDelta(db: Executor, code: string, amount: number): Promise<{ id: string; balance: number } | undefined> {
    const [row] = await moveBalance(db, code, amount);
    return row && { id: row.id, balance: Number(row.balance) };
  }

  /** A transfer's legs, in one statement. */
  async insertEntries(
    db: Executor,
    entries: {
      transferId: string;
      accountId: string;
      asset: string;
      amount: number;
      balanceAfter: number;
      now: number;
    }[],
  ): Promise<void> {
    await insertEntryRows(
      db,
      entries.map((entry) => entry.transferId),
      entries.map((entry) => entry.accountId),
      entries.map((entry) => entry.asset),
      entries.map((entry) => entry.amount),
      entries.map((entry) => entry.balanceAfter),
      entries.map((entry) => entry.now),
    );
  }

  /** Many transfers' rows in one statement; answers the ids of those recorded (not those whose key was taken). */
  async insertTransfers(
    db: Executor,
    rows: {
      id: string;
      kind: string;
      idempotency_key: string | null;
      request_hash: string | null;
      memo: string | null;
      created_at: number;
    }[],
  ): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const inserted = await db
      .insertInto('ledger_transfers')
      .values(rows)
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .execute();
    return new Set(inserted.map((row) => row.id));
  }

  findTransfersByKeys(db: Executor, keys: readonly string[]) {
    if (keys.length === 0) return Promise.resolve([]);
    return db.selectFrom('ledger_transfers').selectAll().where('idempotency_key', 'in', keys).execute();
  }

  /** Opens the accounts that do not exist yet (at zero), in one statement. */
  async ensureAccounts(
    db: Executor,
    accounts: { id: string; code: string; userId: string | null; asset: string; allowNegative: boolean; now: number }[],
  ): Promise<void> {
    if (accounts.length === 0) return;
    await db
      .insertInto('ledger_accounts')
      .values(
        accounts.map((account) => ({
          id: account.id,
          code: account.code,
          user_id: account.userId,
          asset: account.asset,
          balance: 0,
          allow_negative: account.allowNegative ? 1 : 0,
          created_at: account.now,
        })),
      )
      .onConflict((conflict) => conflict.column('code').doNothing())
      .execute();
  }

  /**
   * Moves many balances in one statement, each only if it stays allowed (as `applyDelta`), in the order of the codes
   * given; answers each moved account's id and new balance by code (a code missing from it did not move).
   */
  async applyDeltas(
    db: Executor,
    deltas: readonly { code: string; amount: number }[],
  ): Promise<Map<string, { id: string; balance: number }>> {
    if (deltas.length === 0) return new Map();
    const values = sql.join(deltas.map((delta) => sql`(${delta.code}, cast(${delta.amount} as bigint))`));
    const { rows } = await sql<{ code: string; id: string; balance: number | string }>`
      with moves (move_code, move_amount) as (values ${values})
      update ledger_accounts set balance = balance + moves.move_amount
      from moves
      where ledger_accounts.code = moves.move_code
        and (ledger_accounts.allow_negative = 1 or ledger_accounts.balance + moves.move_amount >= 0)
      returning ledger_accounts.code, ledger_accounts.id, ledger_accounts.balance`.execute(db);
    return new Map(rows.map((row) => [row.code, { id: row.id, balance: Number(row.balance) }]));
  }

  /**
   * Takes the account row's write lock until the transaction ends, with a no-op update (portable, as `lockUserRow`):
   * a transfer that moves the account waits for the commit, and one under way is waited for.
   */
  async lockAccount(db: Executor, code: string): Promise<void> {
    await db
      .updateTable('ledger_accounts')
      .set((eb) => ({ balance: eb.ref('balance') }))
      .where('code', '=', code)
      .execute();
  }

  /**
   * The next accounts of users holding a positive balance of `asset` after `after` by code, to go through a chunk at a
   * time.
   */
  async holders(db: Executor, asset: string, after: string, limit: number) {
    return db
      .selectFrom('ledger_accounts')
      .select(['code', 'user_id'])
      .where('asset', '=', asset)
      .where('user_id', 'is not', null)
      .where('balance', '>', 0)
      .where('code', '>', after)
      .orderBy('code')
      .limit(limit)
      .execute();
  }

  /**
   * Per account of `codes`: what its entries credited before each of `before` (in that order), and everything they
   * debited, in one statement.
   */
  async flows(
    db: Executor,
    codes: readonly string[],
    before: readonly number[],
  ): Promise<Map<string, { credited: number[]; debited: number }>> {
    if (codes.length === 0) return new Map();
    const credited = before.map(
      (at, index) => sql`coalesce(sum(case when e.amount > 0 and e.created_at < ${at} then e.amount else 0 end), 0)
        as ${sql.ref(`c${index}`)}`,
    );
    const { rows } = await sql<Record<string, number | string>>`
      select a.code as code, ${sql.join(credited)},
        coalesce(sum(case when e.amount < 0 then -e.amount else 0 end), 0) as debited
      from ledger_entries e inner join ledger_accounts a on a.id = e.account_id
      where a.code in (${sql.join(codes)})
      group by a.code`.execute(db);
    return new Map(
      rows.map((row) => [
        String(row.code),
        { credited: before.map((_, index) => Number(row[`c${index}`])), debited: Number(row.debited) },
      ]),
    );
  }

  async balanceOf(db: Executor, code: string): Promise<number> {
    const row = await db.selectFrom('ledger_accounts').select('balance').where('code', '=', code).executeTakeFirst();
    return row?.balance ?? 0;
  }

  /** The sum of several rows' balances (a system account's stripes), 0 when none exists. */
  async sumOf(db: Executor, codes: string[]): Promise<number> {
    const row = await db
      .selectFrom('ledger_accounts')
      .select((eb) => eb.fn.sum<number>('balance').as('total'))
      .where('code', 'in', codes)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /** One account's entries, newest first, with the transfer's kind and idempotency key. */
  async listEntries(
    db: Executor,
    code: string,
    filter: { kind?: string | undefined; from?: number | undefined; before?: number | undefined },
    page: { limit: number; offset: number },
  ) {
    let query = db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
      .where('a.code', '=', code);
    if (filter.kind) query = query.where('t.kind', '=', filter.kind);
    if (filter.from !== undefined) query = query.where('e.created_at', '>=', filter.from);
    if (filter.before !== undefined) query = query.where('e.created_at', '<', filter.before);
    const columns = [
      'e.id',
      'e.transfer_id',
      't.kind',
      't.idempotency_key',
      'e.amount',
      'e.balance_after',
      'e.created_at',
    ] as const;
    return pageOf(query, page, (found) => found.select(columns).orderBy('e.id', 'desc'));
  }

  async unbalancedTransfers(db: Executor): Promise<string[]> {
    const rows = await db
      .selectFrom('ledger_entries')
      .select(['transfer_id', 'asset'])
      .groupBy(['transfer_id', 'asset'])
      .having((eb) => eb.fn.sum<number>('amount'), '!=', 0)
      .execute();
    return rows.map((row) => `${row.transfer_id}/${row.asset}`);
  }

  async driftedAccounts(db: Executor): Promise<string[]> {
    const rows = await db
      .selectFrom('ledger_accounts as a')
      .leftJoin('ledger_entries as e', 'e.account_id', 'a.id')
      .select([
        'a.code',
        'a.balance',
        (eb) => eb.fn.coalesce(eb.fn.sum<number>('e.amount'), sql<number>`0`).as('total'),
      ])
      .groupBy(['a.id', 'a.code', 'a.balance'])
      .execute();
    return rows.filter((row) => Number(row.total) !== Number(row.balance)).map((row) => row.code);
  }

  async overdrawnAccounts(db: Executor): Promise<string[]> {
    const rows = await db
      .selectFrom('ledger_accounts')
      .select('code')
      .where('allow_negative', '=', 0)
      .where('balance', '<', 0)
      .execute();
    return rows.map((row) => row.code);
  }

  async mismatchedAssets(db: Executor): Promise<string[]> {
    const rows = await db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select('e.id')
      .whereRef('e.asset', '!=', 'a.asset')
      .execute();
    return rows.map((row) => String(row.id));
  }

  /** What users hold per asset (the service's liabilities), and every system account's balance. */
  async liabilities(db: Executor) {
    const [users, system] = await Promise.all([
      db
        .selectFrom('ledger_accounts')
        .select(['asset', (eb) => eb.fn.sum<number>('balance').as('total')])
        .where('user_id', 'is not', null)
        .groupBy('asset')
        .execute(),
      db
        .selectFrom('ledger_accounts')
        .select(['code', 'asset', 'balance'])
        .where('user_id', 'is', null)
        .orderBy('code')
        .execute(),
    ]);
    return {
      users: users.map((row) => ({ asset: row.asset, total: Number(row.total) })),
      system: system.map((row) => ({ code: row.code, asset: row.asset, balance: Number(row.balance) })),
    };
  }

  /** Every system account's balance: a handful of rows, read through the user_id index. */
  async systemBalances(db: Executor) {
    const rows = await db
      .selectFrom('ledger_accounts')
      .select(['code', 'asset', 'balance'])
      .where('user_id', 'is', null)
      .execute();
    return rows.map((row) => ({ code: row.code, asset: row.asset, balance: Number(row.balance) }));
  }

  /** Every entry on a user's accounts, oldest first, with its transfer's kind (decision 047 "Your data"). */
  exportEntries(db: Executor, userId: string) {
    return db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
      .select(['e.transfer_id', 't.kind', 'e.asset', 'e.amount', 'e.balance_after', 'e.created_at'])
      .where('a.user_id', '=', userId)
      .orderBy('e.id')
      .execute();
  }
}
