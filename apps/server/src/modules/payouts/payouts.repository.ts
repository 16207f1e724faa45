import { sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { countOf, newestFirst, oldestFirst, pageCounted, rowsOfUser, updatedOne } from '../../db/queries.js';
import type { BankCardsTable, WithdrawalsTable } from '../../db/schema.js';
import type { Independence } from '../audit/audit.service.js';

export type BankCardRow = BankCardsTable;
export type WithdrawalRow = WithdrawalsTable;
export type WithdrawalWithCardRow = WithdrawalRow & {
  card_bank: string;
  card_holder_name: string;
  card_account_masked: string;
  card_created_at: number;
  user_account: string;
  /** What the settling transfer credited back to the user's balance: a rejection's refund, else null. */
  refunded_amount: number | null;
};

export class PayoutsRepository {
  listCards(db: Executor, userId: string): Promise<BankCardRow[]> {
    return oldestFirst(this.liveCards(db, userId).selectAll(), 'created_at', 'id').execute();
  }

  /** The caller's live card; anyone else's answers undefined, like a missing one. */
  findOwnedCard(db: Executor, userId: string, id: string): Promise<BankCardRow | undefined> {
    return this.liveCards(db, userId).selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The user's cards that are not deleted. */
  private liveCards(db: Executor, userId: string) {
    return db.selectFrom('bank_cards').where('user_id', '=', userId).where('deleted_at', 'is', null);
  }

  /** An update of the user's live card `id`. */
  private liveCard(db: Executor, userId: string, id: string) {
    return db
      .updateTable('bank_cards')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null);
  }

  findCard(db: Executor, id: string): Promise<BankCardRow | undefined> {
    return db.selectFrom('bank_cards').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertCard(db: Executor, row: BankCardRow): Promise<void> {
    await db.insertInto('bank_cards').values(row).execute();
  }

  updateCard(db: Executor, userId: string, id: string, values: Updateable<BankCardsTable>): Promise<boolean> {
    return updatedOne(this.liveCard(db, userId, id).set(values));
  }

  /** Only the caller's own live card changes; the answer says whether one did. */
  deleteCard(db: Executor, userId: string, id: string, now: number): Promise<boolean> {
    return updatedOne(this.liveCard(db, userId, id).set({ deleted_at: now }));
  }

  /**
   * Adds `amount` to the user's withdrawals of the day only if the total stays within `max`: the
   * check and the write are one statement (and lock the row), as for ledger balances.
   */
  async reserveDaily(db: Executor, userId: string, day: string, amount: number, max: number): Promise<boolean> {
    await db
      .insertInto('withdrawal_days')
      .values({ user_id: userId, day, total: 0 })
      .onConflict((conflict) => conflict.columns(['user_id', 'day']).doNothing())
      .execute();
    const row = await db
      .updateTable('withdrawal_days')
      .set({ total: sql`total + ${amount}` })
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .where(sql<boolean>`total + ${amount} <= ${max}`)
      .returning('total')
      .executeTakeFirst();
    return row !== undefined;
  }

  async releaseDaily(db: Executor, userId: string, day: string, amount: number): Promise<void> {
    await db
      .updateTable('withdrawal_days')
      .set({ total: sql`total - ${amount}` })
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .execute();
  }

  async dailyTotal(db: Executor, userId: string, day: string): Promise<number> {
    const row = await db
      .selectFrom('withdrawal_days')
      .select('total')
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirst();
    return row?.total ?? 0;
  }

  findWithdrawalByKey(db: Executor, key: string): Promise<WithdrawalRow | undefined> {
    return db.selectFrom('withdrawals').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
  }

  async insertWithdrawal(db: Executor, row: WithdrawalRow): Promise<void> {
    await db.insertInto('withdrawals').values(row).execute();
  }

  /** Compare-and-set from pending, so a withdrawal is paid or refunded once. */
  settle(db: Executor, id: string, values: Updateable<WithdrawalsTable>): Promise<boolean> {
    return updatedOne(this.pending(db, id).set(values));
  }

  /** Compare-and-set: the first approval of a large pending withdrawal, once. */
  approveFirst(db: Executor, id: string, operator: string, now: number, above: number): Promise<boolean> {
    return updatedOne(
      this.pending(db, id)
        .set({ first_approved_by: operator, first_approved_at: now })
        .where('amount', '>', above)
        .where('first_approved_by', 'is', null),
    );
  }

  /** An update of withdrawal `id` while it is pending: the compare-and-set every settlement is. */
  private pending(db: Executor, id: string) {
    return db.updateTable('withdrawals').where('id', '=', id).where('status', '=', 'pending');
  }

  /**
   * Compare-and-set from pending to paid. A large withdrawal (above `above`) must carry a first
   * approval by someone other than `operator` and independent of it (decision 074 "Independent second approvers"): the
   * four-eyes rule is part of the one statement.
   */
  settlePaid(
    db: Executor,
    id: string,
    values: { operator: string; reference: string; now: number },
    above: number,
    independence: Independence,
  ): Promise<boolean> {
    const paid = this.pending(db, id)
      .set({ status: 'paid', paid_at: values.now, paid_by: values.operator, bank_reference: values.reference })
      .where((eb) =>
        eb.or([
          eb('amount', '<=', above),
          eb.and([
            eb('first_approved_by', 'is not', null),
            eb('first_approved_by', '!=', values.operator),
            independence(sql.ref('withdrawals.first_approved_by')),
          ]),
        ]),
      );
    return updatedOne(paid);
  }

  async setSettleTransfer(db: Executor, id: string, transferId: string): Promise<void> {
    await db.updateTable('withdrawals').set({ settle_transfer_id: transferId }).where('id', '=', id).execute();
  }

  private withCard(db: Executor) {
    return db
      .selectFrom('withdrawals as w')
      .innerJoin('bank_cards as c', 'c.id', 'w.bank_card_id')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .selectAll('w')
      .select([
        'u.account as user_account',
        'c.bank as card_bank',
        'c.holder_name as card_holder_name',
        'c.account_masked as card_account_masked',
        'c.created_at as card_created_at',
        // As the ledger returned it (docs/product/client.md, Withdrawal records): the user's leg of
        // the settling transfer; a payment has none.
        (eb) =>
          eb
            .selectFrom('ledger_entries as e')
            .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
            .select('e.amount')
            .whereRef('e.transfer_id', '=', 'w.settle_transfer_id')
            .whereRef('a.user_id', '=', 'w.user_id')
            .where('a.asset', '=', 'CNY')
            .limit(1)
            .as('refunded_amount'),
      ]);
  }

  findWithdrawal(db: Executor, id: string): Promise<WithdrawalWithCardRow | undefined> {
    return this.withCard(db).where('w.id', '=', id).executeTakeFirst();
  }

  listWithdrawals(
    db: Executor,
    filter: { userId?: string | undefined; status?: string | undefined },
    page: { limit: number; offset: number },
  ): Promise<{ rows: WithdrawalWithCardRow[]; total: number }> {
    let rowsQuery = this.withCard(db);
    let countQuery = db.selectFrom('withdrawals as w');
    if (filter.userId) {
      rowsQuery = rowsQuery.where('w.user_id', '=', filter.userId);
      countQuery = countQuery.where('w.user_id', '=', filter.userId);
    }
    if (filter.status) {
      rowsQuery = rowsQuery.where('w.status', '=', filter.status);
      countQuery = countQuery.where('w.status', '=', filter.status);
    }
    return pageCounted(newestFirst(rowsQuery, 'w.created_at', 'w.id'), countQuery, page);
  }

  // Your data (decision 047 "Your data") ------------------------------------------------------------------

  exportCards(db: Executor, userId: string) {
    const columns = ['id', 'bank', 'holder_name', 'account_masked', 'created_at', 'updated_at', 'deleted_at'] as const;
    return rowsOfUser(db.selectFrom('bank_cards').select(columns), userId, 'created_at');
  }

  exportWithdrawals(db: Executor, userId: string) {
    const columns = [
      'id',
      'bank_card_id',
      'amount',
      'fee',
      'received',
      'status',
      'reject_reason',
      'created_at',
      'paid_at',
      'rejected_at',
    ] as const;
    return rowsOfUser(db.selectFrom('withdrawals').select(columns), userId, 'created_at');
  }

  /** Blanks every bank card's holder and number (the rows stay: withdrawals point at them). */
  async eraseCards(db: Executor, userId: string, now: number): Promise<void> {
    await db
      .updateTable('bank_cards')
      .set((eb) => ({
        holder_name: '',
        account_encrypted: '',
        account_masked: '',
        account_hash: sql<string>`'erased:' || ${eb.ref('id')}`,
        deleted_at: eb.fn.coalesce('deleted_at', eb.val(now)),
      }))
      .where('user_id', '=', userId)
      .execute();
  }

  countPending(db: Executor, userId: string): Promise<number> {
    return countOf(db.selectFrom('withdrawals').where('user_id', '=', userId).where('status', '=', 'pending'));
  }
}
