import { randomUUID } from 'node:crypto';
import type { Language, MembershipOrder, Payment } from '@stride/contract';
import type { PaymentsSettings } from './payments.settings.js';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { isUniqueViolation } from '../../db/constraints.js';
import { retryOnUniqueViolation } from '../../db/retry.js';
import { AppError, notFound } from '../../http/errors.js';
import { MINUTE_MS, isoTime, type Clock } from '../../lib/clock.js';
import type { CardsService, MembershipOrderRow as OrderRow } from '../cards/cards.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { ProviderError, type PaymentEvent, type PaymentProvider } from './payment-provider.js';
import type { PaymentRow, PaymentsRepository, ProviderRefundRow } from './payments.repository.js';

export type EventOutcome = 'paid' | 'failed' | 'duplicate' | 'ignored' | 'unmatched';

/** A pending payment is first asked about this long after it was created (decision 037 "The payment lifecycle")… */
export const FIRST_QUERY_AFTER_MS = 10_000;
/** …then at most this often, however many read it. */
export const QUERY_EVERY_MS = 5_000;
/** A provider refund is tried this many times (then an operator decides), waiting longer each time. */
export const REFUND_ATTEMPTS = 8;
const refundBackoffMs = (attempts: number) => Math.min(60, 2 ** attempts) * MINUTE_MS;
/**
 * The longest this service waits for a provider call, whatever the provider's own timeout: a call
 * that takes longer counts as failed and changes nothing (the provider deduplicates a refund that
 * went through meanwhile on its id, and a later query finds a payment that did).
 */
export const PROVIDER_CALL_LIMIT_MS = 15_000;

function bounded<T>(provider: string, call: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new ProviderError(provider, `no answer within ${PROVIDER_CALL_LIMIT_MS} ms`)),
      PROVIDER_CALL_LIMIT_MS,
    );
    timer.unref();
  });
  return Promise.race([call, limit]).finally(() => clearTimeout(timer));
}

/** How many rows one sweep pass takes of each kind; the next pass takes the rest. */
const SWEEP_BATCH = 100;

/** Where the payments service writes what it could not do (the app's logger; silent by default). */
export interface PaymentsLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}
const SILENT: PaymentsLog = { warn: () => undefined, info: () => undefined };

/** What one sweep pass did (decision 037 "The payment lifecycle"). */
export interface SweepResult {
  expired: number;
  credited: number;
  refunded: number;
  ordersExpired: number;
}

const REFUNDS_DUE = { kind: 'system', name: 'refunds-due', asset: 'CNY' } as const;
const gateway = (provider: string) => ({ kind: 'system', name: `gateway-${provider}`, asset: 'CNY' }) as const;
const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * A pending payment past its expiry reads as expired on the checkout page; its owner reads it as it
 * is written, since a trade that could not be closed yet may still turn out paid (decision 037 "The payment
 * lifecycle").
 */
export function toPayment(row: PaymentRow, now: number, pastExpiryReadsExpired = true): Payment {
  const status = pastExpiryReadsExpired && row.status === 'pending' && row.expires_at <= now ? 'expired' : row.status;
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
    private readonly config: PaymentsSettings,
    readonly provider: PaymentProvider | null,
    private readonly log: PaymentsLog = SILENT,
  ) {}

  /** The provider that can answer for a payment, refund or trade it opened (null: none configured now). */
  private providerFor(name: string): PaymentProvider | null {
    return this.provider && this.provider.name === name ? this.provider : null;
  }

  /**
   * Starts (or resumes) the payment of a pending order: the same key answers the same payment,
   * and while a payment of the order is still open a new key answers that one too. One open
   * payment per order is a partial unique index (decision 015 "Only once rules are held by the database"): of parallel
   * first calls one inserts, the others meet the index, run again and answer the winner's payment.
   */
  create(
    userId: string,
    input: { orderId: string; idempotencyKey: string },
    baseUrl: string,
    language?: Language,
  ): Promise<Payment> {
    const provider = this.provider;
    if (!provider) return Promise.reject(new AppError('NOT_AVAILABLE', 'notAvailable'));
    const key = `${userId}:pay:${input.idempotencyKey}`;
    return this.settleStaleOfOrder(input.orderId).then(() =>
      retryOnUniqueViolation(() =>
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
          // A pending payment past its expiry whose trade could not be closed yet keeps the order's
          // one open place: it may still turn out paid (decision 037 "The payment lifecycle").
          const pending = await this.repository.listPendingOfOrder(trx, order.id);
          if (pending.some((row) => row.expires_at <= now))
            throw new AppError('SERVICE_UNAVAILABLE', 'paymentProviderUnavailable');
          const id = randomUUID();
          const expiresAt = Math.min(now + this.config.payments.expiryMinutes * MINUTE_MS, order.expires_at);
          const row: PaymentRow = {
            id,
            user_id: userId,
            order_id: order.id,
            provider: provider.name,
            amount: order.amount,
            status: 'pending',
            pay_url: await provider.checkoutUrl({ id, amount: order.amount, expiresAt, language }, baseUrl),
            idempotency_key: key,
            created_at: now,
            expires_at: expiresAt,
            completed_at: null,
            checked_at: null,
          };
          await this.repository.insert(trx, row);
          return toPayment(row, now);
        }),
      ),
    );
  }

  /**
   * Another user's payment is not found, exactly like a payment that does not exist. A pending
   * payment is settled with the provider when that is due (late, or past its expiry); a provider
   * that fails or does not answer changes nothing, and the payment reads as still pending.
   */
  async get(userId: string, id: string): Promise<Payment> {
    let row = await this.repository.find(this.db, id);
    if (!row || row.user_id !== userId) throw notFound();
    if (row.status === 'pending') row = await this.settle(row);
    return toPayment(row, this.clock.now(), false);
  }

  /** For the sandbox's own checkout page, which has no session (like a provider's page). */
  async findForCheckout(id: string): Promise<Payment | null> {
    const row = await this.repository.find(this.db, id);
    return row ? toPayment(row, this.clock.now()) : null;
  }

  /**
   * Asks the provider about a pending payment when due (decision 037 "The payment lifecycle"): 10 s after it was
   * created and then at most every 5 s while it is open (a late callback); at its expiry, the trade is
   * queried, then closed and the payment expired. A `paid` answer goes through `handleEvent`,
   * like a callback. A failed call changes nothing; a later read or sweep tries again.
   * Answers the row as it is afterwards.
   */
  private async settle(row: PaymentRow): Promise<PaymentRow> {
    const now = this.clock.now();
    const pastExpiry = row.expires_at <= now;
    if (!pastExpiry && now - row.created_at < FIRST_QUERY_AFTER_MS) return row;
    if (!(await this.repository.claimCheck(this.db, row.id, now, QUERY_EVERY_MS))) return row;
    const provider = this.providerFor(row.provider);
    try {
      if (provider) {
        const event = await bounded(provider.name, provider.query({ id: row.id, amount: row.amount }));
        if (event && event.paymentId === row.id) {
          await this.handleEvent(provider.name, event);
          return (await this.repository.find(this.db, row.id)) ?? row;
        }
        if (!pastExpiry) return row;
        await bounded(provider.name, provider.close({ id: row.id, amount: row.amount }));
      }
      // A trade no configured provider can answer for any more is expired as before.
      await this.repository.complete(this.db, row.id, 'expired', this.clock.now());
    } catch (error) {
      this.log.warn({ payment: row.id, provider: row.provider, err: describe(error) }, 'payment provider call failed');
    }
    return (await this.repository.find(this.db, row.id)) ?? row;
  }

  /** Settles pending payments of one order past their expiry before a new payment of it starts. */
  private async settleStaleOfOrder(orderId: string): Promise<void> {
    const stale = (await this.repository.listPendingOfOrder(this.db, orderId)).filter(
      (row) => row.expires_at <= this.clock.now(),
    );
    for (const row of stale) await this.settle(row);
  }

  /**
   * Settles one user's pending payments past their expiry, so that the membership orders they
   * were for can expire (before the user's order lists are read).
   */
  async settleExpiredOf(userId: string): Promise<void> {
    const rows = await this.repository.listPendingExpired(this.db, this.clock.now(), SWEEP_BATCH, userId);
    for (const row of rows) await this.settle(row);
  }

  /**
   * Applies a verified provider event once (a callback, or the answer to our own query). A paid
   * event marks the payment and its order paid, records the money in the ledger and activates the
   * card, all in one transaction. The payment's own pending → paid step is the guard: a callback
   * and a query answer have different event ids, and only the first of them credits.
   */
  async handleEvent(providerName: string, event: PaymentEvent): Promise<EventOutcome> {
    let refundId: string | null = null;
    let outcome: EventOutcome;
    try {
      outcome = await this.db.transaction().execute(async (trx) => {
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
        const isOrderPaid = await this.cards.markOrderPaid(trx, payment.order_id, now, payment.id);
        // Money that arrives for an order no longer payable (paid by another payment, cancelled,
        // expired) is kept apart and sent back through the provider (decision 037 "The payment lifecycle").
        await this.ledger.post(trx, {
          kind: 'card.pay',
          legs: [
            { account: gateway(providerName), amount: -payment.amount },
            {
              account: { kind: 'system', name: isOrderPaid ? 'sales' : 'refunds-due', asset: 'CNY' },
              amount: payment.amount,
            },
          ],
          idempotencyKey: `${payment.user_id}:pay:${payment.id}`,
          fingerprint: { payment: payment.id, amount: payment.amount },
          memo: `order ${payment.order_id}`,
        });
        if (!isOrderPaid) {
          refundId = await this.recordRefund(trx, payment, 'duplicate', null, now);
          return finish('unmatched');
        }
        const order = await this.cards.findOrder(trx, payment.order_id);
        if (order) await this.cards.activateOrder(trx, order, now);
        return finish('paid');
      });
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate';
      throw error;
    }
    if (refundId !== null) await this.sendRefund(refundId);
    return outcome;
  }

  /**
   * Records a full refund of a paid payment through its provider, due at once, in the caller's
   * transaction (its money is already in `system:refunds-due`). Its id is the refund id the
   * provider deduplicates on; the payment's unique key makes it one per payment.
   */
  async recordRefund(
    trx: Executor,
    payment: PaymentRow,
    reason: 'duplicate' | 'order-cancelled',
    operator: string | null,
    now: number,
  ): Promise<string> {
    const row: ProviderRefundRow = {
      id: `refund-${payment.id}`,
      payment_id: payment.id,
      user_id: payment.user_id,
      order_id: payment.order_id,
      provider: payment.provider,
      amount: payment.amount,
      reason,
      status: 'due',
      attempts: 0,
      next_attempt_at: now,
      last_error: null,
      operator,
      created_at: now,
      completed_at: null,
    };
    await this.repository.insertProviderRefund(trx, row);
    return row.id;
  }

  /**
   * Sends a due refund to the provider, after the transaction that recorded it committed: one
   * attempt, claimed by a compare-and-set so concurrent senders never both call. When the provider
   * confirms, the refund is done and its money leaves `system:refunds-due` for the gateway's
   * account; when it fails, the refund stays due for a later sweep (after the last attempt it is
   * failed, for an operator). The provider deduplicates on the refund id, so an attempt after one
   * whose answer was lost never pays twice.
   */
  async sendRefund(id: string): Promise<'done' | 'due' | 'failed' | 'skipped'> {
    const refund = await this.repository.findProviderRefund(this.db, id);
    if (!refund || refund.status !== 'due') return 'skipped';
    const provider = this.providerFor(refund.provider);
    if (!provider) return 'skipped';
    const now = this.clock.now();
    const attempt = refund.attempts + 1;
    const next = now + refundBackoffMs(attempt);
    if (!(await this.repository.claimRefundAttempt(this.db, id, refund.attempts, now, next))) return 'skipped';
    try {
      await bounded(
        provider.name,
        provider.refund(
          { id: refund.payment_id, amount: refund.amount },
          { id: refund.id, amount: refund.amount, reason: refund.reason },
        ),
      );
    } catch (error) {
      const giveUp = attempt >= REFUND_ATTEMPTS;
      await this.repository.setRefundError(this.db, id, describe(error), giveUp);
      this.log.warn({ refund: id, attempt, err: describe(error) }, 'provider refund failed');
      return giveUp ? 'failed' : 'due';
    }
    const isMine = await this.db.transaction().execute(async (trx) => {
      if (!(await this.repository.moveRefund(trx, id, 'due', 'done', this.clock.now()))) return false;
      await this.ledger.post(trx, {
        kind: 'gateway.refund',
        legs: [
          { account: REFUNDS_DUE, amount: -refund.amount },
          { account: gateway(refund.provider), amount: refund.amount },
        ],
        idempotencyKey: `gateway.refund:${refund.id}`,
        fingerprint: { refund: refund.id, amount: refund.amount },
        memo: `refund ${refund.id} of payment ${refund.payment_id}, order ${refund.order_id}`,
      });
      return true;
    });
    if (!isMine) return 'skipped';
    this.log.info({ refund: id, payment: refund.payment_id }, 'provider refund done');
    return 'done';
  }

  /**
   * One pass of the periodic sweep (decision 037 "The payment lifecycle"): pending payments past their expiry are
   * settled (queried, closed, expired, or credited when the provider says they were paid), due refunds are
   * sent, and pending orders past their expiry with no pending payment left are expired.
   */
  async sweep(): Promise<SweepResult> {
    const result: SweepResult = { expired: 0, credited: 0, refunded: 0, ordersExpired: 0 };
    for (const row of await this.repository.listPendingExpired(this.db, this.clock.now(), SWEEP_BATCH)) {
      const after = await this.settle(row);
      if (after.status === 'expired') result.expired += 1;
      if (after.status === 'paid') result.credited += 1;
    }
    for (const refund of await this.repository.listDueRefunds(this.db, this.clock.now(), SWEEP_BATCH)) {
      if ((await this.sendRefund(refund.id)) === 'done') result.refunded += 1;
    }
    result.ordersExpired = await this.cards.expireAllOrders(this.db, this.clock.now());
    return result;
  }

  /**
   * A user cancels a pending membership order (decision 037 "The payment lifecycle"). Its pending payments' trades are
   * closed at the provider first; if the provider says one was paid, it is credited and the order
   * is paid, not cancelled, which the answer says. A provider that fails or does not answer
   * changes nothing (1014). Cancelling again answers the cancelled order; an expired order is
   * answered as it is; a paid order cannot be cancelled by its user.
   */
  async cancelOrder(userId: string, orderId: string, language: Language): Promise<MembershipOrder> {
    const order = await this.cards.findOrder(this.db, orderId);
    if (!order || order.user_id !== userId) throw notFound();
    if (order.status === 'cancelled' || order.status === 'expired')
      return this.cards.viewOrder(this.db, order, language);
    if (order.status !== 'pending') throw new AppError('BUSINESS_RULE', 'membershipOrderNotCancellable');
    const open = await this.repository.listPendingOfOrder(this.db, orderId);
    for (const payment of open) {
      const provider = this.providerFor(payment.provider);
      if (!provider) continue;
      try {
        const event = await bounded(provider.name, provider.query({ id: payment.id, amount: payment.amount }));
        if (event?.outcome === 'paid' && event.paymentId === payment.id) {
          await this.handleEvent(provider.name, event);
          continue;
        }
        await bounded(provider.name, provider.close({ id: payment.id, amount: payment.amount }));
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        this.log.warn({ payment: payment.id, err: describe(error) }, 'payment provider call failed');
        throw new AppError('SERVICE_UNAVAILABLE', 'paymentProviderUnavailable');
      }
    }
    return this.db.transaction().execute(async (trx) => {
      const now = this.clock.now();
      for (const payment of open) await this.repository.complete(trx, payment.id, 'failed', now);
      // A payment started meanwhile keeps its trade open: the user tries again.
      if ((await this.repository.listPendingOfOrder(trx, orderId)).length > 0)
        throw new AppError('CONFLICT', 'conflict');
      await this.cards.cancelOrder(trx, orderId, 'pending', now);
      const after = (await this.cards.findOrder(trx, orderId)) as OrderRow;
      if (after.status === 'paid') throw new AppError('BUSINESS_RULE', 'orderPaidWhileCancelling');
      return this.cards.viewOrder(trx, after, language);
    });
  }
}
