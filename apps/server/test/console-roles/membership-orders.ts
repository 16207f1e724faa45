import { consoleCancelMembershipOrder, consoleMembershipOrders } from '@stride/contract';
import { cardHolder, type TestApp } from '../harness.js';
import type { RoleCase } from './case.js';

/** A membership order paid by balance. */
async function paidOrder(t: TestApp): Promise<string> {
  const { bought } = await cardHolder(t, { cash: 1_000, plan: { price: 1_000 } });
  return bought.data.id;
}

/** Membership orders and their cancellation with a refund (finance; decision 037 "The payment lifecycle"). */
export const MEMBERSHIP_ORDERS_CASES: readonly RoleCase[] = [
  { endpoint: consoleMembershipOrders, input: async (t) => ({ query: { orderId: await paidOrder(t) } }) },
  {
    endpoint: consoleCancelMembershipOrder,
    input: async (t) => ({ params: { id: await paidOrder(t) }, body: { reason: 'Role case' } }),
  },
];
