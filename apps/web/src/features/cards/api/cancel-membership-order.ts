import { cancelMembershipOrder as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

/** Cancels my pending membership order (its open payment is closed at the provider first). */
export function cancelMembershipOrder(orderId: string, options?: CallOptions) {
  return call(endpoint, { params: { id: orderId } }, options);
}
