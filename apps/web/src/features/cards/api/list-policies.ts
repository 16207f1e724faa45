import { listPolicies as endpoint, type QueryOf } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function listPolicies(query: QueryOf<typeof endpoint> = {}, options?: CallOptions) {
  return call(endpoint, { query }, options);
}
