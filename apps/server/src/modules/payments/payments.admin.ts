import { isUniqueViolation } from '../../db/constraints.js';
import type { Db } from '../../db/database.js';
import type { ConsoleMembershipOrder, MembershipOrder, ProviderRefund } from '@stride/contract';
import { isoTime, type Clock } from '../../lib/clock.js';
import { accountCode, type LedgerService } from '../ledger/ledger.service.js';
import { OperatorError } from '../../http/operator-error.js';
import type { AuditService } from '../audit/audit.service.js';
import type { CardsService, MembershipOrderRow as OrderRow } from '../cards/cards.service.js';
import type { PaymentsRepository, ProviderRefundRow } from './payments.repository.js';
import type { PaymentsService } from './payments.service.js';

function toConsoleRefund(row: ProviderRefundRow): ProviderRefund {
  return {
    id: row.id,
    status: row.status as ProviderRefund['status'],
    reason: row.reason as ProviderRefund['reason'],
    amount: row.amount,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: isoTime(row.created_at),
    completedAt: row.completed_at === null ? null : isoTime(row.completed_at),
  };
}

/**
 * An order as the console shows it, before the console names its buyer (decision 080 "A console a new operator can
 * read").
 */
type OrderView = Omit<ConsoleMembershipOrder, 'userMobileMasked'>;

function toConsoleOrder(row: OrderRow, view: MembershipOrder, refund: ProviderRefundRow | undefined): OrderView {
  return {
    id: view.id,
    userId: row.user_id,
    planName: view.planName,
    amount: view.amount,
    payWith: view.payWith,
    status: view.status,
    createdAt: view.createdAt,
    paidAt: view.paidAt,
    cancelledAt: row.cancelled_at === null ? null : isoTime(row.cancelled_at),
    paymentId: row.payment_id,
    refund: refund ? toConsoleRefund(refund) : null,
  };
}

/** Where money for an order already paid waits for an operator's refund. */
const REFUNDS_DUE = { kind: 'system', name: 'refunds-due', asset: 'CNY' } as const;

/** Operators refund money that arrived for an order already paid (two payments raced). */
export class PaymentsAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: PaymentsRepository,
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly payments: PaymentsService,
    private readonly cards: CardsService,
  ) {}

  /** Money of second payments (an order already paid) held in `system:refunds-due`, oldest first. */
  listHeld(filter: { refunded: boolean }) {
    return this.repository
      .listHeld(this.db, accountCode(REFUNDS_DUE))
      .then((rows) =>
        rows.filter((row) => (row.refunded_at !== null || row.provider_refund_status === 'done') === filter.refunded),
      );
  }

  /**
   * Refunds held money to its payer's balance, once: the refund row's primary key (and the ledger
   * key `refund:<payment>`) let exactly one of any number of concurrent runs through. The record,
   * the ledger transfer and the operator action share one transaction.
   */
  async refundHeld(operator: string, paymentId: string): Promise<{ userId: string; amount: number }> {
    const alreadyRefunded = () => new OperatorError(`Payment ${paymentId} was already refunded; nothing was changed.`);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const [held] = await this.repository.listHeld(trx, accountCode(REFUNDS_DUE), paymentId);
        if (!held) {
          const exists = await this.repository.find(trx, paymentId);
          throw new OperatorError(
            exists ? `Payment ${paymentId} has no money held for a refund.` : `No payment ${paymentId}`,
          );
        }
        if (held.refunded_at !== null) throw alreadyRefunded();
        const now = this.clock.now();
        // Money the provider is still sending back, or sent back, is not refunded twice; a provider
        // refund that failed for good is superseded by this one (decision 037 "The payment lifecycle").
        if (held.provider_refund_id !== null) {
          if (held.provider_refund_status === 'done') throw alreadyRefunded();
          if (!(await this.repository.moveRefund(trx, held.provider_refund_id, 'failed', 'superseded', now))) {
            const current = await this.repository.findProviderRefund(trx, held.provider_refund_id);
            if (current?.status === 'superseded' || current?.status === 'done') throw alreadyRefunded();
            throw new OperatorError(
              `Payment ${paymentId} is being refunded through its provider (${held.provider_refund_status ?? ''}); nothing was changed.`,
            );
          }
        }
        const transfer = await this.ledger.post(trx, {
          kind: 'payment.refund',
          legs: [
            { account: REFUNDS_DUE, amount: -held.held },
            { account: { kind: 'user', userId: held.user_id, asset: 'CNY' }, amount: held.held },
          ],
          idempotencyKey: `refund:${paymentId}`,
          fingerprint: { payment: paymentId, amount: held.held },
          memo: `refund of payment ${paymentId}, order ${held.order_id}`,
        });
        if (transfer.replayed) throw alreadyRefunded();
        await this.repository.insertRefund(trx, {
          payment_id: paymentId,
          user_id: held.user_id,
          amount: held.held,
          transfer_id: transfer.transferId,
          operator,
          created_at: now,
        });
        await this.audit.record(trx, {
          operator,
          action: 'payment.refund',
          subjectType: 'payment',
          subjectId: paymentId,
          detail: { amount: held.held, order: held.order_id, to: 'balance' },
          now,
        });
        return { userId: held.user_id, amount: held.held };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyRefunded();
      throw error;
    }
  }

  /** Membership orders for the console, newest first (decision 037 "The payment lifecycle"). */
  async listOrders(
    filter: { status?: string | undefined; userId?: string | undefined; orderId?: string | undefined },
    page: { page: number; pageSize: number },
  ) {
    const { rows, total } = await this.cards.listOrdersForOperators(filter, page);
    const refunds = await Promise.all(
      rows.map(async ({ row }) =>
        row.payment_id ? this.repository.findRefundOfPayment(this.db, row.payment_id) : undefined,
      ),
    );
    const items = rows.map(({ row, view }, index) => toConsoleOrder(row, view, refunds[index]));
    return { items, total };
  }

  /** One order as the console shows it. */
  async viewOrder(orderId: string): Promise<OrderView> {
    const { items } = await this.listOrders({ orderId }, { page: 1, pageSize: 1 });
    const [item] = items;
    if (!item) throw new OperatorError(`No membership order ${orderId}`);
    return item;
  }

  /**
   * Cancels a paid membership order with a full refund (decision 037 "The payment lifecycle"), once: the order's
   * paid → cancelled compare-and-set is the transaction's first write, so of concurrent cancels
   * one refunds and the others are told it was already cancelled. The card ends now. Paid by
   * balance, the price goes back to the balance at once; paid online, it moves to
   * `system:refunds-due` and a provider refund is recorded, sent after the commit (and retried by
   * the sweep while it fails). The operator action records the reason.
   */
  async cancelPaidOrder(
    operator: string,
    orderId: string,
    reason: string,
  ): Promise<{
    orderId: string;
    userId: string;
    amount: number;
    to: 'balance' | 'provider';
    refundId: string | null;
    refund: string;
  }> {
    const result = await this.db.transaction().execute(async (trx) => {
      const now = this.clock.now();
      const order = await this.cards.findOrder(trx, orderId);
      if (!order) throw new OperatorError(`No membership order ${orderId}`);
      if (!(await this.cards.cancelOrder(trx, orderId, 'paid', now))) {
        // Read again: a concurrent cancel may have just committed.
        const current = (await this.cards.findOrder(trx, orderId)) ?? order;
        throw new OperatorError(
          current.status === 'cancelled'
            ? `Order ${orderId} was already cancelled; nothing was changed.`
            : `Order ${orderId} is ${current.status}, not paid; nothing was changed.`,
        );
      }
      const cardId = await this.cards.endCardOfOrder(trx, orderId, now);
      const byBalance = order.pay_with === 'balance' || order.payment_id === null;
      let refundId: string | null = null;
      if (byBalance) {
        await this.ledger.post(trx, {
          kind: 'payment.refund',
          legs: [
            { account: { kind: 'system', name: 'sales', asset: 'CNY' }, amount: -order.amount },
            { account: { kind: 'user', userId: order.user_id, asset: 'CNY' }, amount: order.amount },
          ],
          idempotencyKey: `card.cancel:${orderId}`,
          fingerprint: { order: orderId, amount: order.amount },
          memo: `refund of cancelled order ${orderId}`,
        });
      } else {
        const payment = await this.repository.find(trx, order.payment_id as string);
        if (!payment) throw new Error(`payment ${order.payment_id ?? ''} of order ${orderId} is missing`);
        await this.ledger.post(trx, {
          kind: 'card.cancel',
          legs: [
            { account: { kind: 'system', name: 'sales', asset: 'CNY' }, amount: -order.amount },
            { account: REFUNDS_DUE, amount: order.amount },
          ],
          idempotencyKey: `card.cancel:${orderId}`,
          fingerprint: { order: orderId, amount: order.amount },
          memo: `cancelled order ${orderId}, payment ${payment.id}`,
        });
        refundId = await this.payments.recordRefund(trx, payment, 'order-cancelled', operator, now);
      }
      await this.audit.record(trx, {
        operator,
        action: 'card-order.cancel',
        subjectType: 'card-order',
        subjectId: orderId,
        detail: {
          reason,
          amount: order.amount,
          to: byBalance ? 'balance' : 'provider',
          card: cardId,
          refund: refundId,
        },
        before: { status: 'paid' },
        after: { status: 'cancelled' },
        now,
      });
      return {
        orderId,
        userId: order.user_id,
        amount: order.amount,
        to: byBalance ? ('balance' as const) : ('provider' as const),
        refundId,
      };
    });
    const refund = result.refundId === null ? 'done' : await this.payments.sendRefund(result.refundId);
    return { ...result, refund };
  }

  /** Provider refunds for operators, newest first (decision 037 "The payment lifecycle"). */
  listProviderRefunds(status: string | undefined, page: { page: number; pageSize: number }) {
    return this.repository.listProviderRefunds(this.db, status, {
      limit: page.pageSize,
      offset: (page.page - 1) * page.pageSize,
    });
  }
}
