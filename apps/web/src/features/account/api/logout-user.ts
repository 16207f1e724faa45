import { logout as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function logoutUser(options?: CallOptions) {
  return call(endpoint, { body: {} }, options);
}
