import { isUniqueViolation } from '../../db/constraints.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { accountCode, type LedgerService } from '../ledger/ledger.service.js';
import { OperatorError } from '../operators/operator-error.js';
import type { OperatorsService } from '../operators/operators.service.js';
import type { PaymentsRepository } from './payments.repository.js';

/** Where money for an order already paid waits for an operator's refund. */
const REFUNDS_DUE = { kind: 'system', name: 'refunds-due', asset: 'CNY' } as const;

/** Operators refund money that arrived for an order already paid (two payments raced). */
export class PaymentsAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: PaymentsRepository,
    private readonly ledger: LedgerService,
    private readonly operators: OperatorsService,
    private readonly clock: Clock,
  ) {}

  /** Money of second payments (an order already paid) held in `system:refunds-due`, oldest first. */
  listHeld(filter: { refunded: boolean }) {
    return this.repository
      .listHeld(this.db, accountCode(REFUNDS_DUE))
      .then((rows) => rows.filter((row) => (row.refunded_at !== null) === filter.refunded));
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
        await this.operators.record(trx, {
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
}
