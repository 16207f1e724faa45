import { listPointsStatement as endpoint, type QueryOf } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function listPointsStatement(query: QueryOf<typeof endpoint> = {}, options?: CallOptions) {
  return call(endpoint, { query }, options);
}
