import {
  consoleAudit,
  consoleCreateOperator,
  consoleIdentityApprove,
  consoleIdentityPending,
  consoleIdentityReject,
  consoleOperators,
  consoleResetOperatorSecondFactor,
  consoleSetOperatorDisabled,
  consoleSetOperatorRoles,
  consoleWithdrawalPay,
  consoleWithdrawalReject,
  consoleWithdrawalsPending,
} from '@stride/contract';
import { createOperator, operatorName, pendingIdentity, pendingWithdrawal } from '../console.js';
import type { RoleCase } from './index.js';

/** The console module's own endpoints: operators, the audit, the identity and withdrawal queues. */
export const CONSOLE_CASES: readonly RoleCase[] = [
  { endpoint: consoleOperators, input: () => Promise.resolve({}) },
  {
    endpoint: consoleCreateOperator,
    input: () => Promise.resolve({ body: { name: operatorName('new'), roles: ['support'] } }),
  },
  {
    endpoint: consoleSetOperatorRoles,
    input: async (t) => ({ params: { id: (await createOperator(t, ['support'])).id }, body: { roles: ['admin'] } }),
  },
  {
    endpoint: consoleSetOperatorDisabled,
    input: async (t) => ({ params: { id: (await createOperator(t, ['support'])).id }, body: { disabled: true } }),
  },
  {
    endpoint: consoleResetOperatorSecondFactor,
    input: async (t) => ({ params: { id: (await createOperator(t, ['support'])).id } }),
  },
  { endpoint: consoleAudit, input: () => Promise.resolve({ query: {} }) },
  {
    endpoint: consoleIdentityPending,
    input: async (t) => {
      await pendingIdentity(t);
      return {};
    },
  },
  {
    endpoint: consoleIdentityApprove,
    input: async (t) => ({ params: { userId: (await pendingIdentity(t)).userId } }),
  },
  {
    endpoint: consoleIdentityReject,
    input: async (t) => ({ params: { userId: (await pendingIdentity(t)).userId }, body: { reason: 'blurred' } }),
  },
  { endpoint: consoleWithdrawalsPending, input: async (t) => (await pendingWithdrawal(t), {}) },
  {
    endpoint: consoleWithdrawalPay,
    input: async (t) => ({ params: { id: (await pendingWithdrawal(t)).id }, body: { reference: 'BANK-REF-1' } }),
  },
  {
    endpoint: consoleWithdrawalReject,
    input: async (t) => ({ params: { id: (await pendingWithdrawal(t)).id }, body: { reason: 'wrong account' } }),
  },
];
