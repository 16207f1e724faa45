import { listCardPlans as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function listCardPlans(options?: CallOptions) {
  return call(endpoint, {}, options);
}
