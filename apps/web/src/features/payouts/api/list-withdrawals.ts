import { listWithdrawals as endpoint, type QueryOf } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function listWithdrawals(query: QueryOf<typeof endpoint> = {}, options?: CallOptions) {
  return call(endpoint, { query }, options);
}
