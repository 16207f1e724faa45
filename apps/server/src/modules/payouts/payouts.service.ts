import { randomUUID } from 'node:crypto';
import {
  isCardNumberFormat,
  normalizeAccountNumber,
  passesLuhn,
  sameName,
  type BankCard,
  type Withdrawal,
  type WithdrawalRules,
} from '@stride/contract';
import type { FrameConfig } from '../../config.js';
import type { PayoutsSettings } from './payouts.settings.js';
import { ONCE_ONLY, violatesUnique } from '../../db/constraints.js';
import type { Db } from '../../db/database.js';
import { lockUserRow } from '../../db/locks.js';
import { pageResult, pageWindow, retryOnUniqueViolation } from '../../db/retry.js';
import { AppError, notFound } from '../../http/errors.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import { formatMoney } from '../../lib/money.js';
import { keyedHash, maskAccountNumber, requestHash, type FieldCipher } from '../../lib/secrets.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { BankCardRow, PayoutsRepository, WithdrawalWithCardRow } from './payouts.repository.js';
import { exportRow, type PersonalDataSection } from '../../lib/personal-data.js';
import type { PaymentPasswordsService } from '../payment-passwords/payment-passwords.service.js';
import type { RuleBook } from '../rules/rules.book.js';

export interface BankCardInput {
  id?: string | undefined;
  bank: string;
  holderName: string;
  accountNumber: string;
}

export function toBankCard(row: Pick<BankCardRow, 'id' | 'bank' | 'holder_name' | 'account_masked' | 'created_at'>) {
  return {
    id: row.id,
    bank: row.bank,
    holderName: row.holder_name,
    accountMasked: row.account_masked,
    createdAt: isoTime(row.created_at),
  } satisfies BankCard;
}

export function toWithdrawal(row: WithdrawalWithCardRow): Withdrawal {
  const timeline: Withdrawal['timeline'] = [{ status: 'requested', at: isoTime(row.created_at) }];
  if (row.paid_at !== null) timeline.push({ status: 'paid', at: isoTime(row.paid_at) });
  if (row.rejected_at !== null) timeline.push({ status: 'rejected', at: isoTime(row.rejected_at) });
  if (row.refunded_at !== null) timeline.push({ status: 'refunded', at: isoTime(row.refunded_at) });
  return {
    id: row.id,
    amount: row.amount,
    fee: row.fee,
    received: row.received,
    status: row.status as Withdrawal['status'],
    bankCard: toBankCard({
      id: row.bank_card_id,
      bank: row.card_bank,
      holder_name: row.card_holder_name,
      account_masked: row.card_account_masked,
      created_at: row.card_created_at,
    }),
    rejectReason: row.reject_reason,
    refunded: row.status === 'rejected' && row.refunded_amount !== null ? Number(row.refunded_amount) : null,
    bankReference: row.status === 'paid' ? row.bank_reference : null,
    timeline,
    createdAt: isoTime(row.created_at),
  };
}

export const PENDING_ACCOUNT = 'withdrawals-pending';

/**
 * Payout methods (bank cards) and withdrawals. A withdrawal debits the user's balance at once
 * into `system:withdrawals-pending`; an operator then pays it (to `system:payouts`, the fee to
 * `system:withdrawal-fees`) or rejects it (refunded in full to the user), once.
 */
export class PayoutsService {
  constructor(
    private readonly db: Db,
    private readonly repository: PayoutsRepository,
    private readonly identity: IdentityService,
    private readonly ledger: LedgerService,
    private readonly cipher: FieldCipher,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly config: FrameConfig & PayoutsSettings,
    private readonly ruleBook: RuleBook,
    private readonly paymentPasswords: PaymentPasswordsService,
  ) {}

  async listCards(userId: string): Promise<BankCard[]> {
    return (await this.repository.listCards(this.db, userId)).map(toBankCard);
  }

  async saveCard(userId: string, input: BankCardInput): Promise<BankCard> {
    const account = normalizeAccountNumber(input.accountNumber);
    if (!isCardNumberFormat(account)) throw new AppError('VALIDATION_FAILED', 'accountNumberInvalid');
    if (!passesLuhn(account)) throw new AppError('VALIDATION_FAILED', 'accountNumberChecksum');
    const accountHash = keyedHash(this.config.appSecret, 'account-number', account);
    const now = this.clock.now();
    const saved = this.db.transaction().execute(async (trx) => {
      // Serialises one user's card changes, so two parallel adds cannot pass the limit together.
      await lockUserRow(trx, userId);
      const realName = await this.identity.verifiedName(trx, userId);
      if (!sameName(input.holderName, realName)) throw new AppError('BUSINESS_RULE', 'holderNameMismatch');
      const cards = await this.repository.listCards(trx, userId);
      if (cards.some((card) => card.account_hash === accountHash && card.id !== input.id)) {
        throw new AppError('CONFLICT', 'bankCardExists');
      }
      const values = {
        bank: input.bank.trim(),
        holder_name: realName,
        account_encrypted: this.cipher.encrypt(account),
        account_masked: maskAccountNumber(account),
        account_hash: accountHash,
        updated_at: now,
      };
      if (input.id) {
        if (!(await this.repository.updateCard(trx, userId, input.id, values))) throw notFound();
        const row = await this.repository.findOwnedCard(trx, userId, input.id);
        if (!row) throw notFound();
        return toBankCard(row);
      }
      if (cards.length >= this.config.bankCardsMax) {
        throw new AppError('BUSINESS_RULE', 'bankCardsMax', { max: this.config.bankCardsMax });
      }
      const row: BankCardRow = { id: randomUUID(), user_id: userId, created_at: now, deleted_at: null, ...values };
      await this.repository.insertCard(trx, row);
      return toBankCard(row);
    });
    // The lock above makes this rare; the partial unique index is what guarantees it.
    return saved.catch((error: unknown) => {
      if (violatesUnique(error, ONCE_ONLY.liveBankCard)) throw new AppError('CONFLICT', 'bankCardExists');
      throw error;
    });
  }

  async deleteCard(userId: string, id: string): Promise<{ done: true }> {
    if (!(await this.repository.deleteCard(this.db, userId, id, this.clock.now()))) throw notFound();
    return { done: true };
  }

  /** The withdrawal's limits and fee in force today (decision 098 "Earning rules as published versions"). */
  async rules(userId: string): Promise<WithdrawalRules> {
    const { arrivalBusinessDays } = this.config.withdraw;
    const today = this.calendar.dayOf(this.clock.now());
    const [total, faceVerified, rules] = await Promise.all([
      this.repository.dailyTotal(this.db, userId, today),
      this.identity.isFaceVerified(this.db, userId),
      this.ruleBook.on(this.db, today),
    ]);
    return {
      min: rules.withdrawMin,
      dailyMax: rules.withdrawDailyMax,
      feePermille: rules.withdrawFeePermille,
      feeMin: rules.withdrawFeeMin,
      todayLeft: Math.max(0, rules.withdrawDailyMax - total),
      faceVerified,
      arrivalBusinessDays,
    };
  }

  /**
   * Idempotent by the client's key. In one transaction: the day's total is reserved (refused
   * beyond the daily maximum), the amount moves from the user's cash to pending (refused beyond
   * the balance, by the ledger's one-statement check) and the record is written.
   */
  async requestWithdrawal(
    userId: string,
    input: { amount: number; bankCardId: string; idempotencyKey: string; paymentPassword?: string },
  ): Promise<Withdrawal> {
    // The face check is asked first, as the withdraw page does; then the payment password, before anything moves
    // (docs/product/payment-password.md).
    if (!(await this.identity.isFaceVerified(this.db, userId))) {
      throw new AppError('FACE_CHECK_REQUIRED', 'faceCheckRequired');
    }
    await this.paymentPasswords.verify(userId, input.paymentPassword);
    const key = `${userId}:withdraw:${input.idempotencyKey}`;
    const fingerprint = { amount: input.amount, bankCardId: input.bankCardId };
    const hash = requestHash(fingerprint);
    const rules = await this.ruleBook.today();
    const [min, dailyMax] = [rules.withdrawMin, rules.withdrawDailyMax];
    return retryOnUniqueViolation(() =>
      this.db.transaction().execute(async (trx) => {
        // One at a time with the account's deletion (decision 047 "Your data"): it either sees this
        // withdrawal pending, or this one finds the account gone.
        await lockUserRow(trx, userId);
        const existing = await this.repository.findWithdrawalByKey(trx, key);
        if (existing) {
          if (existing.request_hash !== hash || existing.user_id !== userId) throw new AppError('CONFLICT', 'conflict');
          const row = await this.repository.findWithdrawal(trx, existing.id);
          if (!row) throw notFound();
          return toWithdrawal(row);
        }
        const fee = Math.max(rules.withdrawFeeMin, Math.ceil((input.amount * rules.withdrawFeePermille) / 1000));
        if (input.amount < min || input.amount - fee <= 0) {
          throw new AppError('BUSINESS_RULE', 'withdrawMin', { min: formatMoney(Math.max(min, fee + 1)) });
        }
        const card = await this.repository.findOwnedCard(trx, userId, input.bankCardId);
        if (!card) throw notFound();
        if (!(await this.identity.isFaceVerified(trx, userId))) {
          throw new AppError('FACE_CHECK_REQUIRED', 'faceCheckRequired');
        }
        const now = this.clock.now();
        const day = this.calendar.dayOf(now);
        if (!(await this.repository.reserveDaily(trx, userId, day, input.amount, dailyMax))) {
          const left = Math.max(0, dailyMax - (await this.repository.dailyTotal(trx, userId, day)));
          throw new AppError('BUSINESS_RULE', 'withdrawDailyMax', {
            max: formatMoney(dailyMax),
            left: formatMoney(left),
          });
        }
        const { transferId } = await this.ledger.post(trx, {
          kind: 'withdraw.request',
          legs: [
            { account: { kind: 'user', userId, asset: 'CNY' }, amount: -input.amount },
            { account: { kind: 'system', name: PENDING_ACCOUNT, asset: 'CNY' }, amount: input.amount },
          ],
          idempotencyKey: key,
          fingerprint,
        });
        const id = randomUUID();
        await this.repository.insertWithdrawal(trx, {
          id,
          user_id: userId,
          bank_card_id: card.id,
          amount: input.amount,
          fee,
          received: input.amount - fee,
          day,
          status: 'pending',
          reject_reason: null,
          idempotency_key: key,
          request_hash: hash,
          transfer_id: transferId,
          settle_transfer_id: null,
          created_at: now,
          paid_at: null,
          rejected_at: null,
          refunded_at: null,
          first_approved_by: null,
          first_approved_at: null,
          paid_by: null,
          bank_reference: null,
        });
        const row = await this.repository.findWithdrawal(trx, id);
        if (!row) throw notFound();
        return toWithdrawal(row);
      }),
    );
  }

  async listWithdrawals(
    userId: string,
    query: { page: number; pageSize: number; status?: Withdrawal['status'] | undefined },
  ) {
    const { rows, total } = await this.repository.listWithdrawals(
      this.db,
      { userId, status: query.status },
      pageWindow(query),
    );
    return pageResult(rows.map(toWithdrawal), query, total);
  }

  /**
   * The payouts section: bank cards (numbers masked as the app shows them) and withdrawals.
   * Deleting blanks the cards; a pending withdrawal blocks it (decision 047 "Your data").
   */
  personalData(): PersonalDataSection {
    return {
      name: 'payouts',
      exportFor: async (userId) => ({
        bankCards: (await this.repository.exportCards(this.db, userId)).map(exportRow),
        withdrawals: (await this.repository.exportWithdrawals(this.db, userId)).map(exportRow),
      }),
      erase: (trx, { userId, now }) => this.repository.eraseCards(trx, userId, now),
      blocksDeletion: async (db, userId) => ({ pendingWithdrawals: await this.repository.countPending(db, userId) }),
    };
  }
}
