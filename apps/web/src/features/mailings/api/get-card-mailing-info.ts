import { getCardMailingInfo as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function getCardMailingInfo(options?: CallOptions) {
  return call(endpoint, {}, options);
}
