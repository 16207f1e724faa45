import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { PaymentRefundsTable, PaymentsTable } from '../../db/schema.js';

export type PaymentRow = PaymentsTable;

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

  /** Pending → final, once; an expired pending payment cannot be completed any more. */
  async complete(db: Executor, id: string, status: 'paid' | 'failed' | 'expired', now: number): Promise<boolean> {
    let query = db
      .updateTable('payments')
      .set({ status, completed_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending');
    query = status === 'expired' ? query.where('expires_at', '<=', now) : query.where('expires_at', '>', now);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
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
      ])
      .orderBy('p.completed_at', 'asc')
      .execute();
  }

  /** The primary key lets one refund per payment through, however many try at once. */
  async insertRefund(db: Executor, row: PaymentRefundsTable): Promise<void> {
    await db.insertInto('payment_refunds').values(row).execute();
  }
}
