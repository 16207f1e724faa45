import { getPayment as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

// The same call as features/payments' getPayment: features never import each other.
export function getPayment(id: string, options?: CallOptions) {
  return call(endpoint, { params: { id } }, options);
}
