import { randomUUID } from 'node:crypto';
import type { Payment } from '@stride/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/constraints.js';
import { retryOnUniqueViolation } from '../../db/retry.js';
import { AppError, notFound } from '../../http/errors.js';
import { MINUTE_MS, isoTime, type Clock } from '../../lib/clock.js';
import type { CardsService } from '../cards/cards.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { PaymentEvent, PaymentProvider } from './payment-provider.js';
import type { PaymentRow, PaymentsRepository } from './payments.repository.js';

export type EventOutcome = 'paid' | 'failed' | 'duplicate' | 'ignored' | 'unmatched';

/** A pending payment past its expiry reads as expired even before it is written. */
export function toPayment(row: PaymentRow, now: number): Payment {
  const status = row.status === 'pending' && row.expires_at <= now ? 'expired' : row.status;
  return {
    id: row.id,
    orderId: row.order_id,
    status: status as Payment['status'],
    amount: row.amount,
    payUrl: row.pay_url,
    expiresAt: isoTime(row.expires_at),
  };
}

/**
 * Online payment of membership orders. The client only starts a payment and reads its status;
 * a verified provider callback is the only thing that marks it paid.
 */
export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly repository: PaymentsRepository,
    private readonly cards: CardsService,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
    private readonly config: Config,
    readonly provider: PaymentProvider | null,
  ) {}

  /**
   * Starts (or resumes) the payment of a pending order: the same key answers the same payment,
   * and while a payment of the order is still open a new key answers that one too. One open
   * payment per order is a partial unique index (decision 015): of parallel first calls one
   * inserts, the others meet the index, run again and answer the winner's payment.
   */
  create(userId: string, input: { orderId: string; idempotencyKey: string }, baseUrl: string): Promise<Payment> {
    const provider = this.provider;
    if (!provider) return Promise.reject(new AppError('NOT_AVAILABLE', 'notAvailable'));
    const key = `${userId}:pay:${input.idempotencyKey}`;
    return retryOnUniqueViolation(() =>
      this.db.transaction().execute(async (trx) => {
        const now = this.clock.now();
        const existing = await this.repository.findByKey(trx, key);
        if (existing) {
          if (existing.order_id !== input.orderId) throw new AppError('CONFLICT', 'conflict');
          return toPayment(existing, now);
        }
        const order = await this.cards.findPayableOrder(trx, userId, input.orderId);
        const live = await this.repository.findLive(trx, order.id, now);
        if (live) return toPayment(live, now);
        // A pending payment past its expiry is written as expired, so it leaves the index.
        await this.repository.expireStale(trx, order.id, now);
        const id = randomUUID();
        const expiresAt = Math.min(now + this.config.payments.expiryMinutes * MINUTE_MS, order.expires_at);
        const row: PaymentRow = {
          id,
          user_id: userId,
          order_id: order.id,
          provider: provider.name,
          amount: order.amount,
          status: 'pending',
          pay_url: await provider.checkoutUrl({ id, amount: order.amount, expiresAt }, baseUrl),
          idempotency_key: key,
          created_at: now,
          expires_at: expiresAt,
          completed_at: null,
        };
        await this.repository.insert(trx, row);
        return toPayment(row, now);
      }),
    );
  }

  /** Another user's payment is not found, exactly like a payment that does not exist. */
  async get(userId: string, id: string): Promise<Payment> {
    const now = this.clock.now();
    const row = await this.repository.find(this.db, id);
    if (!row || row.user_id !== userId) throw notFound();
    if (row.status === 'pending' && row.expires_at <= now) {
      await this.repository.complete(this.db, row.id, 'expired', now);
    }
    return toPayment(row, now);
  }

  /** For the sandbox's own checkout page, which has no session (like a provider's page). */
  async findForCheckout(id: string): Promise<Payment | null> {
    const row = await this.repository.find(this.db, id);
    return row ? toPayment(row, this.clock.now()) : null;
  }

  /**
   * Applies a verified provider event once. A paid event marks the payment and its order paid,
   * records the money in the ledger and activates the card, all in one transaction.
   */
  async handleEvent(providerName: string, event: PaymentEvent): Promise<EventOutcome> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const now = this.clock.now();
        await this.repository.insertEvent(trx, {
          provider: providerName,
          event_id: event.eventId,
          payment_id: event.paymentId,
          outcome: 'received',
          received_at: now,
        });
        const finish = async (outcome: EventOutcome) => {
          await this.repository.setEventOutcome(trx, providerName, event.eventId, outcome);
          return outcome;
        };
        const payment = await this.repository.find(trx, event.paymentId);
        if (!payment || payment.provider !== providerName || payment.amount !== event.amount) return finish('ignored');
        if (event.outcome === 'failed') {
          return finish((await this.repository.complete(trx, payment.id, 'failed', now)) ? 'failed' : 'ignored');
        }
        if (!(await this.repository.complete(trx, payment.id, 'paid', now))) return finish('ignored');
        const isOrderPaid = await this.cards.markOrderPaid(trx, payment.order_id, now);
        // Money that arrives for an order already paid (two payments raced) is kept apart for a refund.
        await this.ledger.post(trx, {
          kind: 'card.pay',
          legs: [
            { account: { kind: 'system', name: `gateway-${providerName}`, asset: 'CNY' }, amount: -payment.amount },
            {
              account: { kind: 'system', name: isOrderPaid ? 'sales' : 'refunds-due', asset: 'CNY' },
              amount: payment.amount,
            },
          ],
          idempotencyKey: `${payment.user_id}:pay:${payment.id}`,
          fingerprint: { payment: payment.id, amount: payment.amount },
          memo: `order ${payment.order_id}`,
        });
        if (!isOrderPaid) return finish('unmatched');
        const order = await this.cards.findOrder(trx, payment.order_id);
        if (order) await this.cards.activateOrder(trx, order, now);
        return finish('paid');
      });
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate';
      throw error;
    }
  }
}
