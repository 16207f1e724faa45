import { z } from 'zod';
import { IdParamsSchema, IdSchema, MoneySchema, paged, TimestampSchema, text } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { IndependenceConflictSchema, OperatorOriginSchema, ReasonBodySchema, ReasonSchema } from './operators.js';

/**
 * The ledger's console endpoints (finance): balance corrections under four eyes (decision 023 "Money under four eyes")
 * and the ledger report.
 */

export const CORRECTION_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export const CorrectionStatusSchema = z.enum(CORRECTION_STATUSES);
export const CorrectionDirectionSchema = z.enum(['credit', 'debit']);
export const CorrectionAssetSchema = z.enum(['CNY', 'POINTS']);
/** A user named by id or by account (mobile number). */
export const UserRefSchema = text().trim().min(1).max(64);

export const CorrectionSchema = z.object({
  id: IdSchema,
  userId: IdSchema,
  /** The user's mobile number with its middle hidden. */
  userMobileMasked: z.string(),
  direction: CorrectionDirectionSchema,
  asset: CorrectionAssetSchema,
  /** Minor units (fen) for CNY, points for POINTS; always positive. */
  amount: MoneySchema,
  reason: z.string(),
  status: CorrectionStatusSchema,
  requestedBy: z.string(),
  /** Whether the operator reading the list requested it (and so cannot approve it). */
  mine: z.boolean(),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
  createdAt: TimestampSchema,
  decidedAt: TimestampSchema.nullable(),
  /**
   * How the requester and the decider came to their roles (decision 074 "Independent second approvers"); null without
   * an account.
   */
  requestedByOrigin: OperatorOriginSchema.nullable(),
  decidedByOrigin: OperatorOriginSchema.nullable(),
  /** Set while the operator reading may not approve it: they and its requester are not independent. */
  notIndependent: IndependenceConflictSchema.nullable(),
});

export const consoleCorrections = defineEndpoint({
  id: 'console.corrections.list',
  method: 'GET',
  path: '/api/console/corrections',
  access: 'console',
  roles: ['finance'],
  summary: 'Balance corrections, pending first then newest, optionally of one status.',
  ...paged(CorrectionSchema, { status: CorrectionStatusSchema.optional() }),
});

export const consoleCorrectionUser = defineEndpoint({
  id: 'console.corrections.user',
  method: 'GET',
  path: '/api/console/corrections/user',
  access: 'console',
  roles: ['finance'],
  summary: 'Finds a user by id or mobile number for a correction: masked mobile and balances. The look is recorded.',
  query: z.strictObject({ user: UserRefSchema }),
  response: z.object({
    userId: IdSchema,
    userMobileMasked: z.string(),
    balances: z.object({ CNY: MoneySchema, POINTS: MoneySchema }),
  }),
});

export const consoleCorrectionRequest = defineEndpoint({
  id: 'console.corrections.request',
  method: 'POST',
  path: '/api/console/corrections',
  access: 'console',
  roles: ['finance'],
  summary:
    "Requests a correction of a user's balance (credit or debit, CNY in fen or POINTS). It waits for a different finance operator's approval.",
  body: z.strictObject({
    user: UserRefSchema,
    direction: CorrectionDirectionSchema,
    asset: CorrectionAssetSchema,
    amount: z.number().int().min(1).max(100_000_000),
    reason: ReasonSchema,
  }),
  response: CorrectionSchema,
});

export const consoleCorrectionApprove = defineEndpoint({
  id: 'console.corrections.approve',
  method: 'POST',
  path: '/api/console/corrections/{id}/approve',
  access: 'console',
  roles: ['finance'],
  summary:
    'Approves a pending correction, once, by an operator other than its requester and independent of it (decision 074: neither created the other or gave it finance or admin within FOUR_EYES_INDEPENDENCE_DAYS); the ledger moves the amount between the user and `system:adjustments`. A debit beyond the balance is refused.',
  params: IdParamsSchema,
  response: CorrectionSchema,
});

export const consoleCorrectionReject = defineEndpoint({
  id: 'console.corrections.reject',
  method: 'POST',
  path: '/api/console/corrections/{id}/reject',
  access: 'console',
  roles: ['finance'],
  summary: 'Rejects a pending correction with a reason, once, by an operator other than its requester.',
  params: IdParamsSchema,
  body: ReasonBodySchema,
  response: CorrectionSchema,
});

export const consoleCorrectionCancel = defineEndpoint({
  id: 'console.corrections.cancel',
  method: 'POST',
  path: '/api/console/corrections/{id}/cancel',
  access: 'console',
  roles: ['finance'],
  summary: 'Its requester withdraws a pending correction.',
  params: IdParamsSchema,
  response: CorrectionSchema,
});

export const LedgerReportSchema = z.object({
  system: z.array(z.object({ code: z.string(), asset: z.string(), balance: MoneySchema })),
  /** What users hold per asset: the sum of their ledger balances. */
  liabilities: z.object({ CNY: MoneySchema, POINTS: MoneySchema }),
  invariants: z.object({
    ok: z.boolean(),
    unbalancedTransfers: z.array(z.string()),
    driftedAccounts: z.array(z.string()),
    overdrawnAccounts: z.array(z.string()),
    mismatchedAssets: z.array(z.string()),
  }),
  at: TimestampSchema,
});

export const consoleLedgerReport = defineEndpoint({
  id: 'console.ledger.report',
  method: 'GET',
  path: '/api/console/ledger/report',
  access: 'console',
  roles: ['finance'],
  summary: "System accounts' balances, users' total balances per asset, and the ledger's invariant check.",
  response: LedgerReportSchema,
});

export type Correction = z.output<typeof CorrectionSchema>;
export type CorrectionStatus = z.output<typeof CorrectionStatusSchema>;
export type LedgerReport = z.output<typeof LedgerReportSchema>;
