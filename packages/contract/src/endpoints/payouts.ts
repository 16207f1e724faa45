import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  DoneSchema,
  IdempotencyKeySchema,
  IdParamsSchema,
  IdSchema,
  MoneySchema,
  paged,
  PaymentPasswordSchema,
  PersonNameSchema,
  text,
  TimestampSchema,
} from '../common.js';
import { IndependenceConflictSchema, OperatorOriginSchema, ReasonBodySchema } from './operators.js';

export const BankCardSchema = z.object({
  id: IdSchema,
  bank: z.string(),
  holderName: z.string(),
  /** The last 4 digits only. */
  accountMasked: z.string(),
  createdAt: TimestampSchema,
});

export const saveBankCard = defineEndpoint({
  id: 'bankCard.save',
  method: 'POST',
  path: '/api/bank_card',
  access: 'verified',
  summary:
    'Add a payout method, or edit one when `id` is given. The holder name must be the verified real name; the card number 12–19 digits (spaces allowed) passing the Luhn check. At most five.',
  body: z.strictObject({
    id: IdSchema.optional(),
    bank: text().trim().min(1).max(64),
    holderName: PersonNameSchema,
    accountNumber: text().trim().min(8).max(34),
  }),
  response: BankCardSchema,
});

export const listBankCards = defineEndpoint({
  id: 'bankCard.list',
  method: 'GET',
  path: '/api/bank_card',
  access: 'user',
  summary: 'My payout methods, oldest first.',
  query: z.strictObject({}),
  response: z.array(BankCardSchema),
});

export const deleteBankCard = defineEndpoint({
  id: 'bankCard.delete',
  method: 'DELETE',
  path: '/api/bank_card/{id}',
  access: 'user',
  summary: 'Delete one of my payout methods. Withdrawals already made to it keep showing it.',
  params: IdParamsSchema,
  response: DoneSchema,
});

export const WithdrawalStatusSchema = z.enum(['pending', 'paid', 'rejected']);

export const WithdrawalEventSchema = z.object({
  status: z.enum(['requested', 'paid', 'rejected', 'refunded']),
  at: TimestampSchema,
});

export const WithdrawalSchema = z.object({
  id: IdSchema,
  /** Debited from the balance; the fee is taken out of it. */
  amount: MoneySchema,
  fee: MoneySchema,
  /** What reaches the bank account: amount − fee. */
  received: MoneySchema,
  status: WithdrawalStatusSchema,
  bankCard: BankCardSchema,
  rejectReason: z.string().nullable(),
  /**
   * Rejected: what the ledger returned to the balance, the whole amount with its fee (docs/product/client.md,
   * Withdrawal records); null otherwise.
   */
  refunded: MoneySchema.nullable(),
  /** Paid: the bank's transfer reference the finance operator recorded; null otherwise. */
  bankReference: z.string().nullable(),
  timeline: z.array(WithdrawalEventSchema),
  createdAt: TimestampSchema,
});

export const requestWithdrawal = defineEndpoint({
  id: 'withdraw.create',
  method: 'POST',
  path: '/api/withdraw',
  access: 'verified',
  summary:
    'Withdraw to one of my payout methods: the amount (minor units, fee included) leaves the balance at once into a pending state. Needs the one-time face check (code 1013) and the payment password (1019).',
  body: z.strictObject({
    amount: z.number().int().min(1),
    bankCardId: IdSchema,
    idempotencyKey: IdempotencyKeySchema,
    /** Needed (docs/product/payment-password.md): 1019 without it, 1011 when wrong. */
    paymentPassword: PaymentPasswordSchema.optional(),
  }),
  response: WithdrawalSchema,
});

export const listWithdrawals = defineEndpoint({
  id: 'withdraw.statement',
  method: 'GET',
  path: '/api/withdraw/statement',
  access: 'user',
  summary: 'My withdrawal records, newest first, with their status timeline.',
  ...paged(WithdrawalSchema, { status: WithdrawalStatusSchema.optional() }),
});

export const WithdrawalRulesSchema = z.object({
  min: MoneySchema,
  dailyMax: MoneySchema,
  /** Fee = max(feeMin, ceil(amount × feePermille / 1000)), taken out of the amount. */
  feePermille: z.number().int(),
  feeMin: MoneySchema,
  /** Left of today's maximum. */
  todayLeft: MoneySchema,
  faceVerified: z.boolean(),
  /** A paid withdrawal is expected in the bank account within this many business days of the request. */
  arrivalBusinessDays: z.number().int().min(0),
});

export const getWithdrawalRules = defineEndpoint({
  id: 'withdraw.rules',
  method: 'GET',
  path: '/api/withdraw/rules',
  access: 'user',
  summary:
    'The withdrawal minimum, daily maximum, fee, what is left today, whether the face check is done and the expected arrival (business days), for the withdraw page.',
  response: WithdrawalRulesSchema,
});

/** A withdrawal as finance sees it: who asked (masked), and the four-eyes and payment records. */
export const ConsoleWithdrawalSchema = WithdrawalSchema.extend({
  userId: IdSchema,
  userMobileMasked: z.string(),
  /** Above WITHDRAWAL_SECOND_APPROVAL_ABOVE: one finance operator approves, a different one pays. */
  needsSecondApproval: z.boolean(),
  firstApprovedBy: z.string().nullable(),
  /** The operator reading gave the first approval, so another one must pay it. */
  firstApprovedByMe: z.boolean(),
  firstApprovedAt: TimestampSchema.nullable(),
  paidBy: z.string().nullable(),
  /**
   * How the first approver and the payer came to their roles (decision 074 "Independent second approvers"); null
   * without an account.
   */
  firstApprovedByOrigin: OperatorOriginSchema.nullable(),
  paidByOrigin: OperatorOriginSchema.nullable(),
  /** Set while the operator reading may not pay it: they and its first approver are not independent. */
  notIndependent: IndependenceConflictSchema.nullable(),
  // bankReference, the bank's transfer reference recorded when paid, is the user's withdrawal's own.
});

export const BankReferenceSchema = text().trim().min(1).max(64);

export const consoleWithdrawalsPending = defineEndpoint({
  id: 'console.withdrawals.pending',
  method: 'GET',
  path: '/api/console/withdrawals',
  access: 'console',
  roles: ['finance'],
  summary:
    "Withdrawals waiting to be paid or rejected (oldest first), or the latest paid or rejected ones (newest first, with the bank's reference), with the user's masked mobile and the approval state.",
  query: z.strictObject({ status: z.enum(['pending', 'paid', 'rejected']).default('pending') }),
  response: z.array(ConsoleWithdrawalSchema),
});

export const consoleWithdrawalApprove = defineEndpoint({
  id: 'console.withdrawals.approve',
  method: 'POST',
  path: '/api/console/withdrawals/{id}/approve',
  access: 'console',
  roles: ['finance'],
  summary:
    'First approval of a large withdrawal (above WITHDRAWAL_SECOND_APPROVAL_ABOVE), once; it stays pending until a different finance operator pays it.',
  params: IdParamsSchema,
  response: ConsoleWithdrawalSchema,
});

export const consoleWithdrawalPay = defineEndpoint({
  id: 'console.withdrawals.pay',
  method: 'POST',
  path: '/api/console/withdrawals/{id}/pay',
  access: 'console',
  roles: ['finance'],
  summary:
    "Marks a pending withdrawal paid, once, with the bank's transfer reference. A large one needs a first approval by a different operator, independent of the payer (decision 074).",
  params: IdParamsSchema,
  body: z.strictObject({ reference: BankReferenceSchema }),
  response: ConsoleWithdrawalSchema,
});

export const consoleWithdrawalsExport = defineEndpoint({
  id: 'console.withdrawals.export',
  method: 'POST',
  path: '/api/console/withdrawals/export',
  access: 'console',
  roles: ['finance'],
  summary:
    'The pending withdrawals as CSV for a bank batch (id, holder, bank, full account number, amount to pay in yuan, reference). Success is the file itself; the look is recorded.',
  binary: true,
  response: z.string(),
});

export const consoleWithdrawalReject = defineEndpoint({
  id: 'console.withdrawals.reject',
  method: 'POST',
  path: '/api/console/withdrawals/{id}/reject',
  access: 'console',
  roles: ['finance'],
  summary: 'Rejects a pending withdrawal and refunds the whole amount, once.',
  params: IdParamsSchema,
  body: ReasonBodySchema,
  response: ConsoleWithdrawalSchema,
});

export type BankCard = z.output<typeof BankCardSchema>;
export type Withdrawal = z.output<typeof WithdrawalSchema>;
export type WithdrawalRules = z.output<typeof WithdrawalRulesSchema>;
export type ConsoleWithdrawal = z.output<typeof ConsoleWithdrawalSchema>;
