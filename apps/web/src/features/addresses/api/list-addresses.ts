import { listAddresses as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function listAddresses(options?: CallOptions) {
  return call(endpoint, {}, options);
}
