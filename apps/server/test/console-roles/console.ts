import {
  consoleAudit,
  consoleCreateOperator,
  consoleIdentityApprove,
  consoleIdentityCase,
  consoleIdentityPending,
  consoleIdentityReject,
  consoleLiftOperatorSignInLock,
  consoleOperators,
  consoleResetOperatorSecondFactor,
  consoleRoleGrantApprove,
  consoleRoleGrantReject,
  consoleRoleGrants,
  consoleSetOperatorDisabled,
  consoleSetOperatorRoles,
  consoleWithdrawalPay,
  consoleWithdrawalReject,
  consoleWithdrawalsPending,
} from '@stride/contract';
import { createOperator, OPERATOR_PASSWORD, operatorName, pendingIdentity, pendingWithdrawal } from '../console.js';
import type { TestApp } from '../harness.js';
import type { RoleCase } from './case.js';

/** A pending grant of finance, asked for by an admin of another desk (decision 074 "Independent second approvers"). */
async function pendingGrant(t: TestApp): Promise<string> {
  const asker = await createOperator(t, ['admin']);
  const { operator } = await t.app.services.operators.createOperator(
    { name: operatorName('granted'), roles: ['finance', 'support'], password: OPERATOR_PASSWORD },
    asker.name,
    asker,
  );
  const grant = await t.db
    .selectFrom('operator_role_grants')
    .select('id')
    .where('operator_id', '=', operator.id)
    .executeTakeFirstOrThrow();
  return grant.id;
}

/** The operators module's endpoints: operators, the audit, the identity and withdrawal queues. */
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
  {
    endpoint: consoleLiftOperatorSignInLock,
    input: async (t) => {
      const { id } = await createOperator(t, ['support']);
      await t.db
        .updateTable('operators')
        .set({ sign_in_locked_until: t.clock.now() + 60 * 60_000 })
        .where('id', '=', id)
        .execute();
      return { params: { id } };
    },
  },
  { endpoint: consoleRoleGrants, input: async (t) => (await pendingGrant(t), {}) },
  { endpoint: consoleRoleGrantApprove, input: async (t) => ({ params: { id: await pendingGrant(t) } }) },
  { endpoint: consoleRoleGrantReject, input: async (t) => ({ params: { id: await pendingGrant(t) } }) },
  { endpoint: consoleAudit, input: () => Promise.resolve({ query: {} }) },
  {
    endpoint: consoleIdentityPending,
    input: async (t) => {
      await pendingIdentity(t);
      return {};
    },
  },
  {
    endpoint: consoleIdentityCase,
    input: async (t) => ({ params: { userId: (await pendingIdentity(t)).userId } }),
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
