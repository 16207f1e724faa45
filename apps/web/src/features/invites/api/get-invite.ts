import { getInvite as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function getInvite(options?: CallOptions) {
  return call(endpoint, {}, options);
}
