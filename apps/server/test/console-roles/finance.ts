import {
  consoleLedgerReport,
  consoleCorrections,
  consoleCorrectionUser,
  consoleCorrectionRequest,
  consoleCorrectionCancel,
  consoleCorrectionApprove,
  consoleCorrectionReject,
  consoleWithdrawalApprove,
  consoleWithdrawalsExport,
} from '@stride/contract';
import type { CorrectionInput } from '../../src/modules/ledger/ledger.admin.js';
import { lastOperatorName, pendingWithdrawal } from '../console.js';
import { registerUser, type TestApp } from '../harness.js';
import type { RoleCase } from './case.js';

/** A pending credit correction for a fresh user, requested by `by`. */
export async function pendingCorrection(t: TestApp, by: string, input: Partial<CorrectionInput> = {}) {
  const user = await registerUser(t);
  const correction = await t.app.services.admin.ledger.request(by, null, {
    user: user.userId,
    direction: 'credit',
    asset: 'CNY',
    amount: 1_000,
    reason: 'Goodwill after an outage',
    ...input,
  });
  return { id: correction.id, user };
}

/**
 * Finance (decision 023 "Money under four eyes"): balance corrections, the ledger report, large withdrawals, the payout
 * export.
 */
export const FINANCE_CASES: readonly RoleCase[] = [
  { endpoint: consoleCorrections, input: async (t) => (await pendingCorrection(t, 'other-desk'), { query: {} }) },
  {
    endpoint: consoleCorrectionUser,
    input: async (t) => ({ query: { user: (await registerUser(t)).account } }),
  },
  {
    endpoint: consoleCorrectionRequest,
    input: async (t) => ({
      body: {
        user: (await registerUser(t)).userId,
        direction: 'credit',
        asset: 'POINTS',
        amount: 50,
        reason: 'Missed reward',
      },
    }),
  },
  {
    endpoint: consoleCorrectionApprove,
    input: async (t) => ({ params: { id: (await pendingCorrection(t, 'other-desk')).id } }),
  },
  {
    endpoint: consoleCorrectionReject,
    input: async (t) => ({ params: { id: (await pendingCorrection(t, 'other-desk')).id }, body: { reason: 'No' } }),
  },
  {
    // Only its requester cancels: the operator signed in last, with the allowed role.
    endpoint: consoleCorrectionCancel,
    input: async (t) => ({ params: { id: (await pendingCorrection(t, lastOperatorName())).id } }),
  },
  { endpoint: consoleLedgerReport, input: () => Promise.resolve({}) },
  { endpoint: consoleWithdrawalsExport, input: async (t) => (await pendingWithdrawal(t), {}) },
  {
    // The console tests run with WITHDRAWAL_SECOND_APPROVAL_ABOVE=10000 (¥100): this one is large.
    endpoint: consoleWithdrawalApprove,
    input: async (t) => ({ params: { id: (await pendingWithdrawal(t, 20_000)).id } }),
  },
];
