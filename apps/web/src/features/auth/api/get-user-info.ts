import { getUserInfo as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function getUserInfo(options?: CallOptions) {
  return call(endpoint, {}, options);
}
