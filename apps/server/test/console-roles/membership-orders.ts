import { buyCard, consoleCancelMembershipOrder, consoleMembershipOrders } from '@stride/contract';
import {
  api,
  createPlan,
  fundUser,
  idempotencyKey,
  registerUser,
  verifyUser,
  type TestApp,
  PAYMENT_PASSWORD,
} from '../harness.js';
import type { RoleCase } from './case.js';

/** A membership order paid by balance. */
async function paidOrder(t: TestApp): Promise<string> {
  const planId = await createPlan(t, { price: 1_000 });
  const user = await registerUser(t);
  await verifyUser(t, user.userId);
  await fundUser(t, user.userId, 1_000);
  const order = await api(t, buyCard, {
    token: user.token,
    body: { planId, payWith: 'balance', idempotencyKey: idempotencyKey(), paymentPassword: PAYMENT_PASSWORD },
  });
  return order.data.id;
}

/** Membership orders and their cancellation with a refund (finance; decision 037 "The payment lifecycle"). */
export const MEMBERSHIP_ORDERS_CASES: readonly RoleCase[] = [
  { endpoint: consoleMembershipOrders, input: async (t) => ({ query: { orderId: await paidOrder(t) } }) },
  {
    endpoint: consoleCancelMembershipOrder,
    input: async (t) => ({ params: { id: await paidOrder(t) }, body: { reason: 'Role case' } }),
  },
];
