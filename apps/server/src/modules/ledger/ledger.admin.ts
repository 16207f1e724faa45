import { randomUUID } from 'node:crypto';
import type { Correction, CorrectionStatus, LedgerReport } from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { AppError } from '../../http/errors.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import { formatMoney } from '../../lib/money.js';
import { maskMobile } from '../../lib/secrets.js';
import { OperatorError } from '../../http/operator-error.js';
import {
  conflictView,
  dependenceOf,
  notIndependent,
  originView,
  type Origin,
  type AuditService,
} from '../audit/audit.service.js';
import type { CorrectionsRepository, CorrectionWithUserRow } from './corrections.repository.js';
import type { Asset, LedgerAccountRef, LedgerService } from './ledger.service.js';

/** Where corrections come from and go to: the ledger's system account for them. */
export const ADJUSTMENTS_ACCOUNT = 'adjustments';

export interface CorrectionInput {
  user: string;
  direction: 'credit' | 'debit';
  asset: Asset;
  amount: number;
  reason: string;
}

function amountText(asset: string, amount: number): string {
  return asset === 'CNY' ? `¥${formatMoney(amount)}` : `${amount} points`;
}

/**
 * Finance's side of the ledger (decision 023 "Money under four eyes"): balance corrections under four eyes and the
 * ledger report. A correction is requested by one finance operator and approved (moving the money) or
 * rejected by a different one; its requester may cancel it while it waits. The approver must be
 * independent of the requester: neither created the other or gave it finance or admin within
 * FOUR_EYES_INDEPENDENCE_DAYS (decision 074 "Independent second approvers").
 */
export class LedgerAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: CorrectionsRepository,
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  view(row: CorrectionWithUserRow, reader: string, origins: ReadonlyMap<string, Origin>, since: number): Correction {
    const mine = row.requested_by === reader;
    return {
      id: row.id,
      userId: row.user_id,
      userMobileMasked: maskMobile(row.user_account),
      direction: row.direction as Correction['direction'],
      asset: row.asset as Correction['asset'],
      amount: Number(row.amount),
      reason: row.reason,
      status: row.status as CorrectionStatus,
      requestedBy: row.requested_by,
      mine,
      decidedBy: row.decided_by,
      decisionReason: row.decision_reason,
      createdAt: isoTime(Number(row.created_at)),
      decidedAt: row.decided_at === null ? null : isoTime(Number(row.decided_at)),
      requestedByOrigin: originView(origins.get(row.requested_by)),
      decidedByOrigin: row.decided_by === null ? null : originView(origins.get(row.decided_by)),
      notIndependent:
        row.status === 'pending' && !mine ? conflictView(dependenceOf(reader, row.requested_by, origins, since)) : null,
    };
  }

  /** Corrections as `reader` sees them, with how each operator named came to the role. */
  private async views(db: Executor, rows: CorrectionWithUserRow[], reader: string): Promise<Correction[]> {
    const origins = await this.audit.originsOf(db, [
      reader,
      ...rows.flatMap((row) => [row.requested_by, row.decided_by]),
    ]);
    const since = this.audit.independenceSince(this.clock.now());
    return rows.map((row) => this.view(row, reader, origins, since));
  }

  private async viewOne(id: string, reader: string): Promise<Correction> {
    const [view] = await this.views(this.db, [await this.found(this.db, id)], reader);
    if (!view) throw new OperatorError(`No correction ${id}`);
    return view;
  }

  private async user(ref: string): Promise<{ id: string; account: string }> {
    const user = await this.repository.findUser(this.db, ref.trim());
    if (!user) throw new OperatorError(`No user with the id or mobile number ${ref}`);
    return user;
  }

  /** A user for a correction: masked mobile and balances; a look at a user's page, recorded. */
  async lookUp(operator: string, ref: string) {
    const user = await this.user(ref);
    const [cny, points] = await Promise.all([
      this.ledger.balance({ kind: 'user', userId: user.id, asset: 'CNY' }),
      this.ledger.balance({ kind: 'user', userId: user.id, asset: 'POINTS' }),
    ]);
    await this.audit.recordLook({
      operator,
      action: 'user.view-balances',
      subjectType: 'user',
      subjectId: user.id,
    });
    return { userId: user.id, userMobileMasked: maskMobile(user.account), balances: { CNY: cny, POINTS: points } };
  }

  async list(
    reader: string,
    filter: { status?: CorrectionStatus | undefined },
    page: { limit: number; offset: number },
  ) {
    const { rows, total } = await this.repository.list(this.db, filter, page);
    return { items: await this.views(this.db, rows, reader), total };
  }

  async request(operator: string, operatorId: string | null, input: CorrectionInput): Promise<Correction> {
    const user = await this.user(input.user);
    const now = this.clock.now();
    const id = randomUUID();
    await this.db.transaction().execute(async (trx) => {
      await this.repository.insert(trx, {
        id,
        user_id: user.id,
        direction: input.direction,
        asset: input.asset,
        amount: input.amount,
        reason: input.reason,
        status: 'pending',
        requested_by: operator,
        requested_by_id: operatorId,
        decided_by: null,
        decision_reason: null,
        transfer_id: null,
        created_at: now,
        decided_at: null,
      });
      await this.audit.record(trx, {
        operator,
        action: 'correction.request',
        subjectType: 'correction',
        subjectId: id,
        detail: { userId: user.id, reason: input.reason },
        after: { status: 'pending', direction: input.direction, asset: input.asset, amount: input.amount },
        now,
      });
    });
    return this.viewOne(id, operator);
  }

  /**
   * Approves once, by someone other than the requester and independent of it (decision 074 "Independent second
   * approvers"): the compare-and-set first, then the transfer in the same transaction. A debit beyond the user's
   * balance is refused by the ledger's one-statement check, so nothing (not even the decision) is
   * kept.
   */
  async approve(operator: string, id: string): Promise<Correction> {
    const balances = { before: 0, after: 0 };
    let at = this.clock.now();
    let origins: ReadonlyMap<string, Origin> = new Map();
    await this.audit.changeState({
      operator,
      change: (trx, now) => {
        at = now;
        return this.repository.decide(
          trx,
          id,
          { status: 'approved', decided_by: operator, decided_at: now },
          { name: operator, is: 'other' },
          this.audit.independentOf(operator, now),
        );
      },
      reread: (trx) => this.repository.find(trx, id),
      missing: `No correction ${id}`,
      lost: async (current, trx) => {
        if (current.status === 'pending' && current.requested_by !== operator) {
          const dependence = await this.audit.dependence(trx, operator, current.requested_by, at);
          if (dependence) return notIndependent(dependence);
        }
        return this.refusal(current, operator, 'approve');
      },
      apply: async (trx) => {
        const row = await this.found(trx, id);
        const user: LedgerAccountRef = { kind: 'user', userId: row.user_id, asset: row.asset as Asset };
        const signed = row.direction === 'credit' ? Number(row.amount) : -Number(row.amount);
        try {
          const { transferId } = await this.ledger.post(trx, {
            kind: row.direction === 'credit' ? 'adjustment.credit' : 'adjustment.debit',
            legs: [
              { account: user, amount: signed },
              { account: { kind: 'system', name: ADJUSTMENTS_ACCOUNT, asset: user.asset }, amount: -signed },
            ],
            idempotencyKey: `correction:${row.id}`,
            fingerprint: { direction: row.direction, asset: row.asset, amount: Number(row.amount) },
            memo: row.reason,
          });
          await this.repository.setTransfer(trx, row.id, transferId);
        } catch (error) {
          if (error instanceof AppError && error.messageKey.startsWith('insufficient')) {
            const balance = await this.ledger.balance(user, trx);
            throw new OperatorError(
              `The user's balance is ${amountText(row.asset, balance)}: a debit of ${amountText(row.asset, Number(row.amount))} would take it below zero. Nothing was changed.`,
            );
          }
          throw error;
        }
        balances.after = await this.ledger.balance(user, trx);
        balances.before = balances.after - signed;
        origins = await this.audit.originsOf(trx, [row.requested_by, operator]);
        return row;
      },
      record: (row) => ({
        action: 'correction.approve',
        subjectType: 'correction',
        subjectId: row.id,
        detail: { userId: row.user_id, direction: row.direction, asset: row.asset, amount: Number(row.amount) },
        before: { status: 'pending', balance: balances.before },
        // Who asked and who approved, and how each came to the role (decision 074 "Independent second approvers").
        after: {
          status: 'approved',
          balance: balances.after,
          requester: originView(origins.get(row.requested_by)) ?? { name: row.requested_by },
          approver: originView(origins.get(operator)) ?? { name: operator },
        },
      }),
    });
    return this.viewOne(id, operator);
  }

  async reject(operator: string, id: string, reason: string): Promise<Correction> {
    await this.audit.changeState({
      operator,
      change: (trx, now) =>
        this.repository.decide(
          trx,
          id,
          { status: 'rejected', decided_by: operator, decided_at: now, decision_reason: reason },
          { name: operator, is: 'other' },
        ),
      reread: (trx) => this.repository.find(trx, id),
      missing: `No correction ${id}`,
      lost: (current) => this.refusal(current, operator, 'reject'),
      apply: (trx) => this.found(trx, id),
      record: (row) => ({
        action: 'correction.reject',
        subjectType: 'correction',
        subjectId: row.id,
        detail: { userId: row.user_id, reason },
        before: { status: 'pending' },
        after: { status: 'rejected', reason },
      }),
    });
    return this.viewOne(id, operator);
  }

  /** Its requester withdraws it while it waits. */
  async cancel(operator: string, id: string): Promise<Correction> {
    await this.audit.changeState({
      operator,
      change: (trx, now) =>
        this.repository.decide(
          trx,
          id,
          { status: 'cancelled', decided_by: operator, decided_at: now },
          { name: operator, is: 'same' },
        ),
      reread: (trx) => this.repository.find(trx, id),
      missing: `No correction ${id}`,
      lost: (current) =>
        current.status !== 'pending'
          ? `Correction ${id} is already ${current.status}; nothing was changed.`
          : `Only its requester ${current.requested_by} can cancel correction ${id}.`,
      apply: (trx) => this.found(trx, id),
      record: (row) => ({
        action: 'correction.cancel',
        subjectType: 'correction',
        subjectId: row.id,
        detail: { userId: row.user_id },
        before: { status: 'pending' },
        after: { status: 'cancelled' },
      }),
    });
    return this.viewOne(id, operator);
  }

  /** System accounts, what users hold per asset, and the ledger's invariant check. */
  async report(): Promise<LedgerReport> {
    const [liabilities, invariants] = await Promise.all([this.ledger.liabilities(), this.ledger.checkInvariants()]);
    const ok = Object.values(invariants).every((list: string[]) => list.length === 0);
    return {
      system: liabilities.system,
      liabilities: liabilities.users,
      invariants: { ok, ...invariants },
      at: isoTime(this.clock.now()),
    };
  }

  private refusal(current: CorrectionWithUserRow, operator: string, verb: 'approve' | 'reject'): string {
    if (current.status !== 'pending')
      return `Correction ${current.id} is already ${current.status}; nothing was changed.`;
    if (current.requested_by === operator) {
      return `You requested correction ${current.id}; a different finance operator must ${verb} it (four eyes).`;
    }
    return `Correction ${current.id} could not be decided; nothing was changed.`;
  }

  private async found(db: Executor, id: string): Promise<CorrectionWithUserRow> {
    const row = await this.repository.find(db, id);
    if (!row) throw new OperatorError(`No correction ${id}`);
    return row;
  }
}
