import { listCardMailings as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function listCardMailings(options?: CallOptions) {
  return call(endpoint, {}, options);
}
