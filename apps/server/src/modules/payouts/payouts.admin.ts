import type { ConsoleWithdrawal } from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import { csvOf, yuan } from '../../lib/csv.js';
import { formatMoney } from '../../lib/money.js';
import { maskMobile, type FieldCipher } from '../../lib/secrets.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { OperatorError } from '../../http/operator-error.js';
import {
  conflictView,
  dependenceOf,
  notIndependent,
  originView,
  type Origin,
  type AuditService,
} from '../audit/audit.service.js';
import { NOTIFICATION_PAGES, type NotificationsService } from '../notifications/notifications.service.js';
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
    private readonly audit: AuditService,
    private readonly cipher: FieldCipher,
    private readonly clock: Clock,
    /**
     * WITHDRAWAL_SECOND_APPROVAL_ABOVE: above it, two different finance operators (decision 023 "Money under four
     * eyes").
     */
    private readonly secondApprovalAbove: number,
    private readonly notifications: NotificationsService,
  ) {}

  needsSecondApproval(amount: number): boolean {
    return amount > this.secondApprovalAbove;
  }

  /**
   * A withdrawal as finance sees it: the user's masked mobile, the approval state with how each
   * operator came to the role, and whether `reader` may pay it (decision 074 "Independent second approvers"), the
   * reference.
   */
  consoleView(
    row: WithdrawalWithCardRow,
    reader: string,
    origins: ReadonlyMap<string, Origin>,
    since: number,
  ): ConsoleWithdrawal {
    const awaitsPayer =
      row.status === 'pending' &&
      this.needsSecondApproval(row.amount) &&
      row.first_approved_by !== null &&
      row.first_approved_by !== reader;
    return {
      ...toWithdrawal(row),
      userId: row.user_id,
      userMobileMasked: maskMobile(row.user_account),
      needsSecondApproval: this.needsSecondApproval(row.amount),
      firstApprovedBy: row.first_approved_by,
      firstApprovedByMe: row.first_approved_by !== null && row.first_approved_by === reader,
      firstApprovedAt: row.first_approved_at === null ? null : isoTime(row.first_approved_at),
      paidBy: row.paid_by,
      firstApprovedByOrigin: row.first_approved_by === null ? null : originView(origins.get(row.first_approved_by)),
      paidByOrigin: row.paid_by === null ? null : originView(origins.get(row.paid_by)),
      notIndependent:
        awaitsPayer && row.first_approved_by !== null
          ? conflictView(dependenceOf(reader, row.first_approved_by, origins, since))
          : null,
    };
  }

  /** Withdrawals as `reader` sees them in the console, in the order given. */
  async consoleViews(rows: WithdrawalWithCardRow[], reader: string): Promise<ConsoleWithdrawal[]> {
    const origins = await this.audit.originsOf(this.db, [
      reader,
      ...rows.flatMap((row) => [row.first_approved_by, row.paid_by]),
    ]);
    const since = this.audit.independenceSince(this.clock.now());
    return rows.map((row) => this.consoleView(row, reader, origins, since));
  }

  /**
   * The pending withdrawals as a CSV file for the bank's batch upload, with the full account
   * numbers decrypted: the look is recorded with the withdrawals it showed.
   */
  async exportPending(operator: string): Promise<string> {
    const { rows } = await this.repository.listWithdrawals(this.db, { status: 'pending' }, { limit: 1000, offset: 0 });
    const lines: string[][] = [['id', 'holder_name', 'bank', 'account_number', 'amount_cny', 'reference']];
    for (const row of [...rows].reverse()) {
      const card = await this.repository.findCard(this.db, row.bank_card_id);
      if (!card) throw new OperatorError(`The card of withdrawal ${row.id} is missing`);
      lines.push([
        row.id,
        row.card_holder_name,
        row.card_bank,
        this.cipher.decrypt(card.account_encrypted),
        yuan(row.received),
        paymentReference(row.id),
      ]);
    }
    await this.audit.recordLook({
      operator,
      action: 'withdrawal.export',
      subjectType: 'withdrawal',
      subjectId: 'pending',
      detail: { withdrawals: rows.map((row) => row.id) },
    });
    return csvOf(lines);
  }

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
    await this.audit.record(this.db, {
      operator,
      action: 'withdrawal.view-account',
      subjectType: 'withdrawal',
      subjectId: withdrawalId,
      now: this.clock.now(),
    });
    return { row, account: this.cipher.decrypt(card.account_encrypted) };
  }

  /**
   * The first of two finance operators on a large withdrawal: recorded, the withdrawal stays
   * pending until a different operator pays it. A compare-and-set, so it happens once.
   */
  async approve(operator: string, withdrawalId: string): Promise<ConsoleWithdrawal> {
    await this.audit.changeState({
      operator,
      change: (trx, now) => this.repository.approveFirst(trx, withdrawalId, operator, now, this.secondApprovalAbove),
      reread: (trx) => this.repository.findWithdrawal(trx, withdrawalId),
      missing: `No withdrawal ${withdrawalId}`,
      lost: (current) => {
        if (current.status !== 'pending') return alreadySettled(withdrawalId, current);
        if (!this.needsSecondApproval(current.amount)) {
          return `Withdrawal ${withdrawalId} is not above ${formatMoney(this.secondApprovalAbove)}: it needs no second approval; pay it directly.`;
        }
        return `Withdrawal ${withdrawalId} was already approved by ${current.first_approved_by ?? '?'}; a different finance operator pays it.`;
      },
      apply: (trx) => this.settled(trx, withdrawalId),
      record: (row) => ({
        action: 'withdrawal.approve',
        subjectType: 'withdrawal',
        subjectId: row.id,
        detail: { amount: row.amount },
        before: { status: 'pending', firstApprovedBy: null },
        after: { status: 'pending', firstApprovedBy: operator },
      }),
    });
    return this.operatorView(withdrawalId, operator);
  }

  /**
   * Marks a withdrawal paid once, with the bank's transfer reference. Above the second-approval
   * amount it must carry a first approval by another operator, independent of the payer (decision
   * 074 "Independent second approvers"); the command line (`channel: 'cli'`) cannot give one, so it refuses those and
   * points to the console.
   */
  async markPaid(
    operator: string,
    withdrawalId: string,
    reference: string,
    channel: 'console' | 'cli' = 'console',
  ): Promise<ConsoleWithdrawal> {
    if (channel === 'cli') {
      const row = await this.repository.findWithdrawal(this.db, withdrawalId);
      if (row && row.status === 'pending' && this.needsSecondApproval(row.amount)) {
        throw new OperatorError(
          `Withdrawal ${withdrawalId} is above ${formatMoney(this.secondApprovalAbove)} and needs two finance operators: approve and pay it in the console.`,
        );
      }
    }
    let firstApprovedBy: string | null = null;
    let at = this.clock.now();
    let origins: ReadonlyMap<string, Origin> = new Map();
    await this.audit.changeState({
      operator,
      change: (trx, now) => {
        at = now;
        return this.repository.settlePaid(
          trx,
          withdrawalId,
          { operator, reference, now },
          this.secondApprovalAbove,
          this.audit.independentOf(operator, now),
        );
      },
      reread: (trx) => this.repository.findWithdrawal(trx, withdrawalId),
      missing: `No withdrawal ${withdrawalId}`,
      lost: async (current, trx) => {
        if (current.status !== 'pending') return alreadySettled(withdrawalId, current);
        if (current.first_approved_by === null) {
          return `Withdrawal ${withdrawalId} is above ${formatMoney(this.secondApprovalAbove)}: a finance operator approves it first, then a different one pays it.`;
        }
        if (current.first_approved_by === operator) {
          return `You gave the first approval of withdrawal ${withdrawalId}; a different finance operator must pay it.`;
        }
        const dependence = await this.audit.dependence(trx, operator, current.first_approved_by, at);
        if (dependence) return notIndependent(dependence);
        return `Withdrawal ${withdrawalId} could not be paid; nothing was changed.`;
      },
      apply: async (trx) => {
        const row = await this.settled(trx, withdrawalId);
        firstApprovedBy = row.first_approved_by;
        if (firstApprovedBy !== null) origins = await this.audit.originsOf(trx, [firstApprovedBy, operator]);
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
        await this.notifications.record(trx, {
          userId: row.user_id,
          kind: 'withdrawal.paid',
          params: { amount: row.amount, received: row.received },
          dedupeKey: `withdrawal.paid:${row.id}`,
          link: { path: NOTIFICATION_PAGES.withdrawals },
        });
        return row;
      },
      record: (row) => ({
        action: 'withdrawal.paid',
        subjectType: 'withdrawal',
        subjectId: row.id,
        detail: { amount: row.amount, fee: row.fee, received: row.received, reference },
        before: { status: 'pending', firstApprovedBy },
        after: {
          status: 'paid',
          received: row.received,
          paidBy: operator,
          reference,
          // A large one: who gave each approval, and how each came to the role (decision 074 "Independent second
          // approvers").
          ...(firstApprovedBy === null
            ? {}
            : {
                firstApprover: originView(origins.get(firstApprovedBy)) ?? { name: firstApprovedBy },
                payer: originView(origins.get(operator)) ?? { name: operator },
              }),
        },
      }),
    });
    this.notifications.nudge(); // the push of a settled withdrawal, now committed
    return this.operatorView(withdrawalId, operator);
  }

  /** Rejects and refunds the whole amount (fee included) once; the day's total is released. */
  async reject(operator: string, withdrawalId: string, reason: string): Promise<ConsoleWithdrawal> {
    await this.audit.changeState({
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
        await this.notifications.record(trx, {
          userId: row.user_id,
          kind: 'withdrawal.rejected',
          params: { amount: row.amount, reason },
          dedupeKey: `withdrawal.rejected:${row.id}`,
          link: { path: NOTIFICATION_PAGES.withdrawals },
        });
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
    this.notifications.nudge(); // the push of a settled withdrawal, now committed
    return this.operatorView(withdrawalId, operator);
  }

  private async settled(trx: Executor, withdrawalId: string): Promise<WithdrawalWithCardRow> {
    const row = await this.repository.findWithdrawal(trx, withdrawalId);
    if (!row) throw new OperatorError(`No withdrawal ${withdrawalId}`);
    return row;
  }

  private async operatorView(withdrawalId: string, reader: string): Promise<ConsoleWithdrawal> {
    const [view] = await this.consoleViews([await this.settled(this.db, withdrawalId)], reader);
    if (!view) throw new OperatorError(`No withdrawal ${withdrawalId}`);
    return view;
  }
}

/** What the bank batch writes on each transfer, so the user's bank statement names it. */
function paymentReference(withdrawalId: string): string {
  return `STRIDE ${withdrawalId.slice(0, 8).toUpperCase()}`;
}

function alreadySettled(withdrawalId: string, current: WithdrawalWithCardRow): string {
  return `Withdrawal ${withdrawalId} is already settled (${current.status}); nothing was changed.`;
}
