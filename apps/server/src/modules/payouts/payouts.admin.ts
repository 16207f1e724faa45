import type { Withdrawal } from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import type { Clock } from '../../lib/clock.js';
import type { FieldCipher } from '../../lib/secrets.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { OperatorError } from '../operators/operator-error.js';
import type { OperatorsService } from '../operators/operators.service.js';
import type { PayoutsRepository, WithdrawalWithCardRow } from './payouts.repository.js';
import { PENDING_ACCOUNT, toWithdrawal } from './payouts.service.js';

/**
 * Operators pay or reject withdrawals, once each. The compare-and-set on `pending` is the
 * transaction's first write, so a second operator waits on the row and then finds it settled,
 * before any money moves.
 */
export class PayoutsAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: PayoutsRepository,
    private readonly ledger: LedgerService,
    private readonly operators: OperatorsService,
    private readonly cipher: FieldCipher,
    private readonly clock: Clock,
  ) {}

  listForOperators(status: string | undefined, limit = 100) {
    return this.repository.listWithdrawals(this.db, { status }, { limit, offset: 0 });
  }

  /** The full account number to pay to; the look is recorded. */
  async revealAccount(
    operator: string,
    withdrawalId: string,
  ): Promise<{ row: WithdrawalWithCardRow; account: string }> {
    const row = await this.repository.findWithdrawal(this.db, withdrawalId);
    if (!row) throw new OperatorError(`No withdrawal ${withdrawalId}`);
    const card = await this.repository.findCard(this.db, row.bank_card_id);
    if (!card) throw new OperatorError(`The card of withdrawal ${withdrawalId} is missing`);
    await this.operators.record(this.db, {
      operator,
      action: 'withdrawal.view-account',
      subjectType: 'withdrawal',
      subjectId: withdrawalId,
      now: this.clock.now(),
    });
    return { row, account: this.cipher.decrypt(card.account_encrypted) };
  }

  async markPaid(operator: string, withdrawalId: string): Promise<Withdrawal> {
    await this.operators.changeState({
      operator,
      change: (trx, now) => this.repository.settle(trx, withdrawalId, { status: 'paid', paid_at: now }),
      reread: (trx) => this.repository.findWithdrawal(trx, withdrawalId),
      missing: `No withdrawal ${withdrawalId}`,
      lost: (current) => alreadySettled(withdrawalId, current),
      apply: async (trx) => {
        const row = await this.settled(trx, withdrawalId);
        const { transferId } = await this.ledger.post(trx, {
          kind: 'withdraw.paid',
          legs: [
            { account: { kind: 'system', name: PENDING_ACCOUNT, asset: 'CNY' }, amount: -row.amount },
            { account: { kind: 'system', name: 'payouts', asset: 'CNY' }, amount: row.received },
            { account: { kind: 'system', name: 'withdrawal-fees', asset: 'CNY' }, amount: row.fee },
          ],
          idempotencyKey: `withdrawal:${row.id}:settle`,
          fingerprint: { outcome: 'paid' },
        });
        await this.repository.setSettleTransfer(trx, row.id, transferId);
        return row;
      },
      record: (row) => ({
        action: 'withdrawal.paid',
        subjectType: 'withdrawal',
        subjectId: row.id,
        detail: { amount: row.amount, fee: row.fee, received: row.received },
        before: { status: 'pending' },
        after: { status: 'paid', received: row.received },
      }),
    });
    return this.operatorView(withdrawalId);
  }

  /** Rejects and refunds the whole amount (fee included) once; the day's total is released. */
  async reject(operator: string, withdrawalId: string, reason: string): Promise<Withdrawal> {
    await this.operators.changeState({
      operator,
      change: (trx, now) =>
        this.repository.settle(trx, withdrawalId, {
          status: 'rejected',
          reject_reason: reason,
          rejected_at: now,
          refunded_at: now,
        }),
      reread: (trx) => this.repository.findWithdrawal(trx, withdrawalId),
      missing: `No withdrawal ${withdrawalId}`,
      lost: (current) => alreadySettled(withdrawalId, current),
      apply: async (trx) => {
        const row = await this.settled(trx, withdrawalId);
        const { transferId } = await this.ledger.post(trx, {
          kind: 'withdraw.refund',
          legs: [
            { account: { kind: 'system', name: PENDING_ACCOUNT, asset: 'CNY' }, amount: -row.amount },
            { account: { kind: 'user', userId: row.user_id, asset: 'CNY' }, amount: row.amount },
          ],
          idempotencyKey: `withdrawal:${row.id}:settle`,
          fingerprint: { outcome: 'rejected' },
        });
        await this.repository.setSettleTransfer(trx, row.id, transferId);
        await this.repository.releaseDaily(trx, row.user_id, row.day, row.amount);
        return row;
      },
      record: (row) => ({
        action: 'withdrawal.reject',
        subjectType: 'withdrawal',
        subjectId: row.id,
        detail: { reason, refunded: row.amount },
        before: { status: 'pending' },
        after: { status: 'rejected', reason, refunded: row.amount },
      }),
    });
    return this.operatorView(withdrawalId);
  }

  private async settled(trx: Executor, withdrawalId: string): Promise<WithdrawalWithCardRow> {
    const row = await this.repository.findWithdrawal(trx, withdrawalId);
    if (!row) throw new OperatorError(`No withdrawal ${withdrawalId}`);
    return row;
  }

  private async operatorView(withdrawalId: string): Promise<Withdrawal> {
    return toWithdrawal(await this.settled(this.db, withdrawalId));
  }
}

function alreadySettled(withdrawalId: string, current: WithdrawalWithCardRow): string {
  return `Withdrawal ${withdrawalId} is already settled (${current.status}); nothing was changed.`;
}
