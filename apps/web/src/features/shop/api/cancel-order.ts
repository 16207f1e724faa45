import { cancelOrder as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function cancelOrder(orderId: string, options?: CallOptions) {
  return call(endpoint, { body: { orderId } }, options);
}
