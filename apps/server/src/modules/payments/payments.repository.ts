import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { updatedOne } from '../../db/queries.js';
import type { PaymentRefundsTable, PaymentsTable, ProviderRefundsTable } from '../../db/schema.js';

export type PaymentRow = PaymentsTable;
export type ProviderRefundRow = ProviderRefundsTable;

export class PaymentsRepository {
  findByKey(db: Executor, idempotencyKey: string): Promise<PaymentRow | undefined> {
    return db.selectFrom('payments').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  }

  find(db: Executor, id: string): Promise<PaymentRow | undefined> {
    return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findLive(db: Executor, orderId: string, now: number): Promise<PaymentRow | undefined> {
    return db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  async expireStale(db: Executor, orderId: string, now: number): Promise<void> {
    await db
      .updateTable('payments')
      .set({ status: 'expired', completed_at: now })
      .where('order_id', '=', orderId)
      .where('status', '=', 'pending')
      .where('expires_at', '<=', now)
      .execute();
  }

  async insert(db: Executor, row: PaymentRow): Promise<void> {
    await db.insertInto('payments').values(row).execute();
  }

  /**
   * Pending → final, once: the payment-level guard, whatever the event's id (decision 037 "The payment lifecycle"). A
   * pending payment is paid (or failed) even past its expiry, since the provider took the money
   * before we closed its trade; it is expired only past its expiry.
   */
  complete(db: Executor, id: string, status: 'paid' | 'failed' | 'expired', now: number): Promise<boolean> {
    let query = this.pending(db, id).set({ status, completed_at: now });
    if (status === 'expired') query = query.where('expires_at', '<=', now);
    return updatedOne(query);
  }

  /** An update of payment `id` while it is pending. */
  private pending(db: Executor, id: string) {
    return db.updateTable('payments').where('id', '=', id).where('status', '=', 'pending');
  }

  /**
   * Claims the right to ask the provider about a pending payment now: at most once per `everyMs`
   * however many readers poll it at once (a compare-and-set on `checked_at`).
   */
  claimCheck(db: Executor, id: string, now: number, everyMs: number): Promise<boolean> {
    const unchecked = this.pending(db, id).set({ checked_at: now });
    return updatedOne(
      unchecked.where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<=', now - everyMs)])),
    );
  }

  /** Pending payments of an order, open or past their expiry. */
  listPendingOfOrder(db: Executor, orderId: string): Promise<PaymentRow[]> {
    return db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('status', '=', 'pending')
      .orderBy('created_at')
      .execute();
  }

  /** Pending payments past their expiry, oldest first: one user's or everyone's. */
  listPendingExpired(db: Executor, now: number, limit: number, userId?: string): Promise<PaymentRow[]> {
    let query = db.selectFrom('payments').selectAll().where('status', '=', 'pending').where('expires_at', '<=', now);
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    return query.orderBy('expires_at').orderBy('id').limit(limit).execute();
  }

  /** The provider refund of a payment (at most one: the unique key). */
  findRefundOfPayment(db: Executor, paymentId: string): Promise<ProviderRefundRow | undefined> {
    return db.selectFrom('provider_refunds').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
  }

  findProviderRefund(db: Executor, id: string): Promise<ProviderRefundRow | undefined> {
    return db.selectFrom('provider_refunds').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The payment's unique key lets one provider refund per payment through. */
  async insertProviderRefund(db: Executor, row: ProviderRefundRow): Promise<void> {
    await db.insertInto('provider_refunds').values(row).execute();
  }

  /** Due refunds whose next attempt has come, oldest first. */
  listDueRefunds(db: Executor, now: number, limit: number): Promise<ProviderRefundRow[]> {
    return db
      .selectFrom('provider_refunds')
      .selectAll()
      .where('status', '=', 'due')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * Claims one attempt of a due refund whose attempt has come (a compare-and-set on its attempt
   * count and time), pushing its next attempt to `nextAttemptAt`: of concurrent senders only one
   * calls the provider, and a sender that read the row after that claim finds it not yet due.
   */
  claimRefundAttempt(db: Executor, id: string, attempts: number, now: number, nextAttemptAt: number): Promise<boolean> {
    const claim = this.refundIn(db, id, 'due').set({ attempts: attempts + 1, next_attempt_at: nextAttemptAt });
    return updatedOne(claim.where('attempts', '=', attempts).where('next_attempt_at', '<=', now));
  }

  async setRefundError(db: Executor, id: string, error: string, giveUp: boolean): Promise<void> {
    await this.refundIn(db, id, 'due')
      .set({ last_error: error.slice(0, 500), ...(giveUp ? { status: 'failed' } : {}) })
      .execute();
  }

  /** `from` → `to`, once. */
  moveRefund(db: Executor, id: string, from: string, to: string, now: number): Promise<boolean> {
    return updatedOne(this.refundIn(db, id, from).set({ status: to, completed_at: now }));
  }

  /** An update of provider refund `id` while its status is `status`. */
  private refundIn(db: Executor, id: string, status: string) {
    return db.updateTable('provider_refunds').where('id', '=', id).where('status', '=', status);
  }

  /** Provider refunds, newest first, optionally of one status. */
  listProviderRefunds(db: Executor, status: string | undefined, page: { limit: number; offset: number }) {
    let query = db.selectFrom('provider_refunds');
    if (status !== undefined) query = query.where('status', '=', status);
    return query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  /** The event id's unique key is the deduplication: a repeated delivery fails here. */
  async insertEvent(
    db: Executor,
    event: { provider: string; event_id: string; payment_id: string; outcome: string; received_at: number },
  ): Promise<void> {
    await db.insertInto('payment_events').values(event).execute();
  }

  async setEventOutcome(db: Executor, provider: string, eventId: string, outcome: string): Promise<void> {
    await db
      .updateTable('payment_events')
      .set({ outcome })
      .where('provider', '=', provider)
      .where('event_id', '=', eventId)
      .execute();
  }

  /**
   * Paid payments whose money the ledger put in `holdAccount` (the payment's own transfer, key
   * `<user>:pay:<payment>`), with the amount held and whether it was refunded; one payment or all.
   */
  listHeld(db: Executor, holdAccount: string, paymentId?: string) {
    let query = db
      .selectFrom('payments as p')
      .innerJoin('ledger_transfers as t', (join) =>
        join.on((eb) => eb('t.idempotency_key', '=', sql<string>`p.user_id || ':pay:' || p.id`)),
      )
      .innerJoin('ledger_entries as e', 'e.transfer_id', 't.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .leftJoin('payment_refunds as r', 'r.payment_id', 'p.id')
      .leftJoin('provider_refunds as pr', 'pr.payment_id', 'p.id')
      .where('a.code', '=', holdAccount)
      .where('e.amount', '>', 0);
    if (paymentId !== undefined) query = query.where('p.id', '=', paymentId);
    return query
      .select([
        'p.id',
        'p.user_id',
        'p.order_id',
        'p.provider',
        'p.completed_at',
        'e.amount as held',
        'r.created_at as refunded_at',
        'r.operator as refunded_by',
        'pr.id as provider_refund_id',
        'pr.status as provider_refund_status',
        'pr.completed_at as provider_refunded_at',
      ])
      .orderBy('p.completed_at', 'asc')
      .execute();
  }

  /** The primary key lets one refund per payment through, however many try at once. */
  async insertRefund(db: Executor, row: PaymentRefundsTable): Promise<void> {
    await db.insertInto('payment_refunds').values(row).execute();
  }
}
