import type { Executor } from '../../db/executor.js';
import type { PaymentsTable } from '../../db/schema.js';

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
}
