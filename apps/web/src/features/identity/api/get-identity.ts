import { getIdentity as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function getIdentity(options?: CallOptions) {
  return call(endpoint, {}, options);
}
